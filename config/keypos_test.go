package config

import (
	"testing"
)

func TestKeyPositions(t *testing.T) {
	src := `version = 1 # [not.a.table]
title = """
[fake]
fake = "inside a multi-line string"
"""
literal = '''
[[also.fake]]'''
"quoted key" = { inner = 1, "b.c" = { d = 2 } }
dotted . key = "x"
arr = [
  1, # a comment with ] and =
  { e = 3 },
  [4, 5],
]
when = 1979-05-27 07:32:00Z

[[ignore]]
rule = "a"

[ 'ignore' . "nested" ]
x = 1

[[ignore]]
rule = "b" # second entry
ünï = "code points, not bytes"; k = 1
`
	pos := keyPositions(src)
	for _, tc := range []struct {
		path keyPath
		want Position
	}{
		{keyPath{"version"}, Position{1, 1}},
		{keyPath{"title"}, Position{2, 1}},
		{keyPath{"literal"}, Position{6, 1}},
		{keyPath{"quoted key"}, Position{8, 1}},
		{keyPath{"quoted key", "inner"}, Position{8, 18}},
		{keyPath{"quoted key", "b.c", "d"}, Position{8, 39}},
		{keyPath{"dotted", "key"}, Position{9, 1}},
		{keyPath{"arr", "#1", "e"}, Position{12, 5}},
		{keyPath{"arr", "#2"}, Position{13, 3}},
		{keyPath{"when"}, Position{15, 1}},
		{keyPath{"ignore", "#0"}, Position{17, 1}},
		{keyPath{"ignore", "#0", "rule"}, Position{18, 1}},
		{keyPath{"ignore", "#0", "nested", "x"}, Position{21, 1}},
		{keyPath{"ignore", "#1"}, Position{23, 1}},
		{keyPath{"ignore", "#1", "rule"}, Position{24, 1}},
	} {
		if got := pos.at(tc.path); got != tc.want {
			t.Errorf("%q at %v, want %v", []string(tc.path), got, tc.want)
		}
	}
	for _, fake := range []keyPath{{"fake"}, {"also"}, {"not"}} {
		if _, ok := pos[fake.String()]; ok {
			t.Errorf("a key inside a string or comment was taken for a key: %q", fake)
		}
	}
}
