package live

// The fixture servers under testdata are built by these tests with the
// official Go SDK; go mod tidy does not look inside testdata, so this import
// keeps the SDK in go.mod.
import _ "github.com/modelcontextprotocol/go-sdk/mcp"
