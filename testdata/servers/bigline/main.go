// Command bigline answers tools/list after first writing a 50 MB log
// notification on one line, far over any sane line cap.
package main

import (
	"bytes"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

// size is the length of the oversized line, newline excluded.
const size = 50 << 20

func main() {
	rawmcp.Legacy{
		Name:  "bigline",
		Tools: []map[string]any{rawmcp.Tool("dump", "Dump the whole log buffer as one message.")},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method == "tools/list" {
				head := []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"`)
				tail := []byte(`"}}`)
				line := make([]byte, 0, size)
				line = append(line, head...)
				line = append(line, bytes.Repeat([]byte("x"), size-len(head)-len(tail))...)
				line = append(line, tail...)
				s.Line(line)
			}
			return false
		},
	}.Serve(rawmcp.New())
}
