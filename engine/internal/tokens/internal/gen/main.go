// Command gen writes the o200k_base vocabulary table that package tokens
// embeds. It reads every token through the reference tokenizer (decoding
// each rank on its own gives that token's bytes), so the table is exactly
// the reference's vocabulary; run it with `go generate` in engine/internal/tokens.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/table"
	"github.com/mcplint/mcplint/engine/internal/tokens/internal/vocab"
)

func main() {
	out := flag.String("o", "o200k.table", "file to write the table to")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	tokens, err := vocab.O200kBase()
	if err != nil {
		return err
	}
	data, err := table.Build(tokens)
	if err != nil {
		return err
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	return os.Rename(tmp, out)
}
