package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at release time with -ldflags "-X main.version=…"; a
// `go install` build reports its module version instead.
var version = "0.1.0-dev"

func init() {
	register(command{name: "version", summary: "print mcplint's version", run: runVersion})
}

func mcplintVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return version
}

func runVersion(_ context.Context, c *cli, args []string) int {
	if len(args) > 0 {
		return usageError(c, "version takes no arguments")
	}
	fmt.Fprintf(c.Stdout, "mcplint %s (%s, %s/%s)\n", mcplintVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}
