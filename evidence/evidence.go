// Package evidence holds knowledge versions: immutable, checksummed bundles of
// passages with their sources, locators and licences.
//
// A bundle is built once from a corpus ([Build]) and written to a directory
// ([Bundle.WriteDir]), optionally signed by its publisher ([Manifest.Sign]).
// Opening it ([OpenDir], [OpenFS]) checks that the directory holds exactly
// the files its manifest lists ([Manifest.Contents]: the persisted index's
// included, each regular and of its listed size), then verifies the
// checksum of every file, of every passage and of the version as a whole,
// and, when the opener trusts publishers' keys ([OpenOptions.TrustedKeys]),
// the signature; a bundle that fails any check is refused whole, with an
// error naming what failed ([FileError], [ChecksumError], [FormatError],
// [SignatureError], [IndexError]).
//
// A [Version] is immutable and safe for concurrent use. It owns its search
// index; [Version.Close] releases it.
//
// # Search index
//
// Package evidence holds each version's search index but imports no search
// engine: it defines what it needs of one ([Indexer], [Index], [IndexInput]),
// and package retrieve, which imports evidence (never the reverse), registers
// its bleve index with [RegisterIndexer] when it is linked, as it is in every
// program that imports package dermliving. Opening a version then opens its
// persisted index alongside the checksum verification, or indexes it in
// memory, and retrieve.Of returns the index with its own type. A program
// that links no indexer still opens, verifies and serves versions; they
// cannot be searched ([ErrNoIndex]).
package evidence

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unsafe"
)

// Sentinel errors. Errors returned by this package wrap one of them.
var (
	// ErrCorrupt marks a bundle that fails a checksum or cannot be parsed.
	ErrCorrupt = errors.New("evidence: corrupt knowledge version")
	// ErrNotFound marks an unknown passage id.
	ErrNotFound = errors.New("evidence: not found")
	// ErrInvalid marks bad build input.
	ErrInvalid = errors.New("evidence: invalid input")
	// ErrNoIndex marks a version that has no search index, or a bundle
	// whose index cannot be written: no [Indexer] was registered when it
	// was opened or written. Package retrieve registers the library's, so
	// only a program that links neither retrieve nor package dermliving
	// (which imports it) sees this error.
	ErrNoIndex = errors.New("evidence: no search index")
)

// ChecksumError reports a checksum that does not match its content.
type ChecksumError struct {
	// Kind is "passage", "file", "version" or "manifest".
	Kind string
	// Name is the passage id, the file name or the version id.
	Name string
	Want string // the recorded checksum
	Got  string // the checksum of the content as found
}

// Error names what failed and both checksums.
func (e *ChecksumError) Error() string {
	return fmt.Sprintf("evidence: %s %s: checksum mismatch (recorded %s, content %s)", e.Kind, e.Name, e.Want, e.Got)
}

// Is reports that a ChecksumError is ErrCorrupt.
func (e *ChecksumError) Is(target error) bool { return target == ErrCorrupt }

// FormatError reports a malformed bundle file or corpus line.
type FormatError struct {
	File string
	Line int // 1-based; 0 when the error is not about a line
	Msg  string
	// Corrupt is true for a bundle being opened (ErrCorrupt) and false for build
	// input (ErrInvalid).
	Corrupt bool
}

// Error names the file and line.
func (e *FormatError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("evidence: %s line %d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("evidence: %s: %s", e.File, e.Msg)
}

// Is reports that a FormatError is ErrCorrupt or ErrInvalid.
func (e *FormatError) Is(target error) bool {
	if e.Corrupt {
		return target == ErrCorrupt
	}
	return target == ErrInvalid
}

// License is the rights record that allows a passage to be used.
type License struct {
	ID     string `json:"id"`
	Holder string `json:"holder,omitempty"`
	URL    string `json:"url,omitempty"`
}

// Source is a publisher record: one release of one document or collection.
type Source struct {
	ID        string  `json:"id"`
	Version   string  `json:"version"`
	Title     string  `json:"title,omitempty"`
	Publisher string  `json:"publisher,omitempty"`
	URL       string  `json:"url,omitempty"`
	License   License `json:"license"`
}

// Locator says where in its source a passage sits.
type Locator struct {
	Section   string `json:"section"`
	Paragraph int    `json:"paragraph"`
}

// Passage is one citable unit of text.
type Passage struct {
	ID            string  `json:"id"`
	SourceID      string  `json:"source_id"`
	SourceVersion string  `json:"source_version"`
	Locator       Locator `json:"locator"`
	Text          string  `json:"text"`
	// Checksum is "sha256:" and the lowercase hex SHA-256 of Text's bytes.
	Checksum string  `json:"checksum"`
	License  License `json:"license"`
}

// Checksum returns "sha256:" and the lowercase hex SHA-256 of text's bytes, the
// form used for passages, files and versions.
func Checksum(text string) string {
	return checksumBytes([]byte(text))
}

func checksumBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// checksumString is the checksum of s, hashed in place without copying s
// to a byte slice (see readOnlyBytes).
func checksumString(s string) string {
	sum := sha256.Sum256(readOnlyBytes(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// readOnlyBytes returns the bytes of s without copying them, for a reader
// that only reads them (a hash): the passages file runs to tens of
// megabytes, and copying it to hash it cost as much as hashing. The result
// must never be written to.
func readOnlyBytes(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// checksumIs reports whether want is the checksum with the digest sum,
// without allocating.
func checksumIs(sum [sha256.Size]byte, want string) bool {
	var b [len("sha256:") + 2*sha256.Size]byte
	copy(b[:], "sha256:")
	hex.Encode(b[len("sha256:"):], sum[:])
	return string(b[:]) == want
}

// VersionChecksum returns the checksum of a set of passages: SHA-256 over the
// lines id + "\t" + checksum + "\n" of all passages sorted by id (byte order).
func VersionChecksum(passages []Passage) string {
	// The passages are sorted by their lines as keyed positions rather than
	// as lines written out: a bundle's lines run to megabytes, and in a
	// fresh process every page of a new buffer costs a page fault. A key
	// holds the eight bytes of a line that follow the prefix every line
	// shares, so that most comparisons need not reach the passages.
	common := 0 // the length of the prefix all ids share
	if len(passages) > 0 {
		first := passages[0].ID
		common = len(first)
		for i := 1; i < len(passages) && common > 0; i++ {
			id := passages[i].ID
			n := min(common, len(id))
			j := 0
			for j < n && id[j] == first[j] {
				j++
			}
			common = j
		}
	}
	type keyed struct {
		key uint64
		i   int32
	}
	order := make([]keyed, len(passages))
	for i := range passages {
		order[i] = keyed{lineKey(&passages[i], common), int32(i)}
	}
	slices.SortFunc(order, func(a, b keyed) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		return compareLines(&passages[a.i], &passages[b.i])
	})
	h := sha256.New()
	buf := make([]byte, 0, 64<<10)
	for _, o := range order {
		p := &passages[o.i]
		if n := len(p.ID) + len(p.Checksum) + 2; len(buf)+n > cap(buf) {
			h.Write(buf)
			buf = buf[:0]
			if n > cap(buf) {
				buf = make([]byte, 0, n)
			}
		}
		buf = append(buf, p.ID...)
		buf = append(buf, '\t')
		buf = append(buf, p.Checksum...)
		buf = append(buf, '\n')
	}
	h.Write(buf)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// lineKey returns bytes from..from+8 of the line id + "\t" + checksum + "\n"
// of p as a big-endian number, zero-padded past the line's end: lines whose
// keys differ compare as their keys do, given that they agree before from.
func lineKey(p *Passage, from int) uint64 {
	var k uint64
	for j := from; j < from+8; j++ {
		var c byte
		switch {
		case j < len(p.ID):
			c = p.ID[j]
		case j == len(p.ID):
			c = '\t'
		case j-len(p.ID)-1 < len(p.Checksum):
			c = p.Checksum[j-len(p.ID)-1]
		case j-len(p.ID)-1 == len(p.Checksum):
			c = '\n'
		}
		k = k<<8 | uint64(c)
	}
	return k
}

// compareLines compares the lines id + "\t" + checksum + "\n" of two
// passages in byte order, as strings.Compare would the lines written out.
func compareLines(a, b *Passage) int {
	n := min(len(a.ID), len(b.ID))
	if c := strings.Compare(a.ID[:n], b.ID[:n]); c != 0 {
		return c // the common case: the ids differ before either ends
	}
	x := [4]string{a.ID, "\t", a.Checksum, "\n"}
	y := [4]string{b.ID, "\t", b.Checksum, "\n"}
	// Walk both lines part by part, comparing the longest stretch that
	// both have left in their current parts.
	var i, j, ai, bj int // part and offset in x, in y
	for {
		for i < len(x) && ai == len(x[i]) {
			i, ai = i+1, 0
		}
		for j < len(y) && bj == len(y[j]) {
			j, bj = j+1, 0
		}
		switch {
		case i == len(x) && j == len(y):
			return 0
		case i == len(x):
			return -1
		case j == len(y):
			return 1
		}
		n := min(len(x[i])-ai, len(y[j])-bj)
		if c := strings.Compare(x[i][ai:ai+n], y[j][bj:bj+n]); c != 0 {
			return c
		}
		ai, bj = ai+n, bj+n
	}
}

// validChecksum reports whether s has the form "sha256:<64 lowercase hex>".
func validChecksum(s string) bool {
	h, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(h) != 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// validID reports whether s can name a passage, source or version: 1 to 128
// bytes of printable ASCII without spaces, quotes or slashes.
func validID(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '/' || c == '\\' {
			return false
		}
	}
	return true
}
