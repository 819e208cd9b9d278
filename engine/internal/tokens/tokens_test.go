package tokens

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mcplint/mcplint/sdk"
)

type goldenCase struct {
	Text  string `json:"text"`
	Count int    `json:"count"`
}

func readGolden(tb testing.TB) []goldenCase {
	tb.Helper()
	b, err := os.ReadFile("testdata/tiktoken/golden.json")
	if err != nil {
		tb.Fatal(err)
	}
	var cases []goldenCase
	if err := json.Unmarshal(b, &cases); err != nil {
		tb.Fatalf("testdata/tiktoken/golden.json: %v", err)
	}
	return cases
}

// TestTiktokenGolden checks Count against counts tiktoken itself computed.
func TestTiktokenGolden(t *testing.T) {
	for _, c := range readGolden(t) {
		if got := Count(c.Text); got != c.Count {
			t.Errorf("Count(%q) = %d, tiktoken = %d\n  pieces: %q", c.Text, got, c.Count, split(c.Text))
		}
	}
	b, err := os.ReadFile("testdata/tiktoken/files.json")
	if err != nil {
		t.Fatal(err)
	}
	var files map[string]int
	if err := json.Unmarshal(b, &files); err != nil {
		t.Fatalf("testdata/tiktoken/files.json: %v", err)
	}
	for name, want := range files {
		text, err := os.ReadFile("testdata/schema/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if got := Count(string(text)); got != want {
			t.Errorf("Count(testdata/schema/%s) = %d, tiktoken = %d", name, got, want)
		}
	}
}

// TestReferenceDivergence pins the inputs where the Go port splits
// differently from tiktoken, so the exemption in checkAgainstReferences
// stays as narrow as the defect.
func TestReferenceDivergence(t *testing.T) {
	for _, tc := range []struct {
		text    string
		diverge bool
	}{
		{"\n \n", true},
		{"a\r\n\t\r\nb", true},
		{"x\n\u3000\ny", true},
		{"\n\n  x", false},
		{"\r\n", false},
		{"a \n b \n c", false},
		{"a\x7fb", true},
		{"\x7e", false},
	} {
		if got := refDiverges(tc.text); got != tc.diverge {
			t.Errorf("refDiverges(%q) = %v, want %v", tc.text, got, tc.diverge)
		}
		if got, want := Count(tc.text), oracleCount(t, tc.text); got != want {
			t.Errorf("Count(%q) = %d, oracle = %d", tc.text, got, want)
		}
	}
}

// multilingual is text a tool list carries beyond ASCII: scripts, emoji,
// combining marks, numbers in several systems, odd spaces and newlines.
var multilingual = []string{
	"Lee el archivo y devuelve su contenido. ¿Quién? ¡Ñandú!",
	"Lit le fichier et renvoie son contenu ; l'utilisateur doit l'avoir ouvert.",
	"Liest die Datei. Größe in Bytes, maßgeblich für Straßenkarten.",
	"读取文件并返回其内容。参数：路径（必填）。",
	"ファイルを読み込み、その内容を返します。カタカナとひらがな。",
	"파일을 읽고 내용을 반환합니다. 경로는 필수입니다.",
	"يقرأ الملف ويعيد محتواه. المسار مطلوب. ١٢٣ ٤٥٦",
	"קורא את הקובץ ומחזיר את תוכנו.",
	"फ़ाइल पढ़ता है और उसकी सामग्री लौटाता है। ४२",
	"อ่านไฟล์และส่งคืนเนื้อหา",
	"Читает файл и возвращает его содержимое. ВАЖНО: путь обязателен.",
	"Διαβάζει το αρχείο. ΣΗΜΑΝΤΙΚΟ: η διαδρομή είναι υποχρεωτική.",
	"Ṱ̺̺̕o͞ ̷i̲̬͇̪͙n̝̗͕v̟̜̘̦͟o̶̙̰̠kè͚̮̺̪̹̱̤ ̖t̝͕̳̣̻̪͞h̼͓̲̦̳̘̲e͇̣̰̦̬͎ ̢̼̻̱̘h͚͎͙̜̣̲ͅi̦̲̣̰̤v̻͍e̺̭̳̪̰-m̢iͅn̖̺̞̲̯̰d̵̼̟͙̩̼̘̳",
	"👩‍💻 deploys 🚀 to 🇩🇪🇯🇵 at 10:30 ✅ — 👍🏿👍🏻 #1",
	"don't can't won't WE'LL THEY'RE I'VE she'S He'd o'clock rock'n'roll 'til",
	"ÉCOLE d'ÉTÉ L'ÉQUIPE D'ABORD",
	"x\r\ny\r\n\r\nz \r\n\t\r\n  w\n\n\n   \n v",
	"tabs\t\tand  spaces   and\u00a0nbsp\u2003em\u3000ideographic\u205fmath\u1680ogham",
	"1 12 123 1234 12345 1.5e-10 -42 +7 0xFF ½⅔ ⅧⅫ ①②③ ٣٤٥ ๑๒๓ 二十三",
	"\u0301\u0302 leading marks, a\u0308\u0304 stacked, ग\u094d\u200dय conjunct",
	"ǅ ǈ ǋ ǲ ᾈ ᾉ title-case letters; ʰʲʷ modifier letters; ª º",
	"<|endoftext|> <|endofprompt|> <|im_start|>user<|im_end|>",
	"\ufeff\u200b\u200c\u200d\u2060\u00ad invisible characters",
	"ſ'S ſ'ſ 'ſ x'ſ İ'LL K'D",
	strings.Repeat(" ", 513) + "x" + strings.Repeat("\t", 70),
	strings.Repeat("é", 100) + strings.Repeat("ー", 90),
	strings.Repeat("🙂", 40),
}

func TestMultilingual(t *testing.T) {
	for i, s := range multilingual {
		checkAgainstReferences(t, fmt.Sprintf("multilingual[%d]", i), s)
	}
	for _, c := range readGolden(t) {
		checkAgainstReferences(t, fmt.Sprintf("golden %q", c.Text), c.Text)
	}
}

// TestSplitMatchesPattern compares the hand-written pre-tokenizer with the
// o200k pattern piece by piece, which finds a split mistake even where the
// counts happen to agree.
func TestSplitMatchesPattern(t *testing.T) {
	texts := slices.Clone(multilingual)
	for _, c := range readGolden(t) {
		texts = append(texts, c.Text)
	}
	for _, tool := range schemaTools(t) {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if got, want := split(s), oracleSplit(t, s); !slices.Equal(got, want) {
			t.Errorf("split(%.60q):\n  got  %q\n  want %q", s, got, want)
		}
	}
}

// TestSchemaTools counts each schema definition as a tool, and the whole
// list at once, against the references.
func TestSchemaTools(t *testing.T) {
	tools := schemaTools(t)
	for _, tool := range tools {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReferences(t, tool.Name, string(b))
	}
	list := toolListJSON(t, 200_000)
	checkAgainstReferences(t, "tool list", string(list))
	var indented bytes.Buffer
	if err := json.Indent(&indented, list, "", "  "); err != nil {
		t.Fatal(err)
	}
	checkAgainstReferences(t, "indented tool list", indented.String())
}

// invalidUTF8 is text with broken encodings: stray continuation bytes,
// truncated sequences, overlong forms, surrogates, code points past U+10FFFF.
var invalidUTF8 = []string{
	"\xff", "a\xffb", "\xe4\xb8", "\xe4\xb8\xad\xe4", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"don\xe2\x80t", " \x80\x81\x82 ", "\x80" + strings.Repeat("a", 70) + "\xfe",
	"emoji \xf0\x9f\x98", "\r\n\xff\r\n", "'\xc5", "it'\xc5\xbf", "\xc5\xbf'\xc5",
}

// TestInvalidUTF8 checks that broken encodings count as if each invalid
// byte were U+FFFD, and never panic.
func TestInvalidUTF8(t *testing.T) {
	for _, s := range invalidUTF8 {
		got := Count(s)
		if want := refCount(t, validUTF8(s)); got != want {
			t.Errorf("Count(%q) = %d, tiktoken-go = %d", s, got, want)
		}
	}
}

// TestKinds checks the character classes against the unicode tables the
// pattern names, over every code point.
func TestKinds(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		k := kindOfRune(r)
		if c := runeKind(r); c != k {
			t.Fatalf("runeKind(%U) = %d, kindOfRune = %d", r, c, k)
		}
		if r < 0x100 {
			want := k
			if r >= 0x80 {
				want = 0
			}
			if b := byteKinds[r]; b != want {
				t.Fatalf("byteKinds[%#x] = %d, want %d", r, b, want)
			}
		}
		checks := []struct {
			name string
			in   bool
			want bool
		}{
			{`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`, k&setUpper != 0, unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)},
			{`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`, k&setLower != 0, unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)},
			{`[^\r\n\p{L}\p{N}]`, k&setPrefix != 0, r != '\r' && r != '\n' && !unicode.In(r, unicode.L, unicode.N)},
			{`[^\s\p{L}\p{N}]`, k&setPunct != 0, !unicode.IsSpace(r) && !unicode.In(r, unicode.L, unicode.N)},
			{`\s`, k&setSpace != 0, unicode.IsSpace(r)},
			{`\p{N}`, k == kNumber, unicode.In(r, unicode.N)},
			{`\p{Ll}`, k == kLower, unicode.In(r, unicode.Ll)},
		}
		for _, c := range checks {
			if c.in != c.want {
				t.Fatalf("%U in %s: got %v, want %v", r, c.name, c.in, c.want)
			}
		}
	}
}

func TestCountSnapshot(t *testing.T) {
	tools := schemaTools(t)
	for _, n := range []int{0, 3, parallelMin - 1, parallelMin, len(tools)} {
		s := &sdk.Snapshot{Tools: tools[:n], Instructions: "Use read_file before write_file.\nNever guess paths."}
		got := CountSnapshot(s)
		want := &sdk.TokenCounts{Tools: make([]int, n), Instructions: Count(s.Instructions)}
		want.Total = want.Instructions
		for i, tool := range s.Tools {
			b, err := json.Marshal(tool)
			if err != nil {
				t.Fatal(err)
			}
			want.Tools[i] = oracleCount(t, string(b))
			want.Total += want.Tools[i]
		}
		if !slices.Equal(got.Tools, want.Tools) || got.Instructions != want.Instructions || got.Total != want.Total {
			t.Errorf("%d tools: CountSnapshot = %+v, want %+v", n, got, want)
		}
	}
}

func TestCountConcurrent(t *testing.T) {
	texts := multilingual
	want := make([]int, len(texts))
	for i, s := range texts {
		want[i] = Count(s)
	}
	done := make(chan error)
	for w := range 8 {
		go func() {
			for i := range texts {
				j := (i + w) % len(texts)
				if got := Count(texts[j]); got != want[j] {
					done <- fmt.Errorf("Count(multilingual[%d]) = %d concurrently, %d alone", j, got, want[j])
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range multilingual {
		f.Add(s)
	}
	for _, c := range readGolden(f) {
		f.Add(c.Text)
	}
	for _, s := range invalidUTF8 {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := validUTF8(s)
		if oracleWork(v) > oracleMaxWork {
			// The oracle merges a piece in quadratic time: a run of
			// 3,870 invalid bytes, one piece of as many U+FFFD, took it
			// 0.8 s, and the fuzzer's minimizing of such an input ran
			// past the test's timeout. Many pieces just under a
			// kilobyte add up the same way: 64 KiB of runs of 340
			// invalid bytes took it 3.6 s. tiktoken-go counts either
			// in milliseconds.
			if !refDiverges(v) {
				if got, want := Count(s), refCount(t, v); got != want {
					t.Errorf("Count = %d, tiktoken-go = %d", got, want)
				}
			}
			return
		}
		checkAgainstReferences(t, "fuzz", s)
	})
}

// oracleWork is how much merging the oracle does on s: the sum of the
// squares of its pieces' lengths.
func oracleWork(s string) int {
	work := 0
	for _, p := range split(s) {
		work += len(p) * len(p)
	}
	return work
}

// oracleMaxWork is the most merging FuzzCount has the oracle do on one
// input: as much as on one piece of a kilobyte.
const oracleMaxWork = 1024 * 1024

// TestHeapMatchesScan checks that the two merge loops agree on pieces short
// enough for both, including ties between equal pairs, which only the order
// of merging settles.
func TestHeapMatchesScan(t *testing.T) {
	tb := loadVocab()
	alphabet := []string{"a", "b", "l", "o", " ", "-", "=", "é", "ー", "0"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var b strings.Builder
		for n := 2 + rng.IntN(scanMax/2); b.Len() < n; {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		piece := b.String()
		if len(piece) > scanMax {
			piece = piece[:scanMax]
		}
		if tb.Rank(piece) != noRank {
			continue
		}
		if scan, heap := pieceCount(tb, piece), pieceCountHeap(tb, piece); scan != heap {
			t.Fatalf("piece %q: scan merges to %d tokens, heap to %d", piece, scan, heap)
		}
	}
}
