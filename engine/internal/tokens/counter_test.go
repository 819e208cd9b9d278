package tokens

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// checkCounter fails where counting texts in turn with one counter, as
// CountSnapshot does, differs from counting each alone without one.
func checkCounter(t *testing.T, texts []string) {
	t.Helper()
	tb := loadVocab()
	c := newCounter()
	for _, s := range texts {
		if got, want := countValid(tb, s, c), countPieces(tb, s); got != want {
			t.Fatalf("count of %q with a counter = %d, without = %d", s, got, want)
		}
	}
}

func TestCounterMatchesPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var texts []string
	for range 5000 {
		texts = append(texts, randomFastText(rng, 1+rng.IntN(40)))
	}
	// Pieces of every length around recentMaxLen, at the end of a text
	// and inside it, where their words are read differently.
	for n := 1; n <= 2*recentMaxLen; n++ {
		w := strings.Repeat("ab", n)[:n]
		texts = append(texts, w, " "+w, w+" x", strings.Repeat(" ", n), strings.Repeat(" ", n)+"x", strings.Repeat("中", n))
	}
	texts = append(texts, multilingual...)
	checkCounter(t, texts)
	// The same texts again find their pieces in the counter.
	checkCounter(t, texts)
}

func FuzzCounter(f *testing.F) {
	for _, s := range multilingual {
		f.Add(s, "")
	}
	f.Add(`{"type":"string"}`, `{"type":"str`)
	f.Fuzz(func(t *testing.T, a, b string) {
		checkCounter(t, []string{validUTF8(a), validUTF8(b), validUTF8(a + b)})
	})
}

// TestCountSnapshotMatchesPlain counts a large generated tool list, whose
// tools repeat pieces enough to fill a counter and push pieces out of it,
// with CountSnapshot and with countPieces of each tool's json.Marshal.
func TestCountSnapshotMatchesPlain(t *testing.T) {
	list := toolListJSON(t, 1<<18)
	var s sdk.Snapshot
	if err := json.Unmarshal(list, &s); err != nil {
		t.Fatal(err)
	}
	got := CountSnapshot(&s)
	for i, tool := range s.Tools {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		if want := countPieces(loadVocab(), string(b)); got.Tools[i] != want {
			t.Errorf("tool %d (%s): CountSnapshot = %d, countPieces = %d", i, tool.Name, got.Tools[i], want)
		}
	}
}

// checkToolCounts fails where CountSnapshot's count of a tool differs
// from countPieces of its json.Marshal.
func checkToolCounts(t *testing.T, tools []sdk.Tool) {
	t.Helper()
	s := sdk.Snapshot{Tools: tools}
	got := CountSnapshot(&s)
	for i, tool := range tools {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		if want := countPieces(loadVocab(), string(b)); got.Tools[i] != want {
			t.Fatalf("tool %d: CountSnapshot = %d, countPieces = %d of %s", i, got.Tools[i], want, b)
		}
	}
}

// stretchTools are tools that hold text twice or more, in the places
// where CountSnapshot counts a long string's body or an object of
// scalars once: a string value, an array element, a member of an object
// that one map gives to every tool, after a number, a boolean and null.
func stretchTools(texts []string) []sdk.Tool {
	var tools []sdk.Tool
	for i, s := range texts {
		shared := map[string]any{"type": "string", "description": s, "default": s, "n": 1234.0, "b": true, "z": nil}
		last := map[string]any{"a": 1.0, "z": s}
		for j := range 3 {
			def := map[string]any{
				"name":        fmt.Sprintf("tool_%d_%d", i, j),
				"description": s,
				"inputSchema": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"p": shared, "q": map[string]any{"enum": []any{s, 12.0, s, false, s, nil, s}},
						"r": last, "s": []any{shared, last, s},
					},
				},
			}
			tools = append(tools, sdk.ToolFromDef(def))
		}
	}
	return tools
}

// TestCountSnapshotStretches counts strings whose heads, bodies and tails
// take every shape the pre-tokenizer treats apart at a string's edges.
func TestCountSnapshotStretches(t *testing.T) {
	heads := []string{"", "(", "-", `"`, "<", "'", " ", "  ", "…", "é", "\n", "/", "\\", "1"}
	bodies := []string{"word", "Word", "w0rd", "1234", "ab cd", "don't", "the user's", "中文字", "a\nb", "tab\there", "a\u2028b", "camelCase", "x  y", "A"}
	tails := []string{"", ".", ".)", "'", "'s", " ", "  ", "!", "\n", "…", "\xff", "'LL", "\u00a0", "1", "é"}
	var texts []string
	for _, h := range heads {
		for _, b := range bodies {
			for _, tl := range tails {
				body := b
				for len(h)+len(body)+len(tl) < sharedMin {
					body += " " + b
				}
				texts = append(texts, h+body+tl)
			}
		}
	}
	checkToolCounts(t, stretchTools(texts))
}

func FuzzCountSnapshot(f *testing.F) {
	f.Add("(optional) The path to read.", "don't stop here'")
	f.Add("1234567890123456789", " leading and trailing ")
	f.Fuzz(func(t *testing.T, a, b string) {
		checkToolCounts(t, stretchTools([]string{a, b, a + b}))
	})
}
