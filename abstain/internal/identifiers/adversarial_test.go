package identifiers

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
)

// The adversarial identifier set: every identifier kind under every
// obfuscation a writer can use to slip a value past the screen, or that a
// copy and paste brings along:
//
//   - invisible: format and other invisible characters (U+200B, U+00AD,
//     U+2060, U+FEFF, ...) inside the value and its cue;
//   - unicode: the value's digits in another script (Arabic-Indic,
//     Devanagari, Bengali, Thai, full-width, mathematical, or mixed), and
//     its separators as look-alikes (U+2010, U+2212, U+2044, U+00B7, ...);
//   - spacing: odd spaces between cue and value (no-break, thin,
//     ideographic, tabs, runs), spaces around the value's separators,
//     digits spaced one by one;
//   - case: the cue and value in upper, lower or alternating case;
//   - cue: another spelling of the kind's cue ("D.O.B.", "hosp#", "Pt ref
//     no.", "MRN" touching its digits), with the value forms it is written
//     with (dates in words, Roman months, compact dates);
//   - spanish: Spanish cues and value forms in a Spanish question;
//   - mixed: a cue variant under two or three of the first four at once;
//
// and negatives, the generated reference texts under one of the first four,
// which must find nothing. Values are made up as in identifiers.jsonl.
//
//	go test ./abstain/internal/identifiers/ -run TestGenerateAdversarial -update
//
// rewrites testdata/adversarial.jsonl; without -update the test checks
// that the committed file is what the generator makes. TestAdversarialRecall
// measures the screen on it.

const adversarialPath = "testdata/adversarial.jsonl"

// adversarialPerCell is how many inputs each kind gets under each
// obfuscation.
const adversarialPerCell = 40

// goalAdversarialRecall is the recall each kind must reach on the set.
const goalAdversarialRecall = 0.995

var obfuscations = []string{"invisible", "unicode", "spacing", "case", "cue", "spanish", "mixed"}

func TestGenerateAdversarial(t *testing.T) {
	gen := generateAdversarial()
	checkGenerated(t, adversarialPath, "TestGenerateAdversarial", gen)
	// At least 5,000 positives; every kind under every obfuscation that
	// applies to it; each positive's offsets slice a value.
	cells := map[[2]string]int{}
	positives := 0
	for _, g := range gen {
		if g.Kind == "" {
			continue
		}
		positives++
		cells[[2]string{g.Kind, obfuscationOf(g)}]++
		if g.Start < 0 || g.End > len(g.Text) || g.Start >= g.End || !utf8.ValidString(g.Text[g.Start:g.End]) {
			t.Errorf("%s: offsets [%d,%d) do not slice a value", g.ID, g.Start, g.End)
		}
	}
	if positives < 5000 {
		t.Errorf("%d adversarial positives, want at least 5000", positives)
	}
	for _, k := range AllKinds() {
		for _, o := range obfuscations {
			if n := cells[[2]string{string(k), o}]; n < adversarialPerCell && !(k == KindName && o == "unicode") {
				t.Errorf("kind %s under %s: %d inputs, want %d", k, o, n, adversarialPerCell)
			}
		}
	}
}

// obfuscationOf returns the obfuscation a generated input's note names
// first.
func obfuscationOf(g labelled.Generated) string {
	o, _, _ := strings.Cut(g.Note, ":")
	return o
}

// TestAdversarialRecall measures the screen on the adversarial set: per
// kind, the share of inputs with a finding of the kind over the value, and
// the share whose value Redact removes whole; the share of negatives that
// find nothing. It fails below goalAdversarialRecall for a kind, and on any
// negative that finds something. Failures name ids and kinds, never text.
func TestAdversarialRecall(t *testing.T) {
	gen, err := labelled.ReadJSONL[labelled.Generated](adversarialPath)
	if err != nil {
		t.Fatalf("%v: run go test ./abstain/internal/identifiers/ -run TestGenerateAdversarial -update", err)
	}
	type ratio struct{ hit, n int }
	found, redacted := map[Kind]*ratio{}, map[Kind]*ratio{}
	byObf := map[string]*ratio{}
	var misses []string
	neg := ratio{}
	for _, g := range gen {
		fs := Find(g.Text)
		if g.Kind == "" {
			neg.n++
			if len(fs) == 0 {
				neg.hit++
			} else {
				t.Errorf("%s (negative, %s): finds %v", g.ID, obfuscationOf(g), Kinds(fs))
			}
			continue
		}
		k := Kind(g.Kind)
		for _, m := range []map[Kind]*ratio{found, redacted} {
			if m[k] == nil {
				m[k] = &ratio{}
			}
			m[k].n++
		}
		o := obfuscationOf(g)
		if byObf[o] == nil {
			byObf[o] = &ratio{}
		}
		byObf[o].n++
		hit := false
		for _, f := range fs {
			if f.Kind == k && f.Start < g.End && g.Start < f.End {
				hit = true
			}
		}
		if hit {
			found[k].hit++
			byObf[o].hit++
		} else {
			misses = append(misses, fmt.Sprintf("%s(%s,%s)", g.ID, k, o))
		}
		if covered(fs, g.Start, g.End, g.Text, k == KindAgeOver89) {
			redacted[k].hit++
		}
	}
	t.Logf("adversarial set: %d inputs; per kind, found and redacted whole", len(gen))
	for _, k := range AllKinds() {
		f, r := found[k], redacted[k]
		if f == nil {
			t.Errorf("kind %s: no adversarial inputs", k)
			continue
		}
		t.Logf("  %-22s found %.3f (%d/%d)  redacted whole %.3f (%d/%d)", k, float64(f.hit)/float64(f.n), f.hit, f.n, float64(r.hit)/float64(r.n), r.hit, r.n)
		if v := float64(f.hit) / float64(f.n); v < goalAdversarialRecall {
			t.Errorf("kind %s: recall %.3f (%d/%d) on the adversarial set, want at least %.3f", k, v, f.hit, f.n, goalAdversarialRecall)
		}
	}
	var os []string
	for o := range byObf {
		os = append(os, o)
	}
	sort.Strings(os)
	for _, o := range os {
		r := byObf[o]
		t.Logf("  obfuscation %-10s found %.3f (%d/%d)", o, float64(r.hit)/float64(r.n), r.hit, r.n)
	}
	t.Logf("  negatives that find nothing %.3f (%d/%d)", float64(neg.hit)/float64(neg.n), neg.hit, neg.n)
	if len(misses) > 0 {
		t.Logf("misses (id, kind, obfuscation): %s", strings.Join(misses, " "))
	}
}

// covered reports whether findings cover every visible character of
// text[start:end], or with digitsOnly every digit: an age's value is its
// number, and "years old" after it identifies no one.
func covered(fs []Finding, start, end int, text string, digitsOnly bool) bool {
	for i, r := range text[start:end] {
		at := start + i
		if unicode.IsSpace(r) || invisibleRune(r) || digitsOnly && !unicode.IsDigit(r) {
			continue
		}
		in := false
		for _, f := range fs {
			if f.Start <= at && at < f.End {
				in = true
			}
		}
		if !in {
			return false
		}
	}
	return true
}

func invisibleRune(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Variation_Selector, r)
}

// advTemplate is a cue and what follows the value, in a language, with the
// values that go with them.
type advTemplate struct {
	lang, pre, post string
	value           func(r *rng, lang string) string
}

func generateAdversarial() []labelled.Generated {
	r := &rng{s: 16}
	var out []labelled.Generated
	add := func(kind Kind, lang, note string, sg segment) {
		text, s, e := place(r, lang, sg, len(out)%3)
		out = append(out, labelled.Generated{ID: fmt.Sprintf("a%05d", len(out)+1), Text: text, Kind: string(kind), Start: s, End: e, Lang: lang, Note: note})
	}
	for _, k := range AllKinds() {
		for _, o := range obfuscations {
			for i := 0; i < adversarialPerCell; i++ {
				if k == KindName && o == "unicode" {
					break // a name holds no digit and no separator
				}
				lang, note, sg := adversarialInput(r, k, o, i)
				add(k, lang, note, sg)
			}
		}
	}
	// Negatives: the generated reference texts under one obfuscation each.
	var negs []labelled.Generated
	genNegatives(&rng{s: 20261130}, func(lang, note, text string) {
		negs = append(negs, labelled.Generated{Lang: lang, Note: note, Text: text})
	})
	for i, n := range negs {
		o := obfuscations[i%4]
		text, how := obfuscateWhole(r, o, n.Text)
		out = append(out, labelled.Generated{ID: fmt.Sprintf("a%05d", len(out)+1), Text: text, Lang: n.Lang, Note: o + ": " + how + "; " + n.Note})
	}
	return out
}

// adversarialInput makes the i-th input of kind k under obfuscation o.
func adversarialInput(r *rng, k Kind, o string, i int) (lang, note string, sg segment) {
	switch o {
	case "cue", "spanish", "mixed":
		ts := advTemplates[k]
		var pool []advTemplate
		for _, t := range ts {
			if o != "spanish" || t.lang == "es" {
				pool = append(pool, t)
			}
		}
		t := pool[i%len(pool)]
		sg = article(segment{t.pre, t.value(r, t.lang), t.post})
		lang, note = t.lang, fmt.Sprintf("%s: cue %q", o, strings.TrimSpace(t.pre+"…"+t.post))
		if o == "mixed" {
			var hows []string
			ops := []string{"invisible", "unicode", "spacing", "case"}
			first := r.intn(4)
			for j := 0; j < 2+r.intn(2); j++ {
				op := ops[(first+j)%4]
				var how string
				sg, how = obfuscate(r, op, k, sg)
				hows = append(hows, op+" "+how)
			}
			note += "; " + strings.Join(hows, ", ")
		}
		return lang, note, sg
	}
	// The first four: the generated set's phrasings, from its generators.
	for tries := 0; ; tries++ {
		lang, note, sg = baseInput(r, k, i+tries)
		if o != "unicode" || strings.ContainsAny(sg.value, "0123456789") || tries > 50 {
			break
		}
	}
	sg, how := obfuscate(r, o, k, article(sg))
	return lang, o + ": " + how + "; " + note, sg
}

// article moves a "the" or "el" before a date from the value to its cue:
// it identifies no one.
func article(sg segment) segment {
	for _, a := range []string{"the ", "el "} {
		if v, ok := strings.CutPrefix(sg.value, a); ok {
			return segment{sg.pre + a, v, sg.post}
		}
	}
	return sg
}

// baseInput draws an input of kind k from the generated set's generators.
func baseInput(r *rng, k Kind, i int) (lang, note string, sg segment) {
	capture := func(kind Kind, l, n string, s segment) { lang, note, sg = l, n, s }
	gens := map[Kind]func(*rng, adder, int){
		KindName: genName, KindDateOfBirth: genDOB, KindDate: genDate, KindAgeOver89: genAge, KindPhone: genPhone,
		KindFax: genFax, KindEmail: genEmail, KindURL: genURL, KindIPAddress: genIP, KindSSN: genSSN, KindMRN: genMRN,
		KindHealthPlan: genHealthPlan, KindAccount: genAccount, KindCard: genCard, KindLicence: genLicence,
		KindVehicle: genVehicle, KindDevice: genDevice, KindAddress: genAddress, KindZIP: genZIP,
	}
	gens[k](r, capture, i)
	if k == KindName && strings.Contains(note, "without a cue") && i%37 == 12 {
		// A name the first-name list lacks, without a cue, is an expected
		// miss of the generated set; here the name is a known one.
		sg.value = genFullName(r)
	}
	return lang, note, sg
}

// Invisible characters a value can carry: zero-width space, non-joiner
// and joiner, word joiner, byte order mark, soft hyphen, Mongolian vowel
// separator, invisible times and separator, combining grapheme joiner,
// Hangul filler, a tag space and a variation selector.
var invisibles = []rune{'\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u2062', '\u2063', '\u034f', '\u3164', '\U000e0020', '\ufe0f'}

// digitZeros are the zeros of the digit scripts the unicode obfuscation
// writes digits in.
var digitZeros = []rune{0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10, 0x1d7ce, 0x1d7ec, 0x1040, 0xae6}

// Look-alike separators.
var (
	dashLikes  = []string{"\u2010", "\u2011", "\u2012", "\u2013", "\u2212", "\ufe63", "\uff0d"}
	slashLikes = []string{"\u2044", "\u2215", "\uff0f"}
	dotLikes   = []string{"\u00b7", "\uff0e", "\u2024"}
	oddSpaces  = []string{"\u00a0", "\u2009", "\u202f", "\u3000", "\u2007", "  ", "\t", " \u00a0 "}
)

// obfuscate applies obfuscation op to a segment of kind k and says how.
func obfuscate(r *rng, op string, k Kind, sg segment) (segment, string) {
	switch op {
	case "invisible":
		n := 1 + r.intn(3)
		var used []string
		for j := 0; j < n; j++ {
			c := pick(r, invisibles)
			sg.value = insertAt(r, sg.value, string(c))
			used = append(used, fmt.Sprintf("%U", c))
		}
		if strings.TrimSpace(sg.pre) != "" && r.intn(2) == 0 {
			c := pick(r, invisibles)
			sg.pre = insertAt(r, sg.pre, string(c))
			used = append(used, fmt.Sprintf("%U in the cue", c))
		}
		return sg, strings.Join(used, " ")
	case "unicode":
		var how []string
		if strings.ContainsAny(sg.value, "0123456789") {
			mixed := r.intn(4) == 0
			zero := pick(r, digitZeros)
			sg.value = strings.Map(func(c rune) rune {
				if c < '0' || c > '9' {
					return c
				}
				if mixed {
					return pick(r, digitZeros) + c - '0'
				}
				return zero + c - '0'
			}, sg.value)
			if mixed {
				how = append(how, "digits in mixed scripts")
			} else {
				how = append(how, fmt.Sprintf("digits from %U", zero))
			}
		}
		if r.intn(2) == 0 {
			if v, ok := lookAlikeSeparators(r, sg.value); ok {
				sg.value = v
				how = append(how, "look-alike separators")
			}
		}
		return sg, strings.Join(how, ", ")
	case "spacing":
		var how []string
		switch v := sg.value; {
		case digitsAndSeparators(v) && countDigits(v) >= 4 && r.intn(2) == 0:
			sg.value = spaceDigits(v)
			how = append(how, "digits spaced one by one")
		case strings.ContainsAny(v, "-/") && countDigits(v) > 0 && k != KindURL && k != KindEmail:
			sg.value = spaceSeparators(v)
			how = append(how, "spaces around separators")
		case k == KindIPAddress && strings.Contains(v, "."):
			sg.value = strings.ReplaceAll(v, ".", " . ")
			how = append(how, "spaces around dots")
		case strings.Contains(v, " "):
			sp := pick(r, oddSpaces[:5])
			sg.value = strings.ReplaceAll(v, " ", sp)
			how = append(how, fmt.Sprintf("inner spaces as %U", []rune(sp)[0]))
		}
		if len(how) == 0 || r.intn(2) == 0 {
			sp := pick(r, oddSpaces)
			switch {
			case strings.HasSuffix(sg.pre, " "):
				sg.pre = strings.TrimRight(sg.pre, " ") + sp
			case sg.pre == "" && strings.HasPrefix(sg.post, " "):
				sg.post = sp + strings.TrimLeft(sg.post, " ")
			default:
				sg.pre += sp
			}
			how = append(how, fmt.Sprintf("cue spacing %+q", sp))
		}
		return sg, strings.Join(how, ", ")
	case "case":
		switch r.intn(3) {
		case 0:
			return segment{strings.ToUpper(sg.pre), strings.ToUpper(sg.value), strings.ToUpper(sg.post)}, "upper case"
		case 1:
			return segment{strings.ToLower(sg.pre), strings.ToLower(sg.value), strings.ToLower(sg.post)}, "lower case"
		}
		up := r.intn(2) == 0
		alt := func(s string) string {
			return strings.Map(func(c rune) rune {
				if !unicode.IsLetter(c) {
					return c
				}
				up = !up
				if up {
					return unicode.ToUpper(c)
				}
				return unicode.ToLower(c)
			}, s)
		}
		return segment{alt(sg.pre), alt(sg.value), alt(sg.post)}, "alternating case"
	}
	panic("unknown obfuscation " + op)
}

// obfuscateWhole applies one of the first four obfuscations to a whole
// text, a negative.
func obfuscateWhole(r *rng, op, text string) (string, string) {
	sg, how := obfuscate(r, op, "", segment{"", text, ""})
	return sg.pre + sg.value + sg.post, how
}

// insertAt inserts c at a random character boundary strictly inside s (at
// its end when s is one character).
func insertAt(r *rng, s, c string) string {
	var at []int
	for i := range s {
		if i > 0 {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return s + c
	}
	i := pick(r, at)
	return s[:i] + c + s[i:]
}

// lookAlikeSeparators replaces the separators beside digits with look-alikes.
func lookAlikeSeparators(r *rng, v string) (string, bool) {
	var b strings.Builder
	changed := false
	rs := []rune(v)
	for i, c := range rs {
		digitNear := i > 0 && unicode.IsDigit(rs[i-1]) || i+1 < len(rs) && unicode.IsDigit(rs[i+1])
		switch {
		case c == '-' && digitNear:
			b.WriteString(pick(r, dashLikes))
			changed = true
		case c == '/' && digitNear:
			b.WriteString(pick(r, slashLikes))
			changed = true
		case c == '.' && digitNear && i > 0 && unicode.IsDigit(rs[i-1]) && i+1 < len(rs) && unicode.IsDigit(rs[i+1]):
			b.WriteString(pick(r, dotLikes))
			changed = true
		default:
			b.WriteRune(c)
		}
	}
	return b.String(), changed
}

// spaceSeparators puts spaces around each '-' and '/' of v beside a digit:
// "A-5695873" as "A - 5695873"; "C/ Ejemplo" stays.
func spaceSeparators(v string) string {
	var b strings.Builder
	rs := []rune(v)
	for i, c := range rs {
		if (c == '-' || c == '/') && (i > 0 && unicode.IsDigit(rs[i-1]) || i+1 < len(rs) && unicode.IsDigit(rs[i+1])) {
			b.WriteString(" " + string(c) + " ")
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func digitsAndSeparators(v string) bool {
	for _, c := range v {
		if !('0' <= c && c <= '9' || c == '-' || c == '/' || c == ' ' || c == '.') {
			return false
		}
	}
	return true
}

func countDigits(v string) int {
	n := 0
	for _, c := range v {
		if unicode.IsDigit(c) {
			n++
		}
	}
	return n
}

// spaceDigits writes a number's digits one by one with single spaces,
// keeping its separators: "523-45" as "5 2 3 - 4 5".
func spaceDigits(v string) string {
	var parts []string
	for _, c := range v {
		if c == ' ' {
			continue
		}
		parts = append(parts, string(c))
	}
	return strings.Join(parts, " ")
}
