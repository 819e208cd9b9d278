// Command badanswer answers the handshake (server/discover and initialize)
// with a line mcplint cannot read as a message, chosen by BADANSWER:
// "notjson" (a line that is not JSON), "deep" (JSON nested deeper than any
// decoder takes) or "nul" (a JSON line holding a raw NUL byte).
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	for {
		m, ok := s.Next()
		if !ok {
			return
		}
		if len(m.ID) == 0 {
			continue
		}
		switch mode := os.Getenv("BADANSWER"); mode {
		case "notjson":
			s.Line([]byte("ok " + string(m.ID) + " protocolVersion=2025-11-25"))
		case "deep":
			s.Line([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s1%s}`, m.ID, strings.Repeat("[", 20000), strings.Repeat("]", 20000))))
		case "nul":
			s.Line([]byte(fmt.Sprintf("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"protocolVersion\":\"2025-11-25\x00\"}}", m.ID)))
		default:
			rawmcp.Logf("badanswer: BADANSWER %q: want notjson, deep or nul", mode)
			os.Exit(2)
		}
	}
}
