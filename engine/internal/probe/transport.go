package probe

import (
	"github.com/mcplint/mcplint/engine/internal/mcp"
)

// Transport runs the probes of the session's transport itself, when it
// has any (Streamable HTTP: the GET stream, a foreign Origin, the protocol
// version header, a terminated session), unless set is None. It goes last,
// after the tool calls: ending a legacy HTTP session is one of them.
func Transport(c *mcp.Client, era string, set Set) {
	if set == None {
		return
	}
	if p, ok := c.Transport().(interface{ Probe(era string) }); ok {
		p.Probe(era)
	}
}
