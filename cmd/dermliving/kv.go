package main

import (
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

// kvFlags selects a knowledge version: a bundle directory or an embedded
// sandbox version.
type kvFlags struct {
	dir     string
	version string
	trust   trustFlag
}

func (k *kvFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.dir, "kv", "", "knowledge bundle `DIR` built with dermliving build")
	fs.StringVar(&k.version, "version", "", "embedded sandbox version `ID` (default: the newest released one)")
	fs.Var(&k.trust, "trust", "with --kv, "+trustUsage+" (the sandbox's versions are always checked against its own key)")
}

func (k *kvFlags) open() (*evidence.Version, error) {
	switch {
	case k.dir != "" && k.version != "":
		return nil, fmt.Errorf("give --kv or --version, not both")
	case len(k.trust) > 0 && k.dir == "":
		return nil, fmt.Errorf("--trust applies to a bundle given with --kv")
	case k.dir != "":
		keys, err := k.trust.keys()
		if err != nil {
			return nil, err
		}
		return openDir("--kv ", k.dir, keys...)
	case k.version != "":
		return openSandbox(k.version)
	}
	return sandbox.Open()
}

// openDir opens the bundle in dir, which one of the trusted keys must have
// signed when any is given; its errors name the directory, after label.
func openDir(label, dir string, trusted ...ed25519.PublicKey) (*evidence.Version, error) {
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
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: trusted})
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
