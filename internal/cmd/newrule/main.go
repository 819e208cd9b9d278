// Command newrule writes the parts of a new built-in rule that every rule
// has, so that adding one is this command, its logic and its fixtures:
//
//	go run ./internal/cmd/newrule [-severity warning] [-summary TEXT] [-source PAGE] CATEGORY RULE-NAME
//
// It writes rules/CATEGORY/RULE_NAME.go (the type, its Meta and an empty
// Check), rules/CATEGORY/docs/RULE-NAME.md (the page Meta.Doc reads, with
// the Bad and Good examples to fill in), the rule's line in the package's
// Rules() and a fixture folder rules/CATEGORY/testdata/RULE-NAME/ with a
// defect to find (bad.json) and a clean list (ok_clean.json). It refuses
// a name that is not kebab-case or that a rule already has, and never
// overwrites a file. The fixtures fail until the rule finds bad.json's
// defect and the goldens are written (MCPLINT_UPDATE_GOLDEN=1); the last
// lines printed say what to run next.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

func main() {
	os.Exit(run(os.Args[1:], ".", os.Stdout, os.Stderr))
}

const usage = `usage: go run ./internal/cmd/newrule [flags] CATEGORY RULE-NAME

Writes a new built-in rule's file, documentation page, registration and
fixture folder under rules/CATEGORY. CATEGORY is one of: %s.
RULE-NAME is kebab-case (tool-name-too-long) and new.

Flags:
`

func run(args []string, dir string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("newrule", flag.ContinueOnError)
	fs.SetOutput(stderr)
	severity := fs.String("severity", "warning", "the rule's default severity: error, warning or info")
	summary := fs.String("summary", "", "one line saying what the rule checks, without a final period (default: a sentence to rewrite)")
	source := fs.String("source", "", "the MCP specification page the rule follows, e.g. 2025-11-25/server/tools.mdx (default: to fill in)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, usage, strings.Join(sdk.Categories, ", "))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	root, err := moduleRoot(dir)
	if err != nil {
		fmt.Fprintln(stderr, "newrule:", err)
		return 1
	}
	r := newRule{Category: fs.Arg(0), Name: fs.Arg(1), Summary: *summary, Source: *source}
	if r.Severity, err = sdk.ParseSeverity(*severity); err != nil {
		fmt.Fprintf(stderr, "newrule: -severity %q: use error, warning or info\n", *severity)
		return 2
	}
	files, err := r.plan(root)
	if err != nil {
		fmt.Fprintln(stderr, "newrule:", err)
		return 1
	}
	for _, f := range files {
		if err := f.write(); err != nil {
			fmt.Fprintln(stderr, "newrule:", err)
			return 1
		}
		rel, _ := filepath.Rel(root, f.path)
		fmt.Fprintf(stdout, "wrote %s\n", rel)
	}
	fmt.Fprintf(stdout, `
next:
  1. write the check in rules/%[1]s/%[2]s.go and the page rules/%[1]s/docs/%[3]s.md
  2. make testdata/%[3]s/bad.json hold the defect, then
     MCPLINT_UPDATE_GOLDEN=1 go test ./rules/%[1]s/ and read the goldens
     (bad.golden must list the defect; ok_clean.golden must stay empty)
  3. go generate ./engine/ruledoc/gen
     MCPLINT_UPDATE_GOLDEN=1 go test ./cmd/mcplint -run SchemaFile
     and raise the rule count in README.md
`, r.Category, strings.ReplaceAll(r.Name, "-", "_"), r.Name)
	return 0
}

// newRule is what the command was asked to write.
type newRule struct {
	Category, Name, Summary, Source string
	Severity                        sdk.Severity
}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// file is one file to write: new ones must not exist; an edit replaces
// the file it read.
type file struct {
	path string
	data []byte
	edit bool
}

func (f file) write() error {
	if f.edit {
		return os.WriteFile(f.path, f.data, 0o644)
	}
	if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(f.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := out.Write(f.data); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// plan checks the request against the tree under root and returns the
// files to write, before any is written, so that a refusal leaves the
// tree as it was.
func (r newRule) plan(root string) ([]file, error) {
	if !slices.Contains(sdk.Categories, r.Category) {
		return nil, fmt.Errorf("category %q: use one of %s", r.Category, strings.Join(sdk.Categories, ", "))
	}
	if !kebab.MatchString(r.Name) {
		return nil, fmt.Errorf("rule name %q: use kebab-case, lower-case words joined by hyphens (tool-name-too-long)", r.Name)
	}
	if taken, _ := filepath.Glob(filepath.Join(root, "rules", "*", "docs", r.Name+".md")); len(taken) > 0 {
		rel, _ := filepath.Rel(root, taken[0])
		return nil, fmt.Errorf("rule %q exists already (%s); rule names are a contract with users' configs, pick another", r.Name, rel)
	}
	if r.Summary == "" {
		r.Summary = "Says in one line what " + r.Name + " checks"
	}
	if strings.HasSuffix(r.Summary, ".") {
		return nil, errors.New("-summary: end it without a period, as every rule's summary does")
	}
	if r.Source == "" {
		r.Source = "2025-11-25/server/tools.mdx"
	}
	pkg := filepath.Join(root, "rules", r.Category)
	registry, regData, err := findRegistry(pkg)
	if err != nil {
		return nil, err
	}
	typ := lowerCamel(r.Name)
	if bytes.Contains(regData, []byte("\t"+typ+"{}")) {
		return nil, fmt.Errorf("%s already registers %s", registry, typ)
	}
	code, err := format.Source([]byte(r.code(typ)))
	if err != nil {
		return nil, fmt.Errorf("the rule's code does not format: %w", err)
	}
	reg, err := register(regData, typ)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", registry, err)
	}
	fixtures := filepath.Join(pkg, "testdata", r.Name)
	return []file{
		{path: filepath.Join(pkg, strings.ReplaceAll(r.Name, "-", "_")+".go"), data: code},
		{path: filepath.Join(pkg, "docs", r.Name+".md"), data: []byte(r.doc())},
		{path: registry, data: reg, edit: true},
		{path: filepath.Join(fixtures, "bad.json"), data: []byte(badFixture)},
		{path: filepath.Join(fixtures, "ok_clean.json"), data: []byte(okFixture)},
	}, nil
}

// moduleRoot is the folder of the go.mod above dir that declares the
// mcplint module.
func moduleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.Contains(b, []byte("module github.com/mcplint/mcplint\n")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod of github.com/mcplint/mcplint in %s or above: run newrule inside the mcplint checkout", dir)
		}
	}
}

// findRegistry is the file of pkg that declares Rules().
func findRegistry(pkg string) (string, []byte, error) {
	names, _ := filepath.Glob(filepath.Join(pkg, "*.go"))
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		b, err := os.ReadFile(n)
		if err != nil {
			return "", nil, err
		}
		if bytes.Contains(b, []byte("\nfunc Rules() []sdk.Rule {")) {
			return n, b, nil
		}
	}
	return "", nil, fmt.Errorf("no file of %s declares func Rules() []sdk.Rule", pkg)
}

// register adds typ{} to the list Rules() returns, where name order puts
// it. The list is read by its lines: one rule a line, each ending in a
// comma, as gofmt leaves them.
func register(src []byte, typ string) ([]byte, error) {
	lines := strings.Split(string(src), "\n")
	start := slices.Index(lines, "func Rules() []sdk.Rule {")
	if start < 0 || start+1 >= len(lines) || strings.TrimSpace(lines[start+1]) != "return []sdk.Rule{" {
		return nil, errors.New("Rules() does not start with `return []sdk.Rule{`; add the rule's line by hand")
	}
	at := -1
	for i := start + 2; i < len(lines); i++ {
		entry := strings.TrimSpace(lines[i])
		if entry == "}" {
			if at < 0 {
				at = i
			}
			break
		}
		if at < 0 && ruleKey(entry) > strings.ToLower(typ) {
			at = i
		}
	}
	if at < 0 {
		return nil, errors.New("the list Rules() returns has no end; add the rule's line by hand")
	}
	lines = slices.Insert(lines, at, "\t\t"+typ+"{},")
	return []byte(strings.Join(lines, "\n")), nil
}

// ruleKey is the name order of an entry such as `&toolNameStyle{...},`:
// its identifier, case folded.
func ruleKey(entry string) string {
	entry = strings.TrimPrefix(entry, "&")
	if i := strings.IndexAny(entry, "{,"); i >= 0 {
		entry = entry[:i]
	}
	return strings.ToLower(entry)
}

func lowerCamel(name string) string {
	parts := strings.Split(name, "-")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

var categoryConst = map[string]string{
	sdk.CategoryConformance: "sdk.CategoryConformance", sdk.CategorySchema: "sdk.CategorySchema",
	sdk.CategorySecurity: "sdk.CategorySecurity", sdk.CategoryNaming: "sdk.CategoryNaming",
	sdk.CategoryQuality: "sdk.CategoryQuality", sdk.CategoryReference: "sdk.CategoryReference",
	sdk.CategoryConfig: "sdk.CategoryConfig",
}

var severityConst = map[sdk.Severity]string{sdk.Error: "sdk.Error", sdk.Warning: "sdk.Warning", sdk.Info: "sdk.Info"}

func (r newRule) code(typ string) string {
	return fmt.Sprintf(`package %[1]s

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
)

// %[2]s reports what its page, docs/%[3]s.md, describes.
type %[2]s struct{}

func (%[2]s) Meta() sdk.Meta {
	return sdk.Meta{
		Name: %[3]q, Category: %[4]s, Severity: %[5]s,
		Summary: %[6]q,
		Doc:     doc(%[3]q),
		Source:  %[7]q,
	}
}

// Check reports each defect of s with report: an sdk.Issue with the tool
// (Tool), where it is (Pointer, e.g. sdk.ToolPointer(i, "description")),
// a Message that quotes what was found and a Fix that says what to do.
// The fixtures in testdata/%[3]s fail until it finds bad.json's defect.
func (%[2]s) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return nil
}
`, filepath.Base(r.Category), typ, r.Name, categoryConst[r.Category], severityConst[r.Severity], r.Summary, r.Source)
}

func (r newRule) doc() string {
	return fmt.Sprintf(`Checks what %s is about: say here what it reports, why it matters to a
client or a model, and what the MCP specification says (quote the text and
name its version).

**Bad**

`+"```json"+`
%s`+"```"+`

**Good**

`+"```json"+`
%s`+"```"+`
`, r.Name, badFixture, okFixture)
}

// The fixtures start as one tool each, to be replaced by a list holding
// the defect and one without it.
const (
	badFixture = `{"tools": [
  {"name": "replace_me", "description": "Holds the defect the rule finds.", "inputSchema": {"type": "object"}}
]}
`
	okFixture = `{"tools": [
  {"name": "clean_tool", "description": "Holds no defect.", "inputSchema": {"type": "object"}}
]}
`
)
