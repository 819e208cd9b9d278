package security

import "strings"

// How undisclosed-data-flow reads the words around a flow phrase: who a
// generic verb adds, and a verb that is part of a setting's name.

// addVerbs enrol a person only when a person, or a list they join, is
// what they add: unlike "subscribed" or "opted in", they add prefixes,
// headers and default values as readily as users.
var addVerbs = map[string]bool{"added": true, "adds": true, "registered": true, "registers": true}

// enrolled reports whether an enrolPhrase match enrols someone. For the
// verbs that only enrol, a person or a list named in the sentence is
// enough (enrolsSomeone). For addVerbs, the one added must be a person or
// a list: the subject of the passive ("new users are added …
// automatically", not "if the account username prefix is omitted, it is
// added automatically": "it" is the prefix, whatever else the sentence
// names), the object of the active ("adds the customer to …") or where
// it is added ("added to the partner newsletter").
func enrolled(w *words, m match) bool {
	if !addVerbs[w.lowerWord(m.start)] {
		return enrolsSomeone(w, m)
	}
	lo, hi := w.sentenceOf(m.start)
	k := m.start - 1
	for k >= lo && addAuxiliary[w.lowerWord(k)] {
		k--
	}
	if k >= lo && enrolWords[w.lowerWord(k)] {
		return true
	}
	for j := m.start + 1; j < hi && j <= m.start+6; j++ {
		if gap := w.text[w.toks[j-1].end:w.toks[j].start]; strings.ContainsAny(gap, ",;:(") {
			break
		}
		if enrolWords[w.lowerWord(j)] {
			return true
		}
	}
	return false
}

// addAuxiliary are the words between a passive's subject and its verb.
var addAuxiliary = map[string]bool{"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true,
	"will": true, "would": true, "get": true, "gets": true, "got": true, "also": true, "then": true, "always": true, "automatically": true}

// settingVerb reports whether a match's verb is a word of a setting
// given a value in the text ("When `include_full: true`, credentials are
// masked": "include" is the setting's name, not the sentence's verb), and
// the rest of the match lies outside that name. A tool's name is no
// setting ("call send_email with the contents"), and a name that holds
// the whole order ("send_credentials: true") still says it.
func settingVerb(w *words, m match) bool {
	if !inIdentifier(w, m.start) {
		return false
	}
	end := m.start
	for end+1 < len(w.toks) && w.text[w.toks[end].end:w.toks[end+1].start] == "_" {
		end++
	}
	after := strings.TrimLeft(w.text[w.toks[end].end:], "`'\" ")
	return m.end-1 > end && (strings.HasPrefix(after, ":") || strings.HasPrefix(after, "="))
}

// withheld reports whether the credentials a credSendPhrase match names
// are said to be kept back right after it ("credentials are masked
// unless reveal is set", "include access tokens, which are redacted"): a
// note of what the tool keeps from its output, not an order to hand them
// over. The verb must be a statement's ("are masked"), not a participle
// that could say where to put them.
func withheld(w *words, m match) bool {
	if m.phrase.src != credSendPhrase {
		return false
	}
	_, hi := w.sentenceOf(m.end - 1)
	k := m.end
	if k < hi && (w.lowerWord(k) == "which" || w.lowerWord(k) == "that") {
		k++
	}
	aux := k
	for k < hi && addAuxiliary[w.lowerWord(k)] {
		k++
	}
	return k > aux && k < hi && withholdWords[w.lowerWord(k)]
}

// withholdWords say that a value is kept from the output.
var withholdWords = map[string]bool{"masked": true, "redacted": true, "omitted": true, "stripped": true, "removed": true,
	"excluded": true, "obscured": true, "censored": true, "elided": true, "never": true, "not": true}
