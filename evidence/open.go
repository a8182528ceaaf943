package evidence

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/dermliving/dermliving/internal/fold"
)

// Version is an opened, verified knowledge version, with its search index
// when an [Indexer] is registered.
type Version struct {
	manifest Manifest
	passages []Passage
	byID     map[string]int
	sources  map[sourceKey]Source
	curated  map[string]Curated
	cases    []byte
	index    Index // nil when no Indexer was registered
	thText   string
	derived  sync.Map
	live     live
	signer   string // the trusted key that signed the version, if checked
}

// OpenOptions configure opening a version. A nil *OpenOptions means defaults.
type OpenOptions struct {
	// IndexDir is a persisted index built for this version; when empty, or
	// missing or stale, the version is indexed in memory.
	IndexDir string
	// MinCoverage is the retrieval relevance floor (see
	// IndexInput.MinCoverage); zero means the floor the manifest sets, if
	// any, else the indexer's default.
	MinCoverage float64
	// AllowBlocked serves the version even when it is blocked (its stored
	// gate report failed): dermliving.Ask answers from it without
	// dermliving.WithBlockedVersion. Its status stays blocked, and Ask
	// flags every answer from it. False, the default, is right for real
	// knowledge; the embedded sandbox, demonstration text whose versions
	// fail a gate, is opened with it.
	AllowBlocked bool
	// TrustedKeys, when not empty, are the publishers' public keys one of
	// which must have signed the version (see [Manifest.Sign]); a version
	// that is unsigned, signed by another key, or changed since it was
	// signed is refused with a [*SignatureError]. Empty means the
	// signature is not checked.
	TrustedKeys []ed25519.PublicKey
	// RebuildIndex, when set, indexes the verified passages in memory
	// when the persisted index fails a check (a file missing, changed or
	// not listed, or the search engine refusing it), rather than refusing
	// the version. False refuses it with an error naming the file.
	RebuildIndex bool
	// MaxFileSize is the largest file of the bundle read, in bytes; zero
	// means DefaultMaxFileSize.
	MaxFileSize int64
}

// OpenDir opens the bundle in dir, verifying every checksum. A persisted index
// in the bundle is used when it matches the version; otherwise the passages are
// indexed in memory. Either is the registered [Indexer]'s work; with none
// registered the version is not indexed (see [Version.Index]).
func OpenDir(dir string) (*Version, error) {
	return OpenFS(os.DirFS(dir), &OpenOptions{IndexDir: filepath.Join(dir, IndexDir)})
}

// Check reads and verifies the bundle in fsys without indexing it, and returns
// every problem found: each passage whose checksum fails, each file whose
// checksum fails, a wrong version checksum, a malformed file. It returns nil
// for a sound bundle.
func Check(fsys fs.FS) []error {
	return CheckFS(fsys, nil)
}

// CheckFS is [Check] with options: the trusted keys, the size limit, and
// where the persisted index is (opts.IndexDir, read instead of the index
// directory in fsys). A nil *OpenOptions means defaults.
func CheckFS(fsys fs.FS, opts *OpenOptions) []error {
	_, problems := load(fsys, opts, true, nil)
	return problems
}

// ReadManifest reads a bundle's manifest without verifying the bundle.
func ReadManifest(fsys fs.FS) (Manifest, error) {
	raw, err := readManifest(fsys)
	if err != nil {
		return Manifest{}, err
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return Manifest{}, &FormatError{File: ManifestFile, Msg: "not a manifest: " + err.Error(), Corrupt: true}
	}
	return m, nil
}

// OpenFS opens the bundle held by fsys. Any failed check refuses the whole
// bundle; the error joins every problem found (errors.As finds each
// *ChecksumError), and errors.Is(err, ErrCorrupt) holds.
//
// The registered [Indexer] indexes the version. A persisted index is opened
// while the checksums are verified (on a large bundle each takes tens of
// milliseconds, and the machine may have cores to spare); nothing is served
// from it unless every check passes, and it is closed before OpenFS returns
// an error. An index built in memory waits for the checks. With no Indexer
// registered, the version is opened unindexed: it serves its passages,
// sources and drafts, and [Version.Index] reports [ErrNoIndex].
func OpenFS(fsys fs.FS, opts *OpenOptions) (*Version, error) {
	if opts == nil {
		opts = &OpenOptions{}
	}
	indexer := registered
	var r indexResult
	v, problems := load(fsys, opts, false, func(b decodedBundle) func(map[string]int) {
		if opts.IndexDir == "" || indexer == nil {
			return nil
		}
		return func(byID map[string]int) {
			b.byID = byID
			r = openIndex(indexer, b, opts, false)
		}
	})
	if len(problems) > 0 {
		if r.ix != nil {
			r.ix.Close()
		}
		return nil, errors.Join(problems...)
	}
	if indexer != nil && r.ix == nil && r.err == nil {
		// In memory: a persisted index is opened only alongside the
		// checks, once its files have passed theirs.
		mem := *opts
		mem.IndexDir = ""
		r = openIndex(indexer, decodedBundle{v.passages, v.manifest.Sources, v.manifest.Checksum, v.thText, floorOf(&v.manifest), v.byID, v.signer != ""}, &mem, true)
	}
	if r.err != nil {
		return nil, r.err
	}
	v.index = r.ix
	v.live.allowBlocked = opts.AllowBlocked
	return v, nil
}

// indexResult is the outcome of openIndex.
type indexResult struct {
	ix  Index
	err error
}

// openIndex opens, with indexer, the persisted index in opts.IndexDir when
// it is fresh and, when build is set, indexes the passages in memory
// otherwise. Without build it returns neither index nor error when the
// persisted index cannot serve.
func openIndex(indexer Indexer, b decodedBundle, opts *OpenOptions, build bool) indexResult {
	floor := opts.MinCoverage
	if floor == 0 {
		floor = b.floor
	}
	in := &IndexInput{Passages: b.passages, Sources: b.sources, Positions: b.byID, Thesaurus: b.thesaurus, MinCoverage: floor, Trusted: b.trusted}
	if opts.IndexDir != "" && indexFresh(opts.IndexDir, b.checksum, indexer.Analysis()) {
		ix, err := openEngine(indexer, opts.IndexDir, in)
		switch {
		case err == nil && ix != nil:
			return indexResult{ix: ix}
		case err != nil && !opts.RebuildIndex:
			return indexResult{err: err}
		}
	}
	if !build {
		return indexResult{}
	}
	ix, err := indexer.New(context.Background(), in)
	if err != nil {
		return indexResult{err: err}
	}
	return indexResult{ix: ix}
}

// indexFresh reports whether the persisted index in dir was built from the
// version with the given checksum, with the analysis the indexer names.
func indexFresh(dir, checksum string, analysis int) bool {
	b, err := os.ReadFile(filepath.Join(dir, indexKeyFile))
	if err != nil {
		return false
	}
	var k indexKey
	if json.Unmarshal(b, &k) != nil {
		return false
	}
	return k.Format == formatVersion && k.Analysis == analysis && k.Checksum == checksum
}

// decodedBundle is a bundle as decoded, before its checksums are verified.
type decodedBundle struct {
	passages  []Passage
	sources   []Source
	checksum  string // the version checksum the manifest records
	thesaurus string
	floor     float64        // the manifest's relevance floor, 0 when it sets none
	byID      map[string]int // the passages' positions by id, when known
	trusted   bool           // a trusted key signed the bundle
}

// floorOf is the relevance floor a manifest sets, or 0.
func floorOf(m *Manifest) float64 {
	if m.Retrieval == nil {
		return 0
	}
	return m.Retrieval.MinCoverage
}

// load parses and verifies a bundle. With all set it keeps going after a
// problem to report every one; otherwise it stops at the first file that fails.
//
// A sound bundle is verified on every core at once: each file's checksum,
// each passage's, the ids, the sources and the version checksum. Only when
// some check fails is the bundle gone over again one check after another, to
// name each problem in order; both ways apply the same checks.
//
// alongside, when not nil, is called once the passages are decoded, provided
// nothing was found wrong so far, and the task it returns (if not nil) runs
// with the checks, first, as they may take less time than it: the caller opens
// the index there, given the passages' positions by id to share. load returns
// after the task; if load reports a problem,
// the caller must discard what the task made. The task must treat what it is
// given as read-only.
func load(fsys fs.FS, opts *OpenOptions, all bool, alongside func(decodedBundle) func(byID map[string]int)) (*Version, []error) {
	raw, err := readManifest(fsys)
	if err != nil {
		return nil, []error{err}
	}
	var m Manifest
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&m); err != nil {
		return nil, []error{&FormatError{File: ManifestFile, Msg: "not a manifest: " + err.Error(), Corrupt: true}}
	}
	if m.Format != formatVersion {
		return nil, []error{&FormatError{File: ManifestFile, Msg: fmt.Sprintf("format %d, want %d", m.Format, formatVersion), Corrupt: true}}
	}
	canon, err := EncodeManifest(m)
	if err != nil {
		return nil, []error{err}
	}
	if !bytes.Equal(canon, raw) {
		var sealed Manifest
		_ = json.Unmarshal(canon, &sealed)
		return nil, []error{&ChecksumError{Kind: "manifest", Name: m.ID, Want: m.Seal, Got: sealed.Seal}}
	}
	g, problems := newGuard(fsys, &m, opts, all)
	if len(problems) > 0 && !all {
		return nil, problems
	}
	v := &Version{
		manifest: m,
		sources:  map[sourceKey]Source{},
		curated:  map[string]Curated{},
	}
	for _, s := range m.Sources {
		v.sources[sourceKey{s.ID, s.Version}] = s
	}
	corrupt := func(file string, line int, msg string) {
		problems = append(problems, &FormatError{File: file, Line: line, Msg: msg, Corrupt: true})
	}
	files := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(m.Files)) {
		if !validChecksum(m.Files[name]) || strings.ContainsAny(name, "/\\") {
			corrupt(ManifestFile, 0, fmt.Sprintf("bad entry for file %q", name))
			continue
		}
		if g.inv.bad[name] {
			continue // reported by the inventory
		}
		want := int64(-1) // the size, when the manifest lists it
		if e, ok := g.inv.listed[name]; ok {
			want = e.Size
		}
		b, err := readString(fsys, name, want, g.limit)
		if err != nil {
			if fe := (*FileError)(nil); errors.As(err, &fe) {
				problems = append(problems, fe)
			} else {
				corrupt(name, 0, "cannot read: "+errText(err))
			}
			continue
		}
		files[name] = b
	}
	if _, ok := m.Files[PassagesFile]; !ok {
		corrupt(ManifestFile, 0, "no passages file listed")
	}
	v.thText = files[ThesaurusFile]
	if b, ok := files[CasesFile]; ok {
		v.cases = []byte(b)
	}
	text, havePassages := files[PassagesFile]
	if havePassages && len(problems) == 0 {
		pl := decodePassages(text, false)
		if len(pl.problems) == 0 && pl.tooLong == nil {
			var task func(map[string]int)
			if alongside != nil && g.indexUsable() {
				task = alongside(decodedBundle{pl.passages, m.Sources, m.Checksum, v.thText, floorOf(&m), nil, g.signer != ""})
			}
			task, checks := g.indexChecks(task)
			if byID, ok := v.verify(files, pl.passages, task, checks); ok && g.ok() {
				v.passages, v.byID, v.signer = pl.passages, byID, g.signer
				if problems = v.readCurated(files); len(problems) > 0 {
					return nil, problems
				}
				return v, nil
			}
		}
	}

	// Something is wrong: go over the bundle again, one check after another,
	// to name every problem.
	passagesIntact := false
	for _, name := range slices.Sorted(maps.Keys(files)) {
		want := m.Files[name]
		if got := checksumString(files[name]); got != want {
			problems = append(problems, &ChecksumError{Kind: "file", Name: name, Want: want, Got: got})
		} else if name == PassagesFile {
			passagesIntact = true
		}
	}
	problems = append(problems, g.indexProblems()...)
	if len(problems) > 0 && !all {
		// Name the passages at fault when the passages file is the one that failed.
		if havePassages {
			problems = append(v.checkPassages(decodePassages(text, true)), problems...)
		}
		return nil, problems
	}
	if havePassages {
		// Strictness (refusing unknown fields) matters only for a file that
		// fails its checksum: one that matches the sealed manifest holds
		// exactly what was built.
		problems = append(v.checkPassages(decodePassages(text, !passagesIntact)), problems...)
	}
	if len(v.passages) != m.Passages && havePassages {
		corrupt(ManifestFile, 0, fmt.Sprintf("lists %d passages, the bundle holds %d", m.Passages, len(v.passages)))
	}
	if got := VersionChecksum(v.passages); got != m.Checksum && havePassages {
		problems = append(problems, &ChecksumError{Kind: "version", Name: m.ID, Want: m.Checksum, Got: got})
	}
	problems = append(problems, v.readCurated(files)...)
	if len(problems) == 0 {
		// verify refused what no check here finds wrong: a bug, and no
		// reason to serve the bundle.
		corrupt(PassagesFile, 0, "verification failed")
	}
	return nil, problems
}

// verify runs every check of a sound bundle at once, on as many goroutines as
// there are cores, task (when not nil) first: the checksum of each file, of
// each passage and of the version, each passage's id, text and source, and
// the passage count. It reports whether all pass, with the passages by id,
// and says nothing of what failed: load goes over a bundle that fails again.
func (v *Version) verify(files map[string]string, passages []Passage, task func(byID map[string]int), checks []func() bool) (byID map[string]int, ok bool) {
	m := &v.manifest
	var failed atomic.Bool
	check := func(ok bool) {
		if !ok {
			failed.Store(true)
		}
	}
	check(len(passages) == m.Passages)
	// The passages by id first, with the task that needs them: the index
	// shares the map rather than building its own.
	tasks := []func(){func() {
		byID = make(map[string]int, len(passages))
		for i, p := range passages {
			byID[p.ID] = i
		}
		check(len(byID) == len(passages)) // no id repeats
		if task != nil {
			task(byID)
		}
	}}
	// Then the passages file: it is the largest, and its checksum one
	// sequence of work.
	for _, name := range slices.SortedFunc(maps.Keys(files), func(a, b string) int { return len(files[b]) - len(files[a]) }) {
		tasks = append(tasks, func() { check(checksumString(files[name]) == m.Files[name]) })
	}
	for _, c := range checks {
		tasks = append(tasks, func() { check(c()) })
	}
	tasks = append(tasks, func() { check(VersionChecksum(passages) == m.Checksum) })
	const parts = 16
	for k := range parts {
		part := passages[k*len(passages)/parts : (k+1)*len(passages)/parts]
		tasks = append(tasks, func() {
			for i := range part {
				p := &part[i]
				if failed.Load() {
					return
				}
				_, known := v.sources[sourceKey{p.SourceID, p.SourceVersion}]
				check(known && validID(p.ID) && utf8.ValidString(p.Text) && checksumIs(sha256.Sum256(readOnlyBytes(p.Text)), p.Checksum))
			}
		})
	}
	runAll(tasks)
	return byID, !failed.Load()
}

// runAll runs the tasks on up to GOMAXPROCS goroutines, the calling one among
// them, each goroutine taking the next task not yet started.
func runAll(tasks []func()) {
	var next atomic.Int64
	work := func() {
		for i := next.Add(1) - 1; i < int64(len(tasks)); i = next.Add(1) - 1 {
			tasks[i]()
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// readCurated reads the curated drafts, if the bundle has them.
func (v *Version) readCurated(files map[string]string) []error {
	b, ok := files[CuratedFile]
	if !ok {
		return nil
	}
	var problems []error
	err := eachLine(strings.NewReader(b), CuratedFile, true, func(line int, b []byte) error {
		var c Curated
		if err := json.Unmarshal(b, &c); err != nil || len(c.Draft) == 0 {
			problems = append(problems, &FormatError{File: CuratedFile, Line: line, Msg: "not a curated draft", Corrupt: true})
			return nil
		}
		v.curated[curatedKey(c.Question)] = c
		return nil
	})
	if err != nil {
		problems = append(problems, err)
	}
	return problems
}

// readString reads a whole file into a string. The passages file runs to
// tens of megabytes and its passages keep substrings of it: it is read
// straight into the string's memory, without the copy that
// string(fs.ReadFile(...)) would make, and a large file that allows ReadAt
// is read in one part per core, as the kernel's copy and the page faults of
// fresh memory take most of the time. A file that changes size while it is
// read is an error.
func readString(fsys fs.FS, name string, want, limit int64) (string, error) {
	f, st, err := openRegular(fsys, name, name, want, limit)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if st == 0 {
		return "", nil
	}
	size := int(st)
	b := make([]byte, size+1) // one byte more shows a file that grew
	if size >= parallelMin {
		adviseHuge(b)
	}
	var n int
	if ra, ok := f.(io.ReaderAt); ok && size >= parallelMin && runtime.GOMAXPROCS(0) > 1 {
		parts := min(runtime.GOMAXPROCS(0), 8)
		counts := make([]int, parts+1)
		errs := make([]error, parts+1)
		var wg sync.WaitGroup
		for k := range parts + 1 {
			lo, hi := k*size/parts, min((k+1)*size/parts, size+1)
			wg.Go(func() { counts[k], errs[k] = ra.ReadAt(b[lo:hi], int64(lo)) })
		}
		wg.Wait()
		for k, c := range counts {
			n += c
			if errs[k] != nil && errs[k] != io.EOF {
				return "", errs[k]
			}
		}
	} else if n, err = io.ReadFull(f, b); err != nil && err != io.ErrUnexpectedEOF {
		return "", err
	}
	if n != size {
		return "", errors.New("the file changed while it was read")
	}
	return unsafe.String(&b[0], size), nil
}

func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// lineIDRE finds the id at the start of a passages line that no longer parses,
// so that the error can name the passage.
var lineIDRE = regexp.MustCompile(`^\{"id":"([^"\\]{1,128})"`)

// checkPassages checks each decoded passage (a valid id, valid UTF-8, no
// duplicate, the checksum of its text, a known source), keeps those that may
// be kept in v.passages and v.byID, and returns the problems found, the
// decoding problems among them, in line order.
func (v *Version) checkPassages(pl passageLines) []error {
	var problems []error
	next := 0 // the next decoding problem to report
	flush := func(line int) {
		for ; next < len(pl.problems) && pl.problems[next].line < line; next++ {
			problems = append(problems, pl.problems[next].err)
		}
	}
	v.passages, v.byID = nil, make(map[string]int, len(pl.passages))
	for i, p := range pl.passages {
		line := int(pl.lines[i])
		flush(line)
		msg := ""
		switch _, dup := v.byID[p.ID]; {
		case !validID(p.ID):
			msg = "invalid passage id"
		case !utf8.ValidString(p.Text):
			msg = "passage " + p.ID + ": invalid UTF-8"
		case dup:
			msg = "duplicate passage " + p.ID
		}
		if msg != "" {
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: msg, Corrupt: true})
			continue
		}
		if got := Checksum(p.Text); got != p.Checksum {
			problems = append(problems, &ChecksumError{Kind: "passage", Name: p.ID, Want: p.Checksum, Got: got})
		}
		if _, ok := v.sources[sourceKey{p.SourceID, p.SourceVersion}]; !ok {
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: "passage " + p.ID + ": unknown source " + p.SourceID, Corrupt: true})
		}
		v.byID[p.ID] = len(v.passages)
		v.passages = append(v.passages, p)
	}
	flush(math.MaxInt)
	if pl.tooLong != nil {
		problems = append(problems, pl.tooLong)
	}
	return problems
}

// curatedKey normalises a question for curated-draft lookup: folded, spaces
// collapsed, trailing punctuation dropped.
func curatedKey(q string) string {
	f := strings.Join(strings.Fields(fold.Lexicon(q)), " ")
	return strings.TrimRight(f, "?!. ")
}

// ID returns the version id, such as "kv_2026_10_01".
func (v *Version) ID() string { return v.manifest.ID }

// Manifest returns a copy of the version's manifest.
func (v *Version) Manifest() Manifest {
	m := v.manifest
	m.Sources = append([]Source(nil), m.Sources...)
	m.Files = make(map[string]string, len(v.manifest.Files))
	for k, x := range v.manifest.Files {
		m.Files[k] = x
	}
	if m.Gates != nil {
		g := *m.Gates
		g.Gates = append([]Gate(nil), g.Gates...)
		m.Gates = &g
	}
	m.Contents = slices.Clone(m.Contents)
	if m.Signature != nil {
		s := *m.Signature
		m.Signature = &s
	}
	return m
}

// Len reports the number of passages.
func (v *Version) Len() int { return len(v.passages) }

// All iterates over the passages in bundle order.
func (v *Version) All() iter.Seq[Passage] {
	return func(yield func(Passage) bool) {
		for _, p := range v.passages {
			if !yield(p) {
				return
			}
		}
	}
}

// Evidence returns the passage with the given id; an unknown id gives an
// error wrapping ErrNotFound.
func (v *Version) Evidence(id string) (Passage, error) {
	i, ok := v.byID[id]
	if !ok {
		return Passage{}, fmt.Errorf("%w: passage %q in %s", ErrNotFound, id, v.manifest.ID)
	}
	return v.passages[i], nil
}

// Source returns the source record of a passage.
func (v *Version) Source(id, version string) (Source, bool) {
	s, ok := v.sources[sourceKey{id, version}]
	return s, ok
}

// Index returns the version's search index, which the registered [Indexer]
// made when the version was opened. A version opened with no Indexer
// registered has none: Index returns an error wrapping [ErrNoIndex]. The
// package that made the index gives it its own type (retrieve.Of).
func (v *Version) Index() (Index, error) {
	if v.index == nil {
		return nil, fmt.Errorf("%w: version %s was opened with no indexer registered (import package retrieve)", ErrNoIndex, v.manifest.ID)
	}
	return v.index, nil
}

// CuratedDraft returns the curated draft for question, if the version has one.
// Questions match after folding case, accents and spacing.
func (v *Version) CuratedDraft(question string) ([]string, bool) {
	c, ok := v.curated[curatedKey(question)]
	if !ok {
		return nil, false
	}
	return append([]string(nil), c.Draft...), true
}

// CuratedLabels returns the ground-truth labels of the curated draft for
// question, when the curator wrote them.
func (v *Version) CuratedLabels(question string) ([]string, bool) {
	c, ok := v.curated[curatedKey(question)]
	if !ok || len(c.Labels) == 0 {
		return nil, false
	}
	return append([]string(nil), c.Labels...), true
}

// Blocked reports whether the version's stored release-gate report failed. A
// version without a report is not blocked.
func (v *Version) Blocked() bool { return v.manifest.Blocked() }

// GateReport returns the version's stored release-gate report, or nil.
func (v *Version) GateReport() *GateReport {
	if v.manifest.Gates == nil {
		return nil
	}
	g := *v.manifest.Gates
	g.Gates = append([]Gate(nil), g.Gates...)
	return &g
}

// Cases returns the version's stored gate cases (cases.jsonl), or nil.
func (v *Version) Cases() []byte { return append([]byte(nil), v.cases...) }

// Derived returns the value stored under key, calling build to make it on
// first use. It lets packages that build on a version (a verifier with its
// caches, say) keep derived data with the version it derives from, for the
// version's lifetime. Keys should be of an unexported type; build may run
// more than once under concurrent first use, and one result wins.
func (v *Version) Derived(key any, build func() any) any {
	if x, ok := v.derived.Load(key); ok {
		return x
	}
	x, _ := v.derived.LoadOrStore(key, build())
	return x
}

// Close releases the version's index, if it has one. After Close,
// [Version.Closed] reports true.
func (v *Version) Close() error {
	v.live.closed.Store(true)
	if v.index == nil {
		return nil
	}
	return v.index.Close()
}
