package conformance

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// registryServerJSON holds a server launched from an MCP Registry
// server.json to what that file claims: a semantic version, the name and
// version the server gives itself, and the transport it answered on.
type registryServerJSON struct{}

func (registryServerJSON) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "registry-server-json", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "The server is what its MCP Registry server.json says: version, name and transport",
		Doc:     doc("registry-server-json"),
		Source:  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json (ServerDetail.version, Package.transport, RemoteTransport)",
	}
}

// semver is the grammar of semver.org 2.0.0.
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

func (registryServerJSON) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	r := s.Registry
	if r == nil {
		return nil
	}
	at := func(key string) *sdk.Location {
		if l, ok := r.Locations[key]; ok {
			return &l
		}
		return nil
	}
	file := r.File
	if r.Pointer != "" {
		file += " at " + r.Pointer
	}
	if r.Version != "" && !semver.MatchString(r.Version) {
		report(sdk.Issue{
			Tool: sdk.OwnerServer, Pointer: "/registry/version", Location: at("version"),
			Message: fmt.Sprintf("%s gives the version %q, which is not a semantic version: the registry orders versions by semver and cannot tell which of yours is the latest", file, r.Version),
			Fix:     `write MAJOR.MINOR.PATCH, e.g. "1.4.0" (a pre-release is "1.4.0-beta.1")`,
		})
	}
	if info := s.Server; info != nil {
		if r.Version != "" && info.Version != "" && info.Version != r.Version {
			report(sdk.Issue{
				Tool: sdk.OwnerServer, Pointer: "/serverInfo/version", Location: at("version"),
				Message: fmt.Sprintf("%s says version %q, but the server (%s) calls itself version %q: users who report a problem quote one, the registry the other", file, r.Version, r.Variant, info.Version),
				Fix:     "publish the server with the version it reports in serverInfo, or have the server report the version it is published as",
			})
		}
		if r.Name != "" && info.Name != "" && !sameName(r.Name, info.Name) {
			report(sdk.Issue{
				Severity: sdk.Info, Tool: sdk.OwnerServer, Pointer: "/serverInfo/name", Location: at("name"),
				Message: fmt.Sprintf("%s names the server %q, but it calls itself %q, which shares no word with it: a user who sees one cannot find the other", file, r.Name, info.Name),
				Fix:     fmt.Sprintf("name the server after its registry entry, e.g. serverInfo.name %q", shortName(r.Name)),
			})
		}
	}
	if answered := sessionTransport(s); answered != "" && r.Transport != "" && answered != r.Transport {
		report(sdk.Issue{
			Tool: sdk.OwnerServer, Pointer: "/registry/transport", Location: at("transport"),
			Message: fmt.Sprintf("%s declares the transport %q for %s, but the server answered over %s", file, r.Transport, r.Variant, answered),
			Fix:     fmt.Sprintf("declare \"type\": %q for %s, as clients connect the way the registry says", answered, r.Variant),
		})
	}
	return nil
}

// sessionTransport is the transport a live session or trace spoke:
// streamable-http when it holds HTTP events, else stdio; "" without a
// transcript.
func sessionTransport(s *sdk.Snapshot) string {
	if s.Transcript == nil || len(s.Transcript.Records) == 0 {
		return ""
	}
	for _, rec := range s.Transcript.Records {
		if rec.Event != nil && (rec.Event.Kind == sdk.EventHTTP || rec.Event.Kind == sdk.EventSSE) {
			return "streamable-http"
		}
	}
	return "stdio"
}

// shortName is a registry name without its namespace.
func shortName(name string) string {
	return name[strings.LastIndexByte(name, '/')+1:]
}

// sameName reports whether a server's own name and its registry name
// share a word: names differ in form legitimately (reverse-DNS against a
// short name, "server-memory" against "memory-server"), so only a name
// with nothing in common is worth a word.
func sameName(registryName, own string) bool {
	words := func(s string) map[string]bool {
		out := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
		}) {
			if !genericWord[w] {
				out[w] = true
			}
		}
		return out
	}
	mine, theirs := words(own), words(shortName(registryName))
	if len(mine) == 0 || len(theirs) == 0 {
		return true
	}
	for w := range theirs {
		if mine[w] {
			return true
		}
	}
	return false
}

// genericWord are words nearly every server name has, which say nothing
// about which server it is.
var genericWord = map[string]bool{"mcp": true, "server": true, "model": true, "context": true, "protocol": true}
