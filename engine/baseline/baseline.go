// Package baseline records the issues a server has today so that a team can
// adopt mcplint at once and fail only on new issues. An issue is keyed by
// server, rule, owner, pointer and a hash of its message, never by a line
// number, so editing an input file does not bring old issues back.
package baseline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/engine/internal/jsonesc"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk"
)

// FileName is where `mcplint baseline` writes by default.
const FileName = ".mcplint-baseline.json"

// Version is the version of the baseline file format.
const Version = 1

// Baseline is the content of a baseline file.
type Baseline struct {
	Version int     `json:"version"`
	Issues  []Entry `json:"issues"`
}

// Entry is one known issue (or several identical ones).
type Entry struct {
	Server string `json:"server"`
	Rule   string `json:"rule"`
	Tool   string `json:"tool"`
	// Pointer is the issue's pointer with the index of its definition
	// replaced by "*" ("/tools/*/description") when Tool names that
	// definition, so adding or reordering tools keeps the entry valid,
	// and with every index of a transcript pointer replaced by "*"
	// ("/transcript/probes/*/records/*"): where a record falls in a
	// session depends on how the server's messages, its stderr and the
	// probe sessions interleave, which varies from run to run.
	Pointer string `json:"pointer"`
	// Hash is "sha256:" and the first 16 hex digits of the message's
	// SHA-256: the message quotes the offending text, so a changed text is
	// a new issue.
	Hash string `json:"hash"`
	// Count is how many identical issues the entry stands for; omitted
	// for one.
	Count int `json:"count,omitempty"`
}

func (e Entry) key() Entry {
	e.Count = 0
	return e
}

// EntryOf is the entry of one issue of the named server.
func EntryOf(server string, is sdk.Issue) Entry {
	sum := sha256.Sum256([]byte(is.Message))
	return Entry{
		Server:  server,
		Rule:    is.Rule,
		Tool:    is.Tool,
		Pointer: result.StablePointer(is),
		Hash:    "sha256:" + hex.EncodeToString(sum[:8]),
	}
}

// FromTargets records every issue of the targets (not the suppressed
// ones: those stay hidden by their own suppression).
func FromTargets(targets []*result.Target) *Baseline {
	counts := map[Entry]int{}
	for _, t := range targets {
		for _, is := range t.Issues {
			counts[EntryOf(t.Name, is)]++
		}
	}
	b := &Baseline{Version: Version, Issues: make([]Entry, 0, len(counts))}
	for e, n := range counts {
		if n > 1 {
			e.Count = n
		}
		b.Issues = append(b.Issues, e)
	}
	b.sort()
	return b
}

func (b *Baseline) sort() {
	sort.Slice(b.Issues, func(i, j int) bool {
		x, y := b.Issues[i], b.Issues[j]
		switch {
		case x.Server != y.Server:
			return x.Server < y.Server
		case x.Rule != y.Rule:
			return x.Rule < y.Rule
		case x.Tool != y.Tool:
			return x.Tool < y.Tool
		case x.Pointer != y.Pointer:
			return x.Pointer < y.Pointer
		}
		return x.Hash < y.Hash
	})
}

// Len is how many issues the baseline holds.
func (b *Baseline) Len() int {
	n := 0
	for _, e := range b.Issues {
		n += max(e.Count, 1)
	}
	return n
}

// Read loads a baseline file, strictly: unknown fields and other versions
// are errors.
func Read(path string) (*Baseline, error) {
	// Read as every input is: a FIFO or a link to /dev/zero named as the
	// baseline is refused, not waited on or read without end, and a file
	// of millions of entries is refused before it is decoded.
	data, err := inputfile.ReadFile(path, 0)
	if e, ok := errors.AsType[*inputfile.Error](err); ok {
		if e.Max > 0 {
			e.Raise = "no baseline mcplint writes is that large: write it again with mcplint baseline"
		}
		return nil, fmt.Errorf("baseline %w", err)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("baseline %s: %w (write one with mcplint baseline)", path, err)
	}
	if err := inputfile.BaselineShape.CheckJSON(path, data); err != nil {
		return nil, fmt.Errorf("baseline %w: write it again with mcplint baseline", err)
	}
	var b Baseline
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("baseline %s is not a baseline file: %v", path, err)
	}
	if b.Version != Version {
		return nil, fmt.Errorf("baseline %s has version %d; this mcplint reads version %d: write it again with mcplint baseline", path, b.Version, Version)
	}
	for i, e := range b.Issues {
		if e.Rule == "" || !strings.HasPrefix(e.Hash, "sha256:") || e.Count < 0 {
			return nil, fmt.Errorf("baseline %s: entry %d is damaged (it needs a rule, a sha256 hash and no negative count): write the file again with mcplint baseline", path, i+1)
		}
	}
	return &b, nil
}

// Marshal renders the baseline as written to disk: sorted, indented and
// ASCII only (tool names and pointers may hold the very characters mcplint
// warns about; escaped, they cannot hide in a diff).
func (b *Baseline) Marshal() ([]byte, error) {
	sorted := Baseline{Version: b.Version, Issues: append([]Entry(nil), b.Issues...)}
	if sorted.Issues == nil {
		sorted.Issues = []Entry{}
	}
	sorted.sort()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sorted); err != nil {
		return nil, err
	}
	return asciiJSON(buf.Bytes()), nil
}

// asciiJSON escapes every non-ASCII character of a JSON text as \uXXXX.
func asciiJSON(data []byte) []byte {
	return jsonesc.EscapeRunes(data, func(r rune) bool { return r >= 0x80 })
}

// Write writes the baseline atomically: a reader sees the old file or the
// new one, never half of one.
func Write(path string, b *Baseline) error {
	data, err := b.Marshal()
	if err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("writing baseline %s: %w", path, err)
	}
	return nil
}

// Matcher hides baseline issues, each entry as many times as its count.
// It is safe for concurrent use.
type Matcher struct {
	mu   sync.Mutex
	left map[Entry]int
	// none is set when the baseline holds nothing, so a run without one
	// does not key every issue only to find nothing.
	none bool
}

// Matcher starts matching issues against b. A nil baseline matches
// nothing.
func (b *Baseline) Matcher() *Matcher {
	m := &Matcher{left: map[Entry]int{}}
	if b != nil {
		for _, e := range b.Issues {
			// A baseline written before transcript indices became "*"
			// still hides its issues.
			if tokens := sdk.SplitPointer(e.Pointer); len(tokens) > 0 && tokens[0] == "transcript" {
				e.Pointer = result.StablePointer(sdk.Issue{Pointer: e.Pointer})
			}
			m.left[e.key()] += max(e.Count, 1)
		}
	}
	m.none = len(m.left) == 0
	return m
}

// Empty reports whether the baseline holds no issue, so nothing is hidden.
func (m *Matcher) Empty() bool { return m.none }

// Take reports whether the issue of the named server is in the baseline,
// and uses up one of its entry's count.
func (m *Matcher) Take(server string, is sdk.Issue) bool {
	if m.none {
		return false
	}
	k := EntryOf(server, is)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.left[k] == 0 {
		return false
	}
	m.left[k]--
	return true
}
