package naming_test

import (
	"testing"

	"github.com/mcplint/mcplint/rules/naming"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestConfusableName(t *testing.T) {
	linttest.Run(t, naming.ConfusableName{}, "testdata/confusable-name")
}
