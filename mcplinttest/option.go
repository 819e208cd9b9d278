package mcplinttest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/config"
)

// Option shapes a lint. Each mirrors the mcplint flag of the same name.
type Option struct {
	set func(*settings) error
}

// settings are the options applied.
type settings struct {
	failOn, minGrade      string
	enable, disable, only []string
	config                string
	timeout               time.Duration
	name                  string
}

func newSettings(opts []Option) (*settings, error) {
	s := &settings{}
	var errs []error
	for _, o := range opts {
		if o.set == nil {
			continue // the zero Option changes nothing
		}
		if err := o.set(s); err != nil {
			errs = append(errs, err)
		}
	}
	return s, errors.Join(errs...)
}

// WithFailOn sets the level at which an issue fails the test: "error" (the
// default), "warning", "info" or "never" (--fail-on). It overrides [output]
// fail-on of the config file.
func WithFailOn(level string) Option {
	return Option{func(s *settings) error {
		if !slices.Contains(config.FailOns, level) {
			return fmt.Errorf("WithFailOn(%q): want one of %s", level, strings.Join(config.FailOns, ", "))
		}
		s.failOn = level
		return nil
	}}
}

// WithMinGrade fails the test when the server's grade is below grade, one
// of "A" to "F" (--min-grade). It overrides [output] min-grade of the
// config file.
func WithMinGrade(grade string) Option {
	return Option{func(s *settings) error {
		if !slices.Contains(config.Grades, grade) {
			return fmt.Errorf("WithMinGrade(%q): want one of %s", grade, strings.Join(config.Grades, ", "))
		}
		s.minGrade = grade
		return nil
	}}
}

// WithEnable turns on rules or categories by name (--enable).
func WithEnable(names ...string) Option {
	return Option{func(s *settings) error { s.enable = append(s.enable, names...); return nil }}
}

// WithDisable turns off rules or categories by name (--disable).
func WithDisable(names ...string) Option {
	return Option{func(s *settings) error { s.disable = append(s.disable, names...); return nil }}
}

// WithOnly runs only these rules or categories (--only).
func WithOnly(names ...string) Option {
	return Option{func(s *settings) error { s.only = append(s.only, names...); return nil }}
}

// WithConfig reads the .mcplint.toml at path (relative to the test's
// working directory, the package folder): its rule selection, severities,
// settings, ignores and [output] fail-on and min-grade apply; its [server]
// does not, and plugins are not started. Without it the defaults apply
// (the recommended preset), whatever .mcplint.toml is around, so that the
// test does not change with the folder it runs in.
func WithConfig(path string) Option {
	return Option{func(s *settings) error {
		if path == "" {
			return errors.New("WithConfig: the path is empty")
		}
		s.config = path
		return nil
	}}
}

// WithTimeout bounds each request to the server (--timeout; 10s by
// default). A server that does not answer the handshake in time fails the
// test after at most this long.
func WithTimeout(d time.Duration) Option {
	return Option{func(s *settings) error {
		if d <= 0 {
			return fmt.Errorf("WithTimeout(%s): the timeout must be positive", d)
		}
		s.timeout = d
		return nil
	}}
}

// WithName names the server in the report and in ignores' server globs;
// by default it is the name the server gives itself in serverInfo.
func WithName(name string) Option {
	return Option{func(s *settings) error { s.name = name; return nil }}
}
