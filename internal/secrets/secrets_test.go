package secrets_test

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/secrets"
)

// Keys built at run time, so that this file holds no string a secret
// scanner would stop at.
var (
	githubPAT = "ghp_" + "R8kT2mVq9XwLp4NzB7cYd3FhJ6sUe1GaQ0oI"
	awsKey    = "AKIA" + "Z7QK4M2XPLR3TBWN"
	slackBot  = "xoxb-" + "2941736850123-4820193746512-Vb7Qk2Lm9Xz4Tn8Rw3Hy6Pc1"
	stripe    = "sk_live_" + "51Hq8TnK2mVx9LpR4wZy7BcD"
	privKey   = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2bT9v8qXkW1pLrN4sHc6yJdE0aFg\nQ7uVxZ1nKbR5tY9wL2eP8mC3jH6fD4sA0gT7kX2vB9nM5qW1zR8yL4pE6cU3hJ0o\n-----END RSA PRIVATE KEY-----"
)

// findCases are texts with the secret Find must find in each, if any.
var findCases = []struct {
	text   string
	kind   string // "" when nothing is found
	secret string
}{
	{"Authenticate with the token " + githubPAT + " when calling.", "github-pat", githubPAT},
	{"AWS access key: " + awsKey + " (region us-east-1)", "aws-access-token", awsKey},
	{"Post to Slack with " + slackBot + ".", "slack-bot-token", slackBot},
	{"Use stripe key " + stripe, "stripe-access-token", stripe},
	{"Key:\n" + privKey, "private-key", ""},
	{"Connect to postgresql://admin:Tr0ub4dor3x@db.internal.example:5432/prod", "url-password", "Tr0ub4dor3x"},
	{"Set DB_PASSWORD=hunter2x9 in the shell first.", "secret-assignment", "hunter2x9"},
	{"OPENAI_API_KEY: 'q8Zr3LmT0vWb'", "secret-assignment", "q8Zr3LmT0vWb"},
	{"export PGPASSWORD=Winter2024 && psql", "secret-assignment", "Winter2024"},
	{"Send Authorization: Bearer " + stripe[8:] + "Qx7 with each call.", "bearer-token", stripe[8:] + "Qx7"},
	// Not secrets: placeholders, references, prose, identifiers.
	{"Connection string, e.g. postgresql://user:password@localhost:5432/mydb", "", ""},
	{"Connection string like mongodb://<user>:<pass>@host/db", "", ""},
	{"Reads GITHUB_TOKEN=${GITHUB_TOKEN} from the environment.", "", ""},
	{"Set API_KEY=your_api_key_here before starting.", "", ""},
	{"Pass the header Authorization: Bearer <your-access-token-here>.", "", ""},
	{"The token parameter takes a GitHub personal access token with repo scope.", "", ""},
	{"Returns the fields createdAtTimestamp and lastModifiedByUserIdentifier2.", "", ""},
	{"Example commit 3f2a9c1d8e7b6a5f4c3d2e1f0a9b8c7d6e5f4a3b is a SHA.", "", ""},
}

func TestFind(t *testing.T) {
	for _, c := range findCases {
		got := secrets.Find(c.text)
		if c.kind == "" {
			if len(got) > 0 {
				t.Errorf("Find(%q) = %v, want nothing", c.text, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Kind != c.kind {
			t.Errorf("Find(%q) = %v, want one %s", c.text, got, c.kind)
			continue
		}
		if s := c.text[got[0].Start:got[0].End]; c.secret != "" && s != c.secret {
			t.Errorf("Find(%q) found %q, want %q", c.text, s, c.secret)
		}
	}
}

func TestRedact(t *testing.T) {
	text := "token " + githubPAT + " and DB_PASSWORD=hunter2x9 end"
	got := secrets.Redact(text)
	if strings.Contains(got, githubPAT[4:]) || strings.Contains(got, "hunter2x9") {
		t.Fatalf("Redact left a secret: %q", got)
	}
	if want := "token ghp_**** and DB_PASSWORD=**** end"; got != want {
		t.Errorf("Redact = %q, want %q", got, want)
	}
	if plain := "nothing to hide here"; secrets.Redact(plain) != plain {
		t.Errorf("Redact changed text with no secret")
	}
}

func TestExcerpt(t *testing.T) {
	text := "Use the key " + stripe + " for payments."
	ms := secrets.Find(text)
	if len(ms) != 1 {
		t.Fatalf("Find = %v", ms)
	}
	got := secrets.Excerpt(text, ms[0], 40)
	if strings.Contains(got, stripe[8:]) || !strings.Contains(got, "sk_l****") {
		t.Errorf("Excerpt = %q, want the key masked", got)
	}
}
