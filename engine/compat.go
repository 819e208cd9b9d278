package engine

import (
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// worksWith fills a linted target's verdict per selected client from
// the client-compatibility findings the pipeline kept: a finding's
// message starts with its client's name, as the rule writes it. It reads
// t alone, so a streamed lint fills it as each target is final.
func worksWith(t *result.Target, clients []string) {
	if len(clients) == 0 || t.Error != nil {
		return
	}
	t.Clients = make(result.Clients, len(clients))
	tools := make([]map[string]bool, len(clients))
	for i, c := range clients {
		t.Clients[i] = result.ClientVerdict{Client: c, Works: true}
		tools[i] = map[string]bool{}
	}
	for _, is := range t.Issues {
		if is.Rule != config.CompatRule {
			continue
		}
		for i, c := range clients {
			if !strings.HasPrefix(is.Message, c+": ") {
				continue
			}
			v := &t.Clients[i]
			v.Works = false
			v.Findings += max(is.Count, 1)
			if is.Tool == sdk.OwnerServer {
				v.Server = true
			} else {
				tools[i][is.Tool] = true
			}
			v.Tools = len(tools[i])
		}
	}
}
