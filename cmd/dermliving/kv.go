package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

// kvFlags selects a knowledge version: a bundle directory or an embedded
// sandbox version.
type kvFlags struct {
	dir     string
	version string
}

func (k *kvFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.dir, "kv", "", "knowledge bundle `DIR` built with dermliving build")
	fs.StringVar(&k.version, "version", "", "embedded sandbox version `ID` (default: the newest released one)")
}

func (k *kvFlags) open() (*evidence.Version, error) {
	switch {
	case k.dir != "" && k.version != "":
		return nil, fmt.Errorf("give --kv or --version, not both")
	case k.dir != "":
		return openDir("--kv ", k.dir)
	case k.version != "":
		return openSandbox(k.version)
	}
	return sandbox.Open()
}

// openDir opens the bundle in dir; its errors name the directory, after
// label.
func openDir(label, dir string) (*evidence.Version, error) {
	st, err := os.Stat(dir)
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s%s: no such directory", label, dir)
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%s%s: %w", label, dir, pe.Err)
	case err != nil:
		return nil, fmt.Errorf("%s%s: %w", label, dir, err)
	case !st.IsDir():
		return nil, fmt.Errorf("%s%s: not a directory", label, dir)
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", label, dir, err)
	}
	return kv, nil
}

// openSandbox opens an embedded version. An unknown id gives
// dermliving.ErrUnknownVersion, whose code is not_found and whose text
// does not hold the id.
func openSandbox(id string) (*evidence.Version, error) {
	kv, err := sandbox.OpenVersion(id)
	if errors.Is(err, sandbox.ErrUnknownVersion) {
		return nil, dermliving.ErrUnknownVersion
	}
	return kv, err
}
