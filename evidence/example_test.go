package evidence_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/dermliving/dermliving/evidence"
	_ "github.com/dermliving/dermliving/retrieve" // the index WriteOptions.Index writes
)

// Build a knowledge version from corpus lines, write it, and open it again:
// opening verifies every checksum.
func ExampleBuild() {
	const corpus = `{"source_id": "src_notes", "source_version": "2026.10", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts.", "license": "CC-BY-4.0"}`
	recs, err := evidence.ReadCorpus(strings.NewReader(corpus))
	if err != nil {
		log.Fatal(err)
	}
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_2026_10_01", Released: "2026-10-01"})
	if err != nil {
		log.Fatal(err)
	}
	tmp, _ := os.MkdirTemp("", "kv")
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "kv_2026_10_01")
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true}); err != nil {
		log.Fatal(err)
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		log.Fatal(err)
	}
	defer kv.Close()
	p, _ := kv.Evidence("ev_src_notes_overview_1")
	fmt.Println(kv.ID(), kv.Len())
	fmt.Println(p.ID, p.Locator.Section, p.Locator.Paragraph)
	fmt.Println(p.Checksum == evidence.Checksum(p.Text))
	// Output:
	// kv_2026_10_01 1
	// ev_src_notes_overview_1 Overview 1
	// true
}

// A publisher signs a version as it is written; a host that trusts the
// publisher's public key opens it only if that key signed it and nothing
// changed since. Anyone can recompute every checksum after an edit; no one
// without the private key can sign again.
func ExampleManifest_Sign() {
	const corpus = `{"source_id": "src_notes", "source_version": "2026.10", "section": "Overview", "paragraph": 1, "text": "Urticaria, often called hives, causes raised itchy welts.", "license": "CC-BY-4.0"}`
	recs, _ := evidence.ReadCorpus(strings.NewReader(corpus))
	b, err := evidence.Build(context.Background(), recs, evidence.BuildOptions{ID: "kv_2026_10_01", Released: "2026-10-01"})
	if err != nil {
		log.Fatal(err)
	}
	// In practice the key comes from a file: dermliving keygen, then
	// evidence.ParsePrivateKey. A fixed seed keeps this example's output fixed.
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := key.Public().(ed25519.PublicKey)

	tmp, _ := os.MkdirTemp("", "kv")
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "kv_2026_10_01")
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true, Sign: key}); err != nil {
		log.Fatal(err)
	}
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{
		IndexDir:    filepath.Join(dir, evidence.IndexDir),
		TrustedKeys: []ed25519.PublicKey{pub},
	})
	if err != nil {
		log.Fatal(err)
	}
	signer, verified := kv.Signer()
	kv.Close()
	fmt.Println(signer == evidence.KeyID(pub), verified)

	// Another key is not trusted.
	other := ed25519.NewKeyFromSeed(append(make([]byte, ed25519.SeedSize-1), 1)).Public().(ed25519.PublicKey)
	_, err = evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{TrustedKeys: []ed25519.PublicKey{other}})
	var se *evidence.SignatureError
	fmt.Println(errors.As(err, &se), se.Signer == evidence.KeyID(pub), errors.Is(err, evidence.ErrUntrusted))
	// Output:
	// true true
	// true true true
}
