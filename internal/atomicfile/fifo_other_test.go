//go:build !unix

package atomicfile

import (
	"errors"
	"os"
)

func mkfifo(string) error { return errors.New("no FIFOs here") }

func openFIFOReader(string) (*os.File, error) { return nil, errors.New("no FIFOs here") }
