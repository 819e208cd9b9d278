package smoke

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/source/live"
	"github.com/mcplint/mcplint/engine/target"
)

func TestSmoke(t *testing.T) {
	for _, name := range []string{"weather", "legacy", "modern", "banner", "crash", "cursorloop", "sampling", "silent", "bigline", "endless", "hang"} {
		start := time.Now()
		s, err := live.Load(context.Background(), target.Target{Kind: target.Command, Command: []string{"/tmp/fx/" + name}}, live.Options{Timeout: 2 * time.Second, Stderr: os.Stderr})
		fmt.Printf("== %s %v err=%v\n", name, time.Since(start), err)
		if s != nil {
			fmt.Printf("era=%s v=%s server=%+v tools=%d prompts=%d res=%d tmpl=%d instr=%q\n", s.Era, s.ProtocolVersion, s.Server, len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates), s.Instructions)
			for _, r := range s.Transcript.Records {
				b, _ := json.Marshal(r)
				if len(b) > 300 { b = b[:300] }
				fmt.Println("  ", string(b))
			}
		}
	}
}
