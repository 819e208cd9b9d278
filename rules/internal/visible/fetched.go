package visible

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Fetched visits the texts a model reads once a prompt or resource is
// used, from the answers of the session's prompts/get and resources/read
// requests (the feature probes of a live lint, or any such request of a
// recorded session): each text content of a prompt message, the text of
// a resource embedded in one, and each text of a resource read. Blobs,
// images and audio are data, not text. Each is owned by its prompt or
// resource, with a pointer into the transcript record of the answer. A
// nil transcript (a static file) has none.
//
// An MCP App's user interface (a ui:// resource, or contents of the
// mcp-app MIME profile) is left out: the host renders it in a sandbox,
// and the model never reads its HTML and scripts, whose entity tables
// and minified code would read as hidden text.
func Fetched(tr *sdk.Transcript, visit func(Text)) {
	if tr == nil {
		return
	}
	type asked struct{ owner, method string }
	pending := map[string]asked{}
	for i, r := range tr.Records {
		if r.Msg == nil {
			continue
		}
		switch r.Dir {
		case sdk.DirClientToServer:
			isGet, isRead := bytes.Contains(r.Msg, []byte(`"prompts/get"`)), bytes.Contains(r.Msg, []byte(`"resources/read"`))
			if !isGet && !isRead {
				continue
			}
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params struct {
					Name string `json:"name"`
					URI  string `json:"uri"`
				} `json:"params"`
			}
			if json.Unmarshal(r.Msg, &req) != nil || len(req.ID) == 0 {
				continue
			}
			switch req.Method {
			case "prompts/get":
				pending[string(req.ID)] = asked{sdk.OwnerPrompt(req.Params.Name), req.Method}
			case "resources/read":
				if !appUI(req.Params.URI, "") {
					pending[string(req.ID)] = asked{sdk.OwnerResource(req.Params.URI), req.Method}
				}
			}
		case sdk.DirServerToClient:
			if len(pending) == 0 || !bytes.Contains(r.Msg, []byte(`"result"`)) {
				continue
			}
			var resp struct {
				ID     json.RawMessage `json:"id"`
				Result json.RawMessage `json:"result"`
			}
			if json.Unmarshal(r.Msg, &resp) != nil {
				continue
			}
			a, ok := pending[string(resp.ID)]
			if !ok {
				continue
			}
			delete(pending, string(resp.ID))
			base := "/transcript/records/" + strconv.Itoa(i) + "/msg/result"
			if a.method == "prompts/get" {
				promptTexts(resp.Result, a.owner, base, visit)
			} else {
				contentsTexts(resp.Result, a.owner, base, visit)
			}
		}
	}
}

// textItem is what of a content block or resource contents holds text.
type textItem struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType"`
	Text     any    `json:"text"`
	Resource *struct {
		URI      string `json:"uri"`
		MimeType string `json:"mimeType"`
		Text     any    `json:"text"`
	} `json:"resource"`
}

// appUI reports whether a resource's URI or MIME type makes it an MCP
// App's user interface (the MCP Apps extension: ui:// resources of type
// text/html;profile=mcp-app), which no model reads.
func appUI(uri, mimeType string) bool {
	return strings.HasPrefix(strings.ToLower(uri), "ui://") || strings.Contains(strings.ToLower(mimeType), "profile=mcp-app")
}

// promptTexts visits the texts of a GetPromptResult's messages.
func promptTexts(result json.RawMessage, owner, base string, visit func(Text)) {
	var r struct {
		Description any `json:"description"`
		Messages    []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(result, &r) != nil {
		return
	}
	if d, ok := r.Description.(string); ok {
		emit(visit, KindPromptMessage, d, &origin{owner: owner, tool: -1, base: base + "/description"}, 0, tokNone, -1)
	}
	for i, m := range r.Messages {
		at := base + "/messages/" + strconv.Itoa(i) + "/content"
		// One content block, or (as later revisions allow) several.
		var one textItem
		if json.Unmarshal(m.Content, &one) == nil {
			itemTexts(one, KindPromptMessage, owner, at, visit)
			continue
		}
		var many []textItem
		if json.Unmarshal(m.Content, &many) == nil {
			for j, c := range many {
				itemTexts(c, KindPromptMessage, owner, at+"/"+strconv.Itoa(j), visit)
			}
		}
	}
}

// contentsTexts visits the texts of a ReadResourceResult's contents.
func contentsTexts(result json.RawMessage, owner, base string, visit func(Text)) {
	var r struct {
		Contents []textItem `json:"contents"`
	}
	if json.Unmarshal(result, &r) != nil {
		return
	}
	for i, c := range r.Contents {
		itemTexts(c, KindResourceText, owner, base+"/contents/"+strconv.Itoa(i), visit)
	}
}

// itemTexts visits the text of one content block or resource contents and
// of the resource it embeds.
func itemTexts(c textItem, kind Kind, owner, at string, visit func(Text)) {
	if t, ok := c.Text.(string); ok && !appUI(c.URI, c.MimeType) {
		emit(visit, kind, t, &origin{owner: owner, tool: -1, base: at + "/text"}, 0, tokNone, -1)
	}
	if c.Resource != nil && !appUI(c.Resource.URI, c.Resource.MimeType) {
		if t, ok := c.Resource.Text.(string); ok {
			emit(visit, kind, t, &origin{owner: owner, tool: -1, base: at + "/resource/text"}, 0, tokNone, -1)
		}
	}
}
