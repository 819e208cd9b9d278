package security

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/bytepair"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// sensitiveFileReference reports text that points the model at files
// holding secrets: private keys, cloud credentials, MCP client configs,
// .env files, browser profiles.
type sensitiveFileReference struct{}

// Meta describes the rule.
func (sensitiveFileReference) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "sensitive-file-reference",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "text points the model at files that hold secrets (SSH keys, cloud credentials, MCP configs, .env, browser profiles)",
		Doc:      doc("sensitive-file-reference"),
		Source:   "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks (Invariant Labs, tool poisoning)",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-200",
		Uses:     []string{judged.Name},
	}
}

// secretFile is one kind of file that holds secrets.
type secretFile struct {
	label   string
	anchors []string // lowercase substrings that name it
	// domain are words of a tool's own vocabulary that make the file its
	// subject rather than a target.
	domain []string
	weak   bool // a bare mention is only an info
	// purpose are words that, in the sentence that names a weak file and
	// moves it nowhere, say the tool reads it for its own job.
	purpose []string
	// accept vets the text after an anchor; nil accepts every mention.
	accept func(after string) bool
}

var secretFiles = []secretFile{
	{label: "SSH private key", anchors: []string{".ssh"}, accept: sshPathIsSecret,
		domain: []string{"ssh", "sftp", "scp", "key", "keys", "keygen", "keypair", "host", "hosts", "remote", "known", "authorized"}},
	{label: "SSH private key", anchors: []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"}, accept: notPublicKey,
		domain: []string{"ssh", "sftp", "scp", "key", "keys", "keygen", "keypair", "host", "hosts", "remote"}},
	{label: "AWS credentials", anchors: []string{".aws/credentials", ".aws credentials"},
		domain: []string{"aws", "s3", "iam", "ec2", "sts", "boto", "cloud", "credential", "credentials", "profile", "profiles"}},
	{label: "Google Cloud credentials", anchors: []string{".config/gcloud", "application_default_credentials"},
		domain: []string{"gcloud", "gcp", "google", "cloud", "credential", "credentials", "bigquery"}},
	{label: "Azure credentials", anchors: []string{".azure/"},
		domain: []string{"azure", "az", "cloud", "credential", "credentials"}},
	{label: "Kubernetes credentials", anchors: []string{".kube/config"},
		domain: []string{"kube", "kubectl", "kubernetes", "k8s", "cluster", "clusters", "helm", "pod", "pods", "context"}},
	{label: "Docker registry credentials", anchors: []string{".docker/config.json"},
		domain: []string{"docker", "registry", "container", "containers", "image", "images"}},
	{label: "MCP client config (other servers' keys)", anchors: []string{"mcp.json", "claude_desktop_config", ".claude.json", "mcp_config.json", "mcp_settings.json"},
		domain: []string{"mcp", "claude", "cursor", "client", "clients", "config", "configuration", "settings", "install", "installer", "server", "servers"}},
	{label: ".env file", anchors: []string{".env"}, accept: envFileEnds, weak: true,
		purpose: []string{"config", "configuration", "configure", "configures", "settings", "environment", "variables", "dotenv"},
		domain:  []string{"env", "dotenv", "environment", "variable", "variables", "config", "configuration", "settings", "secret", "secrets"}},
	{label: "stored login credentials", anchors: []string{".netrc", "_netrc", ".git-credentials", ".npmrc", ".pypirc", ".pgpass"},
		domain: []string{"netrc", "git", "github", "npm", "pypi", "pip", "registry", "package", "packages", "publish", "credential", "credentials", "login", "auth", "postgres", "psql"}},
	{label: "GnuPG private keyring", anchors: []string{".gnupg", "secring.gpg", "private-keys-v1.d"},
		domain: []string{"gpg", "pgp", "gnupg", "sign", "signing", "signature", "encrypt", "decrypt", "key", "keys"}},
	{label: "shell history", anchors: []string{".bash_history", ".zsh_history", ".python_history", ".psql_history", ".mysql_history"},
		domain: []string{"history", "shell", "terminal", "bash", "zsh", "command", "commands"}},
	{label: "shell start-up file", anchors: []string{".bashrc", ".zshrc", ".bash_profile", ".zprofile", ".zshenv"}, accept: nameEnds, weak: true,
		domain: []string{"shell", "shells", "terminal", "bash", "zsh", "dotfile", "dotfiles", "alias", "aliases", "startup"}},
	{label: "system password file", anchors: []string{"/etc/shadow", "/etc/sudoers", "/etc/gshadow"},
		domain: []string{"user", "users", "account", "accounts", "password", "passwords", "passwd", "sudo", "admin", "system"}},
	{label: "keychain", anchors: []string{".keychain", "keychain-db"},
		domain: []string{"keychain", "password", "passwords", "credential", "credentials", "macos", "security"}},
	{label: "browser profile (saved passwords, cookies)", anchors: []string{"login data", "cookies.sqlite", "logins.json", "key4.db", "key3.db", "/cookies", "user data/default", ".mozilla/firefox", "google/chrome", "chromium/default", "brave-browser"},
		domain: []string{"browser", "browsers", "chrome", "firefox", "chromium", "brave", "edge", "profile", "profiles", "cookie", "cookies", "bookmark", "bookmarks", "history", "playwright", "puppeteer", "selenium", "session"}},
	{label: "crypto wallet", anchors: []string{"wallet.dat", ".ethereum/keystore", ".config/solana/id.json", ".bitcoin/"},
		domain: []string{"wallet", "wallets", "crypto", "bitcoin", "ethereum", "solana", "keystore", "blockchain"}},
}

// sshPathIsSecret accepts ~/.ssh itself and private keys in it; public
// keys, known_hosts, authorized_keys and config are not secrets.
func sshPathIsSecret(after string) bool {
	if after == "" || after[0] != '/' {
		if after != "" && after[0] == ' ' {
			// "the .ssh config file", ".ssh known_hosts": the word after
			// names the file as a path would.
			next := strings.TrimLeft(after, " ")
			for _, name := range []string{"config", "known_hosts", "known hosts", "authorized_keys", "public key", "public keys"} {
				if hasPrefixFold(next, name) && (len(next) == len(name) || !isPathByte(next[len(name)])) {
					return false
				}
			}
		}
		return after == "" || !isPathByte(after[0])
	}
	comp := after[1:]
	end := 0
	for end < len(comp) && (isPathByte(comp[end]) || comp[end] == '*') {
		end++
	}
	comp = strings.TrimRight(comp[:end], ".")
	switch {
	case comp == "", comp == "*":
		return true
	case strings.HasSuffix(comp, ".pub"), comp == "known_hosts", comp == "authorized_keys",
		comp == "config", comp == "environment", comp == "rc", strings.HasPrefix(comp, "known_hosts"):
		return false
	}
	return true
}

// notPublicKey accepts "id_rsa" at the end of a path, not "id_rsa.pub" or
// "id_rsa_rotation.md".
func notPublicKey(after string) bool {
	switch {
	case after == "":
		return true
	case after[0] == '.':
		return len(after) == 1 || !isWordByte(after[1])
	}
	return !isPathByte(after[0])
}

// envFileEnds accepts ".env" and ".env.local", not ".environment",
// ".envrc" or the templates that projects commit in place of the file
// (".env.example", ".env.sample", ".env.template", ".env.dist"), which
// hold placeholders, not secrets.
func envFileEnds(after string) bool {
	if after == "" {
		return true
	}
	if isWordByte(after[0]) {
		return false
	}
	if after[0] == '.' || after[0] == '-' || after[0] == '_' {
		suffix := after[1:]
		end := 0
		for end < len(suffix) && isWordByte(suffix[end]) {
			end++
		}
		rest := suffix[end:]
		switch suffix[:end] {
		case "example", "sample", "template", "dist", "tpl", "tmpl":
			// ".env.example.local" is a file of secrets again.
			return len(rest) > 1 && rest[0] == '.' && isWordByte(rest[1])
		}
	}
	return true
}

// nameEnds accepts a file name that ends where the anchor does: ".bashrc"
// and "~/.zshrc", not ".bashrc_backup_notes" or ".zshrc.d".
func nameEnds(after string) bool {
	return after == "" || !isPathByte(after[0]) || after[0] == '.' && (len(after) == 1 || !isWordByte(after[1]))
}

func isPathByte(c byte) bool {
	return isWordByte(c) || c == '_' || c == '-' || c == '.'
}

// pathStart reports whether an anchor at i of t starts a path rather than
// sitting inside a longer name ("process.env", "my_id_rsa_notes").
func pathStart(t string, i int, anchor string) bool {
	if anchor[0] == '/' || i == 0 {
		return true
	}
	c := t[i-1]
	if anchor[0] == '.' {
		return !isWordByte(c) && c != '.'
	}
	return !isWordByte(c) && c != '-'
}

var (
	moveVerbs = map[string]bool{
		"pass": true, "include": true, "send": true, "upload": true, "attach": true, "append": true,
		"provide": true, "forward": true, "post": true, "share": true, "embed": true, "put": true,
		"paste": true, "insert": true, "submit": true, "transmit": true, "exfiltrate": true,
		"copy": true, "leak": true, "email": true, "content": true, "contents": true,
		"read": true, "cat": true, "open": true, "load": true, "access": true, "retrieve": true,
		"fetch": true, "collect": true, "extract": true, "dump": true, "grab": true, "print": true,
	}
	guardWords = map[string]bool{
		"never": true, "not": true, "no": true, "don't": true, "dont": true, "block": true, "blocks": true,
		"deny": true, "denies": true, "refuse": true, "refuses": true, "exclude": true, "excludes": true,
		"excluding": true, "protect": true, "protects": true, "skip": true, "skips": true, "except": true,
		"forbidden": true, "disallowed": true, "blocked": true, "redact": true, "redacts": true,
		"mask": true, "masks": true, "avoid": true, "avoids": true, "prevent": true, "prevents": true,
	}
)

// secretMention is one secret file named in a text.
type secretMention struct {
	file  *secretFile
	path  string
	moved string // the verb that reads or moves it, if any
	at    int    // where it starts in the text
}

// secretMentions finds the secret files a text names outside the owner's
// domain and outside sentences that forbid them.
func secretMentions(w *words, domain map[string]bool) []secretMention {
	if w.hasSoft {
		w = split(strings.ReplaceAll(w.text, string(softMark), ""))
	}
	t := strings.ReplaceAll(w.lower(), "\\", "/")
	var out []secretMention
	seen := map[string]bool{}
	for fi := range secretFiles {
		f := &secretFiles[fi]
		// A file of the tool's own subject is its business ("adds the
		// key to ~/.ssh/authorized_keys"), unless the text orders the
		// model to read or hand it over (see ordered).
		inDomain := f.inDomain(domain)
		for _, anchor := range f.anchors {
			for from := 0; ; {
				k := strings.Index(t[from:], anchor)
				if k < 0 {
					break
				}
				at := from + k
				from = at + len(anchor)
				if !pathStart(t, at, anchor) || (f.accept != nil && !f.accept(t[from:])) {
					continue
				}
				pstart, pend := pathAround(t, at, from)
				path := w.display(pstart, pend)
				if seen[path] || seenSuffix(seen, path) {
					continue
				}
				tok := w.tokenAt(at)
				lo, hi := w.sentenceOf(tok)
				if guarded(w, lo, tok) || exampleMention(w, pstart, pend, lo, tok) || inDomain && (!ordered(w, lo, tok) || f.weak && valuesFrom(w, lo, tok)) {
					continue
				}
				m := secretMention{file: f, path: path, at: pstart}
				for k := lo; k < hi; k++ {
					if moveVerbs[w.lowerWord(k)] {
						m.moved = w.lowerWord(k)
						break
					}
				}
				// "Supports reading .env files for configuration": a
				// weak file that its sentence gives a purpose, and moves
				// nowhere, is the tool's own business.
				if f.weak && m.moved == "" && !movesAny(w, lo, hi) && sentenceHas(w, lo, hi, f.purpose) {
					continue
				}
				seen[path] = true
				out = append(out, m)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// ordered reports whether the words of a sentence before token tok
// order the model to read or hand over what tok names, which a tool's
// subject does not excuse: a move verb in its bare form opening the
// sentence or a clause ("Before analysis, read ~/.ssh/id_rsa", "first
// read …, then pass …"), or the file's contents asked for ("contents of
// ~/.ssh/id_rsa"). An SSH tool says what it does with a key ("uses
// ~/.ssh/id_rsa by default"); it has no reason to send the model to it.
func ordered(w *words, lo, tok int) bool {
	for k := lo; k < tok; k++ {
		word := w.lowerWord(k)
		if word == "content" || word == "contents" {
			if k+2 >= tok {
				return true
			}
			continue
		}
		if !moveVerbs[word] {
			continue
		}
		if k == lo || clauseOpener[w.lowerWord(k-1)] || strings.ContainsAny(w.text[w.toks[k-1].end:w.toks[k].start], ",;:") {
			return true
		}
	}
	return false
}

// valuesFrom reports whether the file at token tok is named as where
// what the order moves comes from ("send the full set with real values
// taken from the project .env file"), not as what it moves ("read .env",
// "send .env"): "from" stands before the path with at most two words
// between ("from the project .env"), none of them a verb that moves it. For a
// weak file of the tool's own subject (an environment-variable tool and
// .env) that is the tool's job: the values it sets come from the
// project's file.
func valuesFrom(w *words, lo, tok int) bool {
	for k := tok - 1; k >= lo && k >= tok-3; k-- {
		word := w.lowerWord(k)
		if word == "from" {
			return true
		}
		if moveVerbs[word] {
			return false
		}
	}
	return false
}

// clauseOpener are the words after which a bare verb is an order.
var clauseOpener = map[string]bool{"first": true, "then": true, "and": true, "please": true, "must": true, "always": true, "also": true}

// movesAny reports whether words lo to hi hold a verb that sends a file
// somewhere in any form ("uploads", "sending"), or one that hands its
// contents back ("returns", "shows"): moveVerbs holds base forms only,
// which is enough to name the move in a finding, not to rule one out.
// Reading alone ("supports reading .env files for configuration") is the
// tool's own business.
func movesAny(w *words, lo, hi int) bool {
	for k := lo; k < hi; k++ {
		word := w.lowerWord(k)
		for _, stem := range []string{word, strings.TrimSuffix(word, "s"), strings.TrimSuffix(word, "es"), strings.TrimSuffix(word, "ing"), strings.TrimSuffix(word, "ed"), strings.TrimSuffix(word, "d")} {
			if moveVerbs[stem] && !readVerbs[stem] || handBack[stem] {
				return true
			}
		}
	}
	return false
}

// readVerbs are the moveVerbs that only read.
var readVerbs = map[string]bool{"read": true, "cat": true, "open": true, "load": true, "access": true, "retrieve": true, "fetch": true, "content": true, "contents": true}

// handBack are verbs that give a file's contents to the caller.
var handBack = map[string]bool{"return": true, "show": true, "display": true, "output": true, "expose": true, "reveal": true, "sync": true, "export": true, "transfer": true}

// exampleMention reports whether a path is cited rather than pointed at:
// inside a quoted phrase ("e.g. 'how do I register the server in
// mcp.json'"), one of a list of quoted names (".env", "tsconfig.json"),
// or introduced as an example.
func exampleMention(w *words, from, to, lo, tok int) bool {
	t := w.text
	if open, end, ok := w.quoteAround(from, to); ok {
		inner := strings.TrimSpace(t[open+1 : end])
		if inner != t[from:to] {
			return true
		}
		before := strings.TrimRight(t[:open], " ")
		after := strings.TrimLeft(t[end+1:], " ")
		if strings.HasSuffix(before, ",") || strings.HasPrefix(after, ",") {
			return true
		}
	}
	for k := max(lo, tok-8); k < tok; k++ {
		word := w.lowerWord(k)
		if word == "example" || word == "examples" || word == "such" || (word == "g" && k > lo && w.lowerWord(k-1) == "e") {
			return true
		}
	}
	return false
}

// sentenceHas reports whether the words [lo, hi) hold one of these.
func sentenceHas(w *words, lo, hi int, these []string) bool {
	for k := lo; k < hi; k++ {
		word := w.lowerWord(k)
		for _, d := range these {
			if word == d {
				return true
			}
		}
	}
	return false
}

func (f *secretFile) inDomain(domain map[string]bool) bool {
	for _, d := range f.domain {
		if domain[d] {
			return true
		}
	}
	return false
}

func guarded(w *words, lo, tok int) bool {
	for k := lo; k < tok && k < len(w.toks); k++ {
		if guardWords[w.lowerWord(k)] {
			return true
		}
	}
	return false
}

// tokenAt returns the index of the first token that ends after byte at.
func (w *words) tokenAt(at int) int {
	for i, tk := range w.toks {
		if tk.end > at {
			return i
		}
	}
	return len(w.toks)
}

// pathAround widens an anchor to the whole path it sits in.
func pathAround(t string, start, end int) (int, int) {
	for start > 0 && (isPathByte(t[start-1]) || t[start-1] == '/' || t[start-1] == '~' || t[start-1] == '*') {
		start--
	}
	for end < len(t) && (isPathByte(t[end]) || t[end] == '/' || t[end] == '*') {
		end++
	}
	for end > start && (t[end-1] == '.' || t[end-1] == '-') {
		end--
	}
	return start, end
}

// seenSuffix reports whether path is the tail of a path already found:
// "mcp.json" after "~/.cursor/mcp.json".
func seenSuffix(seen map[string]bool, path string) bool {
	for p := range seen {
		if strings.HasSuffix(p, path) {
			return true
		}
	}
	return false
}

// domainWords are the words of the tool's own vocabulary: its name, title
// and parameter names, split at _, -, . and camelCase humps.
func domainWords(s *sdk.Snapshot) func(owner string, tool int) map[string]bool {
	cache := map[string]map[string]bool{}
	// resources maps a resource's owner to its name and title, made the
	// first time a resource is asked for.
	var resources map[string][]string
	return func(owner string, tool int) map[string]bool {
		if d, ok := cache[owner]; ok {
			return d
		}
		d := map[string]bool{}
		switch {
		case tool >= 0:
			t := s.Tools[tool]
			addWords(d, t.Name)
			addWords(d, t.Title)
			if schema, ok := t.InputSchema.(map[string]any); ok {
				if props, ok := schema["properties"].(map[string]any); ok {
					for name := range props {
						addWords(d, name)
					}
				}
			}
		case owner == sdk.OwnerInstructions:
			addWords(d, s.Name)
			if s.Server != nil {
				addWords(d, s.Server.Name)
			}
			for _, t := range s.Tools {
				addWords(d, t.Name)
			}
		case strings.HasPrefix(owner, "<resource "):
			// A resource is about what its name and title say. Its URI
			// is what the rule reads, and cannot excuse itself: a
			// resource at file:///home/user/.ssh/id_rsa is not about
			// SSH keys because its URI names one.
			if resources == nil {
				resources = make(map[string][]string, len(s.Resources)+len(s.ResourceTemplates))
				for _, r := range s.Resources {
					o := sdk.OwnerResource(r.URI)
					resources[o] = append(resources[o], r.Name, r.Title)
				}
				for _, r := range s.ResourceTemplates {
					o := sdk.OwnerResource(r.URITemplate)
					resources[o] = append(resources[o], r.Name, r.Title)
				}
			}
			for _, name := range resources[owner] {
				addWords(d, name)
			}
		default:
			addWords(d, owner)
		}
		cache[owner] = d
		return d
	}
}

// addWords adds the lowercase words of an identifier or title.
func addWords(d map[string]bool, s string) {
	ident.EachWord(s, func(start, end int) { d[strings.ToLower(s[start:end])] = true })
}

// Check reports each text that names secret files, once.
func (sensitiveFileReference) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	domainOf := domainWords(s)
	// The phrase rules' scan reads every byte of every text already and
	// finds mayNameSecretFile's verdict on its way.
	w := &words{}
	for _, e := range judged.Of(ctx, s).secretFiles {
		t := e.t
		w.reset(t.Value)
		domain := domainOf(t.Owner(), t.Tool())
		if sentenceName(t, w) || t.Kind == visible.KindResourceURI {
			// A parameter named like a sentence is its own order
			// ("content_from_reading_ssh_id_rsa"), not a subject the
			// tool's vocabulary can excuse: the vocabulary holds it.
			// A resource's URI does not mention a file, it serves it:
			// file:///root/.aws/credentials named "creds" hands the
			// credentials to whoever reads the resource.
			domain = nil
		}
		ms := secretMentions(w, domain)
		if len(ms) == 0 {
			continue
		}
		report(secretIssue(t, ms))
	}
	return nil
}

// sentenceName reports whether t is a parameter's name of four words or
// more, a sentence rather than a name.
func sentenceName(t visible.Text, w *words) bool {
	return (t.Kind == visible.KindParamName || t.Kind == visible.KindPromptArgName) && len(w.toks) >= 4
}

func secretIssue(t visible.Text, ms []secretMention) sdk.Issue {
	is := sdk.Issue{Tool: t.Owner(), Pointer: t.Pointer()}
	var parts []string
	var moved string
	weak := true
	for _, m := range ms {
		parts = append(parts, fmt.Sprintf("%s (%s)", strconv.Quote(snip.Runes(m.path, 80)), m.file.label))
		if m.moved != "" && moved == "" {
			moved = m.moved
		}
		weak = weak && m.file.weak
	}
	names := strings.Join(parts, ", ")
	if moved != "" {
		order := "tells the model to " + strconv.Quote(moved)
		if moved == "content" || moved == "contents" {
			order = "asks the model for the contents of"
		}
		is.Message = fmt.Sprintf("%s %s a file that holds secrets: %s; a tool's text has no reason to send a model to files outside its job", kindName(t.Kind.String()), order, names)
		is.Fix = "remove the reference; a tool that needs a credential takes it from its own configuration, never through the model"
		return is
	}
	is.Severity = sdk.Warning
	if weak {
		is.Severity = sdk.Info
	}
	is.Message = fmt.Sprintf("%s names a file that holds secrets: %s, outside what this tool's name and parameters are about", kindName(t.Kind.String()), names)
	is.Fix = "remove the path from the text, or say why the tool needs it; credentials belong in the server's configuration, not in what the model reads"
	return is
}

// mayNameSecretFile is a cheap filter on the raw text. Every anchor has a
// punctuation byte (or the space of "login data"); rather than search the
// text once per anchor, it stops where such a byte is followed by a byte
// some anchor has after it, and compares those anchors, ignoring case. A
// pair is looked up at once, so the spaces of prose, which almost never
// start one, cost no stop.
func mayNameSecretFile(s string) bool {
	for j := 0; ; j++ {
		k := hookPairs.Index(s[j:])
		if k < 0 {
			return false
		}
		if j += k; hookedAt(s, j) {
			return true
		}
	}
}

// hookedAt reports whether an anchor hooked on s[j] and s[j+1] is at its
// place around them.
func hookedAt(s string, j int) bool {
	for _, h := range anchorHooks[hookPunct[s[j]]-1][hookNext(s[j+1])] {
		start := j - h.offset
		if start >= 0 && start+len(h.anchor) <= len(s) && equalFoldPath(s[start:start+len(h.anchor)], h.anchor) {
			return true
		}
	}
	return false
}

// hookNext is the byte after a hook byte as anchorHooks indexes it:
// lowercase, with \ read as /.
func hookNext(next byte) byte {
	if next >= 'A' && next <= 'Z' {
		return next + 'a' - 'A'
	}
	if next == '\\' {
		return '/'
	}
	return next
}

// hookPairs holds every hook byte followed by a byte that some anchor
// hooked on it has next.
var hookPairs = func() *bytepair.Set {
	var set bytepair.Set
	for first := range 256 {
		p := hookPunct[first]
		if p == 0 {
			continue
		}
		for next := range 256 {
			if len(anchorHooks[p-1][hookNext(byte(next))]) > 0 {
				set.Add(byte(first), byte(next))
			}
		}
	}
	return &set
}()

// equalFoldPath compares ignoring ASCII case, with \ equal to /.
func equalFoldPath(s, anchor string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c == '\\':
			c = '/'
		}
		if c != anchor[i] {
			return false
		}
	}
	return true
}

type hook struct {
	anchor string
	offset int
}

// hookPuncts are the bytes an anchor is hooked on; hookPunct maps each
// (and \, read as /) to its index plus one, and every other byte to 0.
const hookPuncts = "./_- "

var hookPunct = func() (m [256]uint8) {
	for i := range len(hookPuncts) {
		m[hookPuncts[i]] = uint8(i + 1)
	}
	m['\\'] = m['/']
	return m
}()

// anchorHooks indexes every anchor by its first punctuation byte and the
// byte after it, which most of the spaces and periods of prose do not
// match ("login data" is hooked on " d").
var anchorHooks = func() *[len(hookPuncts)][256][]hook {
	var m [len(hookPuncts)][256][]hook
	for _, f := range secretFiles {
		for _, a := range f.anchors {
			k := strings.IndexAny(a, hookPuncts)
			if k < 0 || k+1 >= len(a) {
				panic("secret file anchor without punctuation followed by a byte: " + a)
			}
			p := hookPunct[a[k]] - 1
			m[p][a[k+1]] = append(m[p][a[k+1]], hook{anchor: a, offset: k})
		}
	}
	return &m
}()
