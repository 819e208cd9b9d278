// Package resume keeps each target's final report of a lint in a folder
// (--resume DIR), so that a run over thousands of servers that stopped
// part way (a crash, a killed CI job) starts again where it stopped: a
// target whose report is there is not linted again.
//
// A report's file is named by a hash of the target's identity (its kind,
// what the user named, its file's size and modification time, its command,
// address and client config) and of the run's fingerprint (mcplint's
// version, the configuration, the rules and their settings, the baseline
// and lock): a changed config, rule set or file never reuses a stale report.
package resume

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/sdk"
)

// maxRecord caps a report file read back: a target's report is at most a
// few megabytes (issues are capped per rule and target).
const maxRecord = 256 << 20

// Store is the folder of a resumable run.
type Store struct {
	dir         string
	fingerprint [32]byte
}

// Open makes dir (and its parents) if needed and returns the store of a
// run whose settings hash to fingerprint.
func Open(dir string, fingerprint [32]byte) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--resume %s: %w", dir, err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--resume %s: not a folder; name a folder for the reports of each target", dir)
	}
	return &Store{dir: dir, fingerprint: fingerprint}, nil
}

// Fingerprint hashes the settings of a run that decide its reports, as
// JSON: anything that changes a target's report must change it.
func Fingerprint(settings any) ([32]byte, error) {
	b, err := json.Marshal(settings)
	if err != nil {
		return [32]byte{}, fmt.Errorf("--resume: the settings of this run cannot be fingerprinted: %w", err)
	}
	return sha256.Sum256(b), nil
}

// record is a report file: the target's report as the JSON report has it,
// and what the other formats read of it that the JSON report leaves out.
type record struct {
	Resume        int                     `json:"mcplint_resume"`
	Target        *result.Target          `json:"target"`
	Declared      *sdk.Location           `json:"declared,omitempty"`
	NotApplicable []string                `json:"notApplicable,omitempty"`
	Records       map[string]result.Quote `json:"records,omitempty"`
	// Own is the name the server gave itself (see engine.nameAcross).
	Own string `json:"own,omitempty"`
}

// path is the report file of t, which sees the servers whose identities
// hash to peers.
func (s *Store) path(t target.Target, peers string) string {
	id := struct {
		Kind                   target.Kind
		Name, Input, Path, Dir string
		Group, URL             string
		Command                []string
		Size                   int64
		Modified               string
		Fingerprint            [32]byte
	}{Kind: t.Kind, Name: t.Name, Input: t.Input, Path: t.Path, Dir: t.Dir, Group: t.Group, URL: t.URL,
		Command: t.Command, Fingerprint: s.fingerprint}
	if t.Path != "" {
		if st, err := os.Stat(t.Path); err == nil {
			id.Size, id.Modified = st.Size(), st.ModTime().UTC().Format("2006-01-02T15:04:05.000000000")
		}
	}
	b, _ := json.Marshal(id) // plain data: cannot fail
	sum := sha256.Sum256(b)
	return filepath.Join(s.dir, hex.EncodeToString(sum[:16])+".json")
}

// Read returns the report of t kept by an earlier run with the same
// fingerprint, and the name the server gave itself; ok is false when
// there is none. A file that cannot be read back is an error: something
// other than mcplint wrote it.
//
// peers identifies the other servers t sees (see Peers): a report made
// beside other servers does not stand for one made beside these.
func (s *Store) Read(t target.Target, peers string) (r *result.Target, own string, ok bool, err error) {
	path := s.path(t, peers)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", false, nil
	}
	if err != nil {
		return nil, "", false, fmt.Errorf("--resume: %w", err)
	}
	if len(data) > maxRecord {
		return nil, "", false, fmt.Errorf("--resume: %s is larger than any report mcplint writes; remove it", path)
	}
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil || rec.Resume != 1 || rec.Target == nil {
		return nil, "", false, fmt.Errorf("--resume: %s is not a report mcplint kept (%s); remove it to lint %s again", path, why(err), strconv.Quote(t.Input))
	}
	rec.Target.Declared, rec.Target.NotApplicable, rec.Target.Records = rec.Declared, rec.NotApplicable, rec.Records
	return rec.Target, rec.Own, true, nil
}

func why(err error) string {
	if err != nil {
		return err.Error()
	}
	return "not the format of this mcplint"
}

// Write keeps the final report r of t, atomically: a run killed while it
// writes leaves the report whole or absent.
func (s *Store) Write(t target.Target, peers string, r *result.Target, own string) error {
	data, err := json.Marshal(record{Resume: 1, Target: r, Declared: r.Declared, NotApplicable: r.NotApplicable, Records: r.Records, Own: own})
	if err != nil {
		return fmt.Errorf("--resume: %s: %w", t.Input, err)
	}
	if err := atomicfile.Write(s.path(t, peers), 0o644, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		return fmt.Errorf("--resume: %w", err)
	}
	return nil
}

// Peers identifies, for each target, the group of servers it is linted
// beside, as keys: targets of one group share theirs, and a target alone
// has "". group names each target's group ("" alone).
func Peers(targets []target.Target, group func(i int) string) []string {
	members := map[string][]string{}
	for i, t := range targets {
		if g := group(i); g != "" {
			members[g] = append(members[g], fmt.Sprintf("%d\x00%s\x00%s\x00%s\x00%s", t.Kind, t.Name, t.Input, t.Path, t.URL))
		}
	}
	keys := map[string]string{}
	for g, m := range members {
		if len(m) < 2 {
			continue
		}
		b, _ := json.Marshal(m)
		sum := sha256.Sum256(b)
		keys[g] = hex.EncodeToString(sum[:])
	}
	out := make([]string, len(targets))
	for i := range targets {
		out[i] = keys[group(i)]
	}
	return out
}
