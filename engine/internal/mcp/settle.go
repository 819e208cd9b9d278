package mcp

import (
	"context"
	"encoding/json"
	"slices"
	"time"
)

// Quiet is how long a session waits with no message from the server before
// it lists again to confirm a listing. Servers register tools in handlers
// that run after the handshake (the reference server's oninitialized) and
// announce them with a list_changed notification; on a busy machine the
// first listing can come before those handlers ran.
const Quiet = 250 * time.Millisecond

// Relisting bounds: at most maxQuietWaits pauses of Quiet before one
// re-listing (a server still talking after a second is not settling), and
// at most maxRelists re-listings before a list that keeps changing is given
// up on.
const (
	maxQuietWaits = 4
	maxRelists    = 3
)

// listKeys is the result member holding the items of each list method.
var listKeys = map[string]string{
	MethodToolsList:         "tools",
	MethodPromptsList:       "prompts",
	MethodResourcesList:     "resources",
	MethodResourceTemplates: "resourceTemplates",
}

// Relist confirms the listing of method that the session just made: it
// waits until the server has been quiet for Quiet, lists again, and goes
// on until two listings in a row hold the same items (in any order), or
// until it has listed maxRelists more times. settled reports whether the
// last two listings agreed. The transcript keeps every listing, and the
// Snapshot is built from the last one (session.Build).
//
// It is how a finding that compares listings is confirmed rather than left
// to the timing of one request: a list that grew after the server's
// notifications is the server's list, one that keeps changing is no
// evidence of anything.
func (c *Client) Relist(ctx context.Context, method string) (settled bool, err error) {
	before := c.LastItems(method)
	for range maxRelists {
		c.waitQuiet(ctx)
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if _, err := c.ListAll(ctx, method); err != nil {
			return false, err
		}
		now := c.LastItems(method)
		if slices.Equal(before, now) {
			return true, nil
		}
		before = now
	}
	return false, nil
}

// waitQuiet returns once no message has come from the server for Quiet,
// after at most maxQuietWaits pauses, or when ctx is done.
func (c *Client) waitQuiet(ctx context.Context) {
	t := time.NewTimer(Quiet)
	defer t.Stop()
	for range maxQuietWaits {
		heard := c.heard.Load()
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
		if c.heard.Load() == heard {
			return
		}
		t.Reset(Quiet)
	}
}

// LastItems is the items of the session's last complete listing of method,
// each as the JSON the server sent, sorted: two listings agree when they
// hold the same items, whatever their order.
func (c *Client) LastItems(method string) []string {
	key := listKeys[method]
	tr := c.Transcript()
	// Requests by id, so that the pages of the last listing are found
	// among the responses; a listing starts with a request with no cursor.
	requests := map[string]bool{} // id key -> starts a listing
	var items []string
	for _, r := range tr.Records {
		for _, m := range ParseMessages(r.Msg) {
			switch {
			case m.IsRequest() && m.Method == method:
				var p struct {
					Cursor *string `json:"cursor"`
				}
				json.Unmarshal(m.Params, &p)
				requests[IDKey(m.ID)] = p.Cursor == nil
			case m.IsResponse() && m.Result != nil:
				first, ok := requests[IDKey(m.ID)]
				if !ok {
					continue
				}
				delete(requests, IDKey(m.ID))
				if first {
					items = items[:0]
				}
				var page map[string]json.RawMessage
				var list []json.RawMessage
				json.Unmarshal(m.Result, &page)
				json.Unmarshal(page[key], &list)
				for _, it := range list {
					items = append(items, string(it))
				}
			}
		}
	}
	slices.Sort(items)
	return items
}
