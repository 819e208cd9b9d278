package suggest

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// reference is the policy written the plain way, over Distance:
// the oracle both Closest and Index are held to.
func reference(name string, candidates []string) string {
	limit := len([]rune(name)) / 3
	if len([]rune(name)) > maxRunes {
		return ""
	}
	best, bestD := "", -1
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := Distance(strings.ToLower(name), strings.ToLower(c))
		if d > limit {
			continue
		}
		if bestD < 0 || d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	return best
}

func TestPolicy(t *testing.T) {
	cands := []string{"hidden-unicode-tag", "tool-name-style", "tool-name-format", "warning", "error", "info", "get_forecast", "find_city", "a"}
	for _, tc := range []struct{ in, want string }{
		{"hiden-unicode-tag", "hidden-unicode-tag"},
		{"hdiden-unicode-tag", "hidden-unicode-tag"}, // a swap is one typo
		{"Tool-Name-Style", "tool-name-style"},       // case is no typo
		{"tool-name-stlye", "tool-name-style"},
		{"tool-name-styel", "tool-name-style"},
		{"tool-name-form", "tool-name-format"},
		{"tool-name-forma", "tool-name-format"},
		{"b", ""},                        // a third of one rune is no typo
		{"A", "a"},                       // but case is never one
		{"get_forecats", "get_forecast"}, // 12 runes: up to 4 typos
		{"fetch_forecast", "get_forecast"},
		{"banana", ""},
		{"tool-name-style", ""}, // the name itself is no suggestion
		{"errro", "error"},
	} {
		if got := Closest(tc.in, cands); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := NewIndex(cands).Closest(tc.in); got != tc.want {
			t.Errorf("Index.Closest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTiesGoToByteOrder(t *testing.T) {
	// Both are one typo from "list_fils"; the answer must not depend on
	// the candidates' order.
	for _, cands := range [][]string{{"list_files", "list_fil"}, {"list_fil", "list_files"}} {
		if got := Closest("list_fils", cands); got != "list_fil" {
			t.Errorf("Closest(%v) = %q", cands, got)
		}
		if got := NewIndex(cands).Closest("list_fils"); got != "list_fil" {
			t.Errorf("Index(%v).Closest = %q", cands, got)
		}
	}
}

func TestGuess(t *testing.T) {
	cands := []string{"snake_case", "camelCase", "kebab-case", "consistent", "warning", "tool-name-style", "tool-name-format"}
	for _, tc := range []struct{ in, want string }{
		{"snake", "snake_case"}, {"CAMEL", "camelCase"}, {"kebab_case", "kebab-case"},
		{"consistant", "consistent"}, {"warn", "warning"},
		{"tool", ""}, // a prefix of two names is no guess
		{"sn", ""},   // too short to be a short form
	} {
		if got := Guess(tc.in, cands); got != tc.want {
			t.Errorf("Guess(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestAgainstReference compares Closest and Index with the plain policy on
// random names near and far from random candidate sets, in several
// scripts and cases.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{"abc_", "abcdefghij-_", "aAbBcé", "ab日本語"}
	word := func(alpha []rune, n int) string {
		w := make([]rune, n)
		for i := range w {
			w[i] = alpha[r.IntN(len(alpha))]
		}
		return string(w)
	}
	mutate := func(alpha []rune, s string) string {
		rs := []rune(s)
		for range 1 + r.IntN(4) {
			switch i := r.IntN(len(rs) + 1); r.IntN(4) {
			case 0:
				if i < len(rs) {
					rs = append(rs[:i], rs[i+1:]...)
				}
			case 1:
				rs = append(rs[:i], append([]rune{alpha[r.IntN(len(alpha))]}, rs[i:]...)...)
			case 2:
				if i < len(rs) {
					rs[i] = alpha[r.IntN(len(alpha))]
				}
			case 3:
				if i+1 < len(rs) {
					rs[i], rs[i+1] = rs[i+1], rs[i]
				}
			}
		}
		return string(rs)
	}
	for round := range 300 {
		alpha := []rune(alphabets[round%len(alphabets)])
		cands := make([]string, 1+r.IntN(40))
		for i := range cands {
			cands[i] = word(alpha, 1+r.IntN(14))
		}
		ix := NewIndex(cands)
		for range 20 {
			q := word(alpha, 1+r.IntN(14))
			if r.IntN(2) == 0 {
				q = mutate(alpha, cands[r.IntN(len(cands))])
			}
			if r.IntN(5) == 0 {
				q = strings.ToUpper(q)
			}
			want := reference(q, cands)
			if got := Closest(q, cands); got != want {
				t.Fatalf("Closest(%q, %q) = %q, want %q", q, cands, got, want)
			}
			if got := ix.Closest(q); got != want {
				t.Fatalf("Index(%q).Closest(%q) = %q, want %q", cands, q, got, want)
			}
		}
	}
}

func TestLongNames(t *testing.T) {
	long := strings.Repeat("a", 300)
	if got := Closest(long, []string{long + "b"}); got != "" {
		t.Errorf("a 300-rune name got %q", got)
	}
	if got := NewIndex([]string{long + "b"}).Closest(long); got != "" {
		t.Errorf("Index: a 300-rune name got %q", got)
	}
}

// BenchmarkIndexScale looks up names one typo away and names near nothing
// in sets of 10,000 and 100,000 tool names: the cost of a question must
// not grow with the set for the first kind.
func BenchmarkIndexScale(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		names := make([]string, n)
		r := rand.New(rand.NewPCG(3, 4))
		for i := range names {
			names[i] = "tool_" + string(rune('a'+r.IntN(26))) + string(rune('a'+r.IntN(26))) + string(rune('a'+r.IntN(26))) + string(rune('a'+r.IntN(26))) + "_list_items_" + string(rune('a'+i%26))
		}
		ix := NewIndex(names)
		b.Run("typo/"+strconv.Itoa(n), func(b *testing.B) {
			i := 0
			for b.Loop() {
				q := names[i%n]
				q = q[:3] + q[4:]
				delete(ix.memo, q)
				if ix.Closest(q) == "" {
					b.Fatal("no suggestion")
				}
				i++
			}
		})
	}
}
