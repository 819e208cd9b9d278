package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// fastAlphabet mixes the ASCII classes pieceEnd takes fast with the
// characters that send it to pieceEndGeneral: letters, marks, numbers and
// spaces from outside ASCII, next to ASCII of every class.
var fastAlphabet = []string{
	"a", "z", "A", "Z", "0", "9", " ", "  ", "\t", "\n", "\r", "\v", "\x00", "\x1f", "\x7f",
	`"`, "{", "}", ":", ",", "/", "'", "'s", "'LL", "'ve", "'\u017f", "\\n", "#/$",
	"é", "É", "ǅ", "ʰ", "中", "\u0301", "٣", "Ⅷ", "\u00a0", "\u2028", "\u3000", "😀", "ſ",
}

func randomFastText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(fastAlphabet[rng.IntN(len(fastAlphabet))])
	}
	return b.String()
}

// checkPieceEnd fails where pieceEnd and pieceEndGeneral disagree at any
// position of s, which must be valid UTF-8.
func checkPieceEnd(t *testing.T, s string) {
	t.Helper()
	for p := 0; p < len(s); {
		if !utf8.RuneStart(s[p]) {
			p++
			continue
		}
		if got, want := pieceEnd(s, p), pieceEndGeneral(s, p); got != want {
			t.Fatalf("pieceEnd(%q, %d) = %d, pieceEndGeneral = %d", s, p, got, want)
		}
		p++
	}
}

func TestPieceEndMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		checkPieceEnd(t, randomFastText(rng, 1+rng.IntN(12)))
	}
	for _, s := range multilingual {
		checkPieceEnd(t, s)
	}
}

func FuzzPieceEnd(f *testing.F) {
	for _, s := range multilingual {
		f.Add(s)
	}
	f.Add(`{"a":"It's 123 ' b\nc"}`)
	f.Fuzz(func(t *testing.T, s string) {
		// checkPieceEnd reads a piece from every position, quadratic in a
		// long piece: a CI run's fuzzer minimizing such an input hung past
		// the test's timeout. A kilobyte holds every kind of piece end.
		// The cut comes after validUTF8, which makes each invalid byte
		// three: a kilobyte of them cut before it stalled the fuzzer's
		// minimizing for a minute.
		s = validUTF8(s)
		if len(s) > fuzzPieceEndMax {
			end := fuzzPieceEndMax
			for !utf8.RuneStart(s[end]) {
				end--
			}
			s = s[:end]
		}
		checkPieceEnd(t, s)
	})
}

// fuzzPieceEndMax is the longest input FuzzPieceEnd checks.
const fuzzPieceEndMax = 1024

// TestLowerEnd compares lowerEnd with a byte loop for every byte at every
// position of a run of lowercase letters, with and without a word's room.
func TestLowerEnd(t *testing.T) {
	for b := range 256 {
		for n := range 20 {
			for pos := range n + 1 {
				w := []byte(strings.Repeat("az", 10)[:n])
				if pos < n {
					w[pos] = byte(b)
				}
				s := string(w)
				want := 0
				for want < len(s) && 'a' <= s[want] && s[want] <= 'z' {
					want++
				}
				if got := lowerEnd(s, 0); got != want {
					t.Fatalf("lowerEnd(%q, 0) = %d, want %d", s, got, want)
				}
			}
		}
	}
}
