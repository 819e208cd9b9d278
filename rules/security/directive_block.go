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

// directiveBlock reports pseudo-markup that addresses the model with
// borrowed authority: <IMPORTANT>, <system>, <instructions> blocks,
// chat-template role markers, and HTML comments that rendered views hide.
type directiveBlock struct{}

// Meta describes the rule.
func (directiveBlock) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "directive-block",
		Category: sdk.CategorySecurity,
		Severity: sdk.Warning,
		Summary:  "<IMPORTANT>, <system> or <instructions> blocks, role markers and hidden comments address the model with borrowed authority",
		Doc:      doc("directive-block"),
		Source:   "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks (Invariant Labs, tool poisoning)",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-1427",
		Uses:     []string{visible.Listing.Name, visible.Recurring.Name, foldedTexts.Name},
	}
}

// Words tag names are made of. A tag is a directive when its name is one
// or two of these words and at least one is strong.
var (
	strongTagWords = map[string]bool{
		"important": true, "system": true, "instructions": true, "instruction": true, "prompt": true,
		"admin": true, "administrator": true, "secret": true, "hidden": true, "override": true,
		"critical": true, "mandatory": true, "assistant": true, "developer": true, "sys": true,
		"urgent": true, "priority": true,
	}
	weakTagWords = map[string]bool{
		"tool": true, "message": true, "note": true, "notes": true, "context": true, "user": true,
		"info": true, "rules": true, "rule": true, "security": true, "hidden": true, "new": true, "real": true,
	}
	// Tag words that claim a role or secrecy: errors whatever the block says.
	roleTagWords = map[string]bool{
		"system": true, "instructions": true, "instruction": true, "prompt": true, "admin": true,
		"administrator": true, "secret": true, "hidden": true, "override": true, "assistant": true,
		"developer": true, "sys": true,
	}
)

// tagSeparators drops the separators of a tag name's words. Built once:
// a Replacer's tables cost kilobytes, and a tag is checked at every "<"
// of every text.
var tagSeparators = strings.NewReplacer("_", "", "-", "", " ", "", ".", "")

// directiveTag splits a normalized tag name into its words and reports
// whether it is a directive tag and whether it claims a role.
func directiveTag(name string) (directive, role bool) {
	name = tagSeparators.Replace(name)
	check := func(parts ...string) (bool, bool) {
		strong, role := false, false
		for _, p := range parts {
			if !strongTagWords[p] && !weakTagWords[p] {
				return false, false
			}
			strong = strong || strongTagWords[p]
			role = role || roleTagWords[p]
		}
		return strong, role
	}
	if d, r := check(name); d {
		return d, r
	}
	for i := 2; i < len(name)-1; i++ {
		if d, r := check(name[:i], name[i:]); d {
			return d, r
		}
	}
	return false, false
}

// tagAt reads a tag at t[i] == '<': its lowercase name, whether it closes,
// and the offset after it.
func tagAt(t string, i int) (name string, closing bool, end int, ok bool) {
	j := i + 1
	if j < len(t) && t[j] == '/' {
		closing = true
		j++
	}
	start := j
	for j < len(t) && (isWordByte(t[j]) || t[j] == '_' || t[j] == '-') {
		j++
	}
	if j == start || j-start > 40 {
		return "", false, 0, false
	}
	name = t[start:j]
	// Attributes, up to a short distance, on one line.
	for k := j; k < len(t) && k < j+120; k++ {
		switch t[k] {
		case '>':
			return name, closing, k + 1, true
		case '<', '\n':
			return "", false, 0, false
		}
	}
	return "", false, 0, false
}

// block is one directive found in a text.
type block struct {
	label   string // how the message names it: "a <IMPORTANT> block"
	at      int    // offset of its start in the folded text
	content string
	role    bool // a role claim: reported whatever it says
	hidden  bool // text a rendered view does not show
}

// docWords in the sentence around a tag say it is being documented.
var docWords = map[string]bool{
	"tag": true, "tags": true, "element": true, "elements": true, "markup": true, "html": true,
	"xml": true, "jsx": true, "svg": true, "attribute": true, "attributes": true,
}

func directiveBlocks(w *words) []block {
	if w.hasSoft {
		w = split(strings.ReplaceAll(w.text, string(softMark), ""))
	}
	t := w.lower()
	var out []block
	var markers []string
	markerAt, markerEnd := -1, -1
	for i := 0; i < len(t); i++ {
		if t[i] != '<' && t[i] != '[' && t[i] != '"' {
			continue
		}
		if _, end, ok := roleMarker(t, i); ok {
			if !w.quoted(i, end) {
				markers = append(markers, w.display(i, end))
				if markerAt < 0 {
					markerAt, markerEnd = i, end
				}
			}
			i = end - 1
			continue
		}
		if t[i] == '"' {
			if _, end, ok := roleKey(t, i); ok && !documented(w, t, i, end) {
				// The key's value, a string of words: a flag
				// ("_system": true) gives no orders.
				content := strings.TrimLeft(t[end:], " ")
				from := len(t) - len(content)
				if !strings.HasPrefix(content, `"`) {
					continue
				}
				content = content[1:]
				if k := strings.IndexAny(content, "\"\n"); k >= 0 {
					content = content[:k]
				}
				if sentence(content) {
					out = append(out, block{label: "a JSON key " + w.display(i, end-1), at: i, content: w.display(from+1, from+1+len(content)), role: true})
					i = end - 1 + len(content)
				}
			}
			continue
		}
		if t[i] != '<' {
			if _, end, ok := bracketRole(t, i); ok && !w.quoted(i, end) && !documented(w, t, i, end) {
				content := t[end:]
				if k := strings.IndexAny(content, "]\n"); k >= 0 {
					content = content[:k]
				}
				if sentence(content) {
					out = append(out, block{label: "a bracketed " + strconv.Quote(w.display(i, end)) + " marker", at: i, content: strings.TrimSpace(w.display(end, end+len(content))), role: true})
					i = end - 1 + len(content)
					continue
				}
			}
			if _, end, ok := bracketLabel(t, i); ok && !w.quoted(i, end) && !documented(w, t, i, end) {
				content := t[end:]
				if k := strings.IndexByte(content, '\n'); k >= 0 {
					content = content[:k]
				}
				if strings.TrimSpace(content) != "" {
					out = append(out, block{label: "a " + strconv.Quote(w.display(i, end)) + " label", at: i, content: strings.TrimSpace(w.display(end, end+len(content))), role: true})
					i = end - 1 + len(content)
				}
			}
			continue
		}
		if strings.HasPrefix(t[i:], "<!--") {
			end := strings.Index(t[i+4:], "-->")
			if end < 0 {
				continue
			}
			content := strings.TrimSpace(w.display(i+4, i+4+end))
			if strings.Count(content, " ") >= 1 && !w.quoted(i, i+4+end+3) {
				out = append(out, block{label: "an HTML comment hidden from rendered Markdown", at: i, content: content, hidden: true})
			}
			i += 4 + end + 2
			continue
		}
		name, closing, end, ok := tagAt(t, i)
		if !ok || closing {
			continue
		}
		directive, role := directiveTag(name)
		if !directive || w.quoted(i, end) || documented(w, t, i, end) {
			continue
		}
		closeTag := "</" + name
		var content string
		if k := strings.Index(t[end:], closeTag); k >= 0 {
			content = t[end : end+k]
		} else if atLineStart(t, i) {
			content = t[end:]
		} else {
			continue
		}
		if strings.TrimSpace(content) == "" {
			continue
		}
		out = append(out, block{label: article(name) + " <" + w.display(i+1, i+1+len(name)) + "> block", at: i, content: strings.TrimSpace(w.display(end, end+len(content))), role: role})
		i = end - 1 + len(content)
	}
	if len(markers) > 0 {
		label := "a chat-template role marker " + strconv.Quote(markers[0])
		if distinct := uniq(markers); len(distinct) > 1 {
			label = "chat-template role markers " + strings.Join(quoteAll(distinct), ", ")
		}
		out = append(out, block{label: label, at: markerAt, content: strings.TrimSpace(w.display(markerEnd, len(t))), role: true})
	}
	return out
}

// mayHoldBlock reports whether directiveBlocks can find a block in text t
// (plain, or folded, lowered and without soft marks), before t is cut
// into words, which costs more: it needs a role
// marker, an HTML comment or a directive tag, and the words only tell
// the quoted and documented ones apart. Most texts with a < or a [ hold
// none.
func mayHoldBlock(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] != '<' && t[i] != '[' && (t[i] != '"' || i+1 >= len(t) || t[i+1] != '_') {
			continue
		}
		// A marker or a tag is short; lowering a window around it costs
		// no allocation unless it has capitals.
		window := strings.ToLower(t[i:min(len(t), i+maxTagSpan)])
		if _, _, ok := roleMarker(window, 0); ok {
			return true
		}
		if window[0] == '"' {
			if _, _, ok := roleKey(window, 0); ok {
				return true
			}
			continue
		}
		if window[0] != '<' {
			if _, _, ok := bracketLabel(t, i); ok {
				return true
			}
			if _, _, ok := bracketRole(window, 0); ok {
				return true
			}
			continue
		}
		if strings.HasPrefix(window, "<!--") {
			return true
		}
		if name, closing, _, ok := tagAt(window, 0); ok && !closing {
			if directive, _ := directiveTag(name); directive {
				return true
			}
		}
	}
	return false
}

// maxTagSpan is the most bytes roleMarker and tagAt read from where they
// start: "<", "/", a name of 40 bytes, and attributes up to 120 more.
const maxTagSpan = 2 + 40 + 120 + 1

// article is the indefinite article a tag name takes when read aloud.
func article(name string) string {
	lower := strings.ToLower(name)
	switch {
	case strings.HasPrefix(lower, "us"), strings.HasPrefix(lower, "uni"):
		return "a" // "a user_…", sounded with a consonant
	case lower != "" && strings.IndexByte("aeiou", lower[0]) >= 0:
		return "an"
	}
	return "a"
}

func uniq(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// roleMarker reads a chat-template role marker at t[i] (<|name|>, [INST],
// [/INST], <<SYS>>, <</SYS>>) and returns it and the offset after it.
func roleMarker(t string, i int) (string, int, bool) {
	for _, m := range []string{"[inst]", "[/inst]", "<<sys>>", "<</sys>>"} {
		if strings.HasPrefix(t[i:], m) {
			return m, i + len(m), true
		}
	}
	if strings.HasPrefix(t[i:], "<|") {
		k := strings.Index(t[i+2:], "|>")
		if k > 0 && k <= 30 {
			inner := t[i+2 : i+2+k]
			if strings.Trim(inner, "abcdefghijklmnopqrstuvwxyz0123456789_") == "" {
				end := i + 2 + k + 2
				return t[i:end], end, true
			}
		}
	}
	return "", 0, false
}

// bracketLabel reads a label at t[i] == '[', "[hidden
// instruction]:" or "[system directive]:", that claims the authority of
// the system or of hidden instructions: one to three words, the last a
// directive word or all of them directive-tag words with a role, and a
// colon after it. It returns the label's name and the offset after the
// colon.
func bracketLabel(t string, i int) (string, int, bool) {
	k := strings.IndexByte(t[i+1:min(len(t), i+1+40)], ']')
	if k <= 0 {
		return "", 0, false
	}
	// Lowered here, not by the caller, so that a caller screening a short
	// window can pass the whole text: the spaces before the colon have no
	// bound.
	name := strings.ToLower(t[i+1 : i+1+k])
	end := i + 1 + k + 1
	for end < len(t) && t[end] == ' ' {
		end++
	}
	if end >= len(t) || t[end] != ':' {
		return "", 0, false
	}
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '_' || r == '-' })
	if len(parts) == 0 || len(parts) > 3 {
		return "", 0, false
	}
	for _, p := range parts {
		if strings.Trim(p, "abcdefghijklmnopqrstuvwxyz") != "" {
			return "", 0, false
		}
	}
	if labelWords[parts[len(parts)-1]] {
		return name, end + 1, true
	}
	if _, role := directiveTag(strings.Join(parts, "")); role {
		return name, end + 1, true
	}
	return "", 0, false
}

// bracketRole reads, at t[i] == '[' (t lowered), a bracketed marker that
// claims a role and gives its orders inside the brackets: "[SYSTEM: …]",
// "[[[SYSTEM INSTRUCTION: …]]]", "[ADMIN OVERRIDE - …]". One to three
// brackets open it; its name is one to three words, all directive-tag
// words, one of them a role ("system", "admin", "instruction"…), and a
// colon or a dash ends it. It returns the name and the offset after the
// colon. A Markdown link ("[System](…)") or a bracketed note ("[Note: …]")
// claims no role.
func bracketRole(t string, i int) (string, int, bool) {
	j := i
	for j < len(t) && j < i+3 && t[j] == '[' {
		j++
	}
	k := j
	for k < len(t) && k < j+40 && (t[k] >= 'a' && t[k] <= 'z' || t[k] == ' ' || t[k] == '_' || t[k] == '-' && k+1 < len(t) && t[k+1] != ' ') {
		k++
	}
	end := k
	for end < len(t) && t[end] == ' ' {
		end++
	}
	switch {
	case end < len(t) && t[end] == ':':
		end++
	case end+1 < len(t) && t[end] == '-' && t[end+1] == ' ' && end > k:
		end++
	default:
		return "", 0, false
	}
	name := strings.TrimSpace(t[j:k])
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '_' || r == '-' })
	if len(parts) == 0 || len(parts) > 3 {
		return "", 0, false
	}
	role := false
	for _, p := range parts {
		if !strongTagWords[p] && !weakTagWords[p] && !labelWords[p] {
			return "", 0, false
		}
		role = role || roleTagWords[p]
	}
	if !role {
		return "", 0, false
	}
	return name, end, true
}

// sentence reports whether s holds at least three words, as an order
// does; a value ("[admin: true]") does not.
func sentence(s string) bool {
	n := 0
	for f := range strings.FieldsSeq(s) {
		if strings.IndexFunc(f, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0 {
			n++
		}
	}
	return n >= 3
}

// roleKey reads, at t[i] == '"' (t lowered), a JSON key that smuggles a
// role into data the model reads: an underscore first, as a private or
// internal field is spelled, and a role word among its words
// ("_system_injection", "__system_prompt", "_admin_override"). It returns
// the key and the offset after its colon.
func roleKey(t string, i int) (string, int, bool) {
	if i+1 >= len(t) || t[i+1] != '_' {
		return "", 0, false
	}
	k := i + 1
	for k < len(t) && k < i+1+40 && (t[k] >= 'a' && t[k] <= 'z' || t[k] >= '0' && t[k] <= '9' || t[k] == '_') {
		k++
	}
	if k >= len(t) || t[k] != '"' {
		return "", 0, false
	}
	end := k + 1
	for end < len(t) && t[end] == ' ' {
		end++
	}
	if end >= len(t) || t[end] != ':' {
		return "", 0, false
	}
	role := false
	for _, p := range strings.Split(t[i+1:k], "_") {
		role = role || roleTagWords[p]
	}
	if !role {
		return "", 0, false
	}
	return t[i+1 : k], end + 1, true
}

// labelWords end a bracketed label that gives the model orders, whatever
// word qualifies them: "[metadata directive]:", "[hidden instruction]:".
var labelWords = map[string]bool{
	"directive": true, "directives": true, "instruction": true, "instructions": true, "override": true, "overrides": true, "command": true, "commands": true,
}

func atLineStart(t string, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch t[k] {
		case '\n':
			return true
		case ' ', '\t':
			continue
		}
		return false
	}
	return true
}

// documented reports whether the tag at [i, end) is being talked about: it
// sits in a list of tags, or within a few words of "tag", "element",
// "HTML"….
func documented(w *words, t string, i, end int) bool {
	before := strings.TrimRight(t[:i], " ,/")
	before = strings.TrimSuffix(strings.TrimSuffix(before, " and"), " or")
	before = strings.TrimRight(before, " ,")
	if strings.HasSuffix(before, ">") {
		return true
	}
	after := strings.TrimLeft(t[end:], " ,")
	after = strings.TrimPrefix(strings.TrimPrefix(after, "and "), "or ")
	if strings.HasPrefix(strings.TrimLeft(after, " "), "<") && !strings.HasPrefix(strings.TrimLeft(after, " "), "</") {
		return true
	}
	tok := w.tokenAt(i)
	lo, hi := w.sentenceOf(tok)
	for k := max(lo, tok-6); k < min(hi, tok+4); k++ {
		if docWords[w.lowerWord(k)] {
			return true
		}
	}
	return false
}

// blockDirective reports what in a block's content is a directive, or "".
func blockDirective(content string) string {
	w := split(content)
	for _, ps := range []*phraseSet{concealmentPhrases(), overridePhrases()} {
		for _, m := range ps.find(w) {
			if !w.mentioned(m) {
				return strconv.Quote(w.quote(m))
			}
		}
	}
	if ms := secretMentions(w, nil); len(ms) > 0 {
		return strconv.Quote(ms[0].path)
	}
	return ""
}

// Check reports each directive block.
func (directiveBlock) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	folded := foldedTexts.Of(ctx, s)
	// One words value for every text read, its storage reused.
	w := &words{}
	// What the rule finds in a text is its value's: a text whose first
	// text was read without a finding is not read again.
	first := visible.First(ctx, s)
	quiet := make([]bool, len(first))
	i := -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		if f := first[i]; int(f) != i {
			if quiet[f] {
				return
			}
		} else {
			// Set back below when the text holds a finding.
			quiet[i] = true
		}
		// Two byte searches run far faster than ContainsAny's test of
		// every byte against a set.
		if strings.IndexByte(t.Value, '<') < 0 && strings.IndexByte(t.Value, '[') < 0 && !strings.Contains(t.Value, `"_`) {
			return
		}
		if t.Plain() {
			if !mayHoldBlock(t.Value) {
				return
			}
			w.resetFolded(t.Value, t.Value)
		} else {
			// directiveBlocks reads the folded text lowered, without
			// its soft marks.
			if !mayHoldBlock(strings.ToLower(strings.ReplaceAll(folded.text(i), string(softMark), ""))) {
				return
			}
			w.resetFolded(folded.text(i), "")
		}
		for _, b := range directiveBlocks(w) {
			is := sdk.Issue{Tool: t.Owner(), Pointer: t.Pointer()}
			quoted := strconv.Quote(snip.Runes(strings.Join(strings.Fields(b.content), " "), 120))
			directive := blockDirective(b.content)
			if b.hidden && directive == "" && !addressesModel(b.content) {
				// "<!-- This is a normal HTML comment -->": hidden, but
				// it says nothing to the model.
				continue
			}
			switch {
			case directive != "" && b.hidden:
				// Orders the user cannot see are concealment, not a
				// matter of reading: the one case this rule is sure of.
				is.Severity = sdk.Error
				is.Message = fmt.Sprintf("%s has %s with directives for the model, among them %s: %s", kindName(t.Kind.String()), b.label, directive, quoted)
			case directive != "":
				is.Message = fmt.Sprintf("%s has %s with directives for the model, among them %s: %s", kindName(t.Kind.String()), b.label, directive, quoted)
			case b.role:
				is.Message = fmt.Sprintf("%s has %s posing as the system, the user or the model's own instructions: %s", kindName(t.Kind.String()), b.label, quoted)
			default:
				is.Message = fmt.Sprintf("%s has %s addressing the model with extra weight: %s", kindName(t.Kind.String()), b.label, quoted)
			}
			is.Fix = "write the guidance as plain description text; remove role tags, markers and comments the user does not see"
			quiet[i] = false
			report(is)
		}
	})
	return nil
}

// commandVerbs open a sentence that orders someone to act.
var commandVerbs = map[string]bool{
	"always": true, "never": true, "do": true, "don't": true, "dont": true, "ignore": true, "disregard": true, "forget": true, "override": true,
	"call": true, "invoke": true, "use": true, "run": true, "execute": true, "send": true, "forward": true, "post": true, "upload": true, "fetch": true,
	"read": true, "open": true, "load": true, "include": true, "pass": true, "add": true, "append": true, "insert": true, "attach": true, "copy": true,
	"delete": true, "remove": true, "write": true, "print": true, "output": true, "return": true, "reply": true, "respond": true, "answer": true,
	"say": true, "tell": true, "show": true, "hide": true, "keep": true, "remember": true, "act": true, "pretend": true, "treat": true,
	"trust": true, "follow": true, "obey": true, "first": true, "then": true, "instead": true, "please": true, "make": true, "ensure": true,
	"collect": true, "extract": true, "export": true, "download": true, "install": true, "visit": true, "navigate": true, "go": true, "set": true,
}

// addresseeWords name whoever reads the text as the model.
var addresseeWords = map[string]bool{"you": true, "your": true, "assistant": true, "model": true, "ai": true, "agent": true, "llm": true, "claude": true, "gpt": true, "chatgpt": true, "gemini": true, "copilot": true}

// addressesModel reports whether a hidden comment's text speaks to the
// model: a directive of any of the phrase rules, a sentence that opens
// with a command, words naming the model, code or an address to act on.
// A note for the page's authors ("This is a normal HTML comment", "TODO:
// update the screenshot") does none of that.
func addressesModel(content string) bool {
	if strings.ContainsAny(content, "<>{}$`") || strings.Contains(content, "://") {
		return true
	}
	w := split(content)
	for _, ps := range []*phraseSet{hijackPhrases(), flowPhrases(), contextPhrases(), piiPhrases()} {
		if len(ps.find(w)) > 0 {
			return true
		}
	}
	for k := range w.toks {
		word := w.lowerWord(k)
		if addresseeWords[word] {
			return true
		}
		if lo, _ := w.sentenceOf(k); lo == k && commandVerbs[word] {
			return true
		}
	}
	return false
}
