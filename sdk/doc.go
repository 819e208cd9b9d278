// Package sdk is the public surface of mcplint for rule authors.
//
// A rule reads a [Snapshot] (what one MCP server exposes, however it was
// obtained: a live session, a recorded trace or a static file) and reports
// [Issue] values. Built-in rules and out-of-process plugin rules implement
// the same [Rule] interface, so one engine runs both.
//
// # A rule, start to finish
//
// A rule is a type with two methods. Meta describes it as data: a
// kebab-case name users write in their configs, a category, a default
// severity, a one-line summary, the Markdown doc `mcplint explain` shows
// (with a Bad and a Good example), and the source it enforces:
//
//	type noShouting struct{}
//
//	func (noShouting) Meta() sdk.Meta {
//		return sdk.Meta{
//			Name: "no-shouting", Category: sdk.CategoryQuality, Severity: sdk.Warning,
//			Summary: "Tool descriptions are not written in capitals",
//			Doc:     "…", Source: "house style",
//		}
//	}
//
// Check reads the Snapshot and calls report once per finding. It must not
// change the Snapshot (other rules read it at the same time), should stop
// when ctx is done, and returns an error only when it could not check at
// all (the engine reports that as the rule's failure, not as a finding):
//
//	func (noShouting) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
//		for i, t := range s.Tools {
//			if d := t.Description; len(d) > 20 && d == strings.ToUpper(d) {
//				report(sdk.Issue{
//					Tool: t.Name, Pointer: sdk.ToolPointer(i, "description"),
//					Message: "the description is all capitals",
//					Fix:     "write it in sentence case",
//				})
//			}
//		}
//		return nil
//	}
//
// An Issue names the tool it is about (or [OwnerServer], [OwnerPrompt],
// [OwnerResource]), a JSON pointer into the server's definitions, a
// message that says what is wrong with this server, and a fix that says
// what to change. Its severity defaults to the rule's; users override it
// in `.mcplint.toml`, where they also turn the rule off or suppress one
// finding. A rule that takes settings implements [Configurable].
//
// # What a Snapshot holds
//
// Tools, prompts, resources and resource templates as the server listed
// them (each [Tool] keeps its whole definition in Def besides the typed
// fields), the server's instructions and [Implementation], the negotiated
// protocol version and its era, and, for live sessions and traces, the
// [Transcript] of every message exchanged. A static file has no
// transcript: a rule about the wire then has nothing to say, and says
// nothing. Rules that need a protocol version read Snapshot.ProtocolVersion;
// built-in rules declare theirs in Meta.Since and Meta.Era.
//
// # Testing and serving
//
// Package linttest runs a rule over fixture files and compares what it
// reports with golden files, as mcplint's own rules are tested. Package
// plugin serves a set of rules as a plugin executable (`plugin.Serve`),
// which mcplint discovers, pins by checksum and runs over gRPC; rules
// themselves import only this package, which links no gRPC. The README's
// "Rule plugins" section and docs/plugins.md have a complete plugin.
//
// # Versions
//
// The sdk is versioned with the mcplint module. Until mcplint 1.0, a
// minor release may change the sdk, and its release notes say how to
// adapt; patch releases never do. From 1.0, the sdk follows semantic
// versioning: nothing exported is removed or changed before 2.0. The
// plugin protocol has its own number (plugin.ProtocolVersion), raised
// only when a plugin built with an older sdk can no longer talk to
// mcplint; mcplint then names the sdk version to rebuild with. New
// fields of Snapshot, Meta and Issue are additions, which old plugins
// ignore.
//
// This package imports nothing else of mcplint's, so a plugin author's
// whole world is this package and its subpackages.
package sdk
