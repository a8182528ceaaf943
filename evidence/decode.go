package evidence

import (
	"bufio"
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// The passages file is read once into a string and decoded in place: each
// passage's strings are substrings of the file's text, so that opening a
// bundle of tens of thousands of passages costs one allocation for the text
// rather than one per field, and no general JSON scanning.
//
// Build writes every line with json.Marshal of a [Passage]: the fields in
// declaration order, no spaces, License.Holder and License.URL omitted when
// empty. [fastPassage] decodes exactly that form and declines anything else;
// a declined line is decoded by encoding/json, so a bundle written by hand
// or by another tool decodes as it always did. The fuzz test
// FuzzDecodePassageLine holds the fast decoder to encoding/json's result.

// fastPassage decodes a passages line written in the builder's canonical
// form. ok is false for any line not in that form, including every line that
// encoding/json would refuse; whenever ok is true, p is what json.Unmarshal
// gives for the line, with or without DisallowUnknownFields.
func fastPassage(line string) (p Passage, ok bool) {
	d := lineDecoder{s: line}
	ok = d.lit(`{"id":`) && d.str(&p.ID) &&
		d.lit(`,"source_id":`) && d.str(&p.SourceID) &&
		d.lit(`,"source_version":`) && d.str(&p.SourceVersion) &&
		d.lit(`,"locator":{"section":`) && d.str(&p.Locator.Section) &&
		d.lit(`,"paragraph":`) && d.int(&p.Locator.Paragraph) &&
		d.lit(`},"text":`) && d.str(&p.Text) &&
		d.lit(`,"checksum":`) && d.str(&p.Checksum) &&
		d.lit(`,"license":{"id":`) && d.str(&p.License.ID)
	if !ok {
		return Passage{}, false
	}
	if d.lit(`,"holder":`) && !d.str(&p.License.Holder) {
		return Passage{}, false
	}
	if d.lit(`,"url":`) && !d.str(&p.License.URL) {
		return Passage{}, false
	}
	if !d.lit(`}}`) || d.i != len(d.s) {
		return Passage{}, false
	}
	return p, true
}

// lineDecoder reads s from i onwards. lit leaves i as it was when it fails,
// which the optional fields rely on; after any other failure the line is
// declined whole.
type lineDecoder struct {
	s string
	i int
}

// lit consumes lit if s continues with it.
func (d *lineDecoder) lit(lit string) bool {
	if !strings.HasPrefix(d.s[d.i:], lit) {
		return false
	}
	d.i += len(lit)
	return true
}

// maxDigits is the most decimal digits that always fit an int.
const maxDigits = 9 + 9*(strconv.IntSize/64)

// int consumes a JSON integer that fits an int without question: an optional
// minus and at most maxDigits digits, no leading zero, no fraction or
// exponent.
func (d *lineDecoder) int(dst *int) bool {
	i := d.i
	neg := i < len(d.s) && d.s[i] == '-'
	if neg {
		i++
	}
	start := i
	n := 0
	for i < len(d.s) && '0' <= d.s[i] && d.s[i] <= '9' && i-start <= maxDigits {
		n = n*10 + int(d.s[i]-'0')
		i++
	}
	switch digits := i - start; {
	case digits == 0 || digits > maxDigits:
		return false
	case d.s[start] == '0' && (digits > 1 || neg):
		return false // "01" is not JSON; "-0" is left to encoding/json
	}
	if neg {
		n = -n
	}
	*dst, d.i = n, i
	return true
}

// str consumes a JSON string. One without escapes is a substring of s, taken
// as is: encoding/json also keeps such a string's bytes unchanged when they
// are valid UTF-8 free of control characters. A string with escapes is
// unescaped by unquote. Invalid UTF-8 and control characters decline: the
// first is replaced by encoding/json, the second refused, and both are left
// to it.
func (d *lineDecoder) str(dst *string) bool {
	s, i := d.s, d.i
	if i >= len(s) || s[i] != '"' {
		return false
	}
	i++
	n := strings.IndexByte(s[i:], '"')
	if n < 0 {
		return false
	}
	v := s[i : i+n]
	if strings.IndexByte(v, '\\') >= 0 {
		// The quote found may be escaped: unquote finds the real end.
		v, end, ok := unquote(s, i)
		if !ok {
			return false
		}
		*dst, d.i = v, end
		return true
	}
	if !plainText(v) {
		return false
	}
	*dst, d.i = v, i+n+1
	return true
}

// Bytes of eight lanes, for testing eight bytes of a string at once.
const (
	lanes01 = 0x0101010101010101
	lanes80 = 0x8080808080808080
)

// plainText reports whether v holds no control character (a byte below
// 0x20) and is valid UTF-8. It tests eight bytes at a time: (w - 0x20 in
// each lane) &^ w has a lane's top bit set only if some lane at or below it
// holds a byte under 0x20 (a borrow can spread a true finding upwards, never
// make a false one); ASCII-only text needs no UTF-8 check.
func plainText(v string) bool {
	var ctl, all uint64
	i := 0
	for ; i+8 <= len(v); i += 8 {
		w := load64(v, i)
		ctl |= (w - lanes01*0x20) &^ w
		all |= w
	}
	for ; i < len(v); i++ {
		if v[i] < 0x20 {
			return false
		}
		all |= uint64(v[i])
	}
	if ctl&lanes80 != 0 {
		return false
	}
	return all&lanes80 == 0 || utf8.ValidString(v)
}

// load64 reads s[i:i+8] as a little-endian word; the compiler makes it one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// unquote decodes the JSON string whose contents start at s[start], for one
// that holds escapes, and returns it with the index just past its closing
// quote. It declines (ok false) a string that encoding/json would refuse or
// change: a bad escape, a control character, invalid UTF-8, or a \u escape of
// a UTF-16 surrogate, whose pairing rules are left to encoding/json.
//
// The runs between escapes are checked one by one: an escape decodes to whole
// UTF-8 sequences, so the string is valid UTF-8 exactly when every run is.
func unquote(s string, start int) (v string, end int, ok bool) {
	var b []byte
	i := start
	for {
		// The plain run up to the next quote or backslash.
		j := i
		for j < len(s) && s[j] != '"' && s[j] != '\\' {
			j++
		}
		if j == len(s) || !plainText(s[i:j]) {
			return "", 0, false
		}
		b = append(b, s[i:j]...)
		if s[j] == '"' {
			return string(b), j + 1, true
		}
		if j+1 >= len(s) {
			return "", 0, false
		}
		i = j + 2
		switch e := s[j+1]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(s, i)
			if !ok || utf16.IsSurrogate(r) {
				return "", 0, false
			}
			b = utf8.AppendRune(b, r)
			i += 4
		default:
			return "", 0, false
		}
	}
}

// hex4 reads four hexadecimal digits at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// decodePassage decodes one line of the passages file: the canonical form
// directly, anything else as before the fast path existed: json.Unmarshal, or
// when strict a json.Decoder refusing unknown fields.
func decodePassage(line string, strict bool) (Passage, error) {
	if p, ok := fastPassage(line); ok {
		return p, nil
	}
	var p Passage
	var err error
	if strict {
		d := json.NewDecoder(strings.NewReader(line))
		d.DisallowUnknownFields()
		err = d.Decode(&p)
	} else {
		err = json.Unmarshal([]byte(line), &p)
	}
	if err != nil {
		return Passage{}, err
	}
	return p, nil
}

// passageLines holds the passages file decoded, before any passage is checked.
type passageLines struct {
	passages []Passage
	lines    []int32     // lines[i] is the 1-based line of passages[i]
	problems []lineError // the lines that are not passages, in order
	// tooLong is set when a line exceeds the line limit; as in eachLine, the
	// file is decoded no further.
	tooLong *FormatError
	n       int // the number of lines read
}

// lineError is a problem found on one line of the passages file.
type lineError struct {
	line int
	err  *FormatError
}

// parallelMin is the size of passages file worth splitting across cores.
const parallelMin = 1 << 20

// decodePassages decodes the passages file text, split at line boundaries
// into one part per core when the file is large. Lines are those of
// eachLine: split at "\n", trimmed of white space, blank ones skipped.
func decodePassages(text string, strict bool) passageLines {
	parts := 1
	if len(text) >= parallelMin {
		parts = min(runtime.GOMAXPROCS(0), len(text)/(parallelMin/2), 8)
	}
	if parts <= 1 {
		return decodePart(text, strict)
	}
	chunks := make([]string, 0, parts)
	for rest := text; rest != ""; {
		n := len(text) / parts
		if len(chunks) == parts-1 || n >= len(rest) {
			chunks = append(chunks, rest)
			break
		}
		if j := strings.IndexByte(rest[n:], '\n'); j >= 0 {
			n += j + 1
		} else {
			n = len(rest)
		}
		chunks, rest = append(chunks, rest[:n]), rest[n:]
	}
	// Each part decodes into its own stretch of one slice, as long as its
	// lines; the stretches are closed up afterwards where a part held blank
	// or faulty lines.
	counts := make([]int, len(chunks))
	var wg sync.WaitGroup
	for k, c := range chunks {
		wg.Go(func() { counts[k] = strings.Count(c, "\n") + 1 })
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	out := passageLines{passages: make([]Passage, total), lines: make([]int32, total)}
	adviseHuge(out.passages)
	results := make([]passageLines, len(chunks))
	starts := make([]int, len(chunks))
	at := 0
	for k, c := range chunks {
		starts[k] = at
		end := at + counts[k]
		r := &results[k]
		r.passages, r.lines = out.passages[at:at:end], out.lines[at:at:end]
		wg.Go(func() { decodeInto(r, c, strict) })
		at = end
	}
	wg.Wait()
	// Every chunk but the last ends with "\n", so chunk k's lines follow
	// those of the chunks before it.
	out.passages, out.lines = out.passages[:0], out.lines[:0]
	for k, r := range results {
		for _, l := range r.lines {
			out.lines = append(out.lines, l+int32(out.n))
		}
		// Moved down over the gap, if any (copy allows the overlap).
		n := len(out.passages)
		out.passages = out.passages[:n+len(r.passages)]
		if starts[k] != n {
			copy(out.passages[n:], r.passages)
		}
		for _, p := range r.problems {
			p.line += out.n
			p.err.Line = p.line
			out.problems = append(out.problems, p)
		}
		if r.tooLong != nil {
			r.tooLong.Line += out.n
			out.tooLong = r.tooLong
			break
		}
		out.n += r.n
	}
	return out
}

// decodePart decodes the lines of text, numbering them from 1.
func decodePart(text string, strict bool) passageLines {
	n := strings.Count(text, "\n") + 1
	out := passageLines{passages: make([]Passage, 0, n), lines: make([]int32, 0, n)}
	decodeInto(&out, text, strict)
	return out
}

// decodeInto decodes the lines of text into out, numbering them from 1.
func decodeInto(out *passageLines, text string, strict bool) {
	// The few source ids, versions and licences recur on every line. Each
	// passage shares one copy of each, so that later passes over the
	// passages (the source lookups, the index's documents) read a few
	// strings that stay in cache rather than bytes strewn across the file.
	seen := map[string]string{}
	var last [5]string // the interned strings of the line before
	intern := func(s *string) {
		if v, ok := seen[*s]; ok {
			*s = v
		} else {
			seen[*s] = *s
		}
	}
	for text != "" {
		out.n++
		raw, rest, _ := strings.Cut(text, "\n")
		text = rest
		if len(raw) >= maxLineBytes {
			out.tooLong = &FormatError{File: PassagesFile, Line: out.n, Msg: bufio.ErrTooLong.Error(), Corrupt: true}
			break
		}
		b := strings.TrimSpace(raw)
		if b == "" {
			continue
		}
		p, err := decodePassage(b, strict)
		if err != nil {
			msg := "not a passage: " + err.Error()
			if m := lineIDRE.FindStringSubmatch(b); m != nil {
				msg = "passage " + m[1] + ": " + msg
			}
			out.problems = append(out.problems, lineError{out.n, &FormatError{File: PassagesFile, Line: out.n, Msg: msg, Corrupt: true}})
			continue
		}
		// Most lines repeat the line before's: compared, not looked up.
		for k, s := range [...]*string{&p.SourceID, &p.SourceVersion, &p.License.ID, &p.License.Holder, &p.License.URL} {
			if *s == last[k] {
				*s = last[k]
			} else {
				intern(s)
				last[k] = *s
			}
		}
		out.passages = append(out.passages, p)
		out.lines = append(out.lines, int32(out.n))
	}
}
