package sdk

import (
	"fmt"
	"strings"
)

// Severity ranks an issue. The zero value means "not set": a rule that
// reports an Issue without a severity gets its rule's default.
type Severity int

// Severities, weakest first, so that a comparison with >= reads as "at least".
const (
	Info Severity = iota + 1
	Warning
	Error
)

var severityNames = [...]string{Info: "info", Warning: "warning", Error: "error"}

// String returns "info", "warning" or "error" ("unset" for the zero value).
func (s Severity) String() string {
	if s >= Info && s <= Error {
		return severityNames[s]
	}
	return "unset"
}

// ParseSeverity reads "info", "warning" or "error", in any case.
func ParseSeverity(text string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "info":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", text)
}

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) {
	if s == 0 {
		return nil, fmt.Errorf("severity is not set")
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
