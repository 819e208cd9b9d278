package exercise

import (
	"os"
	"path/filepath"
)

// Names of the files a writing tool is given inside the served folder
// (Roots.path): new names, so that a write never lands on a file of the
// user's, and removed once the run is over.
const (
	scratchFile  = "mcplint-exercise.txt"
	scratchMoved = "mcplint-exercise-moved.txt"
)

// scratch remembers, for each scratch path in the roots, whether it was
// there before the run, so that afterwards exactly the ones the calls
// created are removed and nothing of the user's is.
type scratch struct {
	existed map[string]bool
}

// note records the scratch paths of r not seen yet. Call it before any
// call can write there: before the run, and when a tool's answer replaced
// the roots.
func (s *scratch) note(r Roots) {
	if s.existed == nil {
		s.existed = map[string]bool{}
	}
	for _, dir := range r.Dirs {
		for _, name := range [...]string{scratchFile, scratchMoved} {
			p := filepath.Join(dir, name)
			if _, seen := s.existed[p]; !seen {
				_, err := os.Lstat(p)
				s.existed[p] = err == nil
			}
		}
	}
}

// clean removes the scratch files and empty folders the calls created.
// A server on another machine wrote nothing here, and nothing is found.
func (s *scratch) clean() {
	for p, existed := range s.existed {
		if existed {
			continue
		}
		if st, err := os.Lstat(p); err == nil && (st.Mode().IsRegular() || st.IsDir()) {
			os.Remove(p) // a folder the server filled is left as it is
		}
	}
}
