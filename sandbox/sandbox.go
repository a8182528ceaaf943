// Package sandbox embeds DermLiving's own sandbox knowledge versions: reference
// passages on common skin conditions and general skin care, written by
// DermLiving in plain reference style and licensed CC-BY-4.0.
//
// The sandbox is for demonstration, evaluation and tests. Its text is synthetic
// reference material, not clinical guidance, and its release gates are
// measured on synthetic cases.
//
// # Release status
//
// Each version's manifest stores the gate report measured when it was
// generated; both versions pass every release gate, so both are released.
// [Open] and [OpenVersion] open them with evidence.OpenOptions.AllowBlocked
// all the same, so that a version regenerated with a failing gate still
// answers for demonstration, each answer saying the version is blocked and
// which gate it fails (metadata.knowledge_status and failed_gates), as
// `dermliving versions` and the example server's trust page do. Real
// knowledge is never served that way by default.
//
// The bundles under kv_* are generated from content/ by go generate; a test
// checks that they are up to date. Each is signed with the sandbox's key,
// whose public half is signing.pub ([PublicKey]); [OpenVersion] refuses a
// version that key did not sign.
package sandbox

//go:generate go run ./internal/gen

import (
	"crypto/ed25519"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"github.com/dermliving/dermliving/evidence"
)

//go:embed all:kv_*
var bundles embed.FS

// signingPub is the sandbox's public signing key (PEM). The private key
// is never in the repository (see content/AUTHORING.md).
//
//go:embed signing.pub
var signingPub []byte

// PublicKey returns the public key that signs every sandbox version.
func PublicKey() (ed25519.PublicKey, error) {
	return evidence.ParsePublicKey(signingPub)
}

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

// Open opens the sandbox's default version: the newest released one (see
// evidence.NewestReleased), else the newest unmeasured one, else, when
// every sandbox version fails a gate, the newest one, served blocked and
// flagged (see Release status). Each call returns a new Version with
// its own in-memory index; Close it when done.
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
	i := evidence.Newest(ms, evidence.Released, evidence.Unmeasured, evidence.Blocked)
	if i < 0 {
		return nil, fmt.Errorf("%w: the sandbox holds no version", ErrUnknownVersion)
	}
	return OpenVersion(ids[i])
}

// OpenVersion opens one embedded version by id, verified, its signature
// by the sandbox's key included, and served even though it is blocked (see
// Release status).
func OpenVersion(id string) (*evidence.Version, error) {
	fsys, err := FS(id)
	if err != nil {
		return nil, err
	}
	pub, err := PublicKey()
	if err != nil {
		return nil, err
	}
	return evidence.OpenFS(fsys, &evidence.OpenOptions{AllowBlocked: true, TrustedKeys: []ed25519.PublicKey{pub}})
}
