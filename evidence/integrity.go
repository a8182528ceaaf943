package evidence

import (
	"crypto/ed25519"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Whole-bundle integrity. A manifest with [Manifest.Contents] lists every
// file of its bundle but itself, the persisted index's among them, with its
// size and checksum. Before any file is read, the bundle's directory tree is
// compared with that list (an inventory, from directory entries and lstat,
// following no symbolic link): a listed file missing, a file or directory not
// listed, anything that is not a regular file (a symbolic link, a device, a
// FIFO) and a file of another size than listed are each a [*FileError]
// naming the file. Then each file is read, never more than its listed size,
// and hashed. The search engine opens the persisted index only after every
// index file has matched, and a panic inside it is recovered at the
// boundary ([IndexError]), so that no byte of any file can crash the process.

// DefaultMaxFileSize is the largest file of a bundle read when
// [OpenOptions.MaxFileSize] is zero: 1 GiB.
const DefaultMaxFileSize = 1 << 30

// maxManifestSize is the largest manifest read.
const maxManifestSize = 32 << 20

// FileEntry is one file of a bundle, as the manifest lists it.
type FileEntry struct {
	// Path is the file's slash-separated path in the bundle directory,
	// such as "passages.jsonl" or "index/store/root.bolt".
	Path string `json:"path"`
	// Size is the file's length in bytes.
	Size int64 `json:"size"`
	// Checksum is "sha256:" and the lowercase hex SHA-256 of the file.
	Checksum string `json:"checksum"`
}

// FileProblem says what is wrong with a file of a bundle, other than its
// checksum (a [*ChecksumError] of kind "file").
type FileProblem string

// The file problems a [*FileError] reports.
const (
	FileMissing    FileProblem = "missing"            // listed, not found
	FileExtra      FileProblem = "not listed"         // found, not listed in the manifest
	FileNotRegular FileProblem = "not a regular file" // a symbolic link, device, FIFO or directory
	FileWrongSize  FileProblem = "wrong size"         // another size than listed
	FileTooLarge   FileProblem = "too large"          // over the size limit (OpenOptions.MaxFileSize)
	FileUnreadable FileProblem = "unreadable"         // an error of the file system
)

// String returns the problem as the error text shows it.
func (p FileProblem) String() string { return string(p) }

// FileError reports a file of a bundle that is missing, not listed in the
// manifest, not a regular file, of another size than listed, too large or
// unreadable. It is [ErrCorrupt].
type FileError struct {
	// File is the file's slash-separated path in the bundle; a directory's
	// ends in "/".
	File    string
	Problem FileProblem
	// Detail says more, such as the sizes or the kind of file found.
	Detail string
}

// Error names the file and the problem.
func (e *FileError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("evidence: %s: %s", e.File, e.Problem)
	}
	return fmt.Sprintf("evidence: %s: %s (%s)", e.File, e.Problem, e.Detail)
}

// Is reports that a FileError is ErrCorrupt.
func (e *FileError) Is(target error) bool { return target == ErrCorrupt }

// IndexError reports a persisted index that the search engine could not
// open or search although its files match the manifest (a bundle re-sealed
// after its index was changed, or an engine fault): the error the engine
// returned, or a panic recovered at its boundary. It is [ErrCorrupt].
type IndexError struct {
	Dir string // the index directory
	Op  string // "open" or "search"
	Err error  // what the engine returned, or the panic as an error
}

// Error names the index directory and what failed.
func (e *IndexError) Error() string {
	return fmt.Sprintf("evidence: index %s: %s: %v", e.Dir, e.Op, e.Err)
}

// Unwrap returns the engine's error.
func (e *IndexError) Unwrap() error { return e.Err }

// Is reports that an IndexError is ErrCorrupt.
func (e *IndexError) Is(target error) bool { return target == ErrCorrupt }

// Recover turns a panic of a search engine into an [*IndexError], for
// an [Indexer] to call deferred around each call into its engine:
//
//	defer evidence.Recover(&err, dir, "search")
//
// It does nothing when there is no panic. It cannot reach a panic on a
// goroutine the engine starts itself.
func Recover(err *error, dir, op string) {
	if r := recover(); r != nil {
		*err = &IndexError{Dir: dir, Op: op, Err: fmt.Errorf("panic: %v", r)}
	}
}

// indexPrefix starts the paths of the persisted index's files.
const indexPrefix = IndexDir + "/"

// inventory is a bundle's directory tree checked against its manifest's
// listing, before any file is read.
type inventory struct {
	// legacy is set for a manifest without Contents: only the files of
	// Manifest.Files are known, and a persisted index is not used.
	legacy bool
	// listed holds the manifest's entries by path.
	listed map[string]FileEntry
	// index lists the entries of the persisted index's files, in path
	// order, and indexFS is where they are read, by their path without
	// indexPrefix.
	index   []FileEntry
	indexFS fs.FS
	// problems are the problems found outside the index, indexProblems
	// those inside it; bad holds the paths they name.
	problems, indexProblems []error
	bad                     map[string]bool
}

// maxSize returns the size limit of opts.
func maxSize(opts *OpenOptions) int64 {
	if opts == nil || opts.MaxFileSize <= 0 {
		return DefaultMaxFileSize
	}
	return opts.MaxFileSize
}

// checkListing checks the form of a manifest's Contents: valid, sorted,
// distinct paths, sizes within limit, checksums, and agreement with Files.
func checkListing(m *Manifest, limit int64) []error {
	var problems []error
	bad := func(format string, a ...any) {
		problems = append(problems, &FormatError{File: ManifestFile, Msg: fmt.Sprintf(format, a...), Corrupt: true})
	}
	if m.Contents == nil {
		return nil
	}
	seen := map[string]bool{}
	for i, e := range m.Contents {
		switch {
		case !fs.ValidPath(e.Path) || e.Path == "." || e.Path == ManifestFile || strings.Contains(e.Path, "\\"):
			bad("contents: bad path %q", e.Path)
		case i > 0 && e.Path <= m.Contents[i-1].Path:
			bad("contents: %q out of order or repeated", e.Path)
		case e.Size < 0 || e.Size > limit:
			bad("contents: %s: size %d outside 0 to %d bytes", e.Path, e.Size, limit)
		case !validChecksum(e.Checksum):
			bad("contents: %s: bad checksum %q", e.Path, e.Checksum)
		case !strings.HasPrefix(e.Path, indexPrefix) && m.Files[e.Path] != e.Checksum:
			bad("contents: %s is not a data file of the bundle with that checksum", e.Path)
		}
		seen[e.Path] = true
	}
	for _, name := range slices.Sorted(maps.Keys(m.Files)) {
		if !seen[name] {
			bad("contents: data file %s not listed", name)
		}
	}
	return problems
}

// takeInventory walks the bundle in fsys, and the persisted index in
// opts.IndexDir when that is set, comparing what is there with what m
// lists. It follows no symbolic link and reads no file.
func takeInventory(fsys fs.FS, m *Manifest, opts *OpenOptions) *inventory {
	inv := &inventory{legacy: m.Contents == nil, listed: map[string]FileEntry{}, bad: map[string]bool{}}
	limit := maxSize(opts)
	if inv.legacy {
		for name, sum := range m.Files {
			inv.listed[name] = FileEntry{Path: name, Size: -1, Checksum: sum}
		}
	} else {
		inv.problems = checkListing(m, limit)
		if len(inv.problems) > 0 {
			return inv
		}
		for _, e := range m.Contents {
			inv.listed[e.Path] = e
			if strings.HasPrefix(e.Path, indexPrefix) {
				inv.index = append(inv.index, e)
			}
		}
	}
	separate := opts != nil && opts.IndexDir != ""
	if separate {
		inv.indexFS = os.DirFS(opts.IndexDir)
	} else if sub, err := fs.Sub(fsys, IndexDir); err == nil {
		inv.indexFS = sub
	}
	// dirs holds the directories the listed files need.
	dirs := map[string]bool{}
	for p := range inv.listed {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	found := map[string]bool{}
	indexNotDir := false // fsys holds "index" as something else than a directory
	report := func(p string, err error) {
		inv.bad[p] = true
		if p == IndexDir || strings.HasPrefix(p, indexPrefix) {
			inv.indexProblems = append(inv.indexProblems, err)
		} else {
			inv.problems = append(inv.problems, err)
		}
	}
	visit := func(root fs.FS, prefix string) {
		err := fs.WalkDir(root, ".", func(name string, d fs.DirEntry, err error) error {
			p := path.Join(prefix, name)
			if err != nil {
				if name == "." && prefix != "" && errors.Is(err, fs.ErrNotExist) {
					return nil // no index directory: each listed file is missing
				}
				report(p, &FileError{File: p, Problem: FileUnreadable, Detail: errText(err)})
				return nil
			}
			if name == "." {
				return nil
			}
			switch {
			case p == ManifestFile && d.Type().IsRegular():
				return nil
			case inv.legacy && p == IndexDir:
				if d.IsDir() {
					return fs.SkipDir // an index no manifest lists is never used
				}
				return nil
			case separate && prefix == "" && p == IndexDir:
				if d.IsDir() {
					return fs.SkipDir // walked from opts.IndexDir
				}
				indexNotDir = true
			case d.IsDir():
				if dirs[p] {
					return nil
				}
				report(p, &FileError{File: p + "/", Problem: FileExtra, Detail: "a directory"})
				return fs.SkipDir
			}
			e, ok := inv.listed[p]
			if !d.Type().IsRegular() {
				kind := fileKind(d.Type())
				if !ok {
					kind += ", not listed"
				}
				report(p, &FileError{File: p, Problem: FileNotRegular, Detail: kind})
				found[p] = true
				return nil
			}
			if !ok {
				report(p, &FileError{File: p, Problem: FileExtra})
				return nil
			}
			found[p] = true
			info, err := d.Info()
			switch {
			case err != nil:
				report(p, &FileError{File: p, Problem: FileUnreadable, Detail: errText(err)})
			case !info.Mode().IsRegular():
				report(p, &FileError{File: p, Problem: FileNotRegular, Detail: fileKind(info.Mode().Type())})
			case info.Size() > limit:
				report(p, &FileError{File: p, Problem: FileTooLarge, Detail: fmt.Sprintf("%d bytes, the limit is %d", info.Size(), limit)})
			case e.Size >= 0 && info.Size() != e.Size:
				report(p, &FileError{File: p, Problem: FileWrongSize, Detail: fmt.Sprintf("%d bytes, listed %d", info.Size(), e.Size)})
			}
			return nil
		})
		if err != nil {
			report(prefix, &FileError{File: prefix, Problem: FileUnreadable, Detail: errText(err)})
		}
	}
	visit(fsys, "")
	if separate && !inv.legacy && !indexNotDir {
		visit(inv.indexFS, IndexDir)
	}
	for _, p := range slices.Sorted(maps.Keys(inv.listed)) {
		if !found[p] {
			report(p, &FileError{File: p, Problem: FileMissing})
		}
	}
	return inv
}

// fileKind names a file type for a message.
func fileKind(t fs.FileMode) string {
	switch {
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t.IsDir():
		return "a directory"
	}
	return "not a regular file"
}

// openRegular opens name in fsys, refusing anything but a regular file of
// at most limit bytes, and of exactly want bytes when want is not negative.
// It looks before it opens (a FIFO would block the open) and again at what
// it opened (the name may have changed in between). Its errors are
// *FileError, naming the file by label.
func openRegular(fsys fs.FS, name, label string, want, limit int64) (fs.File, int64, error) {
	check := func(info fs.FileInfo) error {
		switch {
		case !info.Mode().IsRegular():
			return &FileError{File: label, Problem: FileNotRegular, Detail: fileKind(info.Mode().Type())}
		case info.Size() > limit:
			return &FileError{File: label, Problem: FileTooLarge, Detail: fmt.Sprintf("%d bytes, the limit is %d", info.Size(), limit)}
		case want >= 0 && info.Size() != want:
			return &FileError{File: label, Problem: FileWrongSize, Detail: fmt.Sprintf("%d bytes, listed %d", info.Size(), want)}
		}
		return nil
	}
	info, err := fs.Lstat(fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, 0, &FileError{File: label, Problem: FileMissing}
		}
		return nil, 0, &FileError{File: label, Problem: FileUnreadable, Detail: errText(err)}
	}
	if err := check(info); err != nil {
		return nil, 0, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, 0, &FileError{File: label, Problem: FileUnreadable, Detail: errText(err)}
	}
	if info, err = f.Stat(); err == nil {
		err = check(info)
	} else {
		err = &FileError{File: label, Problem: FileUnreadable, Detail: errText(err)}
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// hashBuffers are the read buffers of hashFile.
var hashBuffers = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// hashFile checks one listed file read from fsys under name: a regular file
// of its listed size whose SHA-256 is its listed checksum. It returns nil, a
// *FileError or a *ChecksumError, each naming e.Path.
func hashFile(fsys fs.FS, name string, e FileEntry, limit int64) error {
	f, size, err := openRegular(fsys, name, e.Path, e.Size, limit)
	if err != nil {
		return err
	}
	defer f.Close()
	bp := hashBuffers.Get().(*[]byte)
	defer hashBuffers.Put(bp)
	h := sha256.New()
	// One byte more than the size shows a file that grew while it was read.
	n, err := io.CopyBuffer(h, io.LimitReader(onlyReader{f}, size+1), *bp)
	if err != nil {
		return &FileError{File: e.Path, Problem: FileUnreadable, Detail: errText(err)}
	}
	if n != size {
		return &FileError{File: e.Path, Problem: FileWrongSize, Detail: "changed while it was read"}
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	if !checksumIs(sum, e.Checksum) {
		return &ChecksumError{Kind: "file", Name: e.Path, Want: e.Checksum, Got: "sha256:" + fmt.Sprintf("%x", sum)}
	}
	return nil
}

// onlyReader hides every method but Read, so that io.CopyBuffer uses the
// buffer it is given.
type onlyReader struct{ io.Reader }

// checkIndexFiles hashes every listed index file and returns the problems.
func (inv *inventory) checkIndexFiles(limit int64) []error {
	var problems []error
	for _, e := range inv.index {
		if inv.bad[e.Path] {
			continue // reported by the inventory
		}
		if inv.indexFS == nil {
			problems = append(problems, &FileError{File: e.Path, Problem: FileMissing})
			continue
		}
		if err := hashFile(inv.indexFS, strings.TrimPrefix(e.Path, indexPrefix), e, limit); err != nil {
			problems = append(problems, err)
		}
	}
	return problems
}

// listContents lists every regular file under dir but the manifest, with
// its size and checksum, in path order: a written bundle's Contents. Any
// other kind of file is an error.
func listContents(dir string) ([]FileEntry, error) {
	var out []FileEntry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == ManifestFile {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is %s", rel, fileKind(d.Type()))
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		n, err := io.Copy(h, f)
		if err != nil {
			return err
		}
		out = append(out, FileEntry{Path: rel, Size: n, Checksum: fmt.Sprintf("sha256:%x", h.Sum(nil))})
		return nil
	})
	slices.SortFunc(out, func(a, b FileEntry) int { return strings.Compare(a.Path, b.Path) })
	return out, err
}

// contentsOf lists the data files of a bundle built in memory.
func contentsOf(files map[string][]byte) []FileEntry {
	out := make([]FileEntry, 0, len(files))
	for _, name := range slices.Sorted(maps.Keys(files)) {
		out = append(out, FileEntry{Path: name, Size: int64(len(files[name])), Checksum: checksumBytes(files[name])})
	}
	return out
}

// writeManifest lists every file written under dir in b.Manifest.Contents,
// signs the manifest with key when it is not nil, and writes it: the last
// file of a bundle written.
func (b *Bundle) writeManifest(dir string, key ed25519.PrivateKey) error {
	contents, err := listContents(dir)
	if err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	m := b.Manifest
	if !slices.Equal(m.Contents, contents) {
		// Files were added (the index): a signature made before is void.
		m.Contents, m.Digest, m.Signature = contents, "", nil
	}
	if key != nil {
		if err := m.Sign(key); err != nil {
			return err
		}
	}
	man, err := EncodeManifest(m)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), man, 0o644); err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	b.Manifest = m
	b.Manifest.Digest, _ = digest(m)
	return nil
}

// readManifest reads the manifest: a regular file of at most
// maxManifestSize bytes.
func readManifest(fsys fs.FS) ([]byte, error) {
	f, size, err := openRegular(fsys, ManifestFile, ManifestFile, -1, maxManifestSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, size+1))
	switch {
	case err != nil:
		return nil, &FileError{File: ManifestFile, Problem: FileUnreadable, Detail: errText(err)}
	case int64(len(b)) != size:
		return nil, &FileError{File: ManifestFile, Problem: FileWrongSize, Detail: "changed while it was read"}
	}
	return b, nil
}

// guard is what load checks of a bundle beyond its data files: the
// signature, the inventory and the persisted index's files.
type guard struct {
	inv    *inventory
	limit  int64
	signer string // the trusted key that signed the manifest
	// rebuild tolerates a persisted index that fails its checks: the
	// version is indexed in memory instead (OpenOptions.RebuildIndex).
	rebuild bool

	mu        sync.Mutex
	indexErrs []error // problems found hashing the index files
}

// newGuard checks m's signature against the trusted keys and takes the
// bundle's inventory, and returns the problems found. With all set
// (Check), every problem is reported, the index's included.
func newGuard(fsys fs.FS, m *Manifest, opts *OpenOptions, all bool) (*guard, []error) {
	g := &guard{limit: maxSize(opts), rebuild: !all && opts != nil && opts.RebuildIndex}
	var problems []error
	if err := checkSignatureForm(m); err != nil {
		problems = append(problems, err)
	} else if opts != nil && len(opts.TrustedKeys) > 0 {
		signer, err := checkTrust(m, opts.TrustedKeys)
		if err != nil {
			problems = append(problems, err)
		}
		g.signer = signer
	}
	g.inv = takeInventory(fsys, m, opts)
	problems = append(problems, g.inv.problems...)
	if !g.rebuild {
		problems = append(problems, g.inv.indexProblems...)
	}
	return g, problems
}

// indexUsable reports whether the persisted index may be opened once its
// files are hashed: the manifest lists it and the inventory found it whole.
func (g *guard) indexUsable() bool {
	return !g.inv.legacy && len(g.inv.index) > 0 && len(g.inv.indexProblems) == 0
}

// indexChecks returns the checks of the index files that verify runs: the
// task that opens the index, made to hash every index file first and to
// open the index only if all match, or, with no such task, one check a
// file.
func (g *guard) indexChecks(task func(map[string]int)) (func(map[string]int), []func() bool) {
	if len(g.inv.indexProblems) > 0 || g.inv.indexFS == nil {
		return task, nil // already reported, or tolerated (rebuild)
	}
	if task != nil {
		return func(byID map[string]int) {
			for _, e := range g.inv.index {
				if !g.hash(e) {
					return
				}
			}
			task(byID)
		}, nil
	}
	checks := make([]func() bool, 0, len(g.inv.index))
	for _, e := range g.inv.index {
		checks = append(checks, func() bool { return g.hash(e) || g.rebuild })
	}
	return nil, checks
}

// hash checks one index file, recording a problem.
func (g *guard) hash(e FileEntry) bool {
	err := hashFile(g.inv.indexFS, strings.TrimPrefix(e.Path, indexPrefix), e, g.limit)
	if err == nil {
		return true
	}
	g.mu.Lock()
	g.indexErrs = append(g.indexErrs, err)
	g.mu.Unlock()
	return false
}

// ok reports whether the index files hashed by verify all matched, or a
// mismatch is tolerated. It is called after verify returns.
func (g *guard) ok() bool { return len(g.indexErrs) == 0 || g.rebuild }

// indexProblems hashes every index file again, but those the inventory
// found wrong, for load's second pass, which names every problem.
func (g *guard) indexProblems() []error {
	if g.rebuild {
		return nil
	}
	return g.inv.checkIndexFiles(g.limit)
}

// openEngine opens a persisted index with the indexer, turning an error or
// a panic of the engine into an [*IndexError].
func openEngine(indexer Indexer, dir string, in *IndexInput) (ix Index, err error) {
	defer Recover(&err, dir, "open")
	ix, err = indexer.Open(dir, in)
	if err != nil && !errors.Is(err, ErrCorrupt) {
		err = &IndexError{Dir: dir, Op: "open", Err: err}
	}
	return ix, err
}
