package security

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// concealmentDirective reports text that tells the model to keep something
// from the user.
type concealmentDirective struct{}

// Meta describes the rule.
func (concealmentDirective) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "concealment-directive",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "text tells the model to hide what it does from the user",
		Doc:      doc("concealment-directive"),
		Source:   "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks (Invariant Labs, tool poisoning); 2025-11-25/index.mdx#security-and-trust-safety",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-1427",
		Uses:     []string{judged.Name, visible.Listing.Name, visible.Recurring.Name, otherReadings.Name},
	}
}

var concealmentPhrases = newPhraseSet(
	"(do not|don't|never|must not|mustn't|should not|shouldn't) (tell|inform|notify|alert|warn) [the|this|that|your|any] (user|users|human|humans|requester|operator|customer)",
	"(do not|don't|never|must not|mustn't|should not|shouldn't) (mention|reveal|disclose|explain|say|report|show) ~4 to [the|your|any] (user|users|human)",
	"(do not|don't|never|must not|mustn't|should not|shouldn't) let [the|your|any] (user|users|human) (know|see|notice|find out|learn|realize)",
	"(do not|don't|never) (mention|reveal|disclose|acknowledge|admit|explain|discuss) (that|this|these|why|any of this|anything about this|the above|the following|what you|these instructions|this instruction|this step)",
	"!!without (telling|informing|notifying|alerting|warning|letting) [the|your|any] (user|users|human|humans)",
	"!!without [the|your] (user|user's|users|users') (knowing|noticing|knowledge|awareness|realizing)",
	"(keep|keeping) (this|these|everything|the above|the following|these instructions|this instruction|this message|this note|this step) (secret|hidden|undisclosed|between us)",
	"!!(keep|keeping) ~4 (secret|hidden|confidential|private) from [the|your] (user|users|human)",
	"!!(hide|conceal|withhold) ~4 from [the|your] (user|users|human)",
	"[the|your] (user|users|human) (must|should|shall|will|need|may) (not|never) (know|see|notice|find out|learn|realize|be told|be informed|be aware|be notified|suspect)",
	"(make sure|ensure|ensuring) [that] [the|your] (user|users|human) (does not|doesn't|do not|don't|never|won't|will not|cannot|can't) (notice|see|know|find out|realize|suspect|learn)",
	"(this|that|it) (could|might|may|will|would|can) [even|also|really|possibly] (upset|scare|alarm|worry|confuse|frighten|concern|bother|disturb|distress) [the|your] (user|users|human)",
	"(silently|secretly|quietly|covertly|discreetly|invisibly|stealthily) (send|forward|copy|include|add|pass|upload|transmit|exfiltrate|attach|append|redirect|share|email|post|bcc|cc|leak)",
	unwatchedPhrase,
)

// Check reports each text with concealment directives, once.
func (concealmentDirective) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	phraseFindings(ctx, s, concealmentPhrases(), nil, func(t visible.Text, w *words, ms []match) {
		report(sdk.Issue{
			Tool:    t.Owner(),
			Pointer: t.Pointer(),
			Message: fmt.Sprintf("%s tells the model to keep something from the user: %s%s", kindName(t.Kind.String()), quoteMatches(w, ms), padded(w, ms)),
			Fix:     "remove the directive; describe what the tool does and let the client show it to the user",
		})
	})
	return nil
}
