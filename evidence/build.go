package evidence

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// File names inside a bundle directory.
const (
	ManifestFile  = "manifest.json"
	PassagesFile  = "passages.jsonl"
	CuratedFile   = "curated.jsonl"
	ThesaurusFile = "thesaurus.txt"
	CasesFile     = "cases.jsonl"
	IndexDir      = "index"
	indexKeyFile  = "dermliving-index.json"
	formatVersion = 1
	maxLineBytes  = 1 << 20
	maxTextBytes  = 64 << 10
)

// Record is one line of build input: a passage with its source, locator
// and licence.
type Record struct {
	ID            string `json:"id,omitempty"`
	SourceID      string `json:"source_id"`
	SourceVersion string `json:"source_version"`
	SourceTitle   string `json:"source_title,omitempty"`
	Section       string `json:"section"`
	Paragraph     int    `json:"paragraph"`
	Text          string `json:"text"`
	License       string `json:"license"`
}

// Curated is a curated draft answer for one question. Its sentences are claims
// that are still verified against the passages retrieved for the question.
type Curated struct {
	Question string   `json:"question"`
	Draft    []string `json:"draft"`
	// Labels, when given, hold the ground truth of each draft sentence
	// ("supported" or "unsupported"), written by the curator; the release
	// gates use them, the verifier never does.
	Labels []string `json:"labels,omitempty"`
}

// Manifest describes a knowledge version.
type Manifest struct {
	Format      int      `json:"format"`
	ID          string   `json:"id"`
	Released    string   `json:"released"`
	Description string   `json:"description,omitempty"`
	Sources     []Source `json:"sources"`
	Passages    int      `json:"passages"`
	// Checksum is the version checksum (see [VersionChecksum]).
	Checksum string `json:"checksum"`
	// Files maps each data file of the bundle (passages, thesaurus,
	// curated drafts, cases) to its checksum.
	Files map[string]string `json:"files"`
	// Gates is the release-gate report, when the version was built with cases.
	Gates *GateReport `json:"gates,omitempty"`
	// Retrieval holds the version's retrieval settings, when its builder
	// chose any; absent means the library's defaults.
	Retrieval *Retrieval `json:"retrieval,omitempty"`
	// Contents lists every file of the bundle but the manifest, the
	// persisted index's among them, with its size and checksum, in path
	// order (see [FileEntry]). Opening refuses a bundle holding a file not
	// listed here, or missing one, or one that differs. A manifest written
	// before Contents existed has none; its persisted index is not used.
	Contents []FileEntry `json:"contents,omitempty"`
	// Digest is the whole-bundle digest: the checksum of the manifest's
	// canonical JSON with Digest, Signature and Seal empty. As the
	// manifest lists every file's checksum, it covers the whole bundle;
	// it is what a publisher signs. It is set when Contents is.
	Digest string `json:"digest,omitempty"`
	// Signature is the publisher's signature of Digest, when the version
	// is signed (see [Manifest.Sign] and [OpenOptions.TrustedKeys]).
	Signature *Signature `json:"signature,omitempty"`
	// Seal is the checksum of the manifest's own canonical JSON with Seal empty.
	Seal string `json:"seal"`
}

// Retrieval is a version's retrieval settings, sealed in its manifest so that
// every host answers from the version alike.
type Retrieval struct {
	// MinCoverage is the relevance floor (see IndexInput.MinCoverage): in
	// (0, 1], or negative to disable the floor.
	MinCoverage float64 `json:"min_coverage"`
}

// GateReport is the stored result of a version's release gates.
type GateReport struct {
	Measured string `json:"measured"` // RFC 3339 date-time
	Passed   bool   `json:"passed"`
	Gates    []Gate `json:"gates"`
}

// Gate is one release gate's measured value.
type Gate struct {
	Name       string  `json:"name"`
	Threshold  float64 `json:"threshold"`
	Comparison string  `json:"comparison"` // ">=" or "=="
	Value      float64 `json:"value"`
	Passed     bool    `json:"passed"`
	Cases      int     `json:"cases"`
	Measures   string  `json:"measures"`
}

// BuildOptions describe the version to build.
type BuildOptions struct {
	ID          string // required, such as "kv_2026_10_01"
	Released    string // required, a date "2006-01-02"
	Description string
	// Sources enrich the sources named by the corpus (title, publisher, url,
	// licence holder). A corpus source missing here is described from its
	// records.
	Sources []Source
	// Thesaurus is the text of the version's thesaurus (lexicon format); empty
	// means the default dermatology thesaurus is used when the version opens.
	Thesaurus string
	Curated   []Curated
	Cases     []byte // cases.jsonl content, stored as is
	Gates     *GateReport
	// MinCoverage, when not zero, is the version's retrieval relevance floor,
	// stored in the manifest and used when the version opens (unless the
	// opener sets its own): in (0, 1], or negative to disable the floor. A
	// corpus whose questions are long assertions (research claims) needs a
	// lower floor than short reference questions; choose it on held-out
	// questions, not on those it is then measured with.
	MinCoverage float64
	// RenameDuplicates keeps a record whose id repeats an earlier record's by
	// giving it the id with "~2", "~3"... appended, in corpus order; when false
	// a repeated id is an error.
	RenameDuplicates bool
}

// Bundle is a built knowledge version, ready to be written.
type Bundle struct {
	Manifest Manifest
	Passages []Passage
	// Files holds every file of the bundle but the manifest, by name.
	Files map[string][]byte
	// Renamed lists the ids given to records whose id repeated an earlier one
	// (see BuildOptions.RenameDuplicates).
	Renamed []string
}

var (
	versionIDRE = regexp.MustCompile(`^[a-z][a-z0-9_.-]{0,63}$`)
	slugRE      = regexp.MustCompile(`[^a-z0-9]+`)
)

// ReadCorpus reads build input: one JSON [Record] per line. Blank lines are
// skipped; any malformed line is an error naming its number.
func ReadCorpus(r io.Reader) ([]Record, error) {
	var out []Record
	err := eachLine(r, "corpus", false, func(line int, b []byte) error {
		var rec Record
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		if err := d.Decode(&rec); err != nil {
			return &FormatError{File: "corpus", Line: line, Msg: "not a passage record: " + err.Error()}
		}
		out = append(out, rec)
		return nil
	})
	return out, err
}

func eachLine(r io.Reader, file string, corrupt bool, fn func(line int, b []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := fn(line, b); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return &FormatError{File: file, Line: line + 1, Msg: err.Error(), Corrupt: corrupt}
	}
	return nil
}

// Build turns corpus records into a bundle: text is NFC-normalised once, ids
// are derived where missing, and every checksum is computed.
func Build(ctx context.Context, records []Record, opts BuildOptions) (*Bundle, error) {
	if !versionIDRE.MatchString(opts.ID) {
		return nil, fmt.Errorf("%w: version id %q: want lowercase letters, digits and _ . -", ErrInvalid, opts.ID)
	}
	if _, err := time.Parse(time.DateOnly, opts.Released); err != nil {
		return nil, fmt.Errorf("%w: released %q: want a date such as 2026-10-01", ErrInvalid, opts.Released)
	}
	if len(records) == 0 {
		return nil, fmt.Errorf("%w: the corpus holds no passages", ErrInvalid)
	}
	given := map[string]Source{}
	for _, s := range opts.Sources {
		given[s.ID+"\x00"+s.Version] = s
	}
	var sources []Source
	seenSource := map[string]bool{}
	passages := make([]Passage, 0, len(records))
	ids := map[string]bool{}
	derived := map[string]int{}
	var renamed []string
	for i, rec := range records {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		line := i + 1
		bad := func(msg string) error { return &FormatError{File: "corpus", Line: line, Msg: msg} }
		if !utf8.ValidString(rec.Text) || !utf8.ValidString(rec.Section) || !utf8.ValidString(rec.SourceTitle) {
			return nil, bad("invalid UTF-8")
		}
		text := norm.NFC.String(strings.TrimSpace(rec.Text))
		switch {
		case text == "":
			return nil, bad("empty text")
		case len(text) > maxTextBytes:
			return nil, bad(fmt.Sprintf("text longer than %d bytes", maxTextBytes))
		case !validID(rec.SourceID):
			return nil, bad(fmt.Sprintf("source_id %q is not a valid id", rec.SourceID))
		case strings.TrimSpace(rec.SourceVersion) == "":
			return nil, bad("missing source_version")
		case rec.Paragraph < 0:
			return nil, bad("negative paragraph")
		case strings.TrimSpace(rec.License) == "":
			return nil, bad("missing license")
		}
		id := rec.ID
		if id == "" {
			base := "ev_" + slug(rec.SourceID) + "_" + slug(rec.Section) + "_" + strconv.Itoa(rec.Paragraph)
			if len(base) > 100 {
				base = "ev_" + checksumBytes([]byte(rec.SourceID + "\x00" + rec.Section + "\x00" + strconv.Itoa(rec.Paragraph)))[7:23]
			}
			derived[base]++
			id = base
			if n := derived[base]; n > 1 {
				id = base + "_" + strconv.Itoa(n)
			}
		}
		if !validID(id) {
			return nil, bad(fmt.Sprintf("id %q is not a valid id", id))
		}
		if ids[id] {
			if !opts.RenameDuplicates {
				return nil, bad(fmt.Sprintf("duplicate id %q", id))
			}
			base := id
			for n := 2; ids[id]; n++ {
				id = base + "~" + strconv.Itoa(n)
			}
			renamed = append(renamed, id)
		}
		ids[id] = true
		key := rec.SourceID + "\x00" + rec.SourceVersion
		src, ok := given[key]
		if !ok {
			src = Source{ID: rec.SourceID, Version: rec.SourceVersion, Title: rec.SourceTitle, License: License{ID: rec.License}}
		}
		if !seenSource[key] {
			seenSource[key] = true
			sources = append(sources, src)
		}
		lic := License{ID: rec.License}
		if src.License.ID == rec.License {
			lic = src.License
		}
		passages = append(passages, Passage{
			ID:            id,
			SourceID:      rec.SourceID,
			SourceVersion: rec.SourceVersion,
			Locator:       Locator{Section: norm.NFC.String(strings.TrimSpace(rec.Section)), Paragraph: rec.Paragraph},
			Text:          text,
			Checksum:      Checksum(text),
			License:       lic,
		})
	}
	b := &Bundle{Passages: passages, Files: map[string][]byte{}, Renamed: renamed}
	var buf bytes.Buffer
	for _, p := range passages {
		line, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("evidence: encode passage %s: %w", p.ID, err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	b.Files[PassagesFile] = buf.Bytes()
	if opts.Thesaurus != "" {
		b.Files[ThesaurusFile] = []byte(opts.Thesaurus)
	}
	if len(opts.Curated) > 0 {
		var cb bytes.Buffer
		for i, c := range opts.Curated {
			if strings.TrimSpace(c.Question) == "" || len(c.Draft) == 0 {
				return nil, fmt.Errorf("%w: curated draft %d needs a question and sentences", ErrInvalid, i+1)
			}
			if len(c.Labels) > 0 && len(c.Labels) != len(c.Draft) {
				return nil, fmt.Errorf("%w: curated draft %d: labels and draft differ in length", ErrInvalid, i+1)
			}
			line, _ := json.Marshal(c)
			cb.Write(line)
			cb.WriteByte('\n')
		}
		b.Files[CuratedFile] = cb.Bytes()
	}
	if len(opts.Cases) > 0 {
		b.Files[CasesFile] = opts.Cases
	}
	m := Manifest{
		Format:      formatVersion,
		ID:          opts.ID,
		Released:    opts.Released,
		Description: opts.Description,
		Sources:     sources,
		Passages:    len(passages),
		Checksum:    VersionChecksum(passages),
		Files:       map[string]string{},
		Gates:       opts.Gates,
	}
	switch {
	case opts.MinCoverage > 1 || math.IsNaN(opts.MinCoverage):
		return nil, fmt.Errorf("%w: relevance floor %v is not in (0, 1] or negative", ErrInvalid, opts.MinCoverage)
	case opts.MinCoverage != 0:
		m.Retrieval = &Retrieval{MinCoverage: opts.MinCoverage}
	}
	for name, content := range b.Files {
		m.Files[name] = checksumBytes(content)
	}
	m.Contents = contentsOf(b.Files)
	b.Manifest = m
	return b, nil
}

func slug(s string) string {
	return strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "_"), "_")
}

// EncodeManifest returns the manifest's canonical JSON with its seal set,
// and its digest when it lists its contents.
func EncodeManifest(m Manifest) ([]byte, error) {
	if m.Contents != nil {
		d, err := digest(m)
		if err != nil {
			return nil, err
		}
		m.Digest = d
	}
	m.Seal = ""
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("evidence: encode manifest: %w", err)
	}
	m.Seal = checksumBytes(body)
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("evidence: encode manifest: %w", err)
	}
	return append(out, '\n'), nil
}

// Open opens the bundle in memory, verified as OpenFS verifies any bundle, so
// that it can be measured before it is written.
func (b *Bundle) Open() (*Version, error) {
	m := b.Manifest
	// The files in memory: WriteDir adds the index's to the manifest.
	m.Contents, m.Signature = contentsOf(b.Files), nil
	man, err := EncodeManifest(m)
	if err != nil {
		return nil, err
	}
	fsys := fstest.MapFS{ManifestFile: {Data: man}}
	for name, content := range b.Files {
		fsys[name] = &fstest.MapFile{Data: content}
	}
	return OpenFS(fsys, nil)
}

// WriteOptions control [Bundle.WriteDir].
type WriteOptions struct {
	// Index writes a persisted search index into the bundle, made by the
	// registered [Indexer], so that opening the bundle needs no indexing.
	// With no Indexer registered, WriteDir fails with [ErrNoIndex] and
	// writes nothing.
	Index bool
	// Progress, when not nil, is told how many passages are indexed.
	Progress func(done, total int)
	// Sign, when not nil, is the publisher's key that signs the version
	// (see [Manifest.Sign]) once every file, the index's included, is
	// written and listed.
	Sign ed25519.PrivateKey
}

// WriteDir writes the bundle into dir, which must not exist or be empty. The
// files are written to a temporary directory beside dir first and renamed into
// place, so a failed write leaves no half bundle.
func (b *Bundle) WriteDir(ctx context.Context, dir string, opts *WriteOptions) error {
	if opts == nil {
		opts = &WriteOptions{}
	}
	indexer := registered
	if opts.Index && indexer == nil {
		return fmt.Errorf("%w: cannot write the index of %s: no indexer registered (import package retrieve)", ErrNoIndex, b.Manifest.ID)
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("%w: %s is not empty", ErrInvalid, dir)
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".kv-build-*")
	if err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	names := make([]string, 0, len(b.Files))
	for name := range b.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(tmp, name), b.Files[name], 0o644); err != nil {
			return fmt.Errorf("evidence: write bundle: %w", err)
		}
	}
	if opts.Index {
		var progress func(int)
		if opts.Progress != nil {
			progress = func(done int) { opts.Progress(done, len(b.Passages)) }
		}
		idxDir := filepath.Join(tmp, IndexDir)
		in := &IndexInput{Passages: b.Passages, Sources: b.Manifest.Sources, Thesaurus: string(b.Files[ThesaurusFile])}
		if err := indexer.Build(ctx, idxDir, in, progress); err != nil {
			return err
		}
		key, _ := json.Marshal(indexKey{Format: formatVersion, Analysis: indexer.Analysis(), Checksum: b.Manifest.Checksum})
		if err := os.WriteFile(filepath.Join(idxDir, indexKeyFile), key, 0o644); err != nil {
			return fmt.Errorf("evidence: write bundle: %w", err)
		}
	}
	if err := b.writeManifest(tmp, opts.Sign); err != nil {
		return err
	}
	os.Remove(dir) // an empty directory may stand in the way of the rename
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("evidence: write bundle: %w", err)
	}
	return nil
}

// indexKey ties a persisted index to the version it was built from.
type indexKey struct {
	Format   int    `json:"format"`
	Analysis int    `json:"analysis"`
	Checksum string `json:"version_checksum"`
}

// sourceKey names one release of a source.
type sourceKey struct{ id, version string }

// Blocked reports whether the manifest's status is [Blocked]: its stored
// release-gate report failed. A manifest without a report is not blocked; it
// is [Unmeasured].
func (m Manifest) Blocked() bool { return m.Status() == Blocked }

// NewestReleased returns the index in ms of the version a host answers from
// when a question names none: the newest [Released] one (the latest release
// date; ties: the greater id) or, when none is released, the newest
// [Unmeasured] one, which is then served flagged as unmeasured. A blocked
// version is never chosen; NewestReleased returns -1 when every version is
// blocked or ms is empty. The CLI, the sandbox and dermliving.Library all
// choose by it (the sandbox and the Library also fall back to blocked
// versions opened with [OpenOptions.AllowBlocked]).
func NewestReleased(ms []Manifest) int { return Newest(ms, Released, Unmeasured) }
