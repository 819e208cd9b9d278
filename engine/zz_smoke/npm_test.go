package smoke

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/source/live"
	"github.com/mcplint/mcplint/engine/target"
)

func TestNPM(t *testing.T) {
	base := "/tmp/npmcache/node_modules/@modelcontextprotocol/"
	for _, argv := range [][]string{
		{"node", base + "server-everything/dist/index.js"},
		{"node", base + "server-filesystem/dist/index.js", "/tmp"},
		{"node", base + "server-memory/dist/index.js"},
		{"node", base + "server-sequential-thinking/dist/index.js"},
	} {
		start := time.Now()
		s, err := live.Load(context.Background(), target.Target{Kind: target.Command, Command: argv}, live.Options{Stderr: os.Stderr})
		fmt.Printf("== %s %v err=%v\n", argv[1], time.Since(start), err)
		if s != nil {
			fmt.Printf("era=%s v=%s server=%+v tools=%d prompts=%d res=%d tmpl=%d\n", s.Era, s.ProtocolVersion, s.Server, len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates))
			for _, r := range s.Transcript.Records {
				if r.Dir == "event" || r.Dir == "stderr" { fmt.Printf("  %.1f %s %+v %s\n", r.TMs, r.Dir, r.Event, r.Raw) }
			}
		}
	}
}
