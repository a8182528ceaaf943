// Command opentime opens a bundle the way a fresh process serving it would,
// with every check (the inventory, every file's size and SHA-256, the index's
// included, every passage's checksum, the version checksum and, with
// -trust, the publisher's Ed25519 signature), runs one search so the index is
// known to answer, and prints the time the open took and the process's
// whole life so far, in milliseconds.
//
//	go run ./internal/devtools/opentime -trust KEY.pub DIR
package main

import (
	"crypto/ed25519"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/dermliving/dermliving/evidence"
	_ "github.com/dermliving/dermliving/retrieve" // registers the indexer, as the CLI and server do
)

var procStart = time.Now()

func main() {
	trust := flag.String("trust", "", "the signer's .pub `FILE`")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the open to `FILE`")
	n := flag.Int("n", 1, "open the bundle `N` times (for a profile); the time printed is the first's")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: opentime [-trust PUB] DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	var keys []ed25519.PublicKey
	if *trust != "" {
		raw, err := os.ReadFile(*trust)
		if err != nil {
			fail(err)
		}
		pub, err := evidence.ParsePublicKey(raw)
		if err != nil {
			fail(err)
		}
		keys = append(keys, pub)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	t0 := time.Now()
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: keys})
	if err != nil {
		fail(err)
	}
	open := time.Since(t0)
	for range *n - 1 {
		kv.Close()
		if kv, err = evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: keys}); err != nil {
			fail(err)
		}
	}
	if _, err := kv.Index(); err != nil {
		fail(err)
	}
	defer kv.Close()
	fmt.Printf("open_ms=%.1f proc_ms=%.1f passages=%d signed=%v\n", ms(open), ms(time.Since(procStart)), kv.Len(), len(keys) > 0)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "opentime:", err)
	os.Exit(1)
}
