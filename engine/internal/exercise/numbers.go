package exercise

import (
	"math"
	"slices"
)

// waitWords name a number that says how long a tool should wait or work.
var waitWords = []string{"duration", "delay", "sleep", "wait", "timeout", "interval", "seconds", "secs", "ms", "millis", "milliseconds"}

// waits reports whether a property named hint says how long to wait.
func waits(hint string) bool {
	return slices.ContainsFunc(nameWords(hint), func(w string) bool { return slices.Contains(waitWords, w) })
}

// waitsFor reports a numeric property that says how long to wait: it is
// sent in every happy-path call, with the shortest value allowed, so that
// a demo of a long operation does not run for its default's time (a
// person trying a tool asks for one second, not for ten).
func (g *gen) waitsFor(schema any, name string) bool {
	s, ok := g.resolve(schema).(map[string]any)
	if !ok || !waits(name) {
		return false
	}
	t := typeFor(s)
	return t == "number" || t == "integer"
}

// shortest is the smallest value a number schema allows, and at least 1
// when it allows that (0 often means "forever" or "default").
func (g *gen) shortest(s map[string]any, integer bool) float64 {
	x := g.number(s, integer, 1) // variant 1 is the lower bound when there is one
	if _, hasLo, _ := bound(s, "minimum", "exclusiveMinimum"); !hasLo {
		x = 1
		if hi, hasHi, _ := bound(s, "maximum", "exclusiveMaximum"); hasHi && hi < 1 {
			x = hi
		}
	}
	return x
}

// number picks a number within the bounds: the middle of the range for
// variant 0, the lower bound for 1, the upper for 2. Without bounds it
// avoids 0, which tools often refuse (a count, a page, a limit).
func (g *gen) number(s map[string]any, integer bool, v int) float64 {
	lo, hasLo, loEx := bound(s, "minimum", "exclusiveMinimum")
	hi, hasHi, hiEx := bound(s, "maximum", "exclusiveMaximum")
	step := 1.0
	if !integer {
		step = 0.5
	}
	if hasLo && loEx {
		lo += step
		if integer {
			lo = math.Floor(lo)
		}
	} else if hasLo && integer {
		lo = math.Ceil(lo)
	}
	if hasHi && hiEx {
		hi -= step
		if integer {
			hi = math.Ceil(hi)
		}
	} else if hasHi && integer {
		hi = math.Floor(hi)
	}
	var x float64
	switch {
	case hasLo && hasHi && v%3 == 0:
		x = lo + (hi-lo)/2
		if integer {
			x = math.Floor(x)
		}
	case hasLo && (v%3 == 1 || !hasHi):
		x = lo
		if v%3 == 0 && lo < 1 && (!hasHi || hi >= 1) {
			x = 1
		}
	case hasHi:
		x = hi
		if v%3 == 0 && hi > 1 {
			x = 1
		}
	default:
		x = []float64{1, 5, 10}[v%3]
	}
	if m, ok := num(s["multipleOf"]); ok && m > 0 {
		q := math.Ceil(x/m) * m
		if hasHi && q > hi {
			q = math.Floor(x/m) * m
		}
		x = q
	}
	if hasLo && x < lo || hasHi && x > hi {
		g.unsure = true
	}
	return x
}

// bound reads a lower or upper bound in both drafts' forms:
// exclusiveMinimum as a number (2019-09 and later) or as a boolean beside
// minimum (draft 4). The tighter one wins.
func bound(s map[string]any, inclusive, exclusive string) (val float64, ok, excl bool) {
	val, ok = num(s[inclusive])
	switch e := s[exclusive].(type) {
	case bool:
		excl = ok && e
	case float64:
		upper := inclusive == "maximum"
		if !ok || (!upper && e >= val) || (upper && e <= val) {
			val, ok, excl = e, true, true
		}
	}
	return val, ok, excl
}

func num(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok && !math.IsNaN(f) && !math.IsInf(f, 0)
}

func count(s map[string]any, key string) (int, bool) {
	f, ok := num(s[key])
	if !ok || f < 0 {
		return 0, false
	}
	return int(math.Min(f, 64)), true
}
