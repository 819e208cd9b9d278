package exercise

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Roots are the folders a server may touch, as far as mcplint can tell:
// the folders named on its command line (server-filesystem takes them so),
// replaced by what a tool that lists them answers
// (server-filesystem's list_allowed_directories). A file or folder
// argument of a happy-path call is then a path inside them, not a guess
// like "README.md" that the server rightly refuses.
type Roots struct {
	// Dirs are absolute folder paths, in the order found.
	Dirs []string
	// File is a regular file inside the first of Dirs that exists on this
	// machine, for tools that read one; "" when none was found.
	File string
}

// RootsFromArgs reads the folders named among a server's command-line
// arguments (after the program), resolved against dir, the server's
// working directory. Only folders that exist count.
func RootsFromArgs(command []string, dir string) Roots {
	var r Roots
	for _, a := range command[min(1, len(command)):] {
		if a == "" || strings.HasPrefix(a, "-") {
			continue
		}
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			r.add(p)
		}
	}
	r.findFile()
	return r
}

// absPath is an absolute POSIX or Windows path inside a tool's answer.
var absPath = regexp.MustCompile(`(?:^|[\s"'\x60(\[,:])((?:/|[A-Za-z]:\\)[^\s"'\x60,;)\]]*)`)

// rootsFromAnswer reads the absolute folder paths a roots-listing tool
// answered. Paths that exist here are kept; when none does (a server on
// another machine), all are.
func rootsFromAnswer(text string) Roots {
	var found, local []string
	for _, m := range absPath.FindAllStringSubmatch(text, -1) {
		p := strings.TrimRight(m[1], ".")
		if len(p) < 2 || slices.Contains(found, p) {
			continue
		}
		found = append(found, p)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			local = append(local, p)
		}
	}
	if len(local) > 0 {
		found = local
	}
	var r Roots
	for _, p := range found {
		r.add(p)
	}
	r.findFile()
	return r
}

func (r *Roots) add(p string) {
	if !slices.Contains(r.Dirs, p) {
		r.Dirs = append(r.Dirs, p)
	}
}

// maxScan bounds how many entries findFile reads: a root can be a home
// folder.
const maxScan = 200

// findFile picks a regular, readable, non-hidden file in the first root
// that has one: at its top level first, then one level down.
func (r *Roots) findFile() {
	for _, d := range r.Dirs {
		if f := fileIn(d, 1); f != "" {
			r.File = f
			return
		}
	}
}

func fileIn(dir string, depth int) string {
	f, err := os.Open(dir)
	if err != nil {
		return ""
	}
	names, _ := f.Readdirnames(maxScan)
	f.Close()
	slices.Sort(names)
	var subdirs []string
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			continue
		}
		p := filepath.Join(dir, n)
		st, err := os.Lstat(p)
		switch {
		case err != nil:
		case st.Mode().IsRegular() && st.Size() < 1<<20:
			return p
		case st.IsDir():
			subdirs = append(subdirs, p)
		}
	}
	if depth > 0 {
		for _, d := range subdirs {
			if f := fileIn(d, depth-1); f != "" {
				return f
			}
		}
	}
	return ""
}

// ListsRoots reports whether a tool answers with the folders the server
// may touch: read-only, no required argument, and named so
// ("list_allowed_directories", "list_roots", "get_allowed_paths").
func ListsRoots(t sdk.Tool) bool {
	if !ReadOnly(t) {
		return false
	}
	if s, ok := t.InputSchema.(map[string]any); ok && len(requiredOf(s)) > 0 {
		return false
	}
	words := nameWords(t.Name)
	has := func(list ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(list, w) })
	}
	return has("roots") || (has("allowed") && has("directories", "dirs", "folders", "paths", "directory"))
}

// pathKind says whether a string property takes a file or folder path:
// "dir" or "file", "" for neither. The property's own name decides
// ("directory", "folder", "file_path"), else for a plain "path" the
// tool's ("list_directory", "directory_tree" and "search_files" take
// folders; "read_text_file" a file).
func pathKind(prop, tool string) string {
	pw, tw := nameWords(prop), nameWords(tool)
	in := func(words []string, list ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(list, w) })
	}
	switch {
	case in(pw, "dir", "directory", "folder", "root", "cwd", "workdir", "repo", "repository"):
		return "dir"
	case in(pw, "file", "filename", "filepath"):
		return "file"
	case in(pw, "source", "destination", "src", "dst"):
		if in(tw, "file", "files", "move", "copy", "rename") {
			return "file"
		}
	case in(pw, "path"):
		if in(tw, "directory", "dir", "dirs", "directories", "tree", "folder", "search", "find", "list", "ls", "glob") && !in(tw, "read", "write", "edit") {
			return "dir"
		}
		return "file"
	}
	return ""
}

// describesFolder reports a description that says its path is a folder:
// it names a directory, folder or repository before any file.
func describesFolder(desc string) bool {
	low := strings.ToLower(desc)
	at := -1
	for _, w := range []string{"directory", "folder", "repository", "repo "} {
		if i := strings.Index(low, w); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	file := strings.Index(low, "file")
	return at >= 0 && (file < 0 || at < file)
}

// path is a path inside the roots for a property of kind ("dir" or
// "file"); a tool that may write gets a new name, so that a write never
// lands on a file of the user's.
func (r Roots) path(kind, prop string, readOnly bool) (string, bool) {
	if len(r.Dirs) == 0 || kind == "" {
		return "", false
	}
	root := r.Dirs[0]
	switch {
	case kind == "dir":
		return root, true
	case readOnly && r.File != "":
		return r.File, true
	case readOnly:
		return filepath.Join(root, "README.md"), true
	}
	name := scratchFile
	if in := nameWords(prop); slices.Contains(in, "destination") || slices.Contains(in, "dst") {
		name = scratchMoved
	}
	return filepath.Join(root, name), true
}
