package naming

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/unicode/runenames"

	"github.com/mcplint/mcplint/sdk"
)

// confusableName reports tool names that mix scripts or look like another
// tool's name (Unicode TR39 confusable detection).
type confusableName struct{}

// Meta describes the rule.
func (confusableName) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "confusable-name",
		Category: sdk.CategoryNaming,
		Severity: sdk.Error,
		Summary:  "a tool name mixes scripts or looks the same as another tool's name",
		Doc:      doc("confusable-name"),
		Source:   "Unicode UTS #39 §4 Confusable Detection and §5.2 Restriction-Level Detection; 2025-11-25/server/tools.mdx#tool-names",
		Default:  true,
	}
}

type named struct {
	name, server string
	index        int // in s.Tools; -1 for a peer's tool
}

// Check reports mixed-script names, whole-script look-alikes and skeleton
// collisions.
func (confusableName) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	// Sized for the tools up front: a large server's names would grow
	// both maps a dozen times.
	bySkeleton := make(map[string][]named, len(s.Tools))
	seen := make(map[string]bool, len(s.Tools))
	// Script findings wait until collisions are known: a name that
	// collides is reported once, by the collision, which names its odd
	// letters too.
	var scriptIssues []sdk.Issue
	for i, t := range s.Tools {
		if t.Name == "" || seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		if !isASCII(t.Name) {
			if scripts, odd := mixedScripts(t.Name); len(scripts) > 1 {
				scriptIssues = append(scriptIssues, sdk.Issue{
					Tool:    t.Name,
					Pointer: sdk.ToolPointer(i, "name"),
					Message: fmt.Sprintf("tool name %s mixes the scripts %s: %s%s", strconv.Quote(t.Name), strings.Join(scripts, " and "), odd, readsAs(t.Name)),
					Fix:     "spell the name in one script, preferably ASCII letters, digits, _ and -",
				})
			} else if look := asciiLook(t.Name); look != "" && len(scripts) == 1 && scripts[0] != "Latin" {
				scriptIssues = append(scriptIssues, sdk.Issue{
					Tool:     t.Name,
					Pointer:  sdk.ToolPointer(i, "name"),
					Severity: sdk.Warning,
					Message:  fmt.Sprintf("tool name %s is written in %s but looks like the Latin %s", strconv.Quote(t.Name), scripts[0], strconv.Quote(look)),
					Fix:      "spell the name in ASCII letters, digits, _ and -, as the MCP spec recommends",
				})
			}
		}
		sk := confusable.Skeleton(t.Name)
		bySkeleton[sk] = append(bySkeleton[sk], named{name: t.Name, server: s.Name, index: i})
	}
	for _, p := range s.Peers {
		if p == nil || p == s {
			continue
		}
		for _, t := range p.Tools {
			if t.Name == "" {
				continue
			}
			sk := confusable.Skeleton(t.Name)
			if _, ours := bySkeleton[sk]; ours {
				bySkeleton[sk] = append(bySkeleton[sk], named{name: t.Name, server: p.Name, index: -1})
			}
		}
	}
	skeletons := make([]string, 0, len(bySkeleton))
	for sk := range bySkeleton {
		skeletons = append(skeletons, sk)
	}
	sort.Strings(skeletons)
	collided := map[int]bool{}
	for _, sk := range skeletons {
		group := bySkeleton[sk]
		for k, n := range group {
			if n.index < 0 {
				continue
			}
			// Compare with the names before it in this server and with every
			// peer's, so each in-server pair is reported once, on its later
			// member.
			var others []string
			for j, o := range group {
				if o.name == n.name || (o.index >= 0 && j > k) {
					continue
				}
				if o.index >= 0 {
					others = append(others, strconv.Quote(o.name))
				} else {
					others = append(others, fmt.Sprintf("%s of server %s", strconv.Quote(o.name), strconv.Quote(o.server)))
				}
			}
			if len(others) == 0 {
				continue
			}
			collided[n.index] = true
			report(sdk.Issue{
				Tool:    n.name,
				Pointer: sdk.ToolPointer(n.index, "name"),
				Message: fmt.Sprintf("tool name %s looks the same as %s (equal Unicode confusable skeletons)%s", strconv.Quote(n.name), strings.Join(others, ", "), lookalikes(n.name)),
				Fix:     "rename one of the tools so the names differ in letters a reader can see",
			})
		}
	}
	for _, is := range scriptIssues {
		if !collided[indexOf(is.Pointer)] {
			report(is)
		}
	}
	return nil
}

// indexOf reads the tool index back from a /tools/N/name pointer.
func indexOf(ptr string) int {
	parts := sdk.SplitPointer(ptr)
	if len(parts) < 2 {
		return -1
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return -1
	}
	return n
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// highlyRestrictive are the script sets TR39 allows to mix in one
// identifier at the Highly Restrictive level.
var highlyRestrictive = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// mixedScripts returns the scripts of a name's letters when they are more
// than one allowed set, with the code points outside the first script
// named; a single script is returned alone.
func mixedScripts(name string) ([]string, string) {
	var scripts []string
	first := map[string]rune{}
	for _, r := range name {
		sc := scriptOf(r)
		if sc == "" || sc == "Common" || sc == "Inherited" {
			continue
		}
		if _, ok := first[sc]; !ok {
			first[sc] = r
			scripts = append(scripts, sc)
		}
	}
	if len(scripts) <= 1 {
		return scripts, ""
	}
	for _, set := range highlyRestrictive {
		if subset(scripts, set) {
			return scripts[:1], ""
		}
	}
	// The odd letters are the non-Latin ones when Latin is present (the
	// usual disguise), else those outside the first script.
	main := scripts[0]
	for _, sc := range scripts {
		if sc == "Latin" {
			main = "Latin"
		}
	}
	var odd []string
	for _, r := range name {
		if sc := scriptOf(r); sc != "" && sc != main && sc != "Common" && sc != "Inherited" {
			odd = append(odd, fmt.Sprintf("%U %s", r, runenames.Name(r)))
		}
	}
	return scripts, strings.Join(odd, ", ")
}

func subset(a, b []string) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// scriptOf returns the Unicode Script property of r.
func scriptOf(r rune) string {
	if r < 0x80 {
		if unicode.IsLetter(r) {
			return "Latin"
		}
		return "Common"
	}
	for _, name := range []string{"Latin", "Cyrillic", "Greek", "Armenian", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew"} {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	if unicode.Is(unicode.Common, r) {
		return "Common"
	}
	if unicode.Is(unicode.Inherited, r) {
		return "Inherited"
	}
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return ""
}

// asciiLook returns what a name looks like with each non-ASCII letter
// replaced by the ASCII its confusable prototype is, when every letter has
// one; "" otherwise.
func asciiLook(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		repl := confusable.GetReplacement(r)
		if repl == "" || !isASCII(repl) {
			return ""
		}
		b.WriteString(repl)
	}
	return b.String()
}

// readsAs shows the ASCII a mixed-script name imitates, when it does.
func readsAs(name string) string {
	if look := asciiLook(name); look != "" && look != name {
		return fmt.Sprintf("; it reads as %s", strconv.Quote(look))
	}
	return ""
}

// lookalikes names the non-ASCII code points of a name, which are the
// impostor letters when the other name is plain ASCII.
func lookalikes(name string) string {
	var odd []string
	for _, r := range name {
		if r >= 0x80 {
			odd = append(odd, fmt.Sprintf("%U %s", r, runenames.Name(r)))
		}
	}
	if len(odd) == 0 {
		return ""
	}
	return "; it holds " + strings.Join(odd, ", ")
}
