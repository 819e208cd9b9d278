package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// testKnown is a small catalogue standing in for the rule registry.
var testKnown = Known{Rules: []sdk.Meta{
	{Name: "dangling-tool-reference", Category: sdk.CategoryReference},
	{Name: "description-too-short", Category: sdk.CategoryQuality},
	{Name: "hidden-unicode-tag", Category: sdk.CategorySecurity},
	{Name: "too-many-tools", Category: sdk.CategoryQuality},
	{Name: "tool-name-portable", Category: sdk.CategoryNaming},
	{Name: "tool-name-style", Category: sdk.CategoryNaming},
	{Name: "unused-suppression", Category: sdk.CategoryConfig},
}}

// golden compares got with the golden file, rewriting it when
// MCPLINT_UPDATE_GOLDEN is set.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
