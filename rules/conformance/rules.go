// Package conformance holds the rules about how a server speaks the
// protocol. They read the Snapshot's transcript, which live sessions and
// traces have and static files do not: without one they say nothing.
package conformance

import (
	"context"
	"embed"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "conformance")

// Rules returns the conformance rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		batchEmitted{},
		cacheHintInvalid{},
		cancelledRequestAnswered{},
		capabilityGatedTools{},
		capabilityMethodMissing{},
		clientCapabilityRequired{},
		deprecatedFeature{},
		discoverMissing{},
		duplicateKey{},
		errorShape{},
		httpAuthDiscovery{},
		httpAuthHTTPS{},
		httpAuthInvalidToken{},
		httpAuthPKCE{},
		httpAuthRegistration{},
		httpAuthResource{},
		httpAuthScope{},
		httpAuthTokenInQuery{},
		httpContentType{},
		httpDuplicateMessage{},
		httpGetStream{},
		httpHeaderMismatch{},
		httpNameMismatch{},
		httpNotificationStatus{},
		httpOriginCheck{},
		httpPlaintext{},
		httpProtocolVersionHeader{},
		httpSessionID{},
		httpTerminatedSession{},
		httpUnknownMethodStatus{},
		initResultShape{},
		inputRequiredUnsupported{},
		inputSchemaLooserThanTool{},
		invalidUTF8{},
		jsonrpcVersion{},
		logMessageUnrequested{},
		messageFlood{},
		messageTooLarge{},
		metaFieldMissing{},
		notificationAnswered{},
		paginationLoop{},
		pingResponse{},
		progressNotIncreasing{},
		progressTokenUnknown{},
		promptMissingArgumentError{},
		protocolVersionMissing{},
		registryServerJSON{},
		requestBeforeInit{},
		requestTimeout{},
		reservedErrorCode{},
		resourceNotFoundCode{},
		responseIDMismatch{},
		resultAndError{},
		resultTypeMissing{},
		serverExited{},
		serverInfoMissing{},
		serverRequestUndeclared{},
		&shutdownOnStdinClose{MaxMs: defaultShutdownMs},
		&slowResponse{MaxMs: defaultSlowMs},
		ssePrimingEvent{},
		sseRetryMissing{},
		sseStreamScope{},
		stdioServerRequest{},
		stdoutPollution{},
		structuredContentMismatch{},
		subscriptionAcknowledged{},
		taskLifecycle{},
		taskShape{},
		taskUnknownIDCode{},
		tasksExtensionRequired{},
		tasksExtensionResult{},
		toolErrorAsProtocolError{},
		toolErrorUnflagged{},
		toolListVaries{},
		toolsListShape{},
		uiResourceInvalid{},
		unknownMethodCode{},
		unknownToolError{},
		unsupportedVersionError{},
		versionNegotiation{},
		wireSchema{},
	}
}

// session is the Snapshot's transcript read as JSON-RPC; nil when there is
// none. Every rule of this package reads it, so it is parsed once per
// Snapshot, by the analysis parsedSession, and shared: rules only read a
// wire.Session.
func session(ctx context.Context, s *sdk.Snapshot) *wire.Session {
	return parsedSession.Of(ctx, s)
}

var parsedSession = analysis.New(analysis.Analysis[*wire.Session]{
	Name: "wire-session",
	Doc:  "the main transcript, parsed as JSON-RPC messages",
	Run: func(_ context.Context, s *sdk.Snapshot) *wire.Session {
		if s.Transcript == nil {
			return nil
		}
		return wire.Parse(s.Transcript)
	},
})

// at reports an issue about one transcript record.
func at(report func(sdk.Issue), index int, msg, fix string) {
	report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: wire.RecordPointer(index), Message: msg, Fix: fix})
}

// fromServer lists the server's stdout lines.
func fromServer(ss *wire.Session) []*wire.Msg {
	var out []*wire.Msg
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirServerToClient {
			out = append(out, m)
		}
	}
	return out
}
