package main

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/internal/suggest"
)

// shorthandPrefix marks a flag's usage as "this is another name for that
// flag"; printFlags folds such flags into their long form's line.
const shorthandPrefix = "shorthand for --"

// flagColumn is the width of the names column of printFlags.
const flagColumn = 32

// printFlags lists a FlagSet's flags the way users read them:
// "  -f, --format FORMAT   report format ..."; a flag that may stand alone
// or take one of a few values shows them in brackets:
// "--color [auto|always|never]".
func printFlags(fs *flag.FlagSet) string {
	shorts := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) {
		if long, ok := strings.CutPrefix(f.Usage, shorthandPrefix); ok {
			shorts[long] = f.Name
		}
	})
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, shorthandPrefix) {
			return
		}
		arg, usage := flag.UnquoteUsage(f)
		names := "--" + f.Name
		if len(f.Name) == 1 {
			names = "-" + f.Name
		}
		if s, ok := shorts[f.Name]; ok {
			names = "-" + s + ", " + names
		} else {
			names = "    " + names
		}
		if ov, ok := f.Value.(optionalValueFlag); ok {
			names += " [" + strings.Join(ov.Choices(), "|") + "]"
		} else if arg != "" && arg != "value" {
			names += " " + arg
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" && !strings.Contains(usage, "default") {
			usage += " (default " + f.DefValue + ")"
		}
		if len(names) > flagColumn {
			// A long name and argument get a line of their own rather than
			// push the usage out of its column.
			fmt.Fprintf(&b, "  %s\n  %-*s %s\n", names, flagColumn, "", usage)
			return
		}
		fmt.Fprintf(&b, "  %-*s %s\n", flagColumn, names, usage)
	})
	return b.String()
}

// listFlag is a repeatable flag that also splits on commas:
// --enable a --enable b,c gives [a b c].
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*l = append(*l, part)
		}
	}
	return nil
}

// choiceFlag accepts one of a fixed set of values, in any case
// (--min-grade b is B), and keeps the choice as listed.
type choiceFlag struct {
	value   string
	choices []string
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(v string) error {
	for _, ch := range c.choices {
		if strings.EqualFold(v, ch) {
			c.value = ch
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(c.choices, ", "))
}

// optionalValueFlag is a flag that may stand alone (IsBoolFlag) or take
// one of Choices: "--exercise all" is read as "--exercise=all", as
// "--format json" is, and not as a target named all.
type optionalValueFlag interface {
	flag.Value
	IsBoolFlag() bool
	Choices() []string
}

// joinOptionalValues rewrites "--NAME CHOICE" to "--NAME=CHOICE" for the
// optionalValueFlags of fs.
func joinOptionalValues(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, isFlag := strings.CutPrefix(strings.TrimPrefix(a, "-"), "-")
		if !isFlag {
			name, isFlag = strings.CutPrefix(a, "-")
		}
		if f := fs.Lookup(name); isFlag && f != nil && i+1 < len(args) {
			if ov, ok := f.Value.(optionalValueFlag); ok && slices.Contains(ov.Choices(), args[i+1]) {
				out = append(out, a+"="+args[i+1])
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// flagNameInError finds the flag package's one-dash spelling of a flag in
// its error messages ("flag provided but not defined: -fail-onn",
// "invalid value "x" for flag -fail-on").
var flagNameInError = regexp.MustCompile(`(: |flag |for )-([A-Za-z0-9][A-Za-z0-9_-]+)`)

// undefinedFlag is the start of the flag package's error for a flag fs
// does not define.
const undefinedFlag = "flag provided but not defined: -"

// flagError rewrites an error of fs.Parse the way users read flags: long
// flags spelled with two dashes, as --help lists them (--fail-on, not
// -fail-on), and a flag fs does not define followed by the one it is a
// typo or a short form of, by the policy of rule names (package suggest).
func flagError(fs *flag.FlagSet, err error) error {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	msg := strings.Replace(err.Error(), "invalid boolean value", "invalid value", 1)
	if name, ok := strings.CutPrefix(msg, undefinedFlag); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if near := suggest.Guess(name, names); near != "" {
			msg += " (did you mean " + dashed(near) + "?)"
		}
	}
	return errors.New(flagNameInError.ReplaceAllString(msg, "$1--$2"))
}

// dashed spells a flag name as --help lists it: -f, --format.
func dashed(name string) string {
	if utf8.RuneCountInString(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// parseFlags is fs.Parse with its errors as flagError writes them, for
// commands whose flags all come before their arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	return flagError(fs, fs.Parse(args))
}

// parseInterspersed parses flags that may appear before, between or after
// positional arguments, as users expect (`mcplint tools.json -f json`).
// Everything after a bare "--" is returned as the command, untouched.
func parseInterspersed(fs *flag.FlagSet, args []string) (positional, command []string, err error) {
	for i, a := range args {
		if a == "--" {
			command = args[i+1:]
			if len(command) == 0 {
				command = []string{}
			}
			args = args[:i]
			break
		}
	}
	args = joinOptionalValues(fs, args)
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, command, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// durationFlag is a time.Duration flag whose error teaches the syntax.
type durationFlag struct{ d *time.Duration }

func (f durationFlag) String() string {
	if f.d == nil || *f.d == 0 {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return fmt.Errorf("want a positive Go duration such as 30s, 2m or 1m30s")
	}
	*f.d = d
	return nil
}

// sizeFlag is a size in bytes, written with or without a unit (64MiB).
type sizeFlag struct{ n *int64 }

func (f sizeFlag) String() string {
	if f.n == nil || *f.n == 0 {
		return ""
	}
	return inputfile.FormatSize(*f.n)
}

func (f sizeFlag) Set(v string) error {
	n, err := inputfile.ParseSize(v)
	if err != nil {
		return err
	}
	*f.n = n
	return nil
}

// countFlag is a count of 0 or more.
type countFlag struct{ n *int }

func (f countFlag) String() string {
	if f.n == nil {
		return ""
	}
	return strconv.Itoa(*f.n)
}

func (f countFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("want a whole number, 0 or more")
	}
	*f.n = n
	return nil
}
