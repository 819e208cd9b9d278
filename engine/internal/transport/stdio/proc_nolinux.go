//go:build unix && !linux

package stdio

import "syscall"

// dieWithParent has no kernel support here: a server outlives a killed
// mcplint until it notices its stdin closed.
func dieWithParent(*syscall.SysProcAttr) {}
