package secrets

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/zricethezav/gitleaks/v8/config"
	"github.com/zricethezav/gitleaks/v8/regexp"
)

// ruleset is gitleaks' default configuration, decoded on first use. Its
// some 220 expressions are not compiled with it: a rule compiles its
// expression the first time a window's keywords select it, and its
// allowlists the first time that expression matches. Compiling them all
// costs four times the CPU of decoding, 26 MB of allocations and 12 MB
// that stay live, while a realistic list of ten thousand tools selects one
// rule.
var ruleset = sync.OnceValue(func() *leakRules {
	// gitleaks reads its configuration through viper; BurntSushi/toml
	// decodes the same ViperConfig (a test holds them equal) in less
	// than half the time.
	var vc config.ViperConfig
	if _, err := toml.Decode(config.DefaultConfig, &vc); err != nil {
		panic("secrets: gitleaks' default configuration does not parse: " + err.Error())
	}
	rules, global, err := lazyRules(&vc)
	if err != nil {
		panic("secrets: gitleaks' default configuration does not translate: " + err.Error())
	}
	return indexRules(rules, global)
})

type leakRules struct {
	rules    []*leakRule
	global   func() []*config.Allowlist
	keywords *keywordIndex
}

// leakRule is one of gitleaks' rules, with its expression and its
// allowlists behind functions that compile them once, on first call; they
// are safe to call from several goroutines.
type leakRule struct {
	id          string
	keywords    []string // lower case
	secretGroup int
	entropy     float64
	regex       func() *regexp.Regexp
	allowlists  func() []*config.Allowlist
}

// indexRules returns rules, in their order, behind an index of their
// keywords.
func indexRules(rules []*leakRule, global func() []*config.Allowlist) *leakRules {
	return &leakRules{rules: rules, global: global, keywords: newKeywordIndex(rules)}
}

// lazyRules returns vc's rules that can report a secret in text, in the
// order of their ids, and its global allowlists, as gitleaks' Translate
// would make them but compiled on first use. What Translate checks without
// compiling an expression is checked here; the rest is held by a test
// that compiles them all.
func lazyRules(vc *config.ViperConfig) ([]*leakRule, func() []*config.Allowlist, error) {
	var global []allowSpec
	targeted := map[string][]allowSpec{}
	globals := vc.Allowlists
	// The default configuration still writes its global list in the
	// deprecated [allowlist] form.
	//lint:ignore SA1019 gitleaks' own default configuration uses it
	if old := vc.AllowList; old != nil {
		if len(globals) > 0 {
			return nil, nil, errors.New("[allowlist] cannot be used alongside [[allowlists]]")
		}
		globals = append(globals, old)
	}
	for _, a := range globals {
		spec, err := newAllowSpec(allowSource{a.Description, a.Condition, a.Commits, a.Paths, a.RegexTarget, a.Regexes, a.StopWords})
		if err != nil {
			return nil, nil, fmt.Errorf("[[allowlists]] %w", err)
		}
		if len(a.TargetRules) == 0 {
			global = append(global, spec)
		}
		for _, id := range a.TargetRules {
			targeted[id] = append(targeted[id], spec)
		}
	}
	// A later rule of the same id replaces an earlier one, as in
	// Translate.
	byID := map[string]int{}
	for i, vr := range vc.Rules {
		byID[vr.ID] = i
	}
	for id := range targeted {
		if _, ok := byID[id]; !ok {
			return nil, nil, fmt.Errorf("[[allowlists]] target rule ID %q does not exist", id)
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var rules []*leakRule
	for _, id := range ids {
		vr := &vc.Rules[byID[id]]
		if strings.TrimSpace(id) == "" {
			return nil, nil, errors.New("rule |id| is missing or empty")
		}
		for _, req := range vr.Required {
			if _, ok := byID[req.ID]; !ok {
				return nil, nil, fmt.Errorf("%s: [[rules.required]] rule ID %q does not exist", id, req.ID)
			}
		}
		own := vr.Allowlists
		if vr.AllowList != nil {
			if len(own) > 0 {
				return nil, nil, fmt.Errorf("%s: [rules.allowlist] cannot be used alongside [[rules.allowlist]]", id)
			}
			own = append(own, vr.AllowList)
		}
		var specs []allowSpec
		for _, a := range own {
			spec, err := newAllowSpec(allowSource(*a))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: [[rules.allowlists]] %w", id, err)
			}
			specs = append(specs, spec)
		}
		specs = append(specs, targeted[id]...)
		// Path-only rules name files, not text; required rules are
		// parts of composite rules that report only with their whole.
		if vr.Regex == "" || vr.SkipReport {
			continue
		}
		expr := vr.Regex // not vr, which would keep all of vc
		keywords := make([]string, len(vr.Keywords))
		for i, kw := range vr.Keywords {
			keywords[i] = strings.ToLower(kw)
		}
		rules = append(rules, &leakRule{
			id:          id,
			keywords:    keywords,
			secretGroup: vr.SecretGroup,
			entropy:     vr.Entropy,
			regex:       sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) }),
			allowlists:  sync.OnceValue(func() []*config.Allowlist { return compileAllowlists(specs) }),
		})
	}
	return rules, sync.OnceValue(func() []*config.Allowlist { return compileAllowlists(global) }), nil
}

// allowSource is an allowlist as gitleaks' configuration writes it.
type allowSource struct {
	Description string
	Condition   string
	Commits     []string
	Paths       []string
	RegexTarget string
	Regexes     []string
	StopWords   []string
}

// allowSpec is an allowlist checked but not compiled. Its paths are not
// kept: text has none, so a path or a commit decides only that an AND list
// never allows.
type allowSpec struct {
	condition config.AllowlistMatchCondition
	target    string
	regexes   []string
	stopWords []string
	never     bool
}

func newAllowSpec(a allowSource) (allowSpec, error) {
	s := allowSpec{target: a.RegexTarget, regexes: a.Regexes, stopWords: a.StopWords}
	switch strings.ToUpper(a.Condition) {
	case "AND", "&&":
		s.condition = config.AllowlistMatchAnd
	case "", "OR", "||":
		s.condition = config.AllowlistMatchOr
	default:
		return s, fmt.Errorf("unknown allowlist |condition| %q (expected 'and', 'or')", a.Condition)
	}
	switch s.target {
	case "secret":
		s.target = ""
	case "", "match", "line":
	default:
		return s, fmt.Errorf("unknown allowlist |regexTarget| %q (expected 'match', 'line')", a.RegexTarget)
	}
	if len(a.Commits) == 0 && len(a.Paths) == 0 && len(a.Regexes) == 0 && len(a.StopWords) == 0 {
		return s, errors.New("must contain at least one check for: commits, paths, regexes, or stopwords")
	}
	s.never = s.condition == config.AllowlistMatchAnd && (len(a.Commits) > 0 || len(a.Paths) > 0) ||
		len(a.Regexes) == 0 && len(a.StopWords) == 0
	return s, nil
}

// compileAllowlists returns the allowlists of specs that can allow a
// secret in text, validated as gitleaks validates them: that joins their
// expressions into one and puts their stop words in a trie.
func compileAllowlists(specs []allowSpec) []*config.Allowlist {
	var out []*config.Allowlist
	for _, s := range specs {
		if s.never {
			continue
		}
		a := &config.Allowlist{MatchCondition: s.condition, RegexTarget: s.target, StopWords: s.stopWords}
		for _, e := range s.regexes {
			a.Regexes = append(a.Regexes, regexp.MustCompile(e))
		}
		if err := a.Validate(); err != nil {
			panic("secrets: gitleaks' allowlist does not validate: " + err.Error())
		}
		out = append(out, a)
	}
	return out
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
func findLeaks(text string) []Match { return ruleset().find(text) }

func (lr *leakRules) find(text string) []Match {
	var out []Match
	for _, win := range windows(text) {
		part := text[win[0]:win[1]]
		for _, k := range lr.keywords.selected(strings.ToLower(part)) {
			for _, m := range lr.match(lr.rules[k], part) {
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
func (lr *leakRules) match(r *leakRule, part string) []Match {
	var out []Match
	for _, loc := range r.regex().FindAllStringSubmatchIndex(part, -1) {
		whole := part[loc[0]:loc[1]]
		start, end := loc[0], loc[1]
		// The secret is the rule's secret group, else its first
		// non-empty group, else the whole match.
		group := -1
		if r.secretGroup > 0 {
			group = r.secretGroup
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
		if r.entropy != 0 && entropy(secret) <= r.entropy {
			continue
		}
		line := lineAround(part, start, end)
		if allowed(lr.global(), secret, whole, line) || allowed(r.allowlists(), secret, whole, line) {
			continue
		}
		out = append(out, Match{Kind: r.id, Start: start, End: end})
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
