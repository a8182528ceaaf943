package evidence

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// Version is an opened, verified knowledge version with its search index.
type Version struct {
	manifest Manifest
	passages []Passage
	byID     map[string]int
	sources  map[string]Source // by id + "\x00" + version
	curated  map[string]Curated
	cases    []byte
	index    *retrieve.Index
	thText   string
	derived  sync.Map
}

// OpenOptions configure opening a version. A nil *OpenOptions means defaults.
type OpenOptions struct {
	// IndexDir is a persisted index built for this version; when empty, or
	// missing or stale, the version is indexed in memory.
	IndexDir string
	// MinCoverage is the retrieval relevance floor (see retrieve.Options).
	MinCoverage float64
}

// OpenDir opens the bundle in dir, verifying every checksum. A persisted index
// in the bundle is used when it matches the version; otherwise the passages are
// indexed in memory.
func OpenDir(dir string) (*Version, error) {
	return OpenFS(os.DirFS(dir), &OpenOptions{IndexDir: filepath.Join(dir, IndexDir)})
}

// Check reads and verifies the bundle in fsys without indexing it, and returns
// every problem found: each passage whose checksum fails, each file whose
// checksum fails, a wrong version checksum, a malformed file. It returns nil
// for a sound bundle.
func Check(fsys fs.FS) []error {
	_, problems := load(fsys, true)
	return problems
}

// ReadManifest reads a bundle's manifest without verifying the bundle.
func ReadManifest(fsys fs.FS) (Manifest, error) {
	raw, err := fs.ReadFile(fsys, ManifestFile)
	if err != nil {
		return Manifest{}, &FormatError{File: ManifestFile, Msg: "cannot read: " + errText(err), Corrupt: true}
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
func OpenFS(fsys fs.FS, opts *OpenOptions) (*Version, error) {
	if opts == nil {
		opts = &OpenOptions{}
	}
	v, problems := load(fsys, false)
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		return nil, err
	}
	var th *lexicon.Thesaurus
	if v.thText != "" {
		th, err = lexicon.ParseThesaurus(strings.NewReader(v.thText), an)
		if err != nil {
			return nil, &FormatError{File: ThesaurusFile, Msg: err.Error(), Corrupt: true}
		}
	} else if th, err = lexicon.DefaultThesaurus(an); err != nil {
		return nil, err
	}
	ropts := &retrieve.Options{Analyzer: an, Thesaurus: th, MinCoverage: opts.MinCoverage}
	docs := docsOf(v.manifest.Sources, v.passages)
	if opts.IndexDir != "" && indexFresh(opts.IndexDir, v.manifest.Checksum) {
		if ix, err := retrieve.Open(opts.IndexDir, docs, ropts); err == nil {
			v.index = ix
			return v, nil
		}
	}
	ix, err := retrieve.New(context.Background(), docs, ropts)
	if err != nil {
		return nil, err
	}
	v.index = ix
	return v, nil
}

func indexFresh(dir, checksum string) bool {
	b, err := os.ReadFile(filepath.Join(dir, indexKeyFile))
	if err != nil {
		return false
	}
	var k indexKey
	if json.Unmarshal(b, &k) != nil {
		return false
	}
	return k.Format == formatVersion && k.Analysis == retrieve.AnalysisVersion && k.Checksum == checksum
}

// load parses and verifies a bundle. With all set it keeps going after a
// problem to report every one; otherwise it stops at the first file that fails.
func load(fsys fs.FS, all bool) (*Version, []error) {
	var problems []error
	corrupt := func(file string, line int, msg string) {
		problems = append(problems, &FormatError{File: file, Line: line, Msg: msg, Corrupt: true})
	}
	raw, err := fs.ReadFile(fsys, ManifestFile)
	if err != nil {
		return nil, []error{&FormatError{File: ManifestFile, Msg: "cannot read: " + errText(err), Corrupt: true}}
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
	v := &Version{
		manifest: m,
		byID:     make(map[string]int, m.Passages),
		sources:  map[string]Source{},
		curated:  map[string]Curated{},
	}
	for _, s := range m.Sources {
		v.sources[s.ID+"\x00"+s.Version] = s
	}
	files := map[string][]byte{}
	passagesIntact := false
	for name, want := range m.Files {
		if !validChecksum(want) || strings.ContainsAny(name, "/\\") {
			corrupt(ManifestFile, 0, fmt.Sprintf("bad entry for file %q", name))
			continue
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			corrupt(name, 0, "cannot read: "+errText(err))
			continue
		}
		if got := checksumBytes(b); got != want {
			problems = append(problems, &ChecksumError{Kind: "file", Name: name, Want: want, Got: got})
		} else if name == PassagesFile {
			passagesIntact = true
		}
		files[name] = b
	}
	if _, ok := m.Files[PassagesFile]; !ok {
		corrupt(ManifestFile, 0, "no passages file listed")
	}
	if len(problems) > 0 && !all {
		// Name the passages at fault when the passages file is the one that failed.
		if b, ok := files[PassagesFile]; ok {
			problems = append(v.parsePassages(b, true), problems...)
		}
		return nil, problems
	}
	if b, ok := files[PassagesFile]; ok {
		pp := v.parsePassages(b, !passagesIntact)
		problems = append(pp, problems...)
	}
	if len(v.passages) != m.Passages {
		corrupt(ManifestFile, 0, fmt.Sprintf("lists %d passages, the bundle holds %d", m.Passages, len(v.passages)))
	}
	if got := VersionChecksum(v.passages); got != m.Checksum {
		problems = append(problems, &ChecksumError{Kind: "version", Name: m.ID, Want: m.Checksum, Got: got})
	}
	if b, ok := files[CuratedFile]; ok {
		err := eachLine(bytes.NewReader(b), CuratedFile, true, func(line int, b []byte) error {
			var c Curated
			if err := json.Unmarshal(b, &c); err != nil || len(c.Draft) == 0 {
				corrupt(CuratedFile, line, "not a curated draft")
				return nil
			}
			v.curated[curatedKey(c.Question)] = c
			return nil
		})
		if err != nil {
			problems = append(problems, err)
		}
	}
	v.thText = string(files[ThesaurusFile])
	v.cases = files[CasesFile]
	if len(problems) > 0 {
		return nil, problems
	}
	return v, nil
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

// parsePassages decodes the passages file and checks each passage, returning
// the problems found. strict also refuses unknown fields; it is needed only
// when the file's own checksum failed, since a file that matches the sealed
// manifest holds exactly what was built.
func (v *Version) parsePassages(b []byte, strict bool) []error {
	var problems []error
	err := eachLine(bytes.NewReader(b), PassagesFile, true, func(line int, b []byte) error {
		var p Passage
		var err error
		if strict {
			d := json.NewDecoder(bytes.NewReader(b))
			d.DisallowUnknownFields()
			err = d.Decode(&p)
		} else {
			err = json.Unmarshal(b, &p)
		}
		if err != nil {
			msg := "not a passage: " + err.Error()
			if m := lineIDRE.FindSubmatch(b); m != nil {
				msg = "passage " + string(m[1]) + ": " + msg
			}
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: msg, Corrupt: true})
			return nil
		}
		switch {
		case !validID(p.ID):
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: "invalid passage id", Corrupt: true})
			return nil
		case !utf8.ValidString(p.Text):
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: "passage " + p.ID + ": invalid UTF-8", Corrupt: true})
			return nil
		}
		if _, dup := v.byID[p.ID]; dup {
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: "duplicate passage " + p.ID, Corrupt: true})
			return nil
		}
		if got := Checksum(p.Text); got != p.Checksum {
			problems = append(problems, &ChecksumError{Kind: "passage", Name: p.ID, Want: p.Checksum, Got: got})
		}
		if _, ok := v.sources[p.SourceID+"\x00"+p.SourceVersion]; !ok {
			problems = append(problems, &FormatError{File: PassagesFile, Line: line, Msg: "passage " + p.ID + ": unknown source " + p.SourceID, Corrupt: true})
		}
		v.byID[p.ID] = len(v.passages)
		v.passages = append(v.passages, p)
		return nil
	})
	if err != nil {
		problems = append(problems, err)
	}
	return problems
}

// curatedKey normalises a question for curated-draft lookup: folded, spaces
// collapsed, trailing punctuation dropped.
func curatedKey(q string) string {
	f := strings.Join(strings.Fields(lexicon.Fold(q)), " ")
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
	s, ok := v.sources[id+"\x00"+version]
	return s, ok
}

// Index returns the version's search index.
func (v *Version) Index() *retrieve.Index { return v.index }

// Search retrieves up to k passages for question (see retrieve.Index.Search).
func (v *Version) Search(ctx context.Context, question string, k int) ([]retrieve.Hit, error) {
	return v.index.Search(ctx, question, k)
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
func (v *Version) Blocked() bool {
	return v.manifest.Gates != nil && !v.manifest.Gates.Passed
}

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

// Close releases the version's index.
func (v *Version) Close() error {
	if v.index == nil {
		return nil
	}
	return v.index.Close()
}
