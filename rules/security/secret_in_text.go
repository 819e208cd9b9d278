package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/secrets"
	"github.com/mcplint/mcplint/sdk"
)

// secretInText reports credentials in model-visible text: API keys,
// tokens, private keys, passwords in connection strings and KEY=value
// assignments.
type secretInText struct{}

// Meta describes the rule.
func (secretInText) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "secret-in-text",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "a credential (API key, token, private key, password) sits in text every client and model reads",
		Doc:      doc("secret-in-text"),
		Source:   "https://github.com/gitleaks/gitleaks (rule set); https://cwe.mitre.org/data/definitions/798.html (CWE-798, hard-coded credentials)",
		Default:  true,
		OWASP:    "MCP01:2025 Token Mismanagement & Secret Exposure",
		CWE:      "CWE-798",
		Uses:     []string{judged.Name},
	}
}

// Check reports each text with secrets, once.
func (secretInText) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	// The phrase rules' scan reads every byte of every text already and
	// finds whether it has what secrets can start with, or a secret's
	// name.
	v := judged.Of(ctx, s)
	for _, e := range v.secretish {
		t, m := e.t, &v.marks[e.i]
		ms := secrets.FindNamed(t.Value, m.candidate, m.url, m.named)
		if len(ms) == 0 {
			continue
		}
		var parts []string
		for i, m := range ms {
			if i == 3 {
				parts = append(parts, fmt.Sprintf("and %d more", len(ms)-3))
				break
			}
			parts = append(parts, fmt.Sprintf("%s in %s", m.Kind, strconv.Quote(secrets.Excerpt(t.Value, m, 40))))
		}
		report(sdk.Issue{
			Tool:    t.Owner(),
			Pointer: t.Pointer(),
			Message: fmt.Sprintf("%s holds a secret: %s", kindName(t.Kind.String()), strings.Join(parts, ", ")),
			Fix:     "remove the secret and rotate it, since every client that listed the tools has it; take credentials from the server's environment or configuration, never from what the model reads",
		})
	}
	return nil
}
