package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// snapshotWriters are, for each field of sdk.Snapshot, who may set it:
// a package of the module ("engine/internal/session": any of its functions) or one
// function ("engine.prepare", "engine.Loader.Load"). A rule, a processor
// or a front end that wrote a field would make the Snapshot say two things
// depending on who looked last; so would a second source of one target.
//
// What a server said is read by one source per target: session.Build from
// a transcript (live sessions and traces; live.finish adds the listings of
// the fresh-process probes), static.Decode through sdk's decoding of the
// static shapes (which stamps them SourceStatic), and encoding/json from
// the Snapshot's JSON form (what a plugin receives; rule fixtures, which
// linttest.Load names). Each source stamps its Source. What only the
// engine knows is written by the engine once: Input by Loader.Load (what
// the user named), Name by nameSnapshots once every target is read (two
// servers may call themselves the same), and the other servers of a
// client config, the lock and the token counts by prepare, before any
// rule runs.
var snapshotWriters = map[string][]string{
	"Name":              {"engine.nameSnapshots", "sdk/linttest.Load"},
	"Source":            {"sdk", "engine/internal/source/live.finish", "engine.loadTrace"},
	"Input":             {"engine.Loader.Load"},
	"Era":               {"engine/internal/session", "sdk"},
	"ProtocolVersion":   {"engine/internal/session", "sdk"},
	"Server":            {"engine/internal/session", "sdk"},
	"Capabilities":      {"engine/internal/session", "sdk"},
	"Instructions":      {"engine/internal/session", "sdk"},
	"HasInstructions":   {"engine/internal/session", "sdk"},
	"Tools":             {"engine/internal/session", "sdk"},
	"Prompts":           {"engine/internal/session", "sdk"},
	"Resources":         {"engine/internal/session", "sdk"},
	"ResourceTemplates": {"engine/internal/session", "sdk"},
	"Transcript":        {"engine/internal/session"},
	"Relisted":          {"engine/internal/source/live.finish", "engine.loadTrace", "sdk"},
	"Peers":             {"engine.linkPeers"},
	"Lock":              {"engine.prepare"},
	"LockFile":          {"engine.prepare"},
	"Tokens":            {"engine.prepare"},
	"Locator":           {"engine/internal/source/static.decode", "engine.loadTrace", "engine.saveTrace"},
	"Ambiguous":         {"engine/internal/source/static.decode"},
}

// TestSnapshotFieldsHaveOneWriter type-checks the module's non-test code
// and fails on any write to a field of sdk.Snapshot (an assignment, an
// increment, a composite literal's field, taking the field's address)
// from a function snapshotWriters does not name for it. A write through a
// field counts as a write of it: s.Tools[0].Name = x changes Tools.
func TestSnapshotFieldsHaveOneWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	pkgs := exportList(t)
	fset := token.NewFileSet()
	imp := exportImporter(fset, pkgs)
	snapshot := snapshotType(t, imp)
	fields := map[string]bool{}
	for i := range snapshot.NumFields() {
		f := snapshot.Field(i).Name()
		fields[f] = true
		if _, ok := snapshotWriters[f]; !ok {
			t.Errorf("sdk.Snapshot.%s has no writer in snapshotWriters: name the one function that sets it", f)
		}
	}
	for f := range snapshotWriters {
		if !fields[f] {
			t.Errorf("snapshotWriters names %s, which sdk.Snapshot does not have", f)
		}
	}
	seen := map[string]map[string]bool{}
	for _, w := range snapshotWrites(t, fset, imp, pkgs, snapshot) {
		owner := ""
		for _, o := range snapshotWriters[w.field] {
			if o == w.pkg || o == w.pkg+"."+w.fn {
				owner = o
			}
		}
		if owner == "" {
			t.Errorf("%s: %s.%s writes Snapshot.%s, which only %s may set", w.pos, w.pkg, w.fn, w.field, strings.Join(snapshotWriters[w.field], ", "))
			continue
		}
		if seen[w.field] == nil {
			seen[w.field] = map[string]bool{}
		}
		seen[w.field][owner] = true
	}
	// An owner that no longer writes its field is a stale entry that
	// would let a new writer in unnoticed.
	for f, fns := range snapshotWriters {
		for _, fn := range fns {
			if !seen[f][fn] {
				t.Errorf("snapshotWriters lets %s write Snapshot.%s, which it no longer does: remove it", fn, f)
			}
		}
	}
}

// exported is one package as `go list -export -json` describes it.
type exported struct {
	ImportPath, Name, Dir, Export string
	GoFiles                       []string
	Module                        *struct{ Path string }
}

// exportList lists the module's packages and their dependencies with the
// compiler's export data, which the type checker imports from.
func exportList(t *testing.T) []exported {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH to list packages with")
	}
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Name,Dir,Export,GoFiles,Module", "./...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export ./...: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []exported
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p exported
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

const modulePath = "github.com/mcplint/mcplint"

func snapshotType(t *testing.T, imp types.Importer) *types.Struct {
	t.Helper()
	sdk, err := imp.Import(modulePath + "/sdk")
	if err != nil {
		t.Fatal(err)
	}
	return sdk.Scope().Lookup("Snapshot").Type().Underlying().(*types.Struct)
}

func exportImporter(fset *token.FileSet, pkgs []exported) types.Importer {
	files := map[string]string{}
	for _, p := range pkgs {
		files[p.ImportPath] = p.Export
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := files[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
}

// write is one write of a Snapshot field, in function fn ("Func",
// "Type.Method", or "<package-level>") of package pkg (its path in the
// module, "" for the module's root).
type write struct {
	field, pkg, fn string
	pos            token.Position
}

// snapshotWrites finds every write of a field of snapshot in the module's
// packages.
func snapshotWrites(t *testing.T, fset *token.FileSet, imp types.Importer, pkgs []exported, snapshot *types.Struct) []write {
	t.Helper()
	// Package sdk itself is checked from source, so its Snapshot is not
	// the imported one: a type is known by its package and name.
	isSnapshot := func(t types.Type) bool {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Name() == "Snapshot" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == modulePath+"/sdk"
	}
	var out []write
	for _, p := range pkgs {
		if p.Module == nil || p.Module.Path != modulePath {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
			t.Fatalf("type-check %s: %v", p.ImportPath, err)
		}
		// fieldsIn names the Snapshot fields an expression that is written
		// goes through: s.Server.Name writes Server.
		fieldsIn := func(e ast.Expr) []string {
			var names []string
			for e != nil {
				switch x := e.(type) {
				case *ast.ParenExpr:
					e = x.X
				case *ast.StarExpr:
					e = x.X
				case *ast.IndexExpr:
					e = x.X
				case *ast.SliceExpr:
					e = x.X
				case *ast.SelectorExpr:
					if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal && isSnapshot(sel.Recv()) && len(sel.Index()) == 1 {
						names = append(names, sel.Obj().Name())
					}
					e = x.X
				default:
					e = nil
				}
			}
			return names
		}
		for _, f := range files {
			pkg := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, modulePath), "/")
			for _, decl := range f.Decls {
				fn := "<package-level>"
				if fd, ok := decl.(*ast.FuncDecl); ok {
					fn = funcName(fd)
				}
				add := func(n ast.Node, fields ...string) {
					for _, name := range fields {
						out = append(out, write{field: name, pkg: pkg, fn: fn, pos: fset.Position(n.Pos())})
					}
				}
				ast.Inspect(decl, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.AssignStmt:
						for _, l := range x.Lhs {
							add(l, fieldsIn(l)...)
						}
					case *ast.IncDecStmt:
						add(x, fieldsIn(x.X)...)
					case *ast.RangeStmt:
						if x.Tok == token.ASSIGN {
							add(x, append(fieldsIn(x.Key), fieldsIn(x.Value)...)...)
						}
					case *ast.UnaryExpr:
						// &s.Tools hands the field out to be set;
						// &s.Tools[i] is how rules read a tool
						// without copying it, and is not counted.
						if sel, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok && x.Op == token.AND {
							add(x, fieldsIn(sel)...)
						}
					case *ast.CompositeLit:
						if tv, ok := info.Types[x]; ok && isSnapshot(tv.Type) {
							for i, el := range x.Elts {
								if kv, ok := el.(*ast.KeyValueExpr); ok {
									add(kv, kv.Key.(*ast.Ident).Name)
								} else {
									add(el, snapshot.Field(i).Name())
								}
							}
						}
					}
					return true
				})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pos.String() < out[j].pos.String() })
	return out
}

// funcName names a function as snapshotWriters does: "Func", or
// "Type.Method" for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		recv := fd.Recv.List[0].Type
		if s, ok := recv.(*ast.StarExpr); ok {
			recv = s.X
		}
		if g, ok := recv.(*ast.IndexExpr); ok {
			recv = g.X
		}
		if id, ok := recv.(*ast.Ident); ok {
			return id.Name + "." + fd.Name.Name
		}
	}
	return fd.Name.Name
}
