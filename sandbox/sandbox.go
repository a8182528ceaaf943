// Package sandbox embeds DermLiving's own sandbox knowledge versions: reference
// passages on common skin conditions and general skin care, written by
// DermLiving in plain reference style and licensed CC-BY-4.0.
//
// The sandbox is for demonstration, evaluation and tests. Its text is synthetic
// reference material, not clinical guidance, and its release gates are
// measured on synthetic cases.
//
// The bundles under kv_* are generated from content/ by go generate; a test
// checks that they are up to date.
package sandbox

//go:generate go run ./internal/gen

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"github.com/dermliving/dermliving/evidence"
)

//go:embed all:kv_*
var bundles embed.FS

// SeedVersion is the version the public explainer's examples come from; it
// deliberately lacks rosacea.
const SeedVersion = "kv_2026_10_01"

// ErrUnknownVersion is returned for a version the sandbox does not hold.
var ErrUnknownVersion = errors.New("sandbox: unknown knowledge version")

// Versions lists the ids of the embedded versions, oldest first.
func Versions() []string {
	ents, _ := fs.ReadDir(bundles, ".")
	var ids []string
	for _, e := range ents {
		if e.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	slices.Sort(ids)
	return ids
}

// FS returns the bundle of an embedded version, in the format evidence.OpenFS
// reads.
func FS(id string) (fs.FS, error) {
	if !slices.Contains(Versions(), id) {
		return nil, fmt.Errorf("%w: %q", ErrUnknownVersion, id)
	}
	return fs.Sub(bundles, id)
}

// Open opens the newest released sandbox version (see
// evidence.NewestReleased): the latest whose stored release-gate report did
// not fail. Each call returns a new Version with its
// own in-memory index; Close it when done.
func Open() (*evidence.Version, error) {
	ids := Versions()
	ms := make([]evidence.Manifest, len(ids))
	for i, id := range ids {
		fsys, err := FS(id)
		if err != nil {
			return nil, err
		}
		if ms[i], err = evidence.ReadManifest(fsys); err != nil {
			return nil, err
		}
	}
	i := evidence.NewestReleased(ms)
	if i < 0 {
		return nil, fmt.Errorf("%w: no released version", ErrUnknownVersion)
	}
	return OpenVersion(ids[i])
}

// OpenVersion opens one embedded version by id.
func OpenVersion(id string) (*evidence.Version, error) {
	fsys, err := FS(id)
	if err != nil {
		return nil, err
	}
	return evidence.OpenFS(fsys, nil)
}
