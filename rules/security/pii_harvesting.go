package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// piiHarvesting reports tools that collect or return government
// identifiers, payment card data or passwords beside what their job needs.
type piiHarvesting struct{}

// Meta describes the rule.
func (piiHarvesting) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "pii-harvesting",
		Category: sdk.CategorySecurity,
		Severity: sdk.Warning,
		Summary:  "a tool collects or returns government IDs, payment card data or passwords its job does not need",
		Doc:      doc("pii-harvesting"),
		Source:   "https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/ (OWASP LLM02); https://arxiv.org/abs/2504.03767 (MCP Safety Audit, credential theft); https://arxiv.org/abs/2508.14925 (MCPTox, privacy leakage)",
		Default:  true,
		OWASP:    "MCP10:2025 Context Injection & Over-Sharing",
		CWE:      "CWE-359",
		Uses:     []string{visible.Listing.Name, visible.Recurring.Name, judged.Name},
	}
}

// piiKind is one kind of sensitive data.
type piiKind struct {
	label string
	// params are parameter names, as words.
	params *runSet
	// domain are words of a tool's vocabulary that make this data its job.
	domain []string
}

var piiKinds = []piiKind{
	{label: "government identifier",
		params: newRunSet([][]string{{"ssn"}, {"social", "security"}, {"socialsecuritynumber"}, {"passport", "number"}, {"passport", "no"}, {"passport", "id"},
			{"national", "id"}, {"nationalid"}, {"tax", "id"}, {"taxpayer", "id"}, {"itin"}, {"aadhaar"}, {"nino"},
			{"drivers", "license"}, {"driver", "license"}, {"drivers", "licence"}, {"driving", "licence"}, {"license", "number"}, {"licence", "number"}}),
		domain: []string{"kyc", "identity", "passport", "tax", "taxes", "irs", "payroll", "employee", "employees", "hr", "verification", "verify", "onboarding", "customs", "visa", "travel", "immigration", "government", "license", "licence", "dmv"}},
	// A bare expiry_date names no card: coupons, option contracts, stock
	// lots and share links expire too. Beside a card it is part of the
	// card's data, and the card's own fields (card_number, cvv) are
	// reported, or the card in the tool's vocabulary excuses them all.
	{label: "payment card or bank data",
		params: newRunSet([][]string{{"credit", "card"}, {"creditcard"}, {"card", "number"}, {"cardnumber"}, {"cc", "number"}, {"ccn"}, {"cvv"}, {"cvv2"}, {"cvc"}, {"card", "cvc"}, {"card", "cvv"},
			{"card", "expiry"}, {"card", "expiration"}, {"security", "code"}, {"iban"}, {"routing", "number"}, {"bank", "account"}, {"account", "number"}, {"sort", "code"}, {"card", "pin"}, {"atm", "pin"}}),
		domain: []string{"payment", "payments", "pay", "checkout", "billing", "invoice", "invoices", "card", "cards", "stripe", "paypal", "bank", "banking", "transfer", "charge", "charges", "purchase", "order", "orders", "wallet", "finance", "financial", "merchant", "refund", "subscription", "plaid", "adyen", "square", "braintree", "transaction", "transactions", "payout", "payouts"}},
	{label: "password or secret answer",
		params: newRunSet([][]string{{"password"}, {"passwd"}, {"passphrase"}, {"user", "password"}, {"login", "password"}, {"account", "password"},
			{"mother", "maiden"}, {"mothers", "maiden"}, {"maiden", "name"}, {"security", "answer"}, {"security", "question"}, {"seed", "phrase"}, {"mnemonic"}, {"recovery", "phrase"}, {"pin", "code"}}),
		domain: []string{"login", "logon", "signin", "auth", "authenticate", "authentication", "connect", "connection", "database", "db", "sql", "postgres", "mysql", "redis", "mongo", "ssh", "ftp", "sftp", "smtp", "imap", "user", "users", "account", "accounts", "register", "signup", "reset", "vault", "keychain", "secret", "secrets", "wifi", "wallet", "crypto", "encrypt", "decrypt", "zip", "archive", "pdf", "keystore", "proxy", "username", "email", "mail"}},
}

// piiPhrases tell the model to collect such data, or say the tool
// returns it.
var piiPhrases = newPhraseSet(
	"!!(ask|asks|request|requests|collect|collects|gather|gathers|obtain|obtains|prompt|prompts|capture|captures|harvest|harvests|extract|extracts) ~10 (social security number|social security numbers|social security no|ssn|ssns|passport number|passport numbers|national id number|national identification number|tax id|taxpayer id|driver's license number|drivers license number|driving licence number|credit card number|credit card numbers|credit card details|card number|card numbers|cvv|cvc|cvv2|card security code|card verification|expiry date|expiration date|bank account number|bank account numbers|bank account details|routing number|iban|account password|login password|passwords|password|mother's maiden name|mothers maiden name|security answers|security answer|seed phrase|recovery phrase|pin code|pin number|banking credentials|online banking)",
	"!!(require|requires|need|needs|include|includes|provide|provides|enter|supply|record|records|store|stores|log|logs) ~10 (social security number|social security numbers|social security no|ssn|ssns|passport number|passport numbers|national id number|national identification number|tax id|taxpayer id|driver's license number|drivers license number|driving licence number|credit card number|credit card numbers|credit card details|card number|card numbers|cvv|cvc|cvv2|card security code|card verification|expiry date|expiration date|bank account number|bank account numbers|bank account details|routing number|iban)",
	harvestPhrase,
	"!!(returns|return|returning|outputs|output|lists|exposes|expose|includes|reveals|reveal|shows|show|displays|display|prints|print) ~12 (social security number|social security numbers|ssn|ssns|passport number|credit card number|credit card numbers|card number|card numbers|cvv|cvc|bank account number|routing number|plaintext password|plaintext passwords|mother's maiden name)",
)

// harvestPhrase names the theft itself, which no tool's vocabulary
// excuses.
const harvestPhrase = "(harvest|harvests|harvesting|steal|steals|stealing|phish|phishes|phishing) ~4 (credentials|passwords|logins|login credentials|secrets|card numbers|card details)"

// theftWords name the theft itself; a match that holds one is reported
// whichever phrase found it ("asks for" and "harvests" both take
// "passwords").
var theftWords = map[string]bool{"harvest": true, "harvests": true, "harvesting": true, "steal": true, "steals": true, "stealing": true, "phish": true, "phishes": true, "phishing": true}

func theft(w *words, m match) bool {
	for k := m.start; k < m.end; k++ {
		if theftWords[w.lowerWord(k)] {
			return true
		}
	}
	return false
}

// Check reports parameters and texts that collect sensitive data outside
// the tool's domain.
func (piiHarvesting) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	visible.Texts(ctx, s, func(t visible.Text) {
		if t.Kind != visible.KindParamName {
			return
		}
		var buf [8]string
		words := nameWords(t.Value, &buf)
		for i := range piiKinds {
			k := &piiKinds[i]
			// The tool's vocabulary is read only for the few parameters
			// whose names are sensitive.
			if !containsRun(words, k.params) || hasAny(paramDomain(s, t.Tool(), t.Value), k.domain) || hasAny(schemaContext(s, t.Tool(), t.Pointer()), k.domain) {
				continue
			}
			if k == &piiKinds[2] {
				if !carriesSecret(s, t.Tool(), t.Pointer()) {
					// A boolean requirePassword or a numeric passwordLength
					// says something about a password; it cannot carry one.
					return
				}
				if why := passwordJob(s, t.Tool(), t.Pointer(), words); why != "" {
					report(sdk.Issue{
						Tool:     t.Owner(),
						Pointer:  t.Pointer(),
						Severity: sdk.Info,
						Message:  fmt.Sprintf("parameter %s takes %s; the model and the client's logs see it", strconv.Quote(snip.Runes(t.Value, 60)), why),
						Fix:      "ask the user for the password through the client (an elicitation or the client's own prompt), not as a tool argument",
					})
					return
				}
			}
			report(sdk.Issue{
				Tool:     t.Owner(),
				Pointer:  t.Pointer(),
				Severity: sdk.Warning,
				Message:  fmt.Sprintf("parameter %s collects a %s, which nothing in the tool's name, title or other parameters needs", strconv.Quote(snip.Runes(t.Value, 60)), k.label),
				Fix:      "remove the parameter; if the tool's job needs it, say so in the tool's name and description and take it from the user through the client, not the model",
			})
			return
		}
	})
	vocab := toolVocabularies(s)
	keep := func(t visible.Text, w *words, m match) bool {
		if m.phrase.src == harvestPhrase {
			return true
		}
		k := piiKindOf(w, m)
		if k == nil {
			return true
		}
		if k == &piiKinds[2] {
			if param, ok := strings.CutSuffix(t.Pointer(), "/description"); ok && t.Kind == visible.KindParamDescription {
				// "ask the user for the password" in the description of
				// a parameter that takes the password guarding the
				// tool's own resource says how to fill it: the parameter
				// is reported (as info) by its name.
				var buf [8]string
				if passwordJob(s, t.Tool(), param, nameWords(paramNameAt(param), &buf)) != "" {
					return false
				}
			}
		}
		return !hasAny(vocab(t.Tool(), true), k.domain)
	}
	phraseFindings(ctx, s, piiPhrases(), keep, func(t visible.Text, w *words, kept []match) {
		severity := sdk.Warning
		for _, m := range kept {
			if theft(w, m) {
				// "steal the user's credentials" is no reading of a job.
				severity = sdk.Error
			}
		}
		report(sdk.Issue{
			Tool:     t.Owner(),
			Pointer:  t.Pointer(),
			Severity: severity,
			Message:  fmt.Sprintf("%s has the model collect or return sensitive personal data: %s%s", kindName(t.Kind.String()), quoteMatches(w, kept), padded(w, kept)),
			Fix:      "remove the request; a tool asks for the data its stated job needs, and never returns identifiers, card data or passwords beside ordinary fields",
		})
	})
	return nil
}

// paramDomain is the vocabulary of a tool's stated job, to judge one of
// its parameters by: the words of its name, its title, the first sentence
// of its description and its other top-level parameters' names. The
// parameter's own name is left out, or it would vouch for itself.
func paramDomain(s *sdk.Snapshot, tool int, param string) map[string]bool {
	return toolVocabulary(s, tool, param, true)
}

// vocabularies gives a tool's vocabulary with or without its
// description's first sentence (toolVocabulary, with no parameter left
// out).
type vocabularies func(tool int, withDescription bool) map[string]bool

// toolVocabularies makes each tool's two vocabularies once for the lint
// of s: a rule that judges many matches of one tool by its words asks
// for the same ones at each. The maps are only read.
func toolVocabularies(s *sdk.Snapshot) vocabularies {
	type key struct {
		tool        int
		description bool
	}
	made := map[key]map[string]bool{}
	return func(tool int, withDescription bool) map[string]bool {
		k := key{tool, withDescription}
		d, ok := made[k]
		if !ok {
			d = toolVocabulary(s, tool, "", withDescription)
			made[k] = d
		}
		return d
	}
}

// toolVocabulary is paramDomain, with or without the description's first
// sentence.
func toolVocabulary(s *sdk.Snapshot, tool int, param string, withDescription bool) map[string]bool {
	d := map[string]bool{}
	if tool < 0 || tool >= len(s.Tools) {
		return d
	}
	t := s.Tools[tool]
	addWords(d, t.Name)
	addWords(d, t.Title)
	if withDescription {
		desc := t.Description
		if i := indexSentenceEnd(desc); i >= 0 {
			desc = desc[:i]
		}
		addWords(d, desc)
	}
	if schema, ok := t.InputSchema.(map[string]any); ok {
		if props, ok := schema["properties"].(map[string]any); ok {
			for name := range props {
				if name != param {
					addWords(d, name)
				}
			}
		}
	}
	return d
}

func indexSentenceEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if (s[i] == '.' || s[i] == '\n') && (i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			return i
		}
	}
	return -1
}

// piiKindOf returns the kind of data a match names, by its last words.
func piiKindOf(w *words, m match) *piiKind {
	var ws []string
	for k := m.start; k < m.end; k++ {
		ws = append(ws, w.lowerWord(k))
	}
	for i := range piiKinds {
		if containsRun(ws, piiKinds[i].params) {
			return &piiKinds[i]
		}
	}
	// "social security number", "credit card number" in the match
	// itself map through their first words above; the rest are
	// passwords and answers.
	return &piiKinds[2]
}

// paramDescription returns the description of the parameter at pointer
// (/tools/N/inputSchema/properties/NAME, at any depth) of a tool, or "".
func paramDescription(s *sdk.Snapshot, tool int, pointer string) string {
	desc, _ := paramSchema(s, tool, pointer)["description"].(string)
	return desc
}

// passwordJob says why a password parameter is the tool's own input, or
// returns "": GitLab's approve_merge_request takes the "current user's
// password" when the project requires re-authentication to approve, and a
// share or upload tool takes the password that will guard what it makes.
// The job needs either, but the model sees it.
func passwordJob(s *sdk.Snapshot, tool int, pointer string, name []string) string {
	switch {
	case reauthentication(paramDescription(s, tool, pointer)):
		return "the user's password through the model, for re-authentication as its description says"
	case resourcePassword(s, tool, pointer, name):
		return "the password of what the tool acts on through the model, as its name, its description or the settings beside it say, not a login of the user's"
	}
	return ""
}

// paramName returns the name of the top-level parameter at pointer, or "".
func paramName(pointer string) string {
	_, name, ok := strings.Cut(pointer, "/inputSchema/properties/")
	if !ok || strings.Contains(name, "/") {
		return ""
	}
	return unescapePointer(name)
}

// paramNameAt returns the name of the parameter at pointer, at any depth.
func paramNameAt(pointer string) string {
	return unescapePointer(pointer[strings.LastIndexByte(pointer, '/')+1:])
}

func unescapePointer(seg string) string {
	return strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
}

// paramPath returns the segments of pointer below a tool's inputSchema
// (properties, NAME, items, …), or nil when pointer is not in one.
func paramPath(pointer string) []string {
	_, rest, ok := strings.Cut(pointer, "/inputSchema/")
	if !ok {
		return nil
	}
	segs := strings.Split(rest, "/")
	for i := range segs {
		segs[i] = unescapePointer(segs[i])
	}
	return segs
}

// paramSchema returns the schema of the parameter at pointer
// (/tools/N/inputSchema/properties/NAME, a property nested in it, or one
// of a definition under $defs) of a tool, or nil.
func paramSchema(s *sdk.Snapshot, tool int, pointer string) map[string]any {
	if tool < 0 || tool >= len(s.Tools) {
		return nil
	}
	if !strings.Contains(pointer, "/inputSchema/properties/") && !strings.Contains(pointer, "/inputSchema/$defs/") && !strings.Contains(pointer, "/inputSchema/definitions/") {
		return nil
	}
	var at any = s.Tools[tool].InputSchema
	for _, seg := range paramPath(pointer) {
		switch v := at.(type) {
		case map[string]any:
			at = v[seg]
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			at = v[i]
		default:
			return nil
		}
	}
	m, _ := at.(map[string]any)
	return m
}

// schemaContext returns the words of the properties a nested parameter
// sits in and beside: the names of the objects that hold it
// (log_destinations, open_search, basic_auth) and of its siblings (user).
// A password beside a user, in a basic_auth object, is the credential of
// a service the tool configures, as the same password as a top-level
// parameter beside a username is. A top-level parameter has none here:
// its siblings are the tool's parameters, which paramDomain reads.
func schemaContext(s *sdk.Snapshot, tool int, pointer string) map[string]bool {
	d := map[string]bool{}
	path := paramPath(pointer)
	if len(path) <= 2 || tool < 0 || tool >= len(s.Tools) {
		return d
	}
	var at any = s.Tools[tool].InputSchema
	for i, seg := range path {
		m, ok := at.(map[string]any)
		if !ok {
			if a, ok := at.([]any); ok {
				if n, err := strconv.Atoi(seg); err == nil && n >= 0 && n < len(a) {
					at = a[n]
					continue
				}
			}
			return d
		}
		if i > 0 && path[i-1] == "properties" {
			if i == len(path)-1 {
				for name := range m {
					if name != seg {
						addWords(d, name)
					}
				}
			} else {
				addWords(d, seg)
			}
		}
		at = m[seg]
	}
	return d
}

// carriesSecret reports whether a parameter can hold a secret: a string,
// or a schema that does not say. A boolean or a number cannot, nor an
// object none of whose properties can (monday.com's form
// features.password is {"enabled": boolean}).
func carriesSecret(s *sdk.Snapshot, tool int, pointer string) bool {
	return schemaCarriesSecret(paramSchema(s, tool, pointer), 4)
}

func schemaCarriesSecret(schema map[string]any, depth int) bool {
	switch typ, _ := schema["type"].(string); typ {
	case "boolean", "integer", "number":
		return false
	case "object":
		props, _ := schema["properties"].(map[string]any)
		if len(props) == 0 || depth == 0 {
			return true
		}
		for _, p := range props {
			if ps, ok := p.(map[string]any); !ok || schemaCarriesSecret(ps, depth-1) {
				return true
			}
		}
		return false
	}
	return true
}

// protectionWords say that a password guards a resource: "password-protected
// crates", "Password to protect the link", "unlocks the form".
var protectionWords = []string{"protect", "protects", "protected", "protecting", "protection", "unlock", "unlocks", "unlocking", "locked", "gated"}

// resourcePassword reports whether a password parameter is the one that
// guards the resource the tool acts on, not the user's own login: its
// name qualifies the password by a word of the tool's name or title
// (linkPassword on create_share_link, sitePassword on open_site), or the
// tool's description or the parameter's own says the password protects
// something. A tool whose job has nothing to do with a protected
// resource, asking for "password", is still reported.
func resourcePassword(s *sdk.Snapshot, tool int, pointer string, name []string) bool {
	if tool < 0 || tool >= len(s.Tools) {
		return false
	}
	own := toolVocabulary(s, tool, paramName(pointer), false)
	for i, w := range name {
		lw := strings.ToLower(w)
		if lw == "password" || lw == "passwd" || lw == "passphrase" {
			for _, q := range name[:i] {
				if lq := strings.ToLower(q); own[lq] && !ownerWords[lq] {
					return true
				}
			}
		}
	}
	// A parameter whose own description makes the password a person's
	// ("the user's account password, protected by our encryption") is a
	// login, whatever guards it; one whose description gives it to a
	// thing the tool acts on ("Root password for the virtual machine"
	// beside virtualMachineId) is that thing's.
	switch passwordOwner(paramDescription(s, tool, pointer), own) {
	case ownerPerson:
		return false
	case ownerResource:
		return true
	}
	if accessGrant(s, tool, pointer) {
		return true
	}
	said := map[string]bool{}
	addWords(said, s.Tools[tool].Description)
	addWords(said, paramDescription(s, tool, pointer))
	return hasAny(said, protectionWords)
}

// grantAudience and grantLifetime are the settings of an access grant
// (a sharing link, an invitation, a share) besides its password: who
// may open it (scope, access, roles, permissions) and until when.
var (
	grantAudience = []string{"scope", "access", "role", "roles", "permission", "permissions", "visibility", "audience"}
	grantLifetime = []string{"expiration", "expiry", "expires", "expire", "expired", "unshared"}
)

// accessGrant reports whether a password parameter is one setting of an
// access grant the tool makes: its siblings in the same object say who
// may open the grant and until when. OneDrive's createLink body takes
// {type, scope, password, expirationDateTime}, Box's shared_link {access,
// password, unshared_at, permissions}, Nextcloud's share {shareType,
// permissions, password, expireDate}: the password is the grant's lock,
// set by the person sharing. A login has no audience and no expiry
// beside it.
func accessGrant(s *sdk.Snapshot, tool int, pointer string) bool {
	d := map[string]bool{}
	own := paramNameAt(pointer)
	for name := range siblingProps(s, tool, pointer) {
		if name != own {
			addWords(d, name)
		}
	}
	return hasAny(d, grantAudience) && hasAny(d, grantLifetime)
}

// owner is whom a description gives a password to.
type owner uint8

const (
	ownerUnsaid owner = iota
	// ownerPerson: "your password", "the user's account password", "the
	// password of your account".
	ownerPerson
	// ownerResource: "Root password for the virtual machine", "Temporary
	// root password for recovery mode", where a word after "for" or "of"
	// names what the tool acts on.
	ownerResource
)

// passwordOwner reads whom a description gives a password to. A person
// word before the password ("your", "the user's", "account") or after its
// "for" or "of" makes it a person's: a login. Otherwise a word after "for"
// or "of" that is one of the tool's own (own: its name, title and other
// parameters' names) makes it the password of the thing the tool acts on,
// whatever role word stands before it: a machine's root or admin password
// is set by the tool that manages the machine. "Ask the user for the
// password" names who to ask, not whose password it is.
func passwordOwner(desc string, own map[string]bool) owner {
	w := split(desc)
	// A possessive names its owner: "the user's password".
	word := func(k int) string { return strings.TrimSuffix(w.near(k), "'s") }
	said := ownerUnsaid
	for k := range w.toks {
		switch w.lowerWord(k) {
		case "password", "passwords", "passwd", "passphrase":
		default:
			continue
		}
		if personWords[word(k-1)] || personWords[word(k-2)] {
			return ownerPerson
		}
		resource, ofFor := false, word(k+1) == "of" || word(k+1) == "for"
		if ofFor {
			// The words after "for" up to the end of the clause name
			// the owner: "for the recipes site of the user's account"
			// is a person's.
			_, hi := w.sentenceOf(k)
			for j := k + 2; j < hi && !clauseBreak(w, j); j++ {
				switch x := word(j); {
				case personWords[x]:
					return ownerPerson
				case len(x) >= 4 && !genericWords[x] && !ownerWords[x] && own[x]:
					resource = true
				}
			}
		}
		switch {
		case resource:
			said = ownerResource
		case ownerWords[word(k-1)] || ownerWords[word(k-2)]:
			return ownerPerson
		case ofFor && (ownerWords[word(k+2)] || ownerWords[word(k+3)]):
			// "the password of the admin"
			return ownerPerson
		}
	}
	return said
}

// clauseBreak reports whether word j opens a new clause: a comma or
// colon before it, or a word that starts a clause of its own.
func clauseBreak(w *words, j int) bool {
	if strings.ContainsAny(w.text[w.toks[j-1].end:w.toks[j].start], ",;:(") {
		return true
	}
	switch w.lowerWord(j) {
	case "which", "that", "who", "to", "so", "when", "if", "and", "or", "because", "unless", "while":
		return true
	}
	return false
}

// ownerWords qualify a password as a person's or a role's, never a
// resource's by themselves; personWords are those of them that always
// name a person or their login.
var (
	ownerWords  = map[string]bool{"user": true, "users": true, "my": true, "your": true, "account": true, "login": true, "admin": true, "root": true, "master": true}
	personWords = map[string]bool{"user": true, "users": true, "my": true, "your": true, "account": true, "login": true}
)

// reauthentication reports whether a parameter's description says the
// password re-authenticates the user to the service the tool calls: a
// word of re-authentication that no negation in its sentence comes
// before ("do not re-authenticate; just pass the user's password" is no
// such reason).
func reauthentication(desc string) bool {
	w := split(desc)
	for k := range w.toks {
		word := strings.ReplaceAll(w.lowerWord(k), "-", "")
		if word == "re" && k+1 < len(w.toks) { // "re-authentication" is two words
			word += w.lowerWord(k + 1)
		}
		if !strings.HasPrefix(word, "reauth") {
			continue
		}
		lo, _ := w.sentenceOf(k)
		if !negatedBefore(w, k, lo) {
			return true
		}
	}
	return false
}
