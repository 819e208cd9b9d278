// Package jsonvalid validates values against the JSON Schemas a server
// declared: the arguments mcplint generates for a tool (engine/internal/exercise)
// and the structured results a tool returned (rules/conformance). It is
// the one full validator of declared schemas (santhosh-tekuri/jsonschema),
// used where an exact answer matters more than speed: a few values per
// tool, never a whole tool list (the schema rules' hand-written checks do
// that; rules/schema's BenchmarkLibraryVsHandWritten says why). References
// are followed inside the schema only: a "$ref" to a file or a web address
// is never read or fetched.
package jsonvalid

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/mcplint/mcplint/internal/uritemplate"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// location is where a schema is placed for the compiler: a name no loader
// serves.
const location = "mcplint:///schema.json"

// noLoader refuses every document that is not the schema itself.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("mcplint does not load " + url + ": only references inside the schema are followed")
}

var printer = message.NewPrinter(language.English)

// Schema is a compiled schema.
type Schema struct{ s *jsonschema.Schema }

// Compile compiles a generically decoded schema, with "format" as an
// annotation (the 2020-12 default). It fails on a schema it cannot use:
// an invalid one, an external reference, a pattern Go cannot run, one
// whose references fan out past maxExpansion subschemas. Callers
// then say nothing: another rule reports a broken schema.
func Compile(schema any) (*Schema, error) {
	if Expands(schema) {
		return nil, errExpansion
	}
	doc, err := normalize(schema)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	c.RegisterFormat(uritemplate.Format)
	if err := c.AddResource(location, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(location)
	if err != nil {
		return nil, err
	}
	return &Schema{s}, nil
}

// Mismatch is why a value does not satisfy a schema: the first failing
// place in the value and what failed there.
type Mismatch struct {
	// At is an RFC 6901 pointer into the value; "" for the value itself.
	At  string
	Why string
}

func (m *Mismatch) Error() string {
	if m.At == "" {
		return m.Why
	}
	return "at " + m.At + ": " + m.Why
}

// Validate checks a generically decoded value (or raw JSON) against the
// schema; nil when it satisfies it, else a *Mismatch.
func (s *Schema) Validate(v any) error {
	if raw, ok := v.(json.RawMessage); ok {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return &Mismatch{Why: "not JSON: " + err.Error()}
		}
		v = inst
	} else {
		inst, err := normalize(v)
		if err != nil {
			return &Mismatch{Why: err.Error()}
		}
		v = inst
	}
	err := s.s.Validate(v)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	at := ""
	for _, tok := range ve.InstanceLocation {
		at += "/" + strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
	}
	return &Mismatch{At: at, Why: ve.ErrorKind.LocalizedString(printer)}
}

// normalize re-reads a value with numbers as json.Number, so that large
// integers keep their exact value.
func normalize(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}
