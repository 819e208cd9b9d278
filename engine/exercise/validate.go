package exercise

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaURL is where a tool's input schema is placed for the compiler: a
// name no loader serves, so only the schema itself is ever read.
const schemaURL = "mcplint:///inputSchema.json"

// noLoader refuses every document that is not the schema itself: a "$ref"
// to a file or a web address is never read or fetched.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("mcplint does not load " + url + ": only references inside the schema are followed")
}

// compile compiles a schema for validation, with formats as annotations
// (the 2020-12 default). It fails on schemas the validator cannot use: an
// invalid one, an external reference, a pattern Go cannot run.
func compile(schema any) (*jsonschema.Schema, error) {
	doc, err := normalize(schema)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
}

// normalize re-reads a generically decoded value the way the validator
// wants it: numbers as json.Number, so that 1e300 and large integers keep
// their exact value.
func normalize(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(b))
}

// valid reports whether v satisfies a compiled schema.
func valid(s *jsonschema.Schema, v any) bool {
	inst, err := normalize(v)
	return err == nil && s.Validate(inst) == nil
}
