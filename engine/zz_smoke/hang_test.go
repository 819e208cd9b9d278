package smoke

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcp"
)

func TestHangTiming(t *testing.T) {
	c, _ := mcp.Start(context.Background(), []string{"/tmp/fx/hang"}, mcp.Options{Timeout: time.Second})
	b := time.Now()
	_, err := c.Handshake(context.Background(), 0)
	fmt.Println("handshake", time.Since(b), err)
	b = time.Now()
	c.Close()
	fmt.Println("close", time.Since(b))
	for _, r := range c.Transcript().Records { fmt.Printf("%.1f %s %+v\n", r.TMs, r.Dir, r.Event) }
}
