package evidence_test

import (
	"crypto/ed25519"
	"os"
	"path/filepath"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

// BenchmarkOpenBundle opens the bundle in $DERMLIVING_BENCH_KV (build one
// with dermliving build, such as MedQuAD's into /tmp) with every check:
// the inventory, every file's size and checksum (the index's included),
// every passage's checksum, the version checksum, and the persisted index
// opened and searched once. With $DERMLIVING_BENCH_TRUST naming the .pub
// file of the key that signed the bundle, "trusted" checks the signature
// too, and the index's dictionaries are not walked (a trusted key vouches
// for them); "untrusted" opens without keys and walks them.
//
//	DERMLIVING_BENCH_KV=/tmp/kv_medquad DERMLIVING_BENCH_TRUST=/tmp/key.pub \
//	    go test -run XXX -bench BenchmarkOpenBundle -benchmem ./evidence
func BenchmarkOpenBundle(b *testing.B) {
	dir := os.Getenv("DERMLIVING_BENCH_KV")
	if dir == "" {
		b.Skip("set DERMLIVING_BENCH_KV to a bundle directory")
	}
	run := func(b *testing.B, opts *evidence.OpenOptions) {
		var size int64
		m, err := evidence.ReadManifest(os.DirFS(dir))
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range m.Contents {
			size += e.Size
		}
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			kv, err := evidence.OpenFS(os.DirFS(dir), opts)
			if err != nil {
				b.Fatal(err)
			}
			kv.Close()
		}
	}
	index := filepath.Join(dir, evidence.IndexDir)
	b.Run("untrusted", func(b *testing.B) { run(b, &evidence.OpenOptions{IndexDir: index}) })
	if name := os.Getenv("DERMLIVING_BENCH_TRUST"); name != "" {
		raw, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		pub, err := evidence.ParsePublicKey(raw)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("trusted", func(b *testing.B) {
			run(b, &evidence.OpenOptions{IndexDir: index, TrustedKeys: []ed25519.PublicKey{pub}})
		})
	}
}
