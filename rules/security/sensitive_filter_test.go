package security

import (
	"strings"
	"testing"
)

// The pre-filter must let through every anchor, in any case and with
// either slash, wherever it stands, and rule out prose without one.
func TestMayNameSecretFile(t *testing.T) {
	for _, f := range secretFiles {
		for _, a := range f.anchors {
			for _, text := range []string{
				a, "see " + a + " now", strings.ToUpper(a) + ".",
				"x" + strings.ReplaceAll(a, "/", "\\"), "(" + strings.ToUpper(strings.ReplaceAll(a, "/", "\\")) + ")",
			} {
				if !mayNameSecretFile(text) {
					t.Errorf("mayNameSecretFile(%q) is false; it names %s", text, f.label)
				}
			}
		}
	}
	for _, text := range []string{"Reads the user's login page and returns the data.", "Use list_files, then read_file on src/main.go.", "-", ""} {
		if mayNameSecretFile(text) {
			t.Errorf("mayNameSecretFile(%q) is true", text)
		}
	}
}
