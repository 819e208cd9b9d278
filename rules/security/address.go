package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// Reading who a sentence addresses. The phrase rules start from words
// some attack used; this reading starts from English clause structure
// instead, so that an order nobody has written before is read as what it
// is. A text is cut into clauses (sentences, and the parts a colon, a
// dash, a line break or "then" joins); a clause is an order to the model
// when it opens, after markers such as "IMPORTANT:" or "always", with a
// verb in its base form, or has the model as the subject of a modal ("you
// must", "the assistant should"), or puts a verb's object under "must be"
// ("the result must be sent"). The verb's class says what it can act on
// (to call, to send, to hide, to switch off, to tell), and the rest of the
// clause is read for an object of concern:
//
//   - another server's tools, or every other tool's calls: a tool name
//     the server does not have, or "other tools", "every request",
//     "instead of", "before any";
//   - the user, kept in the dark: hide from the user, do not tell them;
//   - the model's safeguards and its own instructions: ignore the
//     checks, skip the confirmation, disregard previous instructions;
//   - a destination the job does not name: a URL or an email address,
//     or a field of a call that the conversation is to be put in.
//
// An order counts only when both hold and the order is not the tool's own
// job: the first clause of a description with no marker or addressee
// says what the tool does ("Send a message to a channel"), and a verb that
// is a word of the tool's name is its job too. Polarity matters: "ask the
// user to confirm" adds a safeguard, "do not ask for confirmation" drops
// one.

// objectKind is what an order acts on, which decides the rule that
// reports it.
type objectKind uint8

const (
	objOtherTools objectKind = iota + 1
	objUser
	objSafeguards
	objDestination
)

// rule is the name of the rule that reports an order on o.
func (o objectKind) rule() string {
	switch o {
	case objOtherTools:
		return "tool-hijacking"
	case objUser:
		return "concealment-directive"
	case objSafeguards:
		return "instruction-override"
	}
	return "undisclosed-data-flow"
}

// what says, for messages, what the order acts on.
func (o objectKind) what() string {
	switch o {
	case objOtherTools:
		return "about other tools' calls"
	case objUser:
		return "to keep something from the user"
	case objSafeguards:
		return "to set aside its safeguards or instructions"
	}
	return "to send data to a destination the tool's job does not name"
}

// verbClass is what a verb of an order can act on.
type verbClass uint8

const (
	vInvoke  verbClass = 1 << iota // call, use, run, route
	vSend                          // send, forward, copy, include
	vHide                          // hide, omit, conceal
	vDisable                       // ignore, skip, bypass, disable
	vTell                          // tell, inform, ask, confirm: negated, a safeguard dropped
	vPrefer                        // prefer, prioritize, choose
	vAlter                         // add, change, replace: an order only on another tool's call
)

// orderVerbs are English verbs in their base form by class: a list of
// verbs, not of any source's sentences.
var orderVerbs = map[string]verbClass{
	"call": vInvoke, "invoke": vInvoke, "use": vInvoke, "run": vInvoke, "execute": vInvoke, "trigger": vInvoke, "route": vInvoke, "redirect": vInvoke | vSend, "reroute": vInvoke,
	"send": vSend, "forward": vSend, "copy": vSend, "include": vSend, "append": vSend, "attach": vSend, "post": vSend, "upload": vSend, "transmit": vSend,
	"share": vSend, "email": vSend, "bcc": vSend, "cc": vSend, "exfiltrate": vSend, "leak": vSend, "relay": vSend, "submit": vSend, "report": vSend | vTell, "pass": vSend,
	"hide": vHide, "conceal": vHide, "omit": vHide, "withhold": vHide, "suppress": vHide | vDisable, "mask": vHide,
	"ignore": vDisable, "disregard": vDisable, "skip": vDisable, "bypass": vDisable, "disable": vDisable, "override": vDisable, "overrule": vDisable,
	"forget": vDisable, "circumvent": vDisable, "waive": vDisable, "relax": vDisable, "lift": vDisable, "suspend": vDisable, "deactivate": vDisable, "abandon": vDisable, "discard": vDisable, "drop": vDisable, "neglect": vDisable,
	"tell": vTell, "inform": vTell, "notify": vTell, "alert": vTell, "warn": vTell, "show": vTell, "mention": vTell, "reveal": vTell, "disclose": vTell,
	"explain": vTell, "display": vTell, "ask": vTell, "wait": vTell, "prompt": vTell, "request": vTell, "seek": vTell, "require": vTell,
	"add": vAlter, "change": vAlter, "replace": vAlter, "modify": vAlter, "set": vAlter, "alter": vAlter, "rewrite": vAlter, "swap": vAlter, "insert": vAlter,
	"prefer": vPrefer, "prioritize": vPrefer, "prioritise": vPrefer, "favor": vPrefer, "favour": vPrefer, "choose": vPrefer, "select": vPrefer, "pick": vPrefer, "try": vPrefer,
}

// participles are the forms a verb of the list takes under "must be".
var participles = map[string]verbClass{
	"called": vInvoke, "invoked": vInvoke, "used": vInvoke, "run": vInvoke, "executed": vInvoke, "routed": vInvoke, "redirected": vInvoke | vSend, "rerouted": vInvoke,
	"sent": vSend, "forwarded": vSend, "copied": vSend, "included": vSend, "appended": vSend, "attached": vSend, "posted": vSend, "uploaded": vSend, "transmitted": vSend,
	"shared": vSend, "emailed": vSend, "bcc'd": vSend, "relayed": vSend, "submitted": vSend,
	"hidden": vHide, "concealed": vHide, "omitted": vHide, "withheld": vHide, "suppressed": vHide | vDisable,
	"ignored": vDisable, "disregarded": vDisable, "skipped": vDisable, "bypassed": vDisable, "disabled": vDisable, "overridden": vDisable, "forgotten": vDisable,
	"circumvented": vDisable, "deactivated": vDisable,
	"preferred": vPrefer, "prioritized": vPrefer, "prioritised": vPrefer, "chosen": vPrefer, "selected": vPrefer,
}

// orderMarkers may open a clause before its verb: labels, adverbs of
// time and frequency, politeness.
var orderMarkers = map[string]bool{
	"important": true, "note": true, "notice": true, "warning": true, "critical": true, "attention": true, "reminder": true, "required": true, "mandatory": true,
	"always": true, "first": true, "please": true, "also": true, "then": true, "and": true, "now": true, "just": true, "simply": true, "immediately": true,
	"additionally": true, "furthermore": true, "finally": true, "next": true, "afterwards": true, "silently": true, "quietly": true, "secretly": true,
	"automatically": true, "instead": true, "otherwise": true, "so": true, "but": true, "strictly": true,
}

// pointedMarkers make the clause an explicit order, unlike a
// description's opening verb.
var pointedMarkers = map[string]bool{
	"important": true, "note": true, "notice": true, "warning": true, "critical": true, "attention": true, "reminder": true, "required": true, "mandatory": true,
	"always": true, "please": true, "immediately": true, "silently": true, "quietly": true, "secretly": true, "instead": true, "strictly": true, "also": true, "additionally": true,
}

// addressees are the model as the subject of a modal.
var addressees = map[string]bool{"you": true, "assistant": true, "model": true, "agent": true, "ai": true, "llm": true, "claude": true, "chatbot": true, "bot": true}

// modals make their subject's verb an order.
var modals = map[string]bool{"must": true, "should": true, "shall": true, "need": true, "needs": true, "have": true, "has": true, "are": true, "is": true, "will": true, "may": true}

// subordinators open a clause that is not the order: the order follows
// its comma ("Before running any command, call …").
var subordinators = map[string]bool{"whether": true, "instead": true, "rather": true, "before": true, "after": true, "when": true, "whenever": true, "if": true, "once": true, "while": true, "prior": true, "unless": true, "until": true, "for": true, "to": true, "in": true}

// Object words by kind.
var (
	// otherQuantifiers before a noun of calls make every call the object.
	otherQuantifiers = map[string]bool{"other": true, "another": true, "any": true, "all": true, "every": true, "each": true}
	orderCallNouns   = map[string]bool{"tool": true, "tools": true, "function": true, "functions": true, "server": true, "servers": true, "agent": true, "agents": true,
		"alternatives": true, "options": true, "request": true, "requests": true, "call": true, "calls": true, "operation": true, "operations": true, "query": true, "queries": true,
		"command": true, "commands": true, "action": true, "actions": true}
	userWords = map[string]bool{"user": true, "users": true, "human": true, "humans": true, "operator": true, "requester": true, "customer": true}
	// safeguardWords are what keeps the model's actions in check, and its
	// own instructions.
	safeguardWords = map[string]bool{"check": true, "checks": true, "validation": true, "validations": true, "verification": true, "confirmation": true, "confirmations": true,
		"approval": true, "approvals": true, "warning": true, "warnings": true, "logging": true, "audit": true, "policy": true, "policies": true, "guideline": true,
		"guidelines": true, "restriction": true, "restrictions": true, "safety": true, "security": true, "guardrail": true, "guardrails": true, "safeguard": true,
		"safeguards": true, "moderation": true, "consent": true, "permission": true, "permissions": true, "sandbox": true, "limitations": true, "constraints": true,
		"filter": true, "filters": true, "filtering": true, "protection": true, "protections": true, "monitoring": true, "oversight": true, "scanning": true,
		"sanitization": true, "sanitisation": true, "review": true, "reviews": true}
	// instructionWords are the model's own instructions, counted when
	// a qualifier says whose.
	instructionWords = map[string]bool{"instruction": true, "instructions": true, "directive": true, "directives": true, "prompt": true, "rules": true, "guidance": true, "programming": true, "training": true}
	ownQualifiers    = map[string]bool{"previous": true, "prior": true, "earlier": true, "system": true, "original": true, "above": true, "your": true, "all": true, "any": true, "preceding": true, "initial": true}
	// exposedWords are the model's context and the user's secrets, which a
	// field of a call is no place for.
	exposedWords = map[string]bool{"conversation": true, "history": true, "context": true, "password": true, "passwords": true, "credentials": true, "credential": true,
		"secret": true, "secrets": true, "ssh": true, "env": true, "cookies": true, "chat": true, "transcript": true}
	// consentWords are what the user gives before a step.
	consentWords = map[string]bool{"confirmation": true, "confirmations": true, "approval": true, "approvals": true, "permission": true, "permissions": true,
		"consent": true, "authorization": true, "authorisation": true}
	// redirectWords put an order over other calls: instead of them, before
	// them, over them.
	redirectWords = map[string]bool{"instead": true, "before": true, "rather": true, "over": true, "place": true, "first": true, "through": true, "via": true}
	// messageNouns are the calls of other tools an order to add to them
	// names: "every email", "all messages".
	messageNouns = map[string]bool{"email": true, "emails": true, "message": true, "messages": true, "request": true, "requests": true, "call": true, "calls": true}
	// callVerbs take a tool as their object.
	callingVerbs = map[string]bool{"call": true, "invoke": true, "run": true, "execute": true, "trigger": true}
	// tellVerbs, negated, keep the user uninformed.
	tellVerbs = map[string]bool{"tell": true, "inform": true, "notify": true, "alert": true, "warn": true, "show": true, "mention": true, "reveal": true, "disclose": true,
		"explain": true, "display": true, "report": true}
	// askVerbs, negated, drop the user's say.
	askVerbs = map[string]bool{"ask": true, "wait": true, "prompt": true, "request": true, "seek": true, "require": true}
	// slotBreaks end a verb's object: a clause of condition, cause or
	// relation follows.
	slotBreaks = map[string]bool{"if": true, "when": true, "unless": true, "so": true, "because": true, "since": true, "while": true, "where": true, "which": true, "whenever": true}
	// purposeVerbs after "to" start a clause of purpose.
	purposeVerbs = map[string]bool{"have": true, "be": true, "get": true, "make": true, "find": true, "see": true, "keep": true, "let": true, "ensure": true, "avoid": true,
		"allow": true, "help": true, "obtain": true, "retrieve": true, "learn": true, "understand": true, "continue": true, "clear": true, "control": true}
	fieldWords = map[string]bool{"field": true, "parameter": true, "param": true, "argument": true, "arg": true, "notes": true, "metadata": true}
	// senderWords in a tool's name say that sending is its job.
	senderWords = map[string]bool{"send": true, "email": true, "mail": true, "post": true, "webhook": true, "forward": true, "upload": true, "share": true, "notify": true,
		"publish": true, "http": true, "request": true, "fetch": true, "curl": true, "message": true, "sms": true, "slack": true, "tweet": true, "reply": true}
)

// addressed is one order to the model with an object of concern.
type addressed struct {
	t      visible.Text
	object objectKind
	quote  string
}

// addressedOrders is the orders of a Snapshot's texts, read once for the
// four rules that report them.
var addressedOrders = analysis.New(analysis.Analysis[[]addressed]{
	Name: "addressed-orders",
	Doc:  "clauses that order the model about other tools, the user, its safeguards or a destination, read from their grammar",
	Uses: []string{visible.Listing.Name, foldedTexts.Name},
	Run:  readAddressed,
})

// addressedKind reports whether a text of kind k is read: descriptions
// and instructions, where a server speaks to the model. Names, enums and
// examples are not sentences; prompt messages and resource texts are the
// user's and the content's words.
func addressedKind(k visible.Kind) bool {
	switch k {
	case visible.KindInstructions, visible.KindDescription, visible.KindTitle, visible.KindParamDescription, visible.KindParamTitle, visible.KindComment,
		visible.KindDefault, visible.KindPromptDescription, visible.KindPromptArgDescription, visible.KindResourceDescription:
		return true
	}
	return false
}

func readAddressed(ctx context.Context, s *sdk.Snapshot) []addressed {
	f := foldedTexts.Of(ctx, s)
	names := &serverNames{s: s}
	w := &words{}
	r := &clauseReader{w: w, names: names, s: s}
	var out []addressed
	i := -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		if !addressedKind(t.Kind) || !mayAddress(t.Value) {
			return
		}
		if t.Plain() {
			w.resetFolded(t.Value, t.Value)
		} else {
			w.resetFolded(f.text(i), "")
		}
		r.t = t
		if o, q := r.read(); o != 0 {
			out = append(out, addressed{t: t, object: o, quote: q})
		}
	})
	return out
}

// mayAddress is a byte test that most texts fail: an order to the model
// has a verb of the list (or its participle, under "must be"), and the
// texts with none need no words cut. It reads whole words, in any case.
func mayAddress(v string) bool {
	var buf [16]byte
	for i := 0; i < len(v); {
		if wordLower[v[i]] == 0 {
			i++
			continue
		}
		j, n := i, 0
		for j < len(v) && wordLower[v[j]] != 0 {
			if n < len(buf) {
				buf[n] = wordLower[v[j]]
			}
			n++
			j++
		}
		if n <= len(buf) && verbShapes[buf[0]]&(1<<n) != 0 {
			if _, ok := orderVerbs[string(buf[:n])]; ok {
				return true
			}
			if _, ok := participles[string(buf[:n])]; ok {
				return true
			}
		}
		i = j
	}
	return false
}

// verbShapes has bit n of entry c set when a verb of the list or a
// participle has n bytes and starts with c: most words are ruled out
// before a lookup.
var verbShapes = func() (t [256]uint32) {
	for _, m := range []map[string]verbClass{orderVerbs, participles} {
		for v := range m {
			t[v[0]] |= 1 << len(v)
		}
	}
	return t
}()

// clauseReader reads the clauses of one text.
type clauseReader struct {
	w     *words
	names *serverNames
	t     visible.Text
	s     *sdk.Snapshot
	// first is whether the clause read is the text's first.
	first bool
	// low[k] is token k lowercased, and verb[k] whether it is a verb of
	// the list or its participle: made once per text, for the text's
	// storage is reused.
	low  []string
	verb []bool
	// mentions counts the orders of the text checked for quotation
	// marks (see maxMentions).
	mentions int
}

// maxClause is the most tokens read as one clause.
const maxClause = 120

// lw is token k lowercased.
func (r *clauseReader) lw(k int) string { return r.low[k] }

// read returns the first order of concern in the text and its quote, or
// 0.
func (r *clauseReader) read() (objectKind, string) {
	w := r.w
	r.low, r.verb = r.low[:0], r.verb[:0]
	for k := range w.toks {
		word := w.word(k)
		if hasUpper(word) {
			word = strings.ToLower(word)
		}
		v := false
		if n := len(word); n < 32 && verbShapes[word[0]]&(1<<n) != 0 {
			_, v = orderVerbs[word]
			if !v {
				_, v = participles[word]
			}
		}
		r.low, r.verb = append(r.low, word), append(r.verb, v)
	}
	lo, sentence, hasVerb := 0, 1, false
	r.first, r.mentions = true, 0
	for k := 1; k <= len(w.toks); k++ {
		hasVerb = hasVerb || r.verb[k-1]
		start := false
		if sentence < len(w.sentences) && w.sentences[sentence] == k {
			start = true
			sentence++
		}
		// a clause longer than an order is read in windows, so that a
		// text with no punctuation costs no more than one with it
		if k < len(w.toks) && !start && k-lo < maxClause && !r.boundary(k) {
			continue
		}
		// a clause with no verb of the list orders nothing
		if hasVerb {
			if o, q := r.clause(lo, k); o != 0 {
				return o, q
			}
		}
		r.first, hasVerb = false, false
		lo = k
	}
	return 0, ""
}

// boundary reports whether a clause starts at token k inside a
// sentence: after a colon, a semicolon, a dash between spaces or a line
// break, or at "then".
func (r *clauseReader) boundary(k int) bool {
	w := r.w
	gap := w.text[w.toks[k-1].end:w.toks[k].start]
	// a colon in "https://" or "10:30" joins
	if strings.Contains(gap, ": ") || strings.ContainsAny(gap, ";\n") || strings.Contains(gap, " - ") || strings.Contains(gap, " -- ") {
		return true
	}
	if r.lw(k) == "then" {
		return true
	}
	// a second verb of an order joined by "and": "call X and send Y"
	if prev := r.lw(k - 1); (prev == "and" || prev == "or") && orderVerbs[r.lw(k)] != 0 && strings.TrimSpace(gap) == "" {
		return k+1 < len(w.toks) && orderVerbs[r.lw(k+1)] == 0
	}
	return false
}

// clause reads tokens [lo, hi) as one clause.
func (r *clauseReader) clause(lo, hi int) (objectKind, string) {
	k := lo
	// a subordinate clause before a comma is not the order: skip to the
	// comma ("Before running any command, call …"); but when it is about
	// another tool's call ("When send_email is called, …", "Instead of
	// calling any other tool, …"), the order that follows is about that
	// call
	var trigger triggerKind
	if k < hi && subordinators[r.lw(k)] {
		c := r.commaAfter(k, hi)
		if c < 0 {
			return 0, ""
		}
		trigger = r.triggeredBy(k, c)
		k = c
	}
	start := k
	pointed, negated, modal := trigger != 0, false, false
	for ; k < hi; k++ {
		word := r.lw(k)
		switch {
		case orderMarkers[word]:
			pointed = pointed || pointedMarkers[word]
			continue
		case word == "never" || word == "not" || word == "don't" || word == "dont" || word == "do" || word == "doesn't" || word == "cannot" || word == "can't":
			if word != "do" {
				negated = true
			}
			pointed = true
			continue
		case addressees[word] && k+1 < hi && modals[r.lw(k+1)]:
			// "you must", "the assistant should", "you need to", "you are required to"
			pointed, modal = true, true
			k++
			for k+1 < hi {
				next := r.lw(k + 1)
				if next == "to" || next == "required" || next == "also" || next == "always" || next == "first" || next == "then" || next == "instructed" || next == "expected" {
					k++
					continue
				}
				if next == "not" || next == "never" {
					negated = true
					k++
					continue
				}
				break
			}
			continue
		case word == "the" || word == "this" || word == "your":
			if k+2 < hi && addressees[r.lw(k+1)] && modals[r.lw(k+2)] {
				continue
			}
		case word == "must" || word == "should":
			pointed = true
			continue
		}
		break
	}
	if k >= hi {
		return 0, ""
	}
	verb := r.lw(k)
	class := orderVerbs[verb]
	if r.inIdentifier(k) {
		class = 0
	}
	if class == 0 {
		return r.passive(start, hi)
	}
	if r.first && !pointed && !modal {
		// the text's first clause, with no marker or addressee: the
		// tool says what it does
		return 0, ""
	}
	if r.jobVerb(verb) {
		return 0, ""
	}
	// an order on another tool's call: "When send_email is called, add
	// …"; after "any other tool" it is guidance when it is about this
	// server's own tools ("Before using any other tool, call
	// retrieve-instructions")
	var o objectKind
	var q string
	if end := r.slotEnd(k+1, hi); trigger == triggerNamed && !negated ||
		trigger == triggerOthers && !negated && !r.thisTool(k+1, end) && !r.ownCallee(k+1, end) {
		o, q = objOtherTools, r.quote(lo, hi)
	} else {
		o, q = r.object(class, negated, k, hi)
	}
	if o != 0 && r.mentioned(k) {
		return 0, ""
	}
	return o, q
}

// maxMentions bounds the orders of one text checked for quotation marks,
// each a scan of its line: a text that quotes more orders than this is
// about orders (a scanner's documentation) and is read no further.
const maxMentions = 32

// mentioned reports whether the verb at token k is quoted or given as an
// example (see words.mentioned).
func (r *clauseReader) mentioned(k int) bool {
	if r.mentions++; r.mentions > maxMentions {
		return true
	}
	return r.w.mentioned(match{start: k, end: k + 1})
}

// triggerKind is what a subordinate clause before an order says of
// another tool's call.
type triggerKind uint8

const (
	// triggerNamed: a tool that is not this server's is named
	triggerNamed triggerKind = iota + 1
	// triggerOthers: "any other tool", "other tools", "another tool"
	triggerOthers
)

// callWords are forms of the verbs of calling a subordinate clause uses.
var callWords = map[string]bool{"call": true, "calls": true, "calling": true, "called": true, "use": true, "uses": true, "using": true, "used": true,
	"invoke": true, "invokes": true, "invoking": true, "invoked": true, "run": true, "runs": true, "running": true, "execute": true, "executes": true,
	"executing": true, "executed": true, "trigger": true, "triggers": true, "triggering": true, "triggered": true}

// triggeredBy reads the subordinate clause [lo, hi) for another tool's
// call.
func (r *clauseReader) triggeredBy(lo, hi int) triggerKind {
	calls, lastCall := false, -10
	var got triggerKind
	for j := lo; j < hi; j++ {
		word := r.lw(j)
		if callWords[word] {
			calls, lastCall = true, j
		}
		if (word == "other" || word == "another") && j+1 < hi && (r.lw(j+1) == "tool" || r.lw(j+1) == "tools" || r.lw(j+1) == "function" || r.lw(j+1) == "functions") {
			got = max(got, triggerOthers)
		}
		// the name the call is of: "using send_email", "calls the
		// `notify` tool"
		if got != triggerNamed && j-lastCall <= 2 && r.foreignName(j) != "" {
			got = triggerNamed
		}
	}
	if !calls {
		return 0
	}
	if got == triggerOthers {
		return triggerOthers
	}
	if got == triggerNamed {
		return triggerNamed
	}
	return 0
}

// ownCallee reports whether [lo, hi) names one of this server's tools.
func (r *clauseReader) ownCallee(lo, hi int) bool {
	w := r.w
	for j := lo; j < hi; j++ {
		end := j
		for end+1 < hi && w.toks[end].end+1 == w.toks[end+1].start && strings.IndexByte("_-", w.text[w.toks[end].end]) >= 0 {
			end++
		}
		if end > j && r.names.own(w.text[w.toks[j].start:w.toks[end].end]) {
			return true
		}
	}
	return false
}

// passive reads "X must be called/sent/ignored …" in [lo, hi).
func (r *clauseReader) passive(lo, hi int) (objectKind, string) {
	for k := lo; k+2 < hi; k++ {
		m := r.lw(k)
		if m != "must" && m != "should" && m != "shall" {
			continue
		}
		j := k + 1
		negated := false
		if r.lw(j) == "not" || r.lw(j) == "never" || r.lw(j) == "always" || r.lw(j) == "also" {
			negated = r.lw(j) == "not" || r.lw(j) == "never"
			j++
		}
		if j+1 >= hi || r.lw(j) != "be" {
			continue
		}
		class := participles[r.lw(j+1)]
		if class == 0 || r.thisTool(lo, k) {
			// the subject is the object of the verb: this tool's own
			// call is not read here
			continue
		}
		if o, q := r.objectIn(class, negated, lo, hi, k); o != 0 && !r.mentioned(j+1) {
			return o, q
		}
	}
	return 0, ""
}

// inIdentifier reports whether token k is part of a name or an
// expression ("display_name", "check.enabled", "skip=true"), not a word.
func (r *clauseReader) inIdentifier(k int) bool {
	w := r.w
	t := w.text
	if s := w.toks[k].start; s > 0 && strings.IndexByte("_.=$", t[s-1]) >= 0 {
		return true
	}
	e := w.toks[k].end
	return e < len(t) && (strings.IndexByte("_=(", t[e]) >= 0 || t[e] == '.' && e+1 < len(t) && isWordByte(t[e+1]))
}

// commaAfter returns the token after the first comma in [k, hi), or -1.
func (r *clauseReader) commaAfter(k, hi int) int {
	w := r.w
	for j := k + 1; j < hi; j++ {
		if strings.IndexByte(w.text[w.toks[j-1].end:w.toks[j].start], ',') >= 0 {
			return j
		}
	}
	return -1
}

// jobVerb reports whether verb is a word of the name of the tool whose
// text this is: "send_email" sends.
func (r *clauseReader) jobVerb(verb string) bool {
	n := r.t.Tool()
	if n < 0 || n >= len(r.s.Tools) {
		return false
	}
	var buf [8]string
	for _, part := range nameWords(r.s.Tools[n].Name, &buf) {
		if strings.EqualFold(part, verb) {
			return true
		}
	}
	if r.t.Kind == visible.KindParamDescription {
		// "ignore_consistency_check": "Ignore consistency checks …" says
		// what the parameter does
		toks := sdk.SplitPointer(r.t.Pointer())
		if len(toks) >= 2 {
			for _, part := range nameWords(toks[len(toks)-2], &buf) {
				if strings.EqualFold(part, verb) {
					return true
				}
			}
		}
	}
	return false
}

// senderTool reports whether the text's tool has a word of sending in its
// name.
func (r *clauseReader) senderTool() bool {
	n := r.t.Tool()
	if n < 0 || n >= len(r.s.Tools) {
		return false
	}
	var buf [8]string
	for _, part := range nameWords(r.s.Tools[n].Name, &buf) {
		if senderWords[strings.ToLower(part)] {
			return true
		}
	}
	return false
}

// object reads the object of the order whose verb is token k.
func (r *clauseReader) object(class verbClass, negated bool, k, hi int) (objectKind, string) {
	return r.objectIn(class, negated, k+1, hi, k)
}

// objectIn reads tokens [lo, hi) as the object of an order of class,
// whose verb is token verb. The object ends where a clause of purpose
// or condition starts ("omit to have it requested from the user": the
// user is the other verb's).
func (r *clauseReader) objectIn(class verbClass, negated bool, lo, hi, verb int) (objectKind, string) {
	w := r.w
	full := hi
	hi = r.slotEnd(lo, hi)
	var user, safeguard, consent, instruction, change, quantified, exposed, field, from, fieldHere, everyCall bool
	foreign := ""
	for j := lo; j < hi; j++ {
		word := r.lw(j)
		switch {
		case userWords[word]:
			user = true
		case consentWords[word]:
			consent, safeguard = true, true
		case safeguardWords[word] && !(j > lo && demonstrative(r.lw(j-1))):
			// "skip this verification": the tool's own step, not the
			// model's safeguards
			safeguard = true
		case instructionWords[word] && j > lo && ownQualifiers[r.lw(j-1)]:
			instruction = true
		case word == "prompt" && j > lo && r.lw(j-1) == "system":
			instruction = true
		case exposedWords[word]:
			exposed = true
		case fieldWords[word]:
			field = true
		case word == "here" || word == "field":
			fieldHere = true
		case word == "from":
			from = true
		}
		if redirectWords[word] {
			change = true
		}
		if (word == "every" || word == "all" || word == "each") && j+1 < hi && messageNouns[r.lw(j+1)] {
			everyCall = true
		}
		if otherQuantifiers[word] && j+1 < hi {
			next := r.lw(j + 1)
			if orderCallNouns[next] || next == "other" && j+2 < hi && orderCallNouns[r.lw(j+2)] {
				quantified = true
			}
		}
	}
	if class&vInvoke != 0 && callingVerbs[r.lw(verb)] {
		foreign = r.callee(verb+1, hi)
	}
	quote := func() string { return r.quote(verb, hi) }
	verbWord := r.lw(verb)
	// orders on safeguards are the model's only when they document no
	// flag or setting ("Skip the confirmation prompt with --yes", a
	// boolean's description) and name no part of a system they are for
	// ("skip the checks for exempt endpoints"); a confirmation dropped is
	// one when it guards a consequential step
	safeguards := func() bool {
		return !settingSentence(w, verb, full) && !switchParam(r.s, r.t) && !scopedTo(w, verb, full)
	}
	switch {
	case class&vTell != 0 && negated && user && tellVerbs[verbWord]:
		return objUser, quote()
	case class&vHide != 0 && !negated && user && from:
		return objUser, quote()
	case class&vDisable != 0 && !negated && (safeguard || instruction) && safeguards():
		return objSafeguards, quote()
	case negated && askVerbs[verbWord] && consent && safeguards() && anyWord(w, verb, full, consequentialWords):
		return objSafeguards, quote()
	case !negated && foreign != "" && hi == full:
		// a call for this tool's input ("call list_projects first to
		// get the project id") is workflow
		return objOtherTools, quote()
	case class&(vInvoke|vPrefer|vDisable) != 0 && quantified && change && !negated && !r.thisTool(lo, hi):
		return objOtherTools, quote()
	case class&vSend != 0 && !negated && everyCall && !r.thisTool(lo, hi):
		// "add a bcc to every email", "include the token in all requests"
		return objOtherTools, quote()
	case class&vSend != 0 && !negated && !r.senderTool() && (r.destination(lo, hi) || exposed && (field || fieldHere)):
		return objDestination, quote()
	}
	return 0, ""
}

// scopedTo reports whether a "for" in [lo, hi) names the part of a
// system the order is for (see scopeWords).
func scopedTo(w *words, lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if w.lowerWord(k) == "for" && anyWord(w, k+1, min(hi, k+5), scopeWords) {
			return true
		}
	}
	return false
}

// demonstrative reports whether word points at something the text has
// named: "this verification", "that check".
func demonstrative(word string) bool {
	return word == "this" || word == "that" || word == "these" || word == "its"
}

// thisTool reports whether the object in [lo, hi) is the tool itself
// ("call this tool first", "use it instead"): a bid for this tool's
// call is tool-hijacking's own phrases' to judge, with its cases of
// guidance; this reading reads orders on other tools' calls.
func (r *clauseReader) thisTool(lo, hi int) bool {
	for j := lo; j < hi && j < lo+2; j++ {
		switch r.lw(j) {
		case "this", "it", "me", "us", "ours":
			return true
		}
	}
	return false
}

// slotEnd is where the object of a verb in [lo, hi) ends: at a clause of
// purpose ("to" and a verb) or of condition.
func (r *clauseReader) slotEnd(lo, hi int) int {
	for j := lo; j < hi; j++ {
		switch word := r.lw(j); {
		case slotBreaks[word]:
			return j
		case word == "to" && j+1 < hi:
			next := r.lw(j + 1)
			if purposeVerbs[next] || orderVerbs[next] != 0 {
				return j
			}
		}
	}
	return hi
}

// callee returns the tool name right after a verb of calling at token k
// ("call read_file", "invoke the `notify` tool"), when it is no tool or
// parameter of this server nor built from its tools' words, or "".
func (r *clauseReader) callee(k, hi int) string {
	if k < hi && (r.lw(k) == "the" || r.lw(k) == "a") {
		k++
	}
	if k >= hi {
		return ""
	}
	return r.foreignName(k)
}

// foreignName returns the name token j starts when it is a tool name of
// no tool or parameter of this server nor built from its tools' words:
// snake_case or camelCase, or "" otherwise.
func (r *clauseReader) foreignName(j int) string {
	w := r.w
	if j > 0 && w.toks[j-1].end == w.toks[j].start-1 && w.text[w.toks[j].start-1] == '_' {
		return ""
	}
	end := j
	for end+1 < len(w.toks) && w.toks[end].end+1 == w.toks[end+1].start && w.text[w.toks[end].end] == '_' {
		end++
	}
	id := w.text[w.toks[j].start:w.toks[end].end]
	// a tool's name is snake_case or camelCase: "DigitalOcean" and
	// "API_KEY" are a brand and a constant
	if end == j && !(camel(id) && id[0] >= 'a' && id[0] <= 'z') || strings.ToUpper(id) == id {
		return ""
	}
	if r.names.own(id) || r.names.family(id) {
		return ""
	}
	return id
}

// camel reports whether id has a lower letter followed by a capital.
func camel(id string) bool {
	for i := 1; i < len(id); i++ {
		if id[i] >= 'A' && id[i] <= 'Z' && id[i-1] >= 'a' && id[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// destination reports whether [lo, hi) names a URL or an email address.
func (r *clauseReader) destination(lo, hi int) bool {
	w := r.w
	if lo >= hi {
		return false
	}
	span := w.text[w.toks[lo].start:w.toks[hi-1].end]
	if strings.Contains(span, "://") {
		return true
	}
	for i := strings.IndexByte(span, '@'); i > 0 && i+1 < len(span); i = -1 {
		if isWordByte(span[i-1]) && isWordByte(span[i+1]) && strings.IndexByte(span[i:], '.') > 0 {
			return true
		}
	}
	return false
}

// quote is the clause from its verb, shortened.
func (r *clauseReader) quote(from, hi int) string {
	w := r.w
	return strconv.Quote(snip.Runes(w.display(w.toks[from].start, w.toks[hi-1].end), 100))
}

// reportAddressed reports the orders of s whose object is rule's, on
// texts the rule has not reported already, at warning: the reading is a
// heuristic.
func reportAddressed(ctx context.Context, s *sdk.Snapshot, rule string, reported map[string]bool, report func(sdk.Issue)) {
	for _, a := range addressedOrders.Of(ctx, s) {
		if a.object.rule() != rule || reported[a.t.Pointer()] {
			continue
		}
		report(sdk.Issue{
			Severity: sdk.Warning,
			Tool:     a.t.Owner(),
			Pointer:  a.t.Pointer(),
			Message:  fmt.Sprintf("%s addresses the model with an order %s: %s", kindName(a.t.Kind.String()), a.object.what(), a.quote),
			Fix:      "describe what the tool does and what its parameters mean; leave the choice of tools, what the user is told and where data goes to the model and the user",
		})
	}
}

// recording wraps report to note the pointers it reports.
func recording(report func(sdk.Issue), reported map[string]bool) func(sdk.Issue) {
	return func(is sdk.Issue) {
		reported[is.Pointer] = true
		report(is)
	}
}
