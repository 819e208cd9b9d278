package streamhttp

import (
	"net/http"

	"github.com/mcplint/mcplint/sdk"
)

// Tool names of the Mcp-Name probe. Neither is a tool any server lists, so
// whichever of the two a server that does not compare them acts on, no
// tool runs: the call fails as unknown instead of being refused.
const (
	NameMismatchBody   = "mcplint_no_such_tool"
	NameMismatchHeader = "mcplint_no_such_tool_header"
)

// nameMismatch sends a modern tools/call whose Mcp-Name header names
// another tool than its body (2026-07-28 streamable-http.mdx#server-validation:
// 400 and HeaderMismatch, -32020).
func (t *Transport) nameMismatch() {
	body := []byte(`{"jsonrpc":"2.0","id":"mcplint-` + sdk.HTTPPurposeNameMismatch + `","method":"tools/call","params":{"name":"` + NameMismatchBody + `","arguments":{},"_meta":{` +
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"mcplint","version":"probe"},` +
		`"io.modelcontextprotocol/clientCapabilities":{}}}}`)
	t.Raw(http.MethodPost, sdk.HTTPPurposeNameMismatch, "tools/call of "+NameMismatchBody+" with Mcp-Name: "+NameMismatchHeader, body,
		func(h http.Header) {
			h.Set(HeaderProtocolVersion, "2026-07-28")
			h.Set(HeaderMethod, "tools/call")
			h.Set(HeaderName, NameMismatchHeader)
		})
}
