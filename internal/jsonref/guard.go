package jsonref

import "slices"

// MaxHops is the most references a Guard follows one inside another: a
// chain {"$ref": "#/$defs/a"} → a {"$ref": "#/$defs/b"} → … ends there.
const MaxHops = 32

// MaxSteps is the most references a Guard follows in all. References make
// a small schema a graph whose paths grow exponentially ("a": {"anyOf":
// [{"$ref": "#/$defs/b"}, {"$ref": "#/$defs/b"}]}, "b": the same with
// "c", …): past MaxSteps a traversal stops following them.
const MaxSteps = 10000

// Guard bounds one traversal that follows references from schema to
// schema: it ends a cycle, a chain longer than MaxHops and a fan-out past
// MaxSteps. The zero value is ready.
type Guard struct {
	// path are the targets being followed, outermost first (0 for a
	// boolean schema, which leads nowhere).
	path  []uintptr
	steps int
	// deep is set once a reference went unfollowed because MaxHops
	// were being followed.
	deep bool
}

// Enter reports whether to follow a reference to target: false when
// target is already being followed (a cycle), when MaxHops references are,
// or after MaxSteps references in all. Every true is to be matched by a
// Leave once the traversal is done with target.
func (g *Guard) Enter(target any) bool {
	if g.steps >= MaxSteps {
		return false
	}
	if len(g.path) >= MaxHops {
		g.deep = true
		return false
	}
	id := identity(target)
	if id != 0 && slices.Contains(g.path, id) {
		return false
	}
	g.steps++
	g.path = append(g.path, id)
	return true
}

// Deep reports whether a reference went unfollowed because MaxHops
// references were being followed one inside another: the traversal did
// not reach all of the schema.
func (g *Guard) Deep() bool { return g.deep }

// Leave ends the innermost Enter.
func (g *Guard) Leave() { g.path = g.path[:len(g.path)-1] }
