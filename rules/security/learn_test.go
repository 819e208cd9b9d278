package security_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// An experiment, not a rule: would a linear text model over word unigrams
// and bigrams, trained only on tuned material, find held-out poisoned cases
// the rules miss while keeping the clean servers silent? The threshold is
// chosen by leave-one-source-out cross-validation on the tuned sources
// alone; held-out cases and servers are scored once, by the model trained
// on all tuned material, and reported only as counts, with the words that
// weighed most. It runs only when asked:
//
//	MCPLINT_LEARN=1 go test ./rules/security -run TestLearnedSignal -v

// learnItem is one text a model reads: a tool (its description, its
// parameters' names and descriptions), a prompt, a resource or a server's
// instructions.
type learnItem struct {
	file, name string
	tool       bool
	feats      []string
}

// learnDoc is one corpus file: a poisoned case or a clean list.
type learnDoc struct {
	file, group, family string
	poisoned, heldOut   bool
	// server marks a clean real server (as against another clean list).
	server bool
	items  []learnItem
	// ruled names the items some security rule warns on; detected is
	// whether any does.
	ruled    map[string]bool
	detected bool
	// pos are the items a poisoned case trains on as positives.
	pos []bool
}

func TestLearnedSignal(t *testing.T) {
	if os.Getenv("MCPLINT_LEARN") == "" {
		t.Skip("an experiment; set MCPLINT_LEARN=1 to run it")
	}
	docs := learnCorpus(t)
	var tunedSources []string
	seenSrc := map[string]bool{}
	for _, d := range docs {
		if d.poisoned && !d.heldOut && !seenSrc[d.group] {
			seenSrc[d.group] = true
			tunedSources = append(tunedSources, d.group)
		}
	}
	sort.Strings(tunedSources)
	var b strings.Builder
	// The first model was set before any figure was seen; the others vary
	// it, and cross-validation on the tuned sources alone says which to
	// prefer.
	for _, m := range []learnModel{
		logistic{minGroups: 2, l2: 1e-4},
		logistic{minGroups: 3, l2: 1e-4},
		logistic{minGroups: 2, l2: 1e-3},
		logistic{minGroups: 2, l2: 1e-4, unigrams: true},
		naiveBayes{},
	} {
		learnExperiment(t, &b, m, docs, tunedSources)
	}
	t.Log("\n" + b.String())
}

// learnCorpus reads every poisoned case and clean list with the rules'
// verdicts on it.
func learnCorpus(t *testing.T) []*learnDoc {
	t.Helper()
	var docs []*learnDoc
	poisoned, _ := filepath.Glob(filepath.Join("testdata", "corpus", "poisoned", "*.json"))
	for _, f := range poisoned {
		m := readMeta(t, f)
		src := sourceOf(m.Source)
		docs = append(docs, learnRead(t, f, &learnDoc{group: src, family: m.Family, poisoned: true, heldOut: heldOutSources[src]}))
	}
	realServers, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "realservers", "*.json"))
	servers, _ := filepath.Glob(filepath.Join("testdata", "corpus", "clean", "servers", "*.json"))
	for _, f := range append(realServers, servers...) {
		name := filepath.Base(f)
		held := heldOutServers[name] && strings.Contains(f, "corpus")
		docs = append(docs, learnRead(t, f, &learnDoc{group: "server:" + f, heldOut: held, server: true}))
	}
	lists, _ := filepath.Glob(filepath.Join("testdata", "corpus", "clean", "*.json"))
	for _, f := range lists {
		held := heldOutSources[sourceOf(readMeta(t, f).Source)] && !tunedCleanLists[filepath.Base(f)]
		docs = append(docs, learnRead(t, f, &learnDoc{group: "list:" + f, heldOut: held}))
	}
	return docs
}

func learnRead(t *testing.T, f string, d *learnDoc) *learnDoc {
	t.Helper()
	d.file = f
	snap, err := linttest.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	d.items = learnItems(f, snap)
	got, _ := warnings(t, f)
	d.detected = len(got) > 0
	d.ruled = map[string]bool{}
	for _, g := range got {
		d.ruled[g.tool] = true
	}
	if d.poisoned {
		// A case's other tools are often honest companions: it trains on
		// the items the rules warn on when they name one, else on all.
		d.pos = make([]bool, len(d.items))
		named := false
		for i, it := range d.items {
			d.pos[i] = d.ruled[it.name]
			named = named || d.pos[i]
		}
		for i := range d.pos {
			d.pos[i] = d.pos[i] || !named
		}
	}
	return d
}

// learnText is an item's texts before they are cut into words.
type learnText struct {
	name  string
	tool  bool
	texts []string
}

func learnTexts(snap *sdk.Snapshot) []learnText {
	var out []learnText
	for _, tl := range snap.Tools {
		texts := []string{tl.Description}
		learnSchema(tl.InputSchema, &texts)
		out = append(out, learnText{tl.Name, true, texts})
	}
	for _, p := range snap.Prompts {
		texts := []string{p.Description}
		for _, a := range p.Arguments {
			texts = append(texts, a.Name, a.Description)
		}
		out = append(out, learnText{"<prompt " + p.Name + ">", false, texts})
	}
	for _, r := range snap.Resources {
		out = append(out, learnText{"<resource " + r.URI + ">", false, []string{r.Name, r.Description}})
	}
	if snap.Instructions != "" {
		out = append(out, learnText{"<instructions>", false, []string{snap.Instructions}})
	}
	return out
}

func learnItems(f string, snap *sdk.Snapshot) []learnItem {
	var out []learnItem
	for _, lt := range learnTexts(snap) {
		var fs []string
		for _, s := range lt.texts {
			fs = append(fs, learnFeatures(s)...)
		}
		out = append(out, learnItem{file: f, name: lt.name, tool: lt.tool, feats: learnUnique(fs)})
	}
	return out
}

// learnSchema adds a schema's parameter names and descriptions, nested
// ones included, in a fixed order.
func learnSchema(s any, texts *[]string) {
	switch v := s.(type) {
	case map[string]any:
		if d, ok := v["description"].(string); ok {
			*texts = append(*texts, d)
		}
		for _, k := range []string{"properties", "$defs", "definitions"} {
			if props, ok := v[k].(map[string]any); ok {
				for _, name := range sortedKeys(props) {
					*texts = append(*texts, name)
					learnSchema(props[name], texts)
				}
			}
		}
		for _, k := range []string{"items", "anyOf", "oneOf", "allOf", "additionalProperties"} {
			learnSchema(v[k], texts)
		}
	case []any:
		for _, x := range v {
			learnSchema(x, texts)
		}
	}
}

// learnFeatures gives a text's lowercase words and its bigrams of
// adjacent words.
func learnFeatures(s string) []string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := append([]string(nil), words...)
	for i := 1; i < len(words); i++ {
		out = append(out, words[i-1]+" "+words[i])
	}
	return out
}

func learnUnique(fs []string) []string {
	sort.Strings(fs)
	out := fs[:0]
	for i, f := range fs {
		if i == 0 || f != fs[i-1] {
			out = append(out, f)
		}
	}
	return out
}

// learnExample is an item as a training example.
type learnExample struct {
	feats []string
	pos   bool
	group string
}

// learnModel fits a linear model on examples; the model scores a set of
// features and names what weighed most.
type learnModel interface {
	name() string
	fit(ex []learnExample) fitted
}

type fitted interface {
	score(feats []string) float64
	top(feats []string, n int) []string
	size() int
}

// learnVocab keeps the features seen in minGroups groups (sources or
// servers) or more of the training examples: a word only one project uses
// says nothing of another.
func learnVocab(ex []learnExample, minGroups int) map[string]int {
	groups := map[string]map[string]bool{}
	var order []string
	for _, e := range ex {
		for _, f := range e.feats {
			if groups[f] == nil {
				groups[f] = map[string]bool{}
				order = append(order, f)
			}
			groups[f][e.group] = true
		}
	}
	vocab := map[string]int{}
	for _, f := range order {
		if len(groups[f]) >= minGroups {
			vocab[f] = len(vocab)
		}
	}
	return vocab
}

// logistic is L2-regularised logistic regression over binary features
// scaled to unit length, classes weighted to balance, fit by AdaGrad with
// a fixed seed. It keeps the features seen in minGroups groups or more,
// and with unigrams no bigram.
type logistic struct {
	minGroups int
	l2        float64
	unigrams  bool
}

func (l logistic) name() string {
	return fmt.Sprintf("logistic regression (features in >= %d groups, l2 %g, unigrams only %v)", l.minGroups, l.l2, l.unigrams)
}

type linear struct {
	vocab map[string]int
	w     []float64
	bias  float64
	scale bool
}

func (l logistic) fit(ex []learnExample) fitted {
	if l.unigrams {
		uni := make([]learnExample, len(ex))
		for i, e := range ex {
			uni[i] = e
			uni[i].feats = nil
			for _, f := range e.feats {
				if !strings.Contains(f, " ") {
					uni[i].feats = append(uni[i].feats, f)
				}
			}
		}
		ex = uni
	}
	vocab := learnVocab(ex, l.minGroups)
	m := &linear{vocab: vocab, w: make([]float64, len(vocab)), scale: true}
	idx := make([][]int, len(ex))
	var npos, nneg float64
	for i, e := range ex {
		idx[i] = m.indices(e.feats)
		if e.pos {
			npos++
		} else {
			nneg++
		}
	}
	const (
		epochs = 30
		rate   = 0.3
	)
	l2 := l.l2
	g2 := make([]float64, len(vocab))
	var gb2 float64
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			fs := idx[i]
			if len(fs) == 0 {
				continue
			}
			x := 1 / math.Sqrt(float64(len(fs)))
			z := m.bias
			for _, j := range fs {
				z += m.w[j] * x
			}
			p := 1 / (1 + math.Exp(-z))
			y, cw := 0.0, (npos+nneg)/(2*nneg)
			if ex[i].pos {
				y, cw = 1, (npos+nneg)/(2*npos)
			}
			g := cw * (p - y)
			for _, j := range fs {
				gj := g*x + l2*m.w[j]
				g2[j] += gj * gj
				m.w[j] -= rate * gj / math.Sqrt(g2[j]+1e-8)
			}
			gb2 += g * g
			m.bias -= rate * g / math.Sqrt(gb2+1e-8)
		}
	}
	return m
}

func (m *linear) indices(feats []string) []int {
	var out []int
	for _, f := range feats {
		if j, ok := m.vocab[f]; ok {
			out = append(out, j)
		}
	}
	return out
}

func (m *linear) weight(n int) float64 {
	if !m.scale || n == 0 {
		return 1
	}
	return 1 / math.Sqrt(float64(n))
}

func (m *linear) score(feats []string) float64 {
	fs := m.indices(feats)
	x := m.weight(len(fs))
	z := m.bias
	for _, j := range fs {
		z += m.w[j] * x
	}
	return z
}

func (m *linear) top(feats []string, n int) []string {
	type c struct {
		f string
		v float64
	}
	var cs []c
	for _, f := range feats {
		if j, ok := m.vocab[f]; ok && m.w[j] > 0 {
			cs = append(cs, c{f, m.w[j]})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].v > cs[j].v })
	var out []string
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, fmt.Sprintf("%q %.2f", cs[i].f, cs[i].v))
	}
	return out
}

func (m *linear) size() int { return len(m.vocab) }

// naiveBayes is Bernoulli-event naive Bayes read as a linear model over the
// features present: each weighs the log ratio of its smoothed rates among
// positives and negatives.
type naiveBayes struct{}

func (naiveBayes) name() string { return "naive Bayes" }

func (naiveBayes) fit(ex []learnExample) fitted {
	vocab := learnVocab(ex, 2)
	pos, neg := make([]float64, len(vocab)), make([]float64, len(vocab))
	var npos, nneg float64
	m := &linear{vocab: vocab, w: make([]float64, len(vocab))}
	for _, e := range ex {
		c := neg
		if e.pos {
			c, npos = pos, npos+1
		} else {
			nneg++
		}
		for _, j := range m.indices(e.feats) {
			c[j]++
		}
	}
	for j := range m.w {
		m.w[j] = math.Log((pos[j]+1)/(npos+2)) - math.Log((neg[j]+1)/(nneg+2))
	}
	return m
}

// learnTrain gathers the training examples of the tuned material outside
// one fold.
func learnTrain(docs []*learnDoc, out func(d *learnDoc) bool) []learnExample {
	var ex []learnExample
	for _, d := range docs {
		if d.heldOut || out(d) {
			continue
		}
		for i, it := range d.items {
			if d.poisoned && !d.pos[i] {
				continue
			}
			ex = append(ex, learnExample{feats: it.feats, pos: d.poisoned, group: d.group})
		}
	}
	return ex
}

// learnScores maps an item to its score.
type learnScores map[*learnItem]float64

func learnExperiment(t *testing.T, b *strings.Builder, lm learnModel, docs []*learnDoc, tunedSources []string) {
	t.Helper()
	// Cross-validation: fold k leaves out tuned source k and every k-th
	// tuned clean list or server, so each is scored by a model that never
	// saw it.
	folds := len(tunedSources)
	foldOf := map[string]int{}
	for k, s := range tunedSources {
		foldOf[s] = k
	}
	n := 0
	for _, d := range docs {
		if !d.poisoned && !d.heldOut {
			foldOf[d.group] = n % folds
			n++
		}
	}
	cv := learnScores{}
	var sizes []int
	for k := range folds {
		m := lm.fit(learnTrain(docs, func(d *learnDoc) bool { return foldOf[d.group] == k }))
		sizes = append(sizes, m.size())
		for _, d := range docs {
			if d.heldOut || foldOf[d.group] != k {
				continue
			}
			for i := range d.items {
				cv[&d.items[i]] = m.score(d.items[i].feats)
			}
		}
	}
	// The threshold lets through at most 0.2% of the tuned clean tools
	// under cross-validation.
	var clean []float64
	for _, d := range docs {
		if d.poisoned || d.heldOut {
			continue
		}
		for i := range d.items {
			if d.items[i].tool {
				clean = append(clean, cv[&d.items[i]])
			}
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(clean)))
	allowed := len(clean) * 2 / 1000
	thr := clean[allowed]
	fmt.Fprintf(b, "=== %s ===\n", lm.name())
	fmt.Fprintf(b, "cross-validation: %d folds (one per tuned source), features kept per fold %d..%d\n", folds, slicesMin(sizes), slicesMax(sizes))
	fmt.Fprintf(b, "threshold: score > %.4f (the %d-th highest of %d tuned clean tools; at most %d flagged)\n", thr, allowed+1, len(clean), allowed)
	learnReport(b, "tuned, cross-validated", docs, cv, thr, func(d *learnDoc) bool { return !d.heldOut }, nil)

	final := lm.fit(learnTrain(docs, func(*learnDoc) bool { return false }))
	all := learnScores{}
	for _, d := range docs {
		for i := range d.items {
			all[&d.items[i]] = final.score(d.items[i].feats)
		}
	}
	fmt.Fprintf(b, "final model: trained on all tuned material, %d features kept\n", final.size())
	learnReport(b, "held-out, final model", docs, all, thr, func(d *learnDoc) bool { return d.heldOut }, final)
	// On all clean material, a tuned list or server is scored as
	// cross-validated (by a model that never saw it), a held-out one by the
	// final model.
	honest := learnScores{}
	for _, d := range docs {
		for i := range d.items {
			it := &d.items[i]
			honest[it] = cv[it]
			if d.heldOut {
				honest[it] = all[it]
			}
		}
	}
	learnReport(b, "all clean: tuned cross-validated, held-out by the final model", docs, honest, thr, func(d *learnDoc) bool { return !d.poisoned }, final)
	learnBySource(b, docs, all, thr)
	learnSweep(b, docs, clean, honest, all)
	learnCost(t, b, final, docs)
}

// learnSweep prints, for thresholds that let through more or fewer of the
// tuned clean tools under cross-validation, the held-out recall of the
// rules or the model in the three families the bar names, and the clean
// tools flagged. The threshold reported above is the 0.2% row; the others
// show how far it is from the bar either way.
func learnSweep(b *strings.Builder, docs []*learnDoc, cvClean []float64, honest, final learnScores) {
	fams := []string{"instruction-override", "tool-hijacking", "undisclosed-data-flow"}
	fmt.Fprintf(b, "\nthresholds by the share of tuned clean tools let through (cross-validated); held-out recall of rules|model; clean tools flagged by the model\n")
	fmt.Fprintf(b, "%8s %9s %9s %9s %9s %9s %11s %13s %13s %24s\n", "share", "threshold", "override", "hijacking", "data-flow", "all", "all servers", "held servers", "held lists", "all servers rules|model")
	for _, perMille := range []int{1, 2, 5, 10, 20} {
		allowed := len(cvClean) * perMille / 1000
		thr := cvClean[allowed]
		cases, either := map[string]int{}, map[string]int{}
		var servers, heldServers, heldLists, serverTools, serversEither int
		for _, d := range docs {
			for i := range d.items {
				it := &d.items[i]
				if d.server && it.tool {
					serverTools++
					if d.ruled[it.name] || honest[it] > thr {
						serversEither++
					}
				}
				if d.poisoned || !it.tool || honest[it] <= thr {
					continue
				}
				if d.server {
					servers++
				}
				if d.heldOut && d.server {
					heldServers++
				}
				if d.heldOut && !d.server {
					heldLists++
				}
			}
			if !d.poisoned || !d.heldOut {
				continue
			}
			flagged := d.detected
			for i := range d.items {
				flagged = flagged || final[&d.items[i]] > thr
			}
			for _, k := range []string{d.family, "all"} {
				cases[k]++
				if flagged {
					either[k]++
				}
			}
		}
		row := fmt.Sprintf("%7.1f%% %9.3f", float64(perMille)/10, thr)
		for _, f := range append(fams, "all") {
			row += fmt.Sprintf(" %9s", pct(either[f], cases[f]))
		}
		fmt.Fprintf(b, "%s %11d %13d %13d %15d (%s)\n", row, servers, heldServers, heldLists, serversEither, pct(serversEither, serverTools))
	}
}

// learnBySource prints, per held-out source, its cases, those the rules
// detect and those the rules or the model detect: counts only.
func learnBySource(b *strings.Builder, docs []*learnDoc, sc learnScores, thr float64) {
	type tally struct{ cases, rules, either int }
	by := map[string]*tally{}
	for _, d := range docs {
		if !d.poisoned || !d.heldOut {
			continue
		}
		if by[d.group] == nil {
			by[d.group] = &tally{}
		}
		x := by[d.group]
		x.cases++
		flagged := false
		for i := range d.items {
			flagged = flagged || sc[&d.items[i]] > thr
		}
		if d.detected {
			x.rules++
		}
		if d.detected || flagged {
			x.either++
		}
	}
	fmt.Fprintf(b, "\nheld-out sources: cases, detected by the rules, by the rules or the model\n")
	for _, src := range sortedKeys(by) {
		x := by[src]
		fmt.Fprintf(b, "  %-44s %4d %4d %4d\n", src, x.cases, x.rules, x.either)
	}
}

// learnHashed is a fitted linear model as a rule would run it: each word
// and bigram hashed as it is cut (FNV-1a over its lowercase bytes), with
// no string built, and looked up among the kept features' hashes.
type learnHashed struct {
	w     map[uint64]float64
	bias  float64
	scale bool
	// words and feats are scratch, reused between items.
	word  []byte
	feats []uint64
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvAdd(h uint64, bs []byte) uint64 {
	for _, c := range bs {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

func learnHash(m *linear) (*learnHashed, int) {
	h := &learnHashed{w: map[uint64]float64{}, bias: m.bias, scale: m.scale}
	collisions := 0
	for f, j := range m.vocab {
		k := fnvAdd(fnvOffset, []byte(f))
		if _, ok := h.w[k]; ok {
			collisions++
		}
		h.w[k] += m.w[j]
	}
	return h, collisions
}

func (h *learnHashed) score(texts []string) float64 {
	h.feats = h.feats[:0]
	for _, s := range texts {
		var prev uint64
		havePrev := false
		h.word = h.word[:0]
		flush := func() {
			if len(h.word) == 0 {
				return
			}
			w := fnvAdd(fnvOffset, h.word)
			h.feats = append(h.feats, w)
			if havePrev {
				h.feats = append(h.feats, fnvAdd(fnvAdd(prev, []byte{' '}), h.word))
			}
			prev, havePrev = w, true
			h.word = h.word[:0]
		}
		for i := 0; i < len(s); {
			c := s[i]
			if c < utf8.RuneSelf {
				i++
				switch {
				case 'A' <= c && c <= 'Z':
					h.word = append(h.word, c+'a'-'A')
				case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
					h.word = append(h.word, c)
				default:
					flush()
				}
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			i += n
			if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsDigit(r) {
				h.word = utf8.AppendRune(h.word, r)
			} else {
				flush()
			}
		}
		flush()
	}
	slices.Sort(h.feats)
	z, n := 0.0, 0
	for i, f := range h.feats {
		if i > 0 && f == h.feats[i-1] {
			continue
		}
		if w, ok := h.w[f]; ok {
			z += w
			n++
		}
	}
	if h.scale && n > 0 {
		z /= math.Sqrt(float64(n))
	}
	return h.bias + z
}

// learnCost times the model on the clean servers' items against reading
// the same files: as written for the experiment (strings cut and looked
// up) and hashed as a rule would run it, checking the two agree.
func learnCost(t *testing.T, b *strings.Builder, m fitted, docs []*learnDoc) {
	t.Helper()
	lin, ok := m.(*linear)
	if !ok {
		return
	}
	var files []string
	for _, d := range docs {
		if d.server {
			files = append(files, d.file)
		}
	}
	const reps = 5
	start := time.Now()
	var snaps []*sdk.Snapshot
	for range reps {
		snaps = snaps[:0]
		for _, f := range files {
			s, err := linttest.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			snaps = append(snaps, s)
		}
	}
	load := time.Since(start)
	start = time.Now()
	var items int
	for range reps {
		items = 0
		for i, s := range snaps {
			for _, it := range learnItems(files[i], s) {
				m.score(it.feats)
				items++
			}
		}
	}
	strs := time.Since(start)
	h, collisions := learnHash(lin)
	start = time.Now()
	for range reps {
		for _, s := range snaps {
			for _, lt := range learnTexts(s) {
				h.score(lt.texts)
			}
		}
	}
	hashed := time.Since(start)
	differ := 0
	for i, s := range snaps {
		its, lts := learnItems(files[i], s), learnTexts(s)
		for j := range its {
			if math.Abs(m.score(its[j].feats)-h.score(lts[j].texts)) > 1e-9 {
				differ++
			}
		}
	}
	fmt.Fprintf(b, "cost: %d items of %d server files; reading the files %v; the model as written %v (%.2f of the read); hashed %v (%.2f of the read, %v per item; %d hash collisions among the features, %d items scored differently)\n",
		items, len(files), load/reps, strs/reps, float64(strs)/float64(load), hashed/reps, float64(hashed)/float64(load), hashed/time.Duration(reps*items), collisions, differ)
	if collisions > 0 || differ > 0 {
		t.Errorf("the hashed model disagrees with the model it was built from: %d collisions, %d items scored differently", collisions, differ)
	}
}

func slicesMin(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

func slicesMax(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// learnReport prints recall per family (rules, model, either) and the
// clean items flagged, for the documents keep selects. With a model it
// also prints the words that weighed most in five flagged poisoned cases
// and in every flagged clean tool.
func learnReport(b *strings.Builder, title string, docs []*learnDoc, sc learnScores, thr float64, keep func(*learnDoc) bool, m fitted) {
	type tally struct{ cases, rules, model, either, modelOnly int }
	fam := map[string]*tally{}
	var tot tally
	// Clean tools are tallied by status and kind (servers, other lists),
	// with all servers together; prompts, resources and instructions apart.
	type ctally struct{ tools, model, either, other, otherModel, otherEither int }
	clean := map[string]*ctally{}
	var words, missedWords, cleanRows []string
	for _, d := range docs {
		if !keep(d) {
			continue
		}
		flagged := false
		var hit *learnItem
		for i := range d.items {
			if sc[&d.items[i]] > thr {
				flagged = true
				if hit == nil {
					hit = &d.items[i]
				}
			}
		}
		if d.poisoned {
			if fam[d.family] == nil {
				fam[d.family] = &tally{}
			}
			for _, x := range []*tally{fam[d.family], &tot} {
				x.cases++
				if d.detected {
					x.rules++
				}
				if flagged {
					x.model++
				}
				if flagged || d.detected {
					x.either++
				}
				if flagged && !d.detected {
					x.modelOnly++
				}
			}
			if m != nil && flagged && d.heldOut {
				w := fmt.Sprintf("%s case (rules %s): %s", d.family, map[bool]string{true: "detect it", false: "miss it"}[d.detected], strings.Join(m.top(hit.feats, 6), ", "))
				// The cases only the model finds come first.
				if d.detected {
					words = append(words, w)
				} else {
					missedWords = append(missedWords, w)
				}
			}
			continue
		}
		kind := map[bool]string{true: "servers", false: "other clean lists"}[d.server]
		keys := []string{status(d.heldOut) + " " + kind}
		if d.server {
			keys = append(keys, "all servers")
		}
		for i := range d.items {
			it := &d.items[i]
			f := sc[it] > thr
			for _, k := range keys {
				if clean[k] == nil {
					clean[k] = &ctally{}
				}
				x := clean[k]
				switch {
				case it.tool:
					x.tools++
					if f {
						x.model++
					}
					if f || d.ruled[it.name] {
						x.either++
					}
				default:
					x.other++
					if f {
						x.otherModel++
					}
					if f || d.ruled[it.name] {
						x.otherEither++
					}
				}
			}
			if f && m != nil {
				cleanRows = append(cleanRows, fmt.Sprintf("%s (%s, %s) %s: %s", filepath.Base(d.file), status(d.heldOut), map[bool]string{true: "server", false: "list"}[d.server], it.name, strings.Join(m.top(it.feats, 6), ", ")))
			}
		}
	}
	fmt.Fprintf(b, "\n-- %s --\n", title)
	if tot.cases > 0 {
		fmt.Fprintf(b, "%-30s %5s %14s %14s %14s %10s\n", "family", "cases", "rules", "model", "rules|model", "model only")
		for _, f := range sortedKeys(fam) {
			x := fam[f]
			fmt.Fprintf(b, "%-30s %5d %5d %8s %5d %8s %5d %8s %10d\n", f, x.cases, x.rules, pct(x.rules, x.cases), x.model, pct(x.model, x.cases), x.either, pct(x.either, x.cases), x.modelOnly)
		}
		fmt.Fprintf(b, "%-30s %5d %5d %8s %5d %8s %5d %8s %10d\n", "all", tot.cases, tot.rules, pct(tot.rules, tot.cases), tot.model, pct(tot.model, tot.cases), tot.either, pct(tot.either, tot.cases), tot.modelOnly)
	}
	fmt.Fprintf(b, "%-26s %6s %14s %16s   %s\n", "clean", "tools", "model", "rules warn+|model", "prompts, resources, instructions: model, rules warn+|model, of")
	for _, k := range sortedKeys(clean) {
		x := clean[k]
		if k == "all servers" && (clean["tuned servers"] == nil || clean["held-out servers"] == nil) {
			continue
		}
		fmt.Fprintf(b, "%-26s %6d %5d %8s %7d %8s   %d, %d of %d\n", k, x.tools, x.model, pct(x.model, x.tools), x.either, pct(x.either, x.tools), x.otherModel, x.otherEither, x.other)
	}
	if words = append(missedWords, words...); len(words) > 0 {
		fmt.Fprintf(b, "top words of flagged held-out cases:\n  %s\n", strings.Join(words[:min(5, len(words))], "\n  "))
	}
	if len(cleanRows) > 0 && tot.cases == 0 {
		fmt.Fprintf(b, "flagged clean items and their top words:\n  %s\n", strings.Join(cleanRows, "\n  "))
	}
}
