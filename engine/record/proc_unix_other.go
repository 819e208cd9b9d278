//go:build unix && !linux

package record

import "syscall"

// setParentDeathSignal does nothing where the kernel has no parent-death
// signal; the server still sees EOF on stdin when mcplint record dies.
func setParentDeathSignal(*syscall.SysProcAttr) {}
