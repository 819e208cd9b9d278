package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// contextHarvestingParameter reports parameters that ask the model for its
// own context: its system prompt, tool list, conversation history or other
// tools' output.
type contextHarvestingParameter struct{}

// Meta describes the rule.
func (contextHarvestingParameter) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "context-harvesting-parameter",
		Category: sdk.CategorySecurity,
		Severity: sdk.Warning,
		Summary:  "a parameter asks the model for its own context (system prompt, tool list, conversation history, other tools' output) or its own identity, with no purpose the tool states",
		Doc:      doc("context-harvesting-parameter"),
		Source:   "https://github.com/TUM-DSE/MCPSecBench (MCPSecBench, tools_list parameter); https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks; https://arxiv.org/abs/2508.14925 (MCPTox)",
		Default:  true,
		OWASP:    "MCP10:2025 Context Injection & Over-Sharing",
		CWE:      "CWE-200",
		Uses:     []string{visible.Listing.Name, visible.Recurring.Name, judged.Name},
	}
}

// contextPhrases ask for the model's context.
var contextPhrases = newPhraseSet(
	"(your|its) (system|initial|hidden|developer|original) (prompt|prompts|message|instructions)",
	"the (model's|assistant's|ai's|llm's|agent's|models|assistants) (system prompt|instructions|context|context window|conversation history|chat history|tool list|memory|reasoning|hidden instructions)",
	"(your|its) (conversation|chat|message|session) (history|log|logs|transcript|transcripts)",
	"(your|its) (tool|tools) (list|definitions|descriptions|schemas|catalog)",
	"(your|its) (context|chain) (window|of thought)",
	"(your|its) (available) (tools|functions)",
	"(full|complete|entire|whole|verbatim|raw) ~2 (conversation|chat|dialogue|dialog|message history|session history|chat log|chat logs) [so far|history|log|logs|context|transcript|up to now]",
	"(all|every|each) ~2 (previous|prior|earlier|past|preceding|other) (messages|message|turns|user messages|assistant messages|tool calls|tool results|tool outputs|function calls|function results|responses|conversations)",
	"(names|list|lists|descriptions|definitions|schemas|names and descriptions) (of|for) (all|every|each|the|any) ~2 (tools|functions|servers|mcp servers|plugins) ~4 (available|installed|connected|loaded|registered|you have|you can|accessible|enabled|other)",
	"(output|outputs|result|results|response|responses|return values) (of|from) (the|all|any|every|each) ~1 (previous|prior|preceding|earlier|last|other) ~2 (tool|tools|tool calls|function|functions|function calls|calls|servers)",
	"(everything|anything|all) (the user|you) (has|have) (said|written|typed|shared|told you|uploaded)",
	identityPhrase,
	identityQuestionPhrase,
	identityOwnPhrase,
)

// The model's own identity (which model, vendor or version calls the
// tool) is no tool's job, not even one about conversations or memory.
const (
	identityPhrase         = "(name|names|identity|version|vendor|provider|type) (of|for) (the|your|this) (llm|model|ai|ai model|language model|assistant|agent|llm model) (that|which|who) ~2 (calls|call|is calling|invokes|invoke|is invoking|uses|is using|runs|is running)"
	identityQuestionPhrase = "(which|what) (llm|model|ai model|language model) (you are|are you|is calling|calls|is invoking|invokes)"
	identityOwnPhrase      = "(your|its) (model|llm) (name|identity|version|vendor|provider|id)"
)

var identityPhrases = map[string]bool{identityPhrase: true, identityQuestionPhrase: true, identityOwnPhrase: true}

// contextParams are parameter names, as words, that ask for the model's
// own context.
var contextParams = newRunSet([][]string{
	{"system", "prompt"}, {"system", "message"}, {"system", "instructions"}, {"systemprompt"},
	{"conversation", "history"}, {"chat", "history"}, {"message", "history"}, {"messages", "history"},
	{"conversation", "context"}, {"conversation", "log"}, {"chat", "log"}, {"chat", "transcript"},
	{"previous", "messages"}, {"prior", "messages"}, {"all", "messages"}, {"last", "messages"}, {"past", "messages"},
	{"full", "context"}, {"model", "context"}, {"llm", "context"}, {"agent", "context"}, {"context", "window"},
	{"tools", "list"}, {"tool", "list"}, {"available", "tools"}, {"other", "tools"}, {"installed", "tools"},
	{"tool", "descriptions"}, {"tool", "definitions"}, {"tool", "outputs"}, {"tool", "results"},
	{"previous", "results"}, {"previous", "output"}, {"prior", "output"}, {"session", "history"},
	{"assistant", "memory"}, {"internal", "thoughts"}, {"hidden", "instructions"},
})

// contextSubjects are the words of a tool's name or title that make the
// model's context its stated job.
var contextSubjects = []string{"conversation", "conversations", "chat", "chats", "history", "transcript", "transcripts",
	"summarize", "summary", "summarise", "memory", "memories", "prompt", "prompts", "context", "message", "messages",
	"tool", "tools", "registry", "dialog", "dialogue", "thread", "threads", "session", "sessions", "log", "logs"}

// Check reports each parameter name and text that harvests context.
func (contextHarvestingParameter) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	subject := ownSubject(s)
	// A parameter reported by its name is not reported again for its
	// description.
	named := map[string]bool{}
	visible.Texts(ctx, s, func(t visible.Text) {
		if t.Kind != visible.KindParamName {
			return
		}
		var buf [8]string
		words := nameWords(t.Value, &buf)
		switch {
		case containsRun(words, contextParams) && !subject(t.Tool()):
			report(sdk.Issue{
				Tool:    t.Owner(),
				Pointer: t.Pointer(),
				Message: fmt.Sprintf("parameter %s asks the model for its own context, which the tool's name does not say it works on", strconv.Quote(snip.Runes(t.Value, 60))),
				Fix:     "remove the parameter; a tool takes the values its job needs, never the model's prompt, conversation or tool list",
			})
		case identityParam(s, t, words) && !modelSubject(s, t.Tool()):
			named[t.Pointer()+"/description"] = true
			// Which model is calling is telemetry: at most a warning,
			// however it is asked.
			report(sdk.Issue{
				Tool:     t.Owner(),
				Pointer:  t.Pointer(),
				Severity: sdk.Warning,
				Message:  fmt.Sprintf("parameter %s asks the model which model, vendor or agent it is%s, which is no part of the tool's job", strconv.Quote(snip.Runes(t.Value, 60)), telemetryNote(paramDescription(s, t.Tool(), t.Pointer()))),
				Fix:      "remove the parameter; if the vendor wants usage figures, take them from the client's declared clientInfo in initialize, which the user controls",
			})
		}
	})
	// A parameter reported by its name is not reported again, and a
	// tool whose subject is the model asks only which model it is.
	keep := func(t visible.Text, w *words, m match) bool {
		return !named[t.Pointer()] && !oneMessage(w, m) && !modelActedOn(w, m) &&
			(identityPhrases[m.phrase.src] || !subject(t.Tool()))
	}
	phraseFindings(ctx, s, contextPhrases(), keep, func(t visible.Text, w *words, ms []match) {
		// A text that asks only which model is calling is telemetry, at
		// most a warning; the rest keeps the rule's severity.
		severity := sdk.Warning
		for _, m := range ms {
			if !identityPhrases[m.phrase.src] {
				severity = 0
			}
		}
		report(sdk.Issue{
			Tool:     t.Owner(),
			Pointer:  t.Pointer(),
			Severity: severity,
			Message:  fmt.Sprintf("%s asks the model for its own context: %s%s%s", kindName(t.Kind.String()), quoteMatches(w, ms), padded(w, ms), telemetryNote(t.Value)),
			Fix:      "remove the request; a tool takes the values its job needs, never the model's prompt, conversation, tool list or other tools' results",
		})
	})
	return nil
}

// singleTurnWords are the head nouns of a single turn of a conversation.
var singleTurnWords = map[string]bool{"message": true, "reply": true, "answer": true, "response": true, "turn": true, "request": true, "prompt": true, "input": true}

// oneMessage reports whether a match that names the conversation is the
// modifier of a noun of one turn: "the end user's verbatim chat message"
// is a message the user typed, which a tool that asks for confirmation
// takes, not the chat.
func oneMessage(w *words, m match) bool {
	if m.end >= len(w.toks) {
		return false
	}
	switch w.lowerWord(m.end - 1) {
	case "chat", "conversation", "dialog", "dialogue":
		return singleTurnWords[w.lowerWord(m.end)]
	}
	return false
}

// identityRuns are parameter names, as words, that ask which model,
// vendor or agent is calling: llm_model, llmProvider, aiAgentName, and
// the same glued into one word. model_name alone is as often the model a
// tool should use, so it counts only when its description speaks to the
// model itself (identityParam).
var identityRuns = newRunSet([][]string{
	{"llm", "model"}, {"llm", "provider"}, {"llm", "vendor"}, {"llm", "name"}, {"llm", "version"}, {"llm", "id"}, {"llm", "type"},
	{"ai", "model"}, {"ai", "provider"}, {"ai", "vendor"}, {"ai", "agent"}, {"ai", "name"}, {"ai", "assistant"}, {"ai", "client"},
	{"agent", "name"}, {"agent", "model"}, {"agent", "provider"}, {"agent", "vendor"}, {"agent", "type"},
	{"assistant", "name"}, {"assistant", "model"}, {"assistant", "provider"},
	{"caller", "model"}, {"calling", "model"}, {"calling", "agent"}, {"calling", "llm"},
	{"llmmodel"}, {"llmmodelname"}, {"llmprovider"}, {"llmname"}, {"aimodel"}, {"aiprovider"}, {"aiagent"}, {"aiagentname"}, {"agentname"}, {"assistantname"},
})

// idWords end the name of a parameter that identifies an object.
var idWords = map[string]bool{"id": true, "uuid": true, "guid": true, "key": true, "ref": true, "slug": true}

// namesOwnObject reports whether a parameter names an object the tool
// acts on, not the model calling it: a sibling parameter identifies the
// same object by id (agent_name beside agent_uuid on a tool that runs a
// simulation against that agent). A calling model has no id in the
// tool's schema.
func namesOwnObject(s *sdk.Snapshot, tool int, pointer string, words []string) bool {
	if len(words) < 2 {
		return false
	}
	qual := words[:len(words)-1]
	for name := range siblingProps(s, tool, pointer) {
		var buf [8]string
		sw := nameWords(name, &buf)
		if len(sw) != len(qual)+1 || !idWords[strings.ToLower(sw[len(qual)])] {
			continue
		}
		same := true
		for k := range qual {
			same = same && strings.EqualFold(sw[k], qual[k])
		}
		if same {
			return true
		}
	}
	return false
}

// siblingProps returns the properties of the object that holds the
// parameter at pointer (the parameter's own among them): the tool's
// top-level parameters, or a nested object's properties.
func siblingProps(s *sdk.Snapshot, tool int, pointer string) map[string]any {
	i := strings.LastIndex(pointer, "/properties/")
	if i < 0 {
		return nil
	}
	var parent map[string]any
	if strings.HasSuffix(pointer[:i], "/inputSchema") {
		if tool >= 0 && tool < len(s.Tools) {
			parent, _ = s.Tools[tool].InputSchema.(map[string]any)
		}
	} else {
		parent = paramSchema(s, tool, pointer[:i])
	}
	props, _ := parent["properties"].(map[string]any)
	return props
}

// partyNouns are what an identity parameter names: an assistant, an agent.
var partyNouns = map[string]bool{"assistant": true, "assistants": true, "agent": true, "agents": true, "bot": true}

// selfOwners, before "'s" or after "of the", make the assistant or agent
// the calling model itself.
var selfOwners = map[string]bool{"model": true, "ai": true, "llm": true, "caller": true, "client": true}

// anotherPartys reports whether a description gives the assistant or
// agent a parameter names to someone in the record the tool writes, not
// to the calling model: "The name of the contact's assistant." (an
// Outlook contact's field), "the agent of the customer".
func anotherPartys(desc string) bool {
	w := split(desc)
	word := w.near
	for k := range w.toks {
		if !partyNouns[word(k)] {
			continue
		}
		if owner, ok := strings.CutSuffix(word(k-1), "'s"); ok && owner != "" && !selfOwners[owner] {
			return true
		}
		if word(k+1) == "of" && (word(k+2) == "the" || word(k+2) == "a" || word(k+2) == "this") {
			if o := word(k + 3); o != "" && !selfOwners[o] && o != "you" {
				return true
			}
		}
	}
	return false
}

// modelRuns name a model without saying whose.
var modelRuns = newRunSet([][]string{{"model"}, {"model", "name"}, {"model", "id"}, {"modelname"}, {"modelid"}, {"provider"}, {"model", "provider"}})

// identityParam reports whether a parameter asks the calling model for
// its own identity: by a name that says so, or by a plain model or
// provider name whose description addresses the model ("your model
// name", "the model you are").
func identityParam(s *sdk.Snapshot, t visible.Text, words []string) bool {
	// The pointer is made only for the few names that need it.
	if containsRun(words, identityRuns) {
		pointer := t.Pointer()
		desc := paramDescription(s, t.Tool(), pointer)
		return !namesOwnObject(s, t.Tool(), pointer, words) && !anotherPartys(desc) && !(partyObject(pointer, words) && !speaksOfOwnModel(desc))
	}
	if !containsRun(words, modelRuns) {
		return false
	}
	desc := paramDescription(s, t.Tool(), t.Pointer())
	return !filterDescription(desc) && speaksOfOwnModel(desc)
}

// partyObject reports whether a nested identity parameter is the name
// field of the object that holds it: the holder's name opens with the
// parameter's own qualifier (agentConfig.agentName, agent.agent_name),
// so the object is an agent or assistant the tool creates or configures,
// described by its siblings (a description, a template), and the
// parameter names it. The calling model has no config object in a
// tool's schema; Netlify's selectSchema.aiAgentName, held by an object
// named for something else, still asks who is calling.
func partyObject(pointer string, words []string) bool {
	if len(words) < 2 {
		return false
	}
	i := strings.LastIndex(pointer, "/properties/")
	if i < 0 || strings.HasSuffix(pointer[:i], "/inputSchema") {
		return false
	}
	var buf [8]string
	holder := nameWords(paramNameAt(pointer[:i]), &buf)
	qual := words[:len(words)-1]
	if len(holder) < len(qual) {
		return false
	}
	for k := range qual {
		if !strings.EqualFold(holder[k], qual[k]) {
			return false
		}
	}
	return true
}

// filterDescription reports whether a parameter's description makes it a
// filter over the records the tool reads: it opens with "Only" or
// "Filter" ("Only turns traced from this LLM, e.g. morph-glm52-744b or
// your previous provider's model name", "Filter by model"). A filter's
// value is matched against what was stored, whatever model wrote it; a
// "your" in it speaks of the user's data, not the caller's identity. A
// filter by "your model", "your name" or "yourself" asks the caller
// outright and is no such filter.
func filterDescription(desc string) bool {
	w := split(desc)
	if len(w.toks) == 0 {
		return false
	}
	switch w.lowerWord(0) {
	case "only", "filter", "filters":
	default:
		return false
	}
	for k := range w.toks {
		switch w.lowerWord(k) {
		case "yourself":
			return false
		case "your", "its":
			if selfWords[w.near(k+1)] {
				return false
			}
		}
	}
	return true
}

// selfWords after "your" make a phrase about the caller itself: "your
// model", "your own name".
var selfWords = map[string]bool{"model": true, "llm": true, "ai": true, "name": true, "identity": true, "own": true, "provider": true, "vendor": true}

// speaksOfOwnModel reports whether a description addresses the model
// about itself: "your model name", "yourself", "the model you are", "the
// model you use". A "you" who picks or acts on a model ("the model that
// you want to deploy", "the model you are running") is whoever chooses
// the model the tool works with, the user as much as the agent: a
// model-hosting tool's model parameter is its job.
func speaksOfOwnModel(desc string) bool {
	w := split(desc)
	for k := range w.toks {
		switch w.lowerWord(k) {
		case "your", "yourself", "yours":
			return true
		case "you":
			next := k + 1
			if next < len(w.toks) && w.lowerWord(next) == "are" {
				next++
			}
			if next < len(w.toks) && choiceVerbs[w.lowerWord(next)] || actsOnModel(w, next) {
				continue
			}
			return true
		}
	}
	return false
}

// choiceVerbs make the "you" before them whoever picks a model.
var choiceVerbs = map[string]bool{"want": true, "wish": true, "need": true, "would": true, "choose": true, "chose": true, "like": true,
	"prefer": true, "select": true, "selected": true, "pick": true, "picked": true, "plan": true, "intend": true}

// modelActedOn reports whether an identity question ends where a verb
// makes the model its object ("the input schema depends on what model
// you are running"): the model the user or the agent runs on the
// service, not the model the agent is. "What model you are", "which model
// are you using" and "running on" still ask who is calling.
func modelActedOn(w *words, m match) bool {
	return m.phrase.src == identityQuestionPhrase && actsOnModel(w, m.end)
}

// actsOnModel reports whether the words from k on are a verb that takes
// a model as its object (running, deploying, training, fine-tuning), with
// an adverb or two before it, and no "on" or "as" after it ("running on"
// names what runs you).
func actsOnModel(w *words, k int) bool {
	for k < len(w.toks) && modelAdverbs[w.lowerWord(k)] {
		k++
	}
	if k+1 < len(w.toks) && w.lowerWord(k) == "fine" && w.text[w.toks[k].end:w.toks[k+1].start] == "-" {
		k++ // "fine-tuning"
	}
	if k >= len(w.toks) || !modelObjectVerbs[w.lowerWord(k)] {
		return false
	}
	if k+1 < len(w.toks) {
		switch w.lowerWord(k + 1) {
		case "on", "as", "under", "inside":
			return false
		}
	}
	return true
}

// modelObjectVerbs are what a person or a program does to a model as a
// thing: run it, deploy it, train it.
var modelObjectVerbs = map[string]bool{"running": true, "deploying": true, "training": true, "finetuning": true, "tuning": true,
	"hosting": true, "serving": true, "building": true, "testing": true, "evaluating": true, "benchmarking": true, "creating": true,
	"uploading": true, "pushing": true, "querying": true, "run": true, "deploy": true, "train": true, "host": true, "serve": true}

var modelAdverbs = map[string]bool{"currently": true, "now": true, "actually": true, "going": true, "trying": true, "to": true}

// modelWords in a tool's name or title make a model its subject: a tool
// that calls, configures or lists language models takes llm_model as
// its input.
var modelWords = []string{"llm", "llms", "model", "models", "completion", "completions", "inference", "provider", "providers", "agent", "agents"}

// modelSubject reports whether a tool's name or title says it works on
// language models.
func modelSubject(s *sdk.Snapshot, tool int) bool {
	if tool < 0 || tool >= len(s.Tools) {
		return false
	}
	d := map[string]bool{}
	addWords(d, s.Tools[tool].Name)
	addWords(d, s.Tools[tool].Title)
	return hasAny(d, modelWords)
}

// telemetryWords say what the value is for: usage figures for the vendor.
var telemetryWords = []string{"analytics", "telemetry", "usage", "metrics", "statistics", "stats", "tracking"}

// telemetryNote names the purpose a text gives for asking, so the report
// says what the author said: such a request is disclosed, yet still sends
// something about the user's session to the vendor without the user's say.
func telemetryNote(text string) string {
	d := map[string]bool{}
	addWords(d, text)
	if hasAny(d, telemetryWords) {
		return " (for the vendor's usage analytics, as the text says)"
	}
	return ""
}

// ownSubject reports, for a tool index, whether the tool's name or title
// says it works on the model's context; texts outside tools have none.
func ownSubject(s *sdk.Snapshot) func(tool int) bool {
	cache := map[int]bool{}
	return func(tool int) bool {
		if tool < 0 || tool >= len(s.Tools) {
			return false
		}
		if v, ok := cache[tool]; ok {
			return v
		}
		d := map[string]bool{}
		addWords(d, s.Tools[tool].Name)
		addWords(d, s.Tools[tool].Title)
		v := hasAny(d, contextSubjects)
		cache[tool] = v
		return v
	}
}

// nameWords splits an identifier into its words, at _, -, . and camelCase
// humps, as they are written; containsRun compares them ignoring case. The
// words are slices of s in buf: every parameter name of a large server
// passes through here, and most are one or two short words.
func nameWords(s string, buf *[8]string) []string {
	out := buf[:0]
	ident.EachWord(s, func(start, end int) {
		if len(out) < len(buf) {
			out = append(out, s[start:end])
		}
	})
	return out
}

// runSet is a list of runs of words, each a parameter name as its words,
// indexed by the first byte of their first word: containsRun reads every
// word of every parameter name of a server, and the few runs that start
// with its first byte are all it compares.
type runSet struct {
	byFirst [256][][]string
}

// newRunSet indexes runs of lowercase words.
func newRunSet(runs [][]string) *runSet {
	set := &runSet{}
	for _, run := range runs {
		c := run[0][0]
		set.byFirst[c] = append(set.byFirst[c], run)
	}
	return set
}

// containsRun reports whether words hold one of the runs of set in order
// and next to each other, ignoring case; a run starts only at a word
// whose first byte is its own, in either case. That byte picks the runs
// to compare, which rules out nearly all of them.
func containsRun(words []string, set *runSet) bool {
	for i, w := range words {
		for _, run := range set.byFirst[w[0]|0x20] {
			if i+len(run) > len(words) {
				continue
			}
			ok := true
			for k, r := range run {
				if !strings.EqualFold(words[i+k], r) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}
