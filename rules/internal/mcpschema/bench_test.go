package mcpschema

import "testing"

// BenchmarkFirstUse is what a run pays the first time it validates a
// session of each version: parsing the embedded schema and compiling the
// types a typical session needs.
func BenchmarkFirstUse(b *testing.B) {
	for _, v := range Versions {
		b.Run(v, func(b *testing.B) {
			for range b.N {
				s := &Schema{Version: v}
				for _, method := range []string{"initialize", "server/discover", "tools/list", "prompts/list", "resources/list", "tools/call"} {
					if typ := s.ResultType(method); typ != "" {
						if _, err := s.compile(typ); err != nil {
							b.Fatal(err)
						}
					}
				}
				for _, typ := range []string{s.FirstOf("JSONRPCResultResponse", "JSONRPCResponse"), s.FirstOf("JSONRPCErrorResponse", "JSONRPCError"), "JSONRPCNotification"} {
					if _, err := s.compile(typ); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
