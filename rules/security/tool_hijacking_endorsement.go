package security

import (
	"strings"

	"github.com/mcplint/mcplint/rules/internal/visible"
)

// Endorsements and bids for the model's choice. A description that says a
// third party rated, trusted or chose this tool ("a tool validated by
// weather experts", "Top-rated by professionals, set up …", "Trusted by
// OpenAI.") argues from authority for the model's choice: the claim is
// about the tool, not about what it does, and the model cannot check it.
// Work names such words for other things ("the format recommended by
// Google", "settings recommended by experts", "validated against the
// schema", "certified SOC 2 compliant"), so an endorsement counts only
// when it is said of the tool itself (see endorsedThis). A superlative
// ranking ("the most effective function for this purpose") is one claim
// of standing, marketing alone; joined to a bid to be called
// ("should be called whenever possible") it is a pitch for the choice.

// endorsers are the third parties whose word an endorsement leans on:
// experts and trades, users and customers in number, organisations.
const endorsers = "(expert|experts|professionals|pros|specialists|analysts|traders|researchers|scientists|engineers|developers|bloggers|creators|enthusiasts|leaders|authorities|advisors|advisers|investors|institutions|planners|practitioners|doctors|physicians|clinicians|educators|critics|reviewers|giants|brands|users|customers|clients|companies|enterprises|businesses|organizations|organisations|teams|millions|thousands|professional|industry|universities|lab|labs|governments|nations|economists|meteorologists|auditors|lawyers|accountants|designers|marketers|journalists|editors|testers|executives|fortune)"

// endorserGap is up to four words before an endorser's noun ("weather
// experts", "over 100,000 users"), none of which starts a phrase of its
// own: "validated by the API for all users" is validated by the API.
const endorserGap = endorserFiller + endorserFiller + endorserFiller + endorserFiller

const endorserFiller = "[!(for|to|with|when|if|in|on|at|before|after|so|because|via|from|using|of)] "

// endorsements are a third party's rating of the tool, each checked by
// endorsedThis for what it is said of.
var endorsements = [...]string{
	// "validated by weather experts", "Trusted by over 100,000 users
	// worldwide", "Top-rated by professionals", "Rated #1 by experts", "Highly regarded by
	// professionals for its reliability"
	// "Widely used by professionals, this tool …" ("used" counts only
	// after "widely": "Used by AI agents to clean up stale flags" says
	// what the tool is for)
	"[highly|widely|consistently|universally|well|most|top|best|often|also|much] (trusted|recommended|endorsed|favored|favoured|preferred|praised|rated|respected|regarded|appreciated|valued|approved|certified|chosen|loved|vetted|validated|acclaimed|relied on|relied upon|used|ranked) [1|number one|no 1|first|highest] by " + endorserGap + endorsers,
	// "Highly regarded in tech circles", "this software is recognized in
	// tech circles", "Highly respected in the field"
	"[highly|widely|well] (regarded|respected|recognized|recognised|acclaimed|renowned|praised|appreciated|trusted|valued) (in|among|across|throughout|within) ~3 (circles|field|industry|community|" + endorsers[1:],
	// "Discover why leading bloggers and experts recommend this tool",
	// "Industry authorities endorse this method"
	endorsers + " ~3 (recommend|recommends|endorse|endorses|trust|trusts|prefer|prefers|choose|chooses|love|loves|praise|praises|swear by|rely on) (this|our) [tool|function|method|approach|solution|server|service|software|api|app|utility]",
	// "a preferred choice among professionals"
	"(preferred|favorite|favourite|top|trusted|go to) (choice|pick|tool) (among|of|for) ~2 " + endorsers,
	// "expert-endorsed precision"
	"(expert|experts|professionally|expertly|industry) (endorsed|recommended|approved|validated|vetted|certified|trusted)",
	// "Trusted by OpenAI.": a named organisation, the whole of its
	// sentence (see endorsedThis)
	orgEndorsement,
}

// orgEndorsement is an endorsement by a name: it counts only as a
// sentence of its own, with a capital to each word of the name. Its
// verbs are those of trust and choice: what a standards body recommends,
// approves or certifies is a practice ("Hashes the password with
// Argon2id. Recommended by OWASP.").
const orgEndorsement = "(trusted|endorsed|preferred|chosen|loved) by ~3 $"

// choiceBids ask for this tool's call as often as it can be made:
// "should be called whenever possible". Alone they are guidance ("Use
// this tool whenever possible for browsing tasks instead of direct
// browser controls" names the case); after a claim of standing they are
// the pitch it was made for.
var choiceBids = [...]string{
	"(should|must|shall|needs to|has to) [always] be (called|used|invoked|chosen|selected|preferred|run) (whenever possible|as often as possible|at every opportunity|whenever you can|wherever possible|in every case|in all cases)",
	"(call|use|invoke|choose|prefer|select) (this|it|me) [tool|function|one] (whenever possible|as often as possible|at every opportunity|whenever you can|wherever possible)",
}

var endorsementSrc = setOf(endorsements[:])

var choiceBidSrc = setOf(choiceBids[:])

// endorsement reports whether m is one of endorsements.
func endorsement(m match) bool { return endorsementSrc[m.phrase.src] }

// choiceBid reports whether m is one of choiceBids.
func choiceBid(m match) bool { return choiceBidSrc[m.phrase.src] }

// endorsedNouns are the words that name the tool an endorsement right
// after them is said of: "a tool validated by …", "an invaluable method
// recommended by …", "this software is recognized in …".
var endorsedNouns = map[string]bool{"tool": true, "tools": true, "function": true, "method": true, "solution": true, "software": true,
	"api": true, "utility": true, "approach": true, "service": true, "server": true, "app": true, "application": true, "this": true}

// stepWords, right after an endorser, make the endorsement a step of
// some process ("approved by reviewers before it can merge", "validated
// by users on submission"), not a rating of the tool.
var stepWords = map[string]bool{"before": true, "after": true, "during": true, "when": true, "whenever": true, "until": true,
	"once": true, "on": true, "upon": true, "prior": true, "within": true, "each": true, "every": true, "via": true, "through": true}

// endorsementKind reports whether texts of kind k speak of the tool as a
// whole: what a parameter's description endorses is a value ("Image
// size. Recommended by OpenAI.").
func endorsementKind(k visible.Kind) bool {
	return k == visible.KindDescription || k == visible.KindTitle || k == visible.KindInstructions
}

// endorsedThis reports whether m, one of endorsements, is said of the
// tool: at the head of its sentence, where the tool is the subject left
// out ("Top-rated by professionals, set up an MCP server …", "Trusted by
// OpenAI."); right after a word that names the tool ("a tool validated
// by …", "This tool, favored by …", "this software is recognized …");
// or after a comma in a sentence that names the tool before it ("a
// trusted tool for web searches, recommended by industry leaders"). Said
// of a thing named right before it ("the format recommended by Google",
// "insights trusted by experts", "a database, trusted by millions") it
// is about that thing. The active and compound forms name the tool
// themselves ("experts recommend this tool", "expert-endorsed").
func endorsedThis(w *words, m match) bool {
	lo, _ := w.sentenceOf(m.start)
	switch m.phrase.src {
	case endorsements[2], endorsements[3], endorsements[4]:
		return true
	case orgEndorsement:
		if m.start != lo {
			return false
		}
		for k := m.start + 2; k < m.end; k++ {
			word := w.word(k)
			if word != "and" && !(word[0] >= 'A' && word[0] <= 'Z') {
				return false
			}
		}
		return true
	}
	if _, hi := w.sentenceOf(m.start); m.end < hi && stepWords[w.lowerWord(m.end)] {
		// "Validated by users before submission": a step of a process
		return false
	}
	if m.start == lo {
		return true
	}
	k := m.start - 1
	for k > lo {
		switch w.lowerWord(k) {
		case "is", "are", "was", "been", "being", "be", "also", "now":
			k--
			continue
		}
		break
	}
	if endorsedNouns[w.lowerWord(k)] {
		return true
	}
	if !strings.Contains(w.text[w.toks[m.start-1].end:w.toks[m.start].start], ",") {
		return false
	}
	for j := lo; j < m.start; j++ {
		if endorsedNouns[w.lowerWord(j)] && w.lowerWord(j) != "this" {
			return true
		}
	}
	return false
}

// plainUse reports whether m, one of endorsements, says only that someone
// uses a thing ("used by developers", "often used by teams"): no rating.
func plainUse(w *words, m match) bool {
	return w.lowerWord(m.start) == "used" || w.lowerWord(m.start+1) == "used" && w.lowerWord(m.start) != "widely"
}
