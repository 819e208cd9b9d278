package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestReleaseTargetsAgree: the targets .goreleaser.yaml releases are the
// ones .ci/run cross-compiles on every change, the build is of
// ./cmd/mcplint with checksums, and the Dockerfile builds the same command.
// goreleaser itself is not available offline; this keeps its config from
// drifting away from what CI proves builds.
func TestReleaseTargetsAgree(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Version int
		Builds  []struct {
			Main   string
			Env    []string
			Goos   []string
			Goarch []string
			Ignore []struct{ Goos, Goarch string }
		}
		Checksum struct{ Algorithm string }
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if cfg.Version != 2 || len(cfg.Builds) != 1 {
		t.Fatalf(".goreleaser.yaml: want version 2 and one build, got version %d, %d builds", cfg.Version, len(cfg.Builds))
	}
	b := cfg.Builds[0]
	if b.Main != "./cmd/mcplint" || !slices.Contains(b.Env, "CGO_ENABLED=0") || cfg.Checksum.Algorithm != "sha256" {
		t.Errorf(".goreleaser.yaml: main %q, env %q, checksum %q: want ./cmd/mcplint, CGO_ENABLED=0, sha256", b.Main, b.Env, cfg.Checksum.Algorithm)
	}
	var released []string
	for _, goos := range b.Goos {
		for _, goarch := range b.Goarch {
			if !slices.ContainsFunc(b.Ignore, func(i struct{ Goos, Goarch string }) bool { return i.Goos == goos && i.Goarch == goarch }) {
				released = append(released, goos+"/"+goarch)
			}
		}
	}
	for _, want := range []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"} {
		if !slices.Contains(released, want) {
			t.Errorf(".goreleaser.yaml does not release %s", want)
		}
	}

	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^release_targets="([^"]*)"`).FindSubmatch(ci)
	if m == nil {
		t.Fatal(`.ci/run has no release_targets="..." line to cross-compile`)
	}
	compiled := strings.Fields(string(m[1]))
	slices.Sort(compiled)
	slices.Sort(released)
	if !slices.Equal(compiled, released) {
		t.Errorf(".ci/run cross-compiles %q, .goreleaser.yaml releases %q: keep them the same", compiled, released)
	}

	docker, err := os.ReadFile(filepath.Join(root, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(docker), "CGO_ENABLED=0 go build") || !strings.Contains(string(docker), "./cmd/mcplint") {
		t.Errorf("Dockerfile does not build ./cmd/mcplint statically:\n%s", docker)
	}
}
