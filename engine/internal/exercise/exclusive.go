package exercise

import (
	"regexp"
	"strings"
)

// exclusiveWords say, in a sentence that names two options, that they go
// one at a time.
var exclusiveWords = []string{"mutually exclusive", "cannot be used with", "cannot be combined", "not both", "only one of", "instead of", "either"}

// maxApart is how many bytes apart two option names may stand and still
// be read as alternatives of one clause.
const maxApart = 200

// sentenceEnd splits descriptions into sentences.
var sentenceEnd = regexp.MustCompile(`[.;!?]\s+|\n+`)

// exclusivePairs reads, from a tool's description and its properties'
// descriptions, which optional properties are alternatives: two named in
// one sentence with "or" between them ("use the 'head' parameter …, or the
// 'tail' parameter …", server-filesystem's read_text_file), or with words
// such as "mutually exclusive" and "cannot be used with". A happy-path call
// sends at most one of each pair, as a person would; the schema usually
// cannot say this, so the description is what there is to go by.
func exclusivePairs(toolDesc string, props map[string]any, optional []string) map[[2]string]bool {
	if len(optional) < 2 {
		return nil
	}
	texts := []string{toolDesc}
	for _, name := range optional {
		if ps, ok := props[name].(map[string]any); ok {
			if d, ok := ps["description"].(string); ok {
				texts = append(texts, d)
			}
		}
	}
	out := map[[2]string]bool{}
	for _, text := range texts {
		for _, sentence := range sentenceEnd.Split(text, -1) {
			low := strings.ToLower(sentence)
			for i, a := range optional {
				ia := wordIndex(low, strings.ToLower(a))
				if ia < 0 {
					continue
				}
				for _, b := range optional[i+1:] {
					ib := wordIndex(low, strings.ToLower(b))
					if ib < 0 {
						continue
					}
					lo, hi := min(ia, ib), max(ia, ib)
					if hi-lo > maxApart {
						continue
					}
					between := " " + strings.Trim(low[lo:hi], " ") + " "
					if wordIndex(between, "or") >= 0 || containsAny(low, exclusiveWords) {
						out[[2]string{a, b}], out[[2]string{b, a}] = true, true
					}
				}
			}
		}
	}
	return out
}

// wordIndex is the index of word in s where it stands as a whole word
// (quotes and punctuation around it are fine); -1 when it does not.
func wordIndex(s, word string) int {
	for at := 0; at <= len(s); {
		i := strings.Index(s[at:], word)
		if i < 0 {
			return -1
		}
		i += at
		end := i + len(word)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return i
		}
		at = i + 1
	}
	return -1
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func containsAny(s string, list []string) bool {
	for _, w := range list {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
