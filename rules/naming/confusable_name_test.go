package naming_test

import (
	"testing"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestConfusableName(t *testing.T) {
	linttest.Run(t, rules.Named("confusable-name"), "testdata/confusable-name")
}
