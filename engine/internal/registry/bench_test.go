package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// export is a registry export of n copies of testdata/remote.server.json,
// each under its own name.
func export(b *testing.B, n int) []byte {
	one, err := os.ReadFile("testdata/remote.server.json")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteString(`{"servers": [`)
	for i := range n {
		if i > 0 {
			buf.WriteString(",\n")
		}
		entry := bytes.Replace(one, []byte(`"io.github.acme/weather"`), fmt.Appendf(nil, `"io.github.acme/weather-%d"`, i), 1)
		fmt.Fprintf(&buf, `{"server": %s, "_meta": {}}`, entry)
	}
	buf.WriteString(`], "metadata": {"count": 0}}`)
	return buf.Bytes()
}

// BenchmarkParseExport validates a 2,000-server export and places every
// claim; BenchmarkDecodeExport only decodes it, the least any reader
// does, to compare with.
func BenchmarkParseExport(b *testing.B) {
	data := export(b, 2000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		doc, err := Parse("export.json", data)
		if err != nil || len(doc.Entries) != 2000 || len(doc.Entries[0].Problems) > 0 {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeExport(b *testing.B) {
	data := export(b, 2000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSniffToolList asks Sniff about a tool list of 20,000 tools,
// as every JSON target is asked: its first key answers, so the cost does
// not follow the list's size.
func BenchmarkSniffToolList(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"tools": [`)
	for i := range 20000 {
		if i > 0 {
			buf.WriteString(",")
		}
		fmt.Fprintf(&buf, `{"name": "tool_%d", "description": "Reads a file.", "inputSchema": {"type": "object"}}`, i)
	}
	buf.WriteString(`]}`)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if Sniff("tools.json", data) {
			b.Fatal("a tool list read as a server.json")
		}
	}
}
