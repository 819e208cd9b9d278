package report

import (
	"slices"
	"strconv"
)

// appendSARIFResult appends res as an element at depth d: the same bytes
// as encoding/json with SetEscapeHTML(false) and two-space indentation
// followed by escapeJSON, as the appenders for issues write them (see
// jsonappend.go). A SARIF log of a large server is mostly results.
// TestSARIFAppenderKnowsEveryField fails when a result type gains a field.
func appendSARIFResult(b []byte, res *sarifResult, d int) []byte {
	b = append(b, '{')
	b = appendMember(b, d+1, true, "ruleId")
	b = appendString(b, res.RuleID)
	b = appendKey(b, d+1, "ruleIndex")
	b = strconv.AppendInt(b, int64(res.RuleIndex), 10)
	b = appendKey(b, d+1, "level")
	b = appendString(b, res.Level)
	b = appendKey(b, d+1, "message")
	b = appendSARIFMessage(b, &res.Message, d+1)
	b = appendKey(b, d+1, "locations")
	b = appendList(b, res.Locations, d+1, appendSARIFLocation)
	b = appendKey(b, d+1, "partialFingerprints")
	b = appendStringMap(b, res.PartialFingerprints, d+1)
	if len(res.Suppressions) > 0 {
		b = appendKey(b, d+1, "suppressions")
		b = appendList(b, res.Suppressions, d+1, appendSARIFSuppression)
	}
	b = appendKey(b, d+1, "properties")
	b = appendSARIFResultProps(b, &res.Properties, d+1)
	return appendClose(b, d, '}')
}

// appendMember starts a member at depth d: the first of its object, or one
// that follows another.
func appendMember(b []byte, d int, first bool, key string) []byte {
	if !first {
		return appendKey(b, d, key)
	}
	b = appendNewline(b, d)
	b = append(b, '"')
	b = append(b, key...)
	return append(b, `": `...)
}

// appendList appends list at depth d as encoding/json writes a slice: null
// when nil, [] when empty.
func appendList[T any](b []byte, list []T, d int, elem func([]byte, *T, int) []byte) []byte {
	switch {
	case list == nil:
		return append(b, "null"...)
	case len(list) == 0:
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNewline(b, d+1)
		b = elem(b, &list[i], d+1)
	}
	return appendClose(b, d, ']')
}

// appendStringMap appends m at depth d with its keys sorted, as
// encoding/json writes a map.
func appendStringMap(b []byte, m map[string]string, d int) []byte {
	switch {
	case m == nil:
		return append(b, "null"...)
	case len(m) == 0:
		return append(b, "{}"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNewline(b, d+1)
		b = appendString(b, k)
		b = append(b, ": "...)
		b = appendString(b, m[k])
	}
	return appendClose(b, d, '}')
}

func appendSARIFMessage(b []byte, m *sarifMessage, d int) []byte {
	b = append(b, '{')
	b = appendMember(b, d+1, true, "text")
	b = appendString(b, m.Text)
	if m.Markdown != "" {
		b = appendKey(b, d+1, "markdown")
		b = appendString(b, m.Markdown)
	}
	return appendClose(b, d, '}')
}

func appendSARIFLocation(b []byte, l *sarifLocation, d int) []byte {
	b = append(b, '{')
	first := true
	if p := l.PhysicalLocation; p != nil {
		b = appendMember(b, d+1, true, "physicalLocation")
		b = append(b, '{')
		b = appendMember(b, d+2, true, "artifactLocation")
		b = append(b, '{')
		b = appendMember(b, d+3, true, "uri")
		b = appendString(b, p.ArtifactLocation.URI)
		b = appendClose(b, d+2, '}')
		if r := p.Region; r != nil {
			b = appendKey(b, d+2, "region")
			b = append(b, '{')
			b = appendMember(b, d+3, true, "startLine")
			b = strconv.AppendInt(b, int64(r.StartLine), 10)
			if r.StartColumn != 0 {
				b = appendKey(b, d+3, "startColumn")
				b = strconv.AppendInt(b, int64(r.StartColumn), 10)
			}
			b = appendClose(b, d+2, '}')
		}
		b = appendClose(b, d+1, '}')
		first = false
	}
	b = appendMember(b, d+1, first, "logicalLocations")
	b = appendList(b, l.LogicalLocations, d+1, appendSARIFLogical)
	return appendClose(b, d, '}')
}

func appendSARIFLogical(b []byte, l *sarifLogical, d int) []byte {
	b = append(b, '{')
	b = appendMember(b, d+1, true, "name")
	b = appendString(b, l.Name)
	b = appendKey(b, d+1, "fullyQualifiedName")
	b = appendString(b, l.FullyQualifiedName)
	b = appendKey(b, d+1, "kind")
	b = appendString(b, l.Kind)
	return appendClose(b, d, '}')
}

func appendSARIFSuppression(b []byte, s *sarifSuppression, d int) []byte {
	b = append(b, '{')
	b = appendMember(b, d+1, true, "kind")
	b = appendString(b, s.Kind)
	b = appendKey(b, d+1, "status")
	b = appendString(b, s.Status)
	b = appendKey(b, d+1, "justification")
	b = appendString(b, s.Justification)
	return appendClose(b, d, '}')
}

func appendSARIFResultProps(b []byte, p *sarifResultProps, d int) []byte {
	b = append(b, '{')
	b = appendMember(b, d+1, true, "target")
	b = appendString(b, p.Target)
	if p.Category != "" {
		b = appendKey(b, d+1, "category")
		b = appendString(b, p.Category)
	}
	b = appendKey(b, d+1, "tool")
	b = appendString(b, p.Tool)
	b = appendKey(b, d+1, "pointer")
	b = appendString(b, p.Pointer)
	if p.Fix != "" {
		b = appendKey(b, d+1, "fix")
		b = appendString(b, p.Fix)
	}
	return appendClose(b, d, '}')
}
