package evidence_test

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

// indexedBundle writes the tamper bundle (tamperBundle's records) with a
// persisted index into a new directory, signed with key when it is not
// nil, and returns the directory.
func indexedBundle(t testing.TB, key ed25519.PrivateKey) string {
	t.Helper()
	b := tamperBuilt(t)
	dir := filepath.Join(t.TempDir(), "kv")
	if err := b.WriteDir(context.Background(), dir, &evidence.WriteOptions{Index: true, Sign: key}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// bundleFiles lists the files of the bundle in dir, manifest included, by
// slash-separated path.
func bundleFiles(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// names reports whether err, or one of the errors it joins or wraps, names
// the bundle file path: a FileError or ChecksumError about it, a
// FormatError in it, or, for the manifest, a failed seal.
func names(err error, path string) bool {
	var fe *evidence.FileError
	var ce *evidence.ChecksumError
	var fo *evidence.FormatError
	switch {
	case err == nil:
		return false
	case errors.As(err, &fe) && strings.TrimSuffix(fe.File, "/") == path:
		return true
	case errors.As(err, &ce) && (ce.Kind == "file" && ce.Name == path || ce.Kind == "manifest" && path == evidence.ManifestFile):
		return true
	case errors.As(err, &fo) && fo.File == path:
		return true
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			if names(e, path) {
				return true
			}
		}
	case interface{ Unwrap() error }:
		return names(u.Unwrap(), path)
	}
	return false
}

// refused checks that the bundle in dir, tampered with as what says, is
// found wrong by Check and refused by OpenDir, each with errors that are
// ErrCorrupt and name the file path.
func refused(t *testing.T, dir, path, what string) {
	t.Helper()
	problems := evidence.Check(os.DirFS(dir))
	if len(problems) == 0 {
		t.Errorf("%s: %s: Check found nothing", path, what)
	}
	if !names(errors.Join(problems...), path) {
		t.Errorf("%s: %s: Check's problems do not name the file: %v", path, what, problems)
	}
	for _, p := range problems {
		if !errors.Is(p, evidence.ErrCorrupt) {
			t.Errorf("%s: %s: problem %v is not ErrCorrupt", path, what, p)
		}
	}
	kv, err := evidence.OpenDir(dir)
	if err == nil {
		kv.Close()
		t.Errorf("%s: %s: OpenDir accepted the bundle", path, what)
		return
	}
	if !errors.Is(err, evidence.ErrCorrupt) || !names(err, path) {
		t.Errorf("%s: %s: OpenDir error %v is not ErrCorrupt naming the file", path, what, err)
	}
}

// samplePositions returns every position of a file of n bytes when n is
// at most most, else most positions spread over it, the first and last
// included.
func samplePositions(n, most int) []int {
	if n <= most {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, 0, most)
	for k := range most {
		out = append(out, k*(n-1)/(most-1))
	}
	return out
}

// TestTamperEveryFile changes every file of a small bundle with a
// persisted index, one change at a time: a byte flipped at a sample of
// positions (every position of a file up to 768 bytes, 768 positions
// spread over a larger one; 96 with -short), cut short, emptied, grown, deleted, replaced by a symbolic link
// (to a copy of itself and to /dev/zero) or a FIFO; and it adds files and a
// directory the manifest does not list. Check and OpenDir must each refuse
// the bundle with an error that is ErrCorrupt and names the file, and
// nothing may panic, hang or read without end.
func TestTamperEveryFile(t *testing.T) {
	most := 768
	if testing.Short() {
		most = 96
	}
	tamperWalk(t, indexedBundle(t, nil), most)
}

// TestTamperBuiltBundle is TestTamperEveryFile on a copy of the bundle in
// $DERMLIVING_TAMPER_KV, such as SciFact's built by dermliving build, with
// $DERMLIVING_TAMPER_POSITIONS positions a file (default 64).
func TestTamperBuiltBundle(t *testing.T) {
	from := os.Getenv("DERMLIVING_TAMPER_KV")
	if from == "" {
		t.Skip("set DERMLIVING_TAMPER_KV to a bundle directory")
	}
	most := 64
	if n, err := strconv.Atoi(os.Getenv("DERMLIVING_TAMPER_POSITIONS")); err == nil && n > 1 {
		most = n
	}
	dir := filepath.Join(t.TempDir(), "kv")
	copyDir(t, from, dir)
	tamperWalk(t, dir, most)
}

// tamperWalk tampers with every file of the bundle in dir, one change at a
// time, and checks that each is refused (see TestTamperEveryFile), flipping
// bytes at up to most positions a file.
func tamperWalk(t *testing.T, dir string, most int) {
	if problems := evidence.Check(os.DirFS(dir)); len(problems) > 0 {
		t.Fatalf("the untouched bundle: %v", problems)
	}
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		t.Fatalf("the untouched bundle: %v", err)
	}
	kv.Close()
	flips, changes := 0, 0
	for _, path := range bundleFiles(t, dir) {
		full := filepath.Join(dir, filepath.FromSlash(path))
		orig, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		info, _ := os.Stat(full)
		restore := func() {
			os.Remove(full)
			if err := os.WriteFile(full, orig, info.Mode().Perm()); err != nil {
				t.Fatal(err)
			}
		}
		write := func(b []byte) {
			if err := os.WriteFile(full, b, info.Mode().Perm()); err != nil {
				t.Fatal(err)
			}
		}
		for k, i := range samplePositions(len(orig), most) {
			mut := slices.Clone(orig)
			mut[i] ^= []byte{0x01, 0x80, 0x20, 0xff}[k%4]
			write(mut)
			refused(t, dir, path, fmt.Sprintf("byte %d flipped", i))
			flips++
			write(orig)
		}
		for _, c := range []struct {
			what   string
			change func()
		}{
			{"emptied", func() { write(nil) }},
			{"cut in half", func() { write(orig[:len(orig)/2]) }},
			{"last byte cut", func() { write(orig[:len(orig)-1]) }},
			{"a byte added", func() { write(append(slices.Clone(orig), '\n')) }},
			{"deleted", func() { os.Remove(full) }},
			{"a symbolic link to a copy", func() {
				cp := filepath.Join(t.TempDir(), "copy")
				os.WriteFile(cp, orig, 0o644)
				os.Remove(full)
				if err := os.Symlink(cp, full); err != nil {
					t.Skipf("no symbolic links here: %v", err)
				}
			}},
			{"a symbolic link to /dev/zero", func() {
				os.Remove(full)
				if err := os.Symlink("/dev/zero", full); err != nil {
					t.Skipf("no symbolic links here: %v", err)
				}
			}},
			{"a FIFO", func() {
				os.Remove(full)
				if err := mkfifo(full); err != nil {
					t.Skipf("no FIFOs here: %v", err)
				}
			}},
		} {
			c.change()
			refused(t, dir, path, c.what)
			restore()
			changes++
		}
	}
	// Two files swapped, each pair of neighbours once.
	files := bundleFiles(t, dir)
	for i := 0; i+1 < len(files); i++ {
		a, b := filepath.Join(dir, filepath.FromSlash(files[i])), filepath.Join(dir, filepath.FromSlash(files[i+1]))
		ra, _ := os.ReadFile(a)
		rb, _ := os.ReadFile(b)
		os.WriteFile(a, rb, 0o644)
		os.WriteFile(b, ra, 0o644)
		named := files[i+1]
		if files[i] == evidence.ManifestFile {
			named = files[i] // without its manifest, a bundle has nothing else to name
		}
		refused(t, dir, named, files[i]+" and "+files[i+1]+" swapped")
		os.WriteFile(a, ra, 0o644)
		os.WriteFile(b, rb, 0o644)
		changes++
	}
	for _, extra := range []string{"notes.txt", "index/extra.zap", "index/store/000000000099.zap", evidence.ManifestFile + "~"} {
		full := filepath.Join(dir, filepath.FromSlash(extra))
		if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, extra, "a file not listed")
		os.Remove(full)
		changes++
	}
	emptyDir := filepath.Join(dir, "index", "tmp")
	os.Mkdir(emptyDir, 0o755)
	refused(t, dir, "index/tmp", "a directory not listed")
	os.Remove(emptyDir)
	// The index directory as a link to a copy of itself.
	idx := filepath.Join(dir, evidence.IndexDir)
	moved := filepath.Join(t.TempDir(), "index")
	if err := os.Rename(idx, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(moved, idx); err == nil {
		refused(t, dir, evidence.IndexDir, "the index directory a symbolic link")
		os.Remove(idx)
	}
	if err := os.Rename(moved, idx); err != nil {
		t.Fatal(err)
	}
	if problems := evidence.Check(os.DirFS(dir)); len(problems) > 0 {
		t.Fatalf("the bundle restored: %v", problems)
	}
	t.Logf("%d files, %d byte flips and %d other changes, each refused by Check and OpenDir naming the file", len(bundleFiles(t, dir)), flips, changes+2)
}

// TestLegacyManifest: a bundle whose manifest predates Contents still
// opens, with its data files verified, and its persisted index, which no
// manifest lists, is not used: the version is indexed in memory.
func TestLegacyManifest(t *testing.T) {
	dir := indexedBundle(t, nil)
	m, err := evidence.ReadManifest(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	m.Contents, m.Digest = nil, ""
	man, _ := evidence.EncodeManifest(m)
	os.WriteFile(filepath.Join(dir, evidence.ManifestFile), man, 0o644)
	// Damage the index: it must not be read.
	os.WriteFile(filepath.Join(dir, evidence.IndexDir, "store", "root.bolt"), []byte("junk"), 0o600)
	kv, err := evidence.OpenDir(dir)
	if err != nil {
		t.Fatalf("a legacy bundle: %v", err)
	}
	defer kv.Close()
	if hits, err := searchKV(kv, "what causes hives", 3); err != nil || len(hits) == 0 {
		t.Errorf("search: %v, %v", hits, err)
	}
	edit(t, filepath.Join(dir, evidence.PassagesFile), "itchy welts", "itchy whelts")
	if _, err := evidence.OpenDir(dir); !names(err, evidence.PassagesFile) {
		t.Errorf("a legacy bundle with a changed passage: %v", err)
	}
}

// reseal lists every file of the bundle in dir again in its manifest, with
// its data files' checksums and the version checksum, and writes the
// manifest: what someone who changed the bundle on purpose would do. The
// signature, if any, is kept, and no longer matches.
func reseal(t testing.TB, dir string) {
	t.Helper()
	m, err := evidence.ReadManifest(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	// Each passage's checksum and the version checksum first.
	pfile := filepath.Join(dir, evidence.PassagesFile)
	raw, err := os.ReadFile(pfile)
	if err != nil {
		t.Fatal(err)
	}
	var passages []evidence.Passage
	var out []byte
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var p evidence.Passage
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		p.Checksum = evidence.Checksum(p.Text)
		passages = append(passages, p)
		b, _ := json.Marshal(p)
		out = append(append(out, b...), '\n')
	}
	if err := os.WriteFile(pfile, out, 0o644); err != nil {
		t.Fatal(err)
	}
	m.Checksum = evidence.VersionChecksum(passages)
	m.Contents = nil
	for _, path := range bundleFiles(t, dir) {
		if path == evidence.ManifestFile {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		sum := fmt.Sprintf("sha256:%x", sha256.Sum256(b))
		m.Contents = append(m.Contents, evidence.FileEntry{Path: path, Size: int64(len(b)), Checksum: sum})
		if _, ok := m.Files[path]; ok {
			m.Files[path] = sum
		}
	}
	man, err := evidence.EncodeManifest(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, evidence.ManifestFile), man, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestResealedRefusedByTrust: a signed bundle changed and re-sealed (every
// checksum computed again) passes every checksum, as an edit made on
// purpose would, but fails verification with the publisher's key, with a
// SignatureError naming that key; so does one with its signature removed
// or signed by another key.
func TestResealedRefusedByTrust(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(nil)
	otherPub, other, _ := ed25519.GenerateKey(nil)
	trusted := &evidence.OpenOptions{TrustedKeys: []ed25519.PublicKey{pub}}
	dir := indexedBundle(t, key)
	kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: []ed25519.PublicKey{otherPub, pub}})
	if err != nil {
		t.Fatalf("the signed bundle: %v", err)
	}
	if id, ok := kv.Signer(); id != evidence.KeyID(pub) || !ok {
		t.Errorf("Signer() = %q, %v; want %s, verified", id, ok, evidence.KeyID(pub))
	}
	kv.Close()
	if kv, err := evidence.OpenDir(dir); err != nil {
		t.Errorf("the signed bundle without trusted keys: %v", err)
	} else if id, ok := kv.Signer(); id != evidence.KeyID(pub) || ok {
		t.Errorf("Signer() without trusted keys = %q, %v; want %s, not verified", id, ok, evidence.KeyID(pub))
	} else {
		kv.Close()
	}

	cases := []struct {
		name   string
		change func(dir string)
		signer string // the signer the error must name
		reason string
	}{
		{"a passage changed and re-sealed", func(dir string) {
			edit(t, filepath.Join(dir, evidence.PassagesFile), "raised, itchy welts", "raised, painless welts")
			reseal(t, dir)
		}, evidence.KeyID(pub), "the digest changed, so the publisher's signature no longer matches"},
		{"an index file changed and re-sealed", func(dir string) {
			path := filepath.Join(dir, evidence.IndexDir, "index_meta.json")
			raw, _ := os.ReadFile(path)
			os.WriteFile(path, append(raw, ' '), 0o644)
			reseal(t, dir)
		}, evidence.KeyID(pub), "the index is part of the digest"},
		{"the description changed", func(dir string) {
			m, _ := evidence.ReadManifest(os.DirFS(dir))
			m.Description = "forged"
			man, _ := evidence.EncodeManifest(m)
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), man, 0o644)
		}, evidence.KeyID(pub), "every field of the manifest is part of the digest"},
		{"the signature removed", func(dir string) {
			m, _ := evidence.ReadManifest(os.DirFS(dir))
			m.Signature = nil
			man, _ := evidence.EncodeManifest(m)
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), man, 0o644)
		}, "", "an unsigned version is refused when keys are trusted"},
		{"signed again by another key", func(dir string) {
			m, _ := evidence.ReadManifest(os.DirFS(dir))
			m.Sign(other)
			man, _ := evidence.EncodeManifest(m)
			os.WriteFile(filepath.Join(dir, evidence.ManifestFile), man, 0o644)
		}, evidence.KeyID(otherPub), "that key is not trusted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := indexedBundle(t, key)
			c.change(dir)
			if problems := evidence.Check(os.DirFS(dir)); len(problems) > 0 {
				t.Fatalf("Check without trusted keys: %v; want none, as every checksum was computed again", problems)
			}
			for _, err := range []error{
				errors.Join(evidence.CheckFS(os.DirFS(dir), trusted)...),
				openErr(evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), TrustedKeys: trusted.TrustedKeys})),
			} {
				var se *evidence.SignatureError
				if !errors.As(err, &se) || !errors.Is(err, evidence.ErrUntrusted) || !errors.Is(err, evidence.ErrCorrupt) {
					t.Fatalf("error %v; want a SignatureError (%s)", err, c.reason)
				}
				if se.Signer != c.signer || !slices.Equal(se.Want, []string{evidence.KeyID(pub)}) || !strings.Contains(se.Error(), evidence.KeyID(pub)) {
					t.Errorf("%v: signer %q, want %q; expected %v, want [%s] (%s)", se, se.Signer, c.signer, se.Want, evidence.KeyID(pub), c.reason)
				}
			}
		})
	}
}

// openErr returns the error of an open, closing the version if it opened.
func openErr(kv *evidence.Version, err error) error {
	if kv != nil {
		kv.Close()
	}
	return err
}

// TestKeyFiles: keys round-trip through their PEM files, and files of the
// wrong kind are refused.
func TestKeyFiles(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(nil)
	k, err := evidence.ParsePrivateKey(evidence.MarshalPrivateKey(key))
	if err != nil || !k.Equal(key) {
		t.Errorf("private key round trip: %v", err)
	}
	p, err := evidence.ParsePublicKey(evidence.MarshalPublicKey(pub))
	if err != nil || !p.Equal(pub) {
		t.Errorf("public key round trip: %v", err)
	}
	if _, err := evidence.ParsePublicKey(evidence.MarshalPrivateKey(key)); !errors.Is(err, evidence.ErrInvalid) {
		t.Errorf("a private key read as a public one: %v", err)
	}
	if _, err := evidence.ParsePrivateKey([]byte("not a key")); !errors.Is(err, evidence.ErrInvalid) {
		t.Errorf("not a key: %v", err)
	}
	if id := evidence.KeyID(pub); len(id) != 16 {
		t.Errorf("KeyID %q: want 16 hex digits", id)
	}
}

// TestRebuildIndex: with RebuildIndex, a bundle whose index files are
// damaged or gone opens from its verified passages, indexed in memory,
// and searches; without it, it is refused naming the file.
func TestRebuildIndex(t *testing.T) {
	for _, c := range []struct {
		name   string
		path   string
		change func(full string)
	}{
		{"a segment flipped", "", func(full string) {}},
		{"root.bolt deleted", "index/store/root.bolt", func(full string) { os.Remove(full) }},
		{"index_meta.json emptied", "index/index_meta.json", func(full string) { os.WriteFile(full, nil, 0o644) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := indexedBundle(t, nil)
			path := c.path
			if path == "" {
				for _, f := range bundleFiles(t, dir) {
					if strings.HasSuffix(f, ".zap") {
						path = f
					}
				}
				full := filepath.Join(dir, filepath.FromSlash(path))
				raw, _ := os.ReadFile(full)
				raw[len(raw)/2] ^= 1
				os.WriteFile(full, raw, 0o600)
			} else {
				c.change(filepath.Join(dir, filepath.FromSlash(path)))
			}
			if _, err := evidence.OpenDir(dir); !names(err, path) {
				t.Errorf("OpenDir: %v; want an error naming %s", err, path)
			}
			kv, err := evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{IndexDir: filepath.Join(dir, evidence.IndexDir), RebuildIndex: true})
			if err != nil {
				t.Fatalf("RebuildIndex: %v", err)
			}
			defer kv.Close()
			if hits, err := searchKV(kv, "what causes hives", 3); err != nil || len(hits) == 0 {
				t.Errorf("search of the rebuilt index: %v, %v", hits, err)
			}
		})
	}
}

// TestSizeLimit: a bundle whose manifest lists a file larger than
// OpenOptions.MaxFileSize is refused before any file is read, and a file
// grown past the limit is refused unread.
func TestSizeLimit(t *testing.T) {
	dir := indexedBundle(t, nil)
	err := openErr(evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{MaxFileSize: 1000}))
	if !names(err, evidence.ManifestFile) || !strings.Contains(err.Error(), "passages.jsonl: size") {
		t.Errorf("OpenFS with a 1,000-byte limit: %v; want the manifest refused for listing passages.jsonl over it", err)
	}
	path := filepath.Join(dir, evidence.IndexDir, "index_meta.json")
	os.WriteFile(path, make([]byte, 1<<20), 0o644)
	err = openErr(evidence.OpenFS(os.DirFS(dir), &evidence.OpenOptions{MaxFileSize: 1 << 19}))
	var fe *evidence.FileError
	if !errors.As(err, &fe) || fe.Problem != evidence.FileTooLarge || fe.File != "index/index_meta.json" {
		t.Errorf("a file grown past the limit: %v; want a FileError, too large, naming it", err)
	}
}
