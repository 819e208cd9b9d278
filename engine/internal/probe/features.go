package probe

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/internal/uritemplate"
	"github.com/mcplint/mcplint/sdk"
)

// The probes of what a server declares beyond tools (All only): each reads,
// never writes, and each runs only when the capability it needs was
// declared and the listing it starts from succeeded. Their answers are
// judged by wire-schema against the negotiated version's schema, by
// capability-method-missing, and their texts (prompt messages, resource
// contents) by the text rules, as a description is.
const (
	// PromptGet gets listed prompts with every required argument given.
	PromptGet = "prompt-get"
	// PromptMissingArgument gets a listed prompt without one of its
	// required arguments (prompt-missing-argument-error).
	PromptMissingArgument = "prompt-missing-argument"
	// ResourceRead reads listed resources.
	ResourceRead = "resource-read"
	// TemplateRead reads one resource a listed template offers, expanded
	// by RFC 6570 (levels 1 to 3) when the expansion is safe
	// (TemplateValue).
	TemplateRead = "resource-template-read"
	// Completion asks completion/complete for a prompt's argument or a
	// template's variable, when the server declares completions.
	Completion = "completion"
	// SetLevel sends logging/setLevel (FeatureLogLevel) to a legacy
	// server that declares logging; 2026-07-28 has no such method.
	SetLevel = "logging-set-level"
	// Subscribe subscribes to a listed resource and unsubscribes again,
	// on a legacy server that declares resources.subscribe; 2026-07-28
	// subscribes with subscriptions/listen (the listen probe).
	Subscribe = "resource-subscribe"
)

// What the feature probes send.
const (
	// PromptArgumentValue is the value given to each argument a
	// prompts/get sends: prompt arguments are strings, with no schema
	// to draw a value from.
	PromptArgumentValue = "mcplint"
	// TemplateValue is the value given to every variable of a template
	// read: digits, so that the expansion has no reserved character, no
	// dot and no slash, and cannot climb out of the path the template
	// names.
	TemplateValue = "1"
	// FeatureLogLevel is the level logging/setLevel asks for: the least
	// chatty level short of the emergencies, so the setting adds no
	// traffic to the rest of the session.
	FeatureLogLevel = "error"
	// maxFeatureReads bounds the prompts got and the resources read, each
	// a request sent at once beside the others.
	maxFeatureReads = 4
)

// listedPrompt is a prompt of prompts/list: its name and arguments.
type listedPrompt struct {
	Name      string           `json:"name"`
	Arguments []promptArgument `json:"arguments"`
}

// promptArgument is an argument of a listed prompt.
type promptArgument struct {
	Name     string `json:"name"`
	Required bool   `json:"required"`
}

// listed is what the session's successful listings named.
type listed struct {
	prompts   []listedPrompt
	resources []string // uris
	templates []string // uriTemplates
}

// readListings collects the prompts, resource URIs and URI templates of
// every successful prompts/list, resources/list and
// resources/templates/list page of tr.
func readListings(tr *sdk.Transcript) listed {
	var l listed
	for _, x := range session.Exchanges(tr) {
		if !x.Succeeded() {
			continue
		}
		switch x.Method {
		case mcp.MethodPromptsList:
			var page struct {
				Prompts []listedPrompt `json:"prompts"`
			}
			if json.Unmarshal(x.Result, &page) == nil {
				for _, p := range page.Prompts {
					if p.Name != "" {
						l.prompts = append(l.prompts, p)
					}
				}
			}
		case mcp.MethodResourcesList:
			var page struct {
				Resources []struct {
					URI string `json:"uri"`
				} `json:"resources"`
			}
			if json.Unmarshal(x.Result, &page) == nil {
				for _, r := range page.Resources {
					if r.URI != "" {
						l.resources = append(l.resources, r.URI)
					}
				}
			}
		case mcp.MethodResourceTemplates:
			var page struct {
				Templates []struct {
					URITemplate string `json:"uriTemplate"`
				} `json:"resourceTemplates"`
			}
			if json.Unmarshal(x.Result, &page) == nil {
				for _, t := range page.Templates {
					if t.URITemplate != "" {
						l.templates = append(l.templates, t.URITemplate)
					}
				}
			}
		}
	}
	return l
}

// Features runs the feature probes on c, a session past its listings,
// when set is All: their requests are sent one after the other and
// awaited at once (see batch), and Features returns when each is
// answered or has waited timeout. caps is what the server declared.
func Features(ctx context.Context, c *mcp.Client, era string, set Set, caps map[string]any, timeout time.Duration) {
	if set != All || ctx.Err() != nil {
		return
	}
	l := readListings(c.Transcript())
	b := &batch{rec: c.Recorder()}
	request := func(method string, params map[string]any) func() (begun, error) {
		return func() (begun, error) { return c.Begin(method, params, timeout) }
	}
	_, prompts := caps["prompts"]
	_, resources := caps["resources"]
	if prompts {
		for _, p := range l.prompts[:min(len(l.prompts), maxFeatureReads)] {
			b.add(ctx, PromptGet, request("prompts/get", promptParams(p, "")))
		}
		if p, missing, ok := promptWithRequired(l.prompts); ok {
			b.add(ctx, PromptMissingArgument, then(request("prompts/get", promptParams(p, missing)), func(_ mcp.Message, err error) {
				if silent(err) {
					inconclusive(c, PromptMissingArgument, err)
				}
			}))
		}
	}
	if resources {
		for _, uri := range l.resources[:min(len(l.resources), maxFeatureReads)] {
			b.add(ctx, ResourceRead, request("resources/read", map[string]any{"uri": uri}))
		}
		if uri, ok := templateURI(l.templates); ok {
			b.add(ctx, TemplateRead, request("resources/read", map[string]any{"uri": uri}))
		}
	}
	if _, ok := caps["completions"]; ok {
		if ref, ok := completionParams(l); ok {
			b.add(ctx, Completion, request("completion/complete", ref))
		}
	}
	if era == sdk.EraLegacy {
		if _, ok := caps["logging"]; ok {
			b.add(ctx, SetLevel, request("logging/setLevel", map[string]any{"level": FeatureLogLevel}))
		}
		if r, _ := caps["resources"].(map[string]any); r["subscribe"] == true && len(l.resources) > 0 {
			uri := l.resources[0]
			// unsubscribe once subscribed: sent while the others are
			// awaited, after every request of the batch
			b.add(ctx, Subscribe, then(request("resources/subscribe", map[string]any{"uri": uri}), func(_ mcp.Message, err error) {
				if err == nil {
					c.Request(ctx, "resources/unsubscribe", map[string]any{"uri": uri}, timeout)
				}
			}))
		}
	}
	b.run()
}

// promptParams are the params of a prompts/get of p with every required
// argument given PromptArgumentValue but the one named leave out.
func promptParams(p listedPrompt, leaveOut string) map[string]any {
	args := map[string]any{}
	for _, a := range p.Arguments {
		if a.Required && a.Name != leaveOut {
			args[a.Name] = PromptArgumentValue
		}
	}
	return map[string]any{"name": p.Name, "arguments": args}
}

// promptWithRequired is the first prompt with a required argument, and
// that argument's name.
func promptWithRequired(prompts []listedPrompt) (listedPrompt, string, bool) {
	for _, p := range prompts {
		for _, a := range p.Arguments {
			if a.Required && a.Name != "" {
				return p, a.Name, true
			}
		}
	}
	return listedPrompt{}, "", false
}

// templateURI is the URI of the first template whose expansion is safe to
// read: it parses and expands (levels 1 to 3), has variables, none of
// which names a secret mcplint would have to invent, and gives an
// absolute URI whose scheme is not a web one (reading it would have the
// server fetch a page on mcplint's behalf).
func templateURI(templates []string) (string, bool) {
	for _, t := range templates {
		vars := uritemplate.Variables(t)
		if len(vars) == 0 || secretVariable(vars) {
			continue
		}
		values := map[string]string{}
		for _, v := range vars {
			values[v] = TemplateValue
		}
		uri, err := uritemplate.Expand(t, values)
		if err != nil {
			continue
		}
		u, err := url.Parse(uri)
		if err != nil || u.Scheme == "" || strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https") {
			continue
		}
		return uri, true
	}
	return "", false
}

// secretWords are parts of a variable name that ask for a credential.
var secretWords = []string{"token", "secret", "password", "passwd", "apikey", "api_key", "key", "auth", "credential", "session", "cookie"}

// secretVariable reports whether a variable of vars names a secret.
func secretVariable(vars []string) bool {
	for _, v := range vars {
		lower := strings.ToLower(v)
		for _, w := range secretWords {
			if strings.Contains(lower, w) {
				return true
			}
		}
	}
	return false
}

// completionParams are the params of a completion/complete of the first
// prompt argument listed, else of the first template variable, with an
// empty value.
func completionParams(l listed) (map[string]any, bool) {
	for _, p := range l.prompts {
		for _, a := range p.Arguments {
			if a.Name != "" {
				return map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": p.Name},
					"argument": map[string]any{"name": a.Name, "value": ""}}, true
			}
		}
	}
	for _, t := range l.templates {
		if vars := uritemplate.Variables(t); len(vars) > 0 {
			return map[string]any{"ref": map[string]any{"type": "ref/resource", "uri": t},
				"argument": map[string]any{"name": vars[0], "value": ""}}, true
		}
	}
	return nil, false
}
