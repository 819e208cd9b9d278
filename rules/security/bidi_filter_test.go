package security

import "testing"

// hasBidiControl must find every bidirectional control, wherever it
// stands, and no other character.
func TestHasBidiControl(t *testing.T) {
	for r := rune(0x80); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		for _, text := range []string{string(r), "é" + string(r) + "x", "\xe2" + string(r)} {
			if got := hasBidiControl(text); got != isBidiControl(r) {
				t.Fatalf("hasBidiControl(%q) = %v, want %v", text, got, isBidiControl(r))
			}
		}
	}
}
