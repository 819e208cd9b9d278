package tokens

import (
	"math"
	"sync"
	"testing"
	"unicode"

	"github.com/dlclark/regexp2/v2"
	"github.com/tiktoken-go/tokenizer"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/vocab"
)

// The tests hold the counter to three references:
//
//   - tiktoken itself, through counts it computed (testdata/tiktoken);
//   - github.com/tiktoken-go/tokenizer, the Go port (refCount);
//   - the o200k pattern run by regexp2's interpreter, and a plain byte-pair
//     merge over the port's vocabulary (oracleSplit, oracleCount).
//
// The port compiles the pattern to Go with regexp2cg, which gets two things
// wrong: its code for `\s*[\r\n]+` backs \s* off to the first newline of a
// run of spaces rather than the last, so it splits "\n \n" into "\n", " \n"
// where tiktoken keeps one piece; and its ASCII bitmaps leave DEL (U+007F)
// out of the classes that should hold it, so DEL matches nothing and is not
// counted at all. Where either can matter (refDiverges) only the other two
// references apply.

// o200kPattern is tiktoken's o200k_base pattern. It is wrapped in a group
// before compiling so that regexp2 interprets it instead of running the
// generated code the port registers for the bare pattern.
const o200kPattern = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`

var oracleRegexp = regexp2.MustCompile("(?:"+o200kPattern+")", regexp2.None)

var (
	refOnce  sync.Once
	refCodec tokenizer.Codec
	refRanks map[string]int
	refErr   error
)

func loadReference(tb testing.TB) {
	tb.Helper()
	refOnce.Do(func() {
		refCodec, refErr = tokenizer.Get(tokenizer.O200kBase)
		if refErr != nil {
			return
		}
		var toks []string
		toks, refErr = vocab.O200kBase()
		refRanks = make(map[string]int, len(toks))
		for r, tok := range toks {
			refRanks[tok] = r
		}
	})
	if refErr != nil {
		tb.Fatalf("load the reference tokenizer: %v", refErr)
	}
}

// refCount is the port's count of s.
func refCount(tb testing.TB, s string) int {
	tb.Helper()
	loadReference(tb)
	n, err := refCodec.Count(s)
	if err != nil {
		tb.Fatalf("reference Count(%q): %v", s, err)
	}
	return n
}

// oracleSplit is the pieces the interpreted pattern matches in s.
func oracleSplit(tb testing.TB, s string) []string {
	tb.Helper()
	var pieces []string
	m, err := oracleRegexp.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = oracleRegexp.FindNextMatch(m) {
		pieces = append(pieces, m.String())
	}
	if err != nil {
		tb.Fatalf("oracle split of %q: %v", s, err)
	}
	return pieces
}

// oracleCount splits s with the interpreted pattern and merges each piece by
// the textbook rule: join the adjacent pair whose join has the lowest rank,
// leftmost first, until no join is a token.
func oracleCount(tb testing.TB, s string) int {
	tb.Helper()
	loadReference(tb)
	n := 0
	for _, piece := range oracleSplit(tb, s) {
		if _, ok := refRanks[piece]; ok {
			n++
			continue
		}
		// bounds[i] is where part i starts; the last bound is the end.
		bounds := make([]int, len(piece)+1)
		for i := range bounds {
			bounds[i] = i
		}
		for {
			best, at := math.MaxInt, -1
			for i := 0; i+2 < len(bounds); i++ {
				if r, ok := refRanks[piece[bounds[i]:bounds[i+2]]]; ok && r < best {
					best, at = r, i
				}
			}
			if at < 0 {
				break
			}
			bounds = append(bounds[:at+1], bounds[at+2:]...)
		}
		n += len(bounds) - 1
	}
	return n
}

// refDiverges reports whether s has DEL, or a run of spaces holding two
// newlines with another space between them: where the port's split is not
// tiktoken's.
func refDiverges(s string) bool {
	newline, gap := false, false
	for _, r := range s {
		switch {
		case r == '\x7f':
			return true
		case r == '\r' || r == '\n':
			if gap {
				return true
			}
			newline = true
		case unicode.IsSpace(r):
			gap = newline
		default:
			newline, gap = false, false
		}
	}
	return false
}

// split is the pieces pieceEnd cuts s into.
func split(s string) []string {
	var pieces []string
	for p := 0; p < len(s); {
		e := pieceEnd(s, p)
		pieces = append(pieces, s[p:e])
		p = e
	}
	return pieces
}

// checkAgainstReferences fails tb when Count(s) differs from a reference.
func checkAgainstReferences(tb testing.TB, name, s string) {
	tb.Helper()
	got := Count(s)
	// Each invalid byte means U+FFFD (the port agrees, but how its regexp
	// engine treats raw invalid bytes changes between versions), so the
	// references count that text.
	s = validUTF8(s)
	if want := oracleCount(tb, s); got != want {
		tb.Errorf("%s: Count = %d, oracle = %d\n  pieces: %q\n  oracle: %q", name, got, want, split(validUTF8(s)), oracleSplit(tb, s))
		return
	}
	if refDiverges(s) {
		return
	}
	if want := refCount(tb, s); got != want {
		tb.Errorf("%s: Count = %d, tiktoken-go = %d", name, got, want)
	}
}

func validUTF8(s string) string {
	return string([]rune(s))
}
