package report

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

func TestWriteJUnit(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, richSample(), sampleMetas()); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.junit.xml", buf.Bytes())
	if strings.ContainsRune(buf.String(), '\u202e') || strings.ContainsRune(buf.String(), 0xE0069) || strings.ContainsRune(buf.String(), 0x1b) {
		t.Errorf("JUnit report carries raw bidi, tag or escape characters")
	}

	var back junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("JUnit report is not well-formed XML: %v", err)
	}
	if back.Tests != 6 || back.Failures != 3 || back.Errors != 2 {
		t.Errorf("totals tests=%d failures=%d errors=%d, want 6, 3, 2 (an info is not a failure)", back.Tests, back.Failures, back.Errors)
	}
	weather := back.Suites[0]
	names := make([]string, len(weather.Cases))
	for i, c := range weather.Cases {
		names[i] = c.Name
	}
	if got, want := strings.Join(names, " "), "description-too-short hidden-unicode-tag input-schema-missing too-many-tools acme/no-foo"; got != want {
		t.Errorf("weather test cases = %s, want one per rule: %s", got, want)
	}
	if c := weather.Cases[3]; c.Failure != nil || c.Error != nil {
		t.Errorf("too-many-tools found nothing but its case did not pass: %+v", c)
	}
	if c := weather.Cases[4]; c.Failure != nil || c.Error == nil || !strings.Contains(c.SystemOut, "instructions mention foo") {
		t.Errorf("acme/no-foo reported an info and then crashed: want the info in the output and an error, got %+v", c)
	}
	if c := weather.Cases[0]; !strings.Contains(c.SystemOut, "terse on purpose") {
		t.Errorf("suppressed issue's reason missing from the case output: %q", c.SystemOut)
	}
}
