// Package vocab reads the o200k_base vocabulary out of the reference
// tokenizer, for the generator and the tests; the counter itself never
// imports it, so the reference stays out of the binary.
package vocab

import (
	"fmt"

	"github.com/tiktoken-go/tokenizer"
)

// O200kBaseSize is the number of ordinary o200k_base tokens (ranks 0 to
// 199997); the special tokens come after a gap and are not in the table.
const O200kBaseSize = 199998

// O200kBase returns the bytes of every ordinary o200k_base token, indexed by
// rank.
func O200kBase() ([]string, error) {
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return nil, fmt.Errorf("load the reference o200k_base codec: %w", err)
	}
	tokens := make([]string, O200kBaseSize)
	for r := range tokens {
		tok, err := enc.Decode([]uint{uint(r)})
		if err != nil {
			return nil, fmt.Errorf("decode o200k_base rank %d: %w", r, err)
		}
		tokens[r] = tok
	}
	if _, err := enc.Decode([]uint{O200kBaseSize}); err == nil {
		return nil, fmt.Errorf("o200k_base has a token of rank %d; the vocabulary grew, update O200kBaseSize", O200kBaseSize)
	}
	return tokens, nil
}
