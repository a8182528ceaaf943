package main

import (
	"flag"
	"fmt"

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
		return evidence.OpenDir(k.dir)
	case k.version != "":
		return sandbox.OpenVersion(k.version)
	}
	return sandbox.Open()
}
