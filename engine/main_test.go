package engine

import (
	"os"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestMain removes the fixture servers the tests built once they are done:
// each test binary builds them into a folder of its own.
func TestMain(m *testing.M) { os.Exit(mcptest.Main(m)) }
