package secrets

import (
	"math"
	"sort"
	"strings"
	"sync"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/spf13/viper"
	"github.com/zricethezav/gitleaks/v8/config"
)

// ruleset is gitleaks' default configuration, compiled on first use: it
// holds some 220 regular expressions, which a run that reads no candidate
// never needs.
var ruleset = sync.OnceValue(func() *leakRules {
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		panic("secrets: gitleaks' default configuration does not parse: " + err.Error())
	}
	var vc config.ViperConfig
	if err := v.Unmarshal(&vc); err != nil {
		panic("secrets: gitleaks' default configuration does not decode: " + err.Error())
	}
	cfg, err := vc.Translate()
	if err != nil {
		panic("secrets: gitleaks' default configuration does not compile: " + err.Error())
	}
	lr := &leakRules{global: cfg.Allowlists, byKeyword: map[string][]int{}}
	ids := make([]string, 0, len(cfg.Rules))
	for id := range cfg.Rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var keywords []string
	for _, id := range ids {
		r := cfg.Rules[id]
		// Path-only rules name files, not text; required rules are
		// parts of composite rules that report only with their whole.
		if r.Regex == nil || r.SkipReport {
			continue
		}
		k := len(lr.rules)
		lr.rules = append(lr.rules, r)
		for _, kw := range r.Keywords {
			kw = strings.ToLower(kw)
			if _, ok := lr.byKeyword[kw]; !ok {
				keywords = append(keywords, kw)
			}
			lr.byKeyword[kw] = append(lr.byKeyword[kw], k)
		}
		if len(r.Keywords) == 0 {
			lr.always = append(lr.always, k)
		}
	}
	lr.keywords = ahocorasick.NewTrieBuilder().AddStrings(keywords).Build()
	return lr
})

type leakRules struct {
	rules     []config.Rule
	global    []*config.Allowlist
	keywords  *ahocorasick.Trie
	byKeyword map[string][]int
	always    []int
}

// window bounds the text around a candidate that the rules read: a line's
// worth before it, for rules that want the secret's name ("api_key = …"),
// and a little after, for a closing quote.
const (
	windowBefore = 200
	windowAfter  = 16
)

// findLeaks runs gitleaks' rules over the windows around candidates in
// text, as gitleaks' detector runs a rule over a fragment: keywords first,
// then the rule's expression, the secret group, the entropy floor and the
// global and the rule's allowlists.
func findLeaks(text string) []Match {
	lr := ruleset()
	var out []Match
	for _, win := range windows(text) {
		part := text[win[0]:win[1]]
		seen := map[int]bool{}
		var todo []int
		for _, m := range lr.keywords.MatchString(strings.ToLower(part)) {
			for _, k := range lr.byKeyword[m.MatchString()] {
				if !seen[k] {
					seen[k] = true
					todo = append(todo, k)
				}
			}
		}
		todo = append(todo, lr.always...)
		sort.Ints(todo)
		for _, k := range todo {
			for _, m := range lr.match(&lr.rules[k], part) {
				m.Start += win[0]
				m.End += win[0]
				out = append(out, m)
			}
		}
	}
	return out
}

// windows returns the byte ranges around each candidate run of text,
// merged where they overlap; a private-key block is one window from its
// header to its footer.
func windows(text string) [][2]int {
	var out [][2]int
	add := func(lo, hi int) {
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], hi)
			return
		}
		out = append(out, [2]int{lo, hi})
	}
	for from := 0; ; {
		start := nextCandidate(text, from)
		if start < 0 {
			break
		}
		end := start
		for end < len(text) && tokenByte[text[end]] {
			end++
		}
		add(max(0, start-windowBefore), min(len(text), end+windowAfter))
		from = end
	}
	for from := 0; ; {
		k := strings.Index(text[from:], "-----BEGIN")
		if k < 0 {
			break
		}
		start := from + k
		end := len(text)
		if f := strings.Index(text[start+10:], "-----END"); f >= 0 {
			end = start + 10 + f + len("-----END")
			if e := strings.Index(text[end:], "-----"); e >= 0 && e < 120 {
				end += e + 5
			}
		}
		add(start, end)
		from = start + 10
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	merged := out[:0]
	for _, w := range out {
		if n := len(merged); n > 0 && w[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], w[1])
			continue
		}
		merged = append(merged, w)
	}
	return merged
}

// match returns rule r's secrets in part.
func (lr *leakRules) match(r *config.Rule, part string) []Match {
	var out []Match
	for _, loc := range r.Regex.FindAllStringSubmatchIndex(part, -1) {
		whole := part[loc[0]:loc[1]]
		start, end := loc[0], loc[1]
		// The secret is the rule's secret group, else its first
		// non-empty group, else the whole match.
		group := -1
		if r.SecretGroup > 0 {
			group = r.SecretGroup
		} else {
			for g := 1; 2*g+1 < len(loc); g++ {
				if loc[2*g] >= 0 && loc[2*g+1] > loc[2*g] {
					group = g
					break
				}
			}
		}
		if group > 0 && 2*group+1 < len(loc) && loc[2*group] >= 0 {
			start, end = loc[2*group], loc[2*group+1]
		}
		for end > start && (part[end-1] == '\n' || part[end-1] == '\r') {
			end--
		}
		secret := part[start:end]
		if secret == "" {
			continue
		}
		if r.Entropy != 0 && entropy(secret) <= r.Entropy {
			continue
		}
		line := lineAround(part, start, end)
		if allowed(lr.global, secret, whole, line) || allowed(r.Allowlists, secret, whole, line) {
			continue
		}
		out = append(out, Match{Kind: r.RuleID, Start: start, End: end})
	}
	return out
}

func lineAround(s string, start, end int) string {
	lo := strings.LastIndexByte(s[:start], '\n') + 1
	hi := len(s)
	if k := strings.IndexByte(s[end:], '\n'); k >= 0 {
		hi = end + k
	}
	return s[lo:hi]
}

// allowed applies allowlists as gitleaks' detector does to a finding with
// no commit and no path: their expressions (on the secret, the match or
// the line, as each says) and their stop words (on the secret).
func allowed(lists []*config.Allowlist, secret, whole, line string) bool {
	for _, a := range lists {
		target := secret
		switch a.RegexTarget {
		case "match":
			target = whole
		case "line":
			target = line
		}
		regex := a.RegexAllowed(target)
		stop, _ := a.ContainsStopWord(secret)
		if a.MatchCondition == config.AllowlistMatchAnd {
			// Commit and path conditions cannot hold for text that
			// has neither, so an AND list that needs one never allows.
			if len(a.Commits) > 0 || len(a.Paths) > 0 {
				continue
			}
			ok := len(a.Regexes) > 0 || len(a.StopWords) > 0
			if len(a.Regexes) > 0 {
				ok = ok && regex
			}
			if len(a.StopWords) > 0 {
				ok = ok && stop
			}
			if ok {
				return true
			}
			continue
		}
		if regex || stop {
			return true
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits per character, as gitleaks
// measures it for its thresholds.
func entropy(s string) float64 {
	counts := map[rune]int{}
	for _, r := range s {
		counts[r]++
	}
	inv := 1 / float64(len(s))
	var e float64
	for _, n := range counts {
		f := float64(n) * inv
		e -= f * math.Log2(f)
	}
	return e
}
