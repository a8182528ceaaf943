package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

//go:embed spanish.txt
var spanishLexicon string

// SpanishLexiconText returns the source text of the bilingual lexicon, in
// the format NewSpanish reads (see spanish.txt).
func SpanishLexiconText() string { return spanishLexicon }

// Translator puts Spanish dermatology questions into English, with the
// bilingual lexicon written by DermLiving (spanish.txt): frames that say
// what kind of answer a question asks for and how English asks it ("¿qué
// causa …?": "What causes …?"), and terms for conditions with their lay and
// regional names ("culebrilla": shingles, "mezquinos": warts), body sites,
// symptoms, treatments and everyday words. It is not a general translator:
// words it lacks are matched to its own by sound and spelling, or passed
// through as written, so that a topic the knowledge lacks stays unknown
// rather than becoming another. A Translator is immutable and safe for
// concurrent use.
type Translator struct {
	stop   map[string]bool
	frames []frame // wh-frames, then yes/no openings
	byLead map[string][]phrase
	vocab  []string            // keys of the lexicon's words
	phon   map[string][]string // sound of a key -> keys
	terms  []spanishTerm
}

// frame is one kind of Spanish question and the English that asks it.
type frame struct {
	name     string
	en, also string
	yesno    bool
	res      []*regexp.Regexp
}

// keepGroup names the part of a frame's pattern that is the question's
// topic, not its frame: "que (?P<keep>protector solar) es mejor para".
const keepGroup = "keep"

// phrase is a lexicon term: the keys of its Spanish words, articles left
// out, and its English. A protected phrase ("después del tratamiento") is
// read as a term before frames are looked for, so that no frame takes its
// words.
type phrase struct {
	keys      []string
	english   string
	protected bool
	adjective bool
}

// spanishTerm is one term line as written.
type spanishTerm struct {
	spanish []string
	english string
}

// Translation is a Spanish question put into English.
type Translation struct {
	// English is the question in English: the template of the frame that
	// opens the Spanish question (or its yes/no opening) around the
	// translation of its other words, in their order.
	English string
	// Frames names the frames matched, in order ("cause", "treatment").
	Frames []string
	// Unknown lists the words neither the lexicon nor its stop words hold,
	// passed through as written (accents removed).
	Unknown []string
}

// NewSpanish returns the translator of the lexicon shipped with this
// package.
func NewSpanish() (*Translator, error) {
	return parseSpanish(strings.NewReader(spanishLexicon), true)
}

// ParseSpanish reads a lexicon in the format of spanish.txt.
func ParseSpanish(r io.Reader) (*Translator, error) { return parseSpanish(r, true) }

// parseSpanish reads a lexicon; without compile, its frames' patterns are
// left out (the detector reads only its terms).
func parseSpanish(r io.Reader, compile bool) (*Translator, error) {
	t := &Translator{stop: map[string]bool{}, byLead: map[string][]phrase{}, phon: map[string][]string{}}
	var cur *frame
	section := ""
	var yesno []frame
	flush := func() {
		if cur == nil {
			return
		}
		if cur.yesno {
			yesno = append(yesno, *cur)
		} else {
			t.frames = append(t.frames, *cur)
		}
		cur = nil
	}
	vocab := map[string]bool{}
	adjectives := false
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			flush()
			f := strings.Fields(s[1 : len(s)-1])
			if len(f) == 0 {
				return nil, fmt.Errorf("lexicon: spanish line %d: empty section", line)
			}
			section = f[0]
			switch section {
			case "frame", "yesno":
				if len(f) != 2 {
					return nil, fmt.Errorf("lexicon: spanish line %d: want [%s NAME]", line, section)
				}
				cur = &frame{name: f[1], yesno: section == "yesno"}
			case "stop":
			case "terms":
				adjectives = len(f) > 1 && f[1] == "adjectives"
			default:
				return nil, fmt.Errorf("lexicon: spanish line %d: unknown section %q", line, section)
			}
			continue
		}
		switch section {
		case "stop":
			for _, w := range strings.Fields(s) {
				t.stop[spanishKey(foldSpanish(w))] = true
			}
		case "frame", "yesno":
			k, v, ok := strings.Cut(s, ":")
			if !ok {
				return nil, fmt.Errorf("lexicon: spanish line %d: want KEY: VALUE", line)
			}
			v = strings.TrimSpace(v)
			switch strings.TrimSpace(k) {
			case "en":
				if !strings.Contains(v, "{}") {
					return nil, fmt.Errorf("lexicon: spanish line %d: template without {}", line)
				}
				cur.en = v
			case "also":
				cur.also = v
			case "es":
				if !compile {
					cur.res = append(cur.res, nil)
					continue
				}
				re, err := regexp.Compile(`\b(?:` + v + `)\b`)
				if err != nil {
					return nil, fmt.Errorf("lexicon: spanish line %d: %v", line, err)
				}
				cur.res = append(cur.res, re)
			default:
				return nil, fmt.Errorf("lexicon: spanish line %d: unknown key %q", line, k)
			}
		case "terms":
			protected := strings.HasPrefix(s, "!")
			es, en, ok := strings.Cut(strings.TrimPrefix(s, "!"), "=")
			en = strings.TrimSpace(en)
			if !ok || en == "" {
				return nil, fmt.Errorf("lexicon: spanish line %d: want SPANISH, ... = ENGLISH", line)
			}
			term := spanishTerm{english: en}
			for _, v := range strings.Split(es, ",") {
				v = strings.TrimSpace(v)
				if v == "" {
					continue
				}
				term.spanish = append(term.spanish, v)
				var keys []string
				for _, w := range spanishWords(v) {
					k := spanishKey(w)
					if articles[k] {
						continue
					}
					keys = append(keys, k)
					if !t.stop[k] {
						vocab[k] = true
					}
				}
				if len(keys) == 0 {
					return nil, fmt.Errorf("lexicon: spanish line %d: %q has no words", line, v)
				}
				t.byLead[keys[0]] = append(t.byLead[keys[0]], phrase{keys: keys, english: en, protected: protected, adjective: adjectives})
			}
			if len(term.spanish) == 0 {
				return nil, fmt.Errorf("lexicon: spanish line %d: no Spanish", line)
			}
			t.terms = append(t.terms, term)
		default:
			return nil, fmt.Errorf("lexicon: spanish line %d: outside a section", line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: spanish: %w", err)
	}
	flush()
	for _, f := range append(slices.Clone(t.frames), yesno...) {
		if f.en == "" || len(f.res) == 0 {
			return nil, fmt.Errorf("lexicon: spanish: frame %s needs en: and es: lines", f.name)
		}
	}
	t.frames = append(t.frames, yesno...)
	for k, ps := range t.byLead {
		// Longest phrases first, so that matching is greedy.
		slices.SortStableFunc(ps, func(a, b phrase) int { return len(b.keys) - len(a.keys) })
		t.byLead[k] = ps
	}
	for k := range vocab {
		t.vocab = append(t.vocab, k)
	}
	slices.Sort(t.vocab)
	for _, k := range t.vocab {
		p := sound(k)
		t.phon[p] = append(t.phon[p], k)
	}
	return t, nil
}

// Len reports the number of term entries (lines) in the lexicon.
func (t *Translator) Len() int { return len(t.terms) }

// Frames reports the number of frames and yes/no openings.
func (t *Translator) Frames() int { return len(t.frames) }

// articles are left out of phrase matching: "tiña de la cabeza" and "tiña
// de cabeza" are one term.
var articles = map[string]bool{"el": true, "la": true, "los": true, "las": true, "lo": true, "un": true, "una": true, "uno": true, "unos": true, "unas": true}

// token is one word of a question.
type token struct {
	raw   string // lower-cased, accents removed, ñ kept
	key   string
	start int // byte offset in the frame text
	end   int
}

// Translate puts a Spanish question into English (see Translation).
func (t *Translator) Translate(question string) Translation {
	words := spanishWords(question)
	toks := make([]token, len(words))
	var ft strings.Builder // the frame text: words folded to ASCII, one space apart
	for i, w := range words {
		if i > 0 {
			ft.WriteByte(' ')
		}
		toks[i] = token{raw: w, key: spanishKey(w), start: ft.Len()}
		// Frames read "quitarlos" as "quitar".
		if b := unclitic(w); b != "" {
			w = b
		}
		ft.WriteString(strings.ReplaceAll(w, "ñ", "n"))
		toks[i].end = ft.Len()
	}
	text := ft.String()
	questionLike := strings.ContainsAny(question, "?¿")

	// Protected phrases are terms before they are anything else.
	prot := make([]phrase, len(toks)) // the phrase at its first token
	protLen := make([]int, len(toks))
	guarded := make([]bool, len(toks))
	for i := 0; i < len(toks); {
		if p, n, ok := t.phraseAt(toks, guarded, i, true); ok {
			prot[i], protLen[i] = p, n
			for j := i; j < i+n; j++ {
				guarded[j] = true
			}
			i += n
			continue
		}
		i++
	}

	// Frames: leftmost-longest, wh-frames before yes/no openings.
	type match = frameMatch
	pick := func(yesno bool) []match {
		var all []match
		for i := range t.frames {
			f := &t.frames[i]
			if f.yesno != yesno {
				continue
			}
			for _, re := range f.res {
				keep := re.SubexpIndex(keepGroup)
			next:
				for _, loc := range re.FindAllStringSubmatchIndex(text, -1) {
					if loc[1] <= loc[0] {
						continue
					}
					m := match{f: f, start: loc[0], end: loc[1], keepStart: -1, keepEnd: -1}
					if keep >= 0 {
						m.keepStart, m.keepEnd = loc[2*keep], loc[2*keep+1]
					}
					for i, tk := range toks {
						if guarded[i] && tk.start < m.end && m.start < tk.end && !m.keeps(tk) {
							continue next
						}
					}
					all = append(all, m)
				}
			}
		}
		slices.SortStableFunc(all, func(a, b match) int {
			if a.start != b.start {
				return a.start - b.start
			}
			return (b.end - b.start) - (a.end - a.start)
		})
		var out []match
		for _, m := range all {
			if len(out) > 0 && m.start < out[len(out)-1].end {
				continue
			}
			out = append(out, m)
		}
		return out
	}
	chosen := pick(false)
	if len(chosen) == 0 {
		chosen = pick(true)
		if len(chosen) > 1 {
			chosen = chosen[:1]
		}
	}
	used := make([]bool, len(toks))
	var tr Translation
	for _, m := range chosen {
		for i, tk := range toks {
			if tk.start < m.end && m.start < tk.end && !m.keeps(tk) {
				used[i] = true
			}
		}
	}

	// The other words, in order: lexicon phrases (longest first), stop words
	// dropped, the rest matched by sound and spelling or passed through.
	// The pieces of the English, each with where its Spanish starts and
	// ends, so that an adjective that follows its noun goes before it.
	type piece struct {
		en         string
		adj        bool
		start, end int // token span
	}
	var pieces []piece
	add := func(en string, adj bool, start, end int) {
		// "melasma o paño": one melasma.
		if len(pieces) > 0 && pieces[len(pieces)-1].en == en {
			return
		}
		pieces = append(pieces, piece{en, adj, start, end})
	}
	for i := 0; i < len(toks); {
		if used[i] {
			i++
			continue
		}
		if protLen[i] > 0 {
			add(prot[i].english, prot[i].adjective, i, i+protLen[i])
			i += protLen[i]
			continue
		}
		if p, n, ok := t.phraseAt(toks, used, i, false); ok {
			add(p.english, p.adjective, i, i+n)
			i += n
			continue
		}
		tk := toks[i]
		i++
		switch {
		case isNumber(tk.raw):
			add(tk.raw, false, i-1, i)
		case t.stop[tk.key] || articles[tk.key]:
		default:
			tr.Unknown = append(tr.Unknown, Fold(tk.raw))
			add(cognate(Fold(tk.raw)), false, i-1, i)
		}
	}
	// "urticaria crónica", "moluscos rojos e hinchados": the adjectives
	// that follow a noun (joined by "y" or "e") go before it.
	for i := 1; i < len(pieces); i++ {
		if !pieces[i].adj || pieces[i-1].adj {
			continue
		}
		j := i
		for j+1 < len(pieces) && pieces[j+1].adj && t.joined(toks, pieces[j].end, pieces[j+1].start) {
			j++
		}
		if !t.joined(toks, pieces[i-1].end, pieces[i].start) {
			i = j
			continue
		}
		noun := pieces[i-1]
		copy(pieces[i-1:], pieces[i:j+1])
		pieces[j] = noun
		i = j
	}
	content := make([]string, len(pieces))
	for i, p := range pieces {
		content[i] = p.en
	}
	body := strings.Join(content, " ")

	seen := map[string]bool{}
	var b strings.Builder
	for _, m := range chosen {
		if seen[m.f.name] {
			continue
		}
		seen[m.f.name] = true
		tr.Frames = append(tr.Frames, m.f.name)
		if b.Len() == 0 {
			b.WriteString(strings.Replace(m.f.en, "{}", body, 1))
		} else if m.f.also != "" {
			b.WriteString(" " + m.f.also)
		}
	}
	switch {
	case b.Len() > 0:
	case questionLike:
		b.WriteString("Can " + body)
	default:
		// A string of words with no question in it ("tratamiento sarna
		// niños") stays one.
		tr.English = body
		return tr
	}
	tr.English = strings.Join(strings.Fields(b.String()), " ") + "?"
	return tr
}

// joined reports whether the tokens from end to start (exclusive) join two
// words of one phrase: none, or only "y", "e" or an article.
func (t *Translator) joined(toks []token, end, start int) bool {
	for k := end; k < start; k++ {
		if w := toks[k].key; w != "y" && w != "e" && !articles[w] {
			return false
		}
	}
	return end <= start
}

// frameMatch is where a frame's pattern matched the frame text, and the
// part of it that is the question's topic (keepStart < 0 when none).
type frameMatch struct {
	f                  *frame
	start, end         int
	keepStart, keepEnd int
}

// keeps reports whether the token lies in the match's topic part.
func (m frameMatch) keeps(tk token) bool {
	return m.keepStart >= 0 && m.keepStart <= tk.start && tk.end <= m.keepEnd
}

// phraseAt returns the English of the longest lexicon phrase (only a
// protected one when protectedOnly) that starts at toks[i], skipping
// articles, and how many tokens it spans. A word the lexicon lacks may
// match one of its words by sound and spelling.
func (t *Translator) phraseAt(toks []token, used []bool, i int, protectedOnly bool) (phrase, int, bool) {
	if articles[toks[i].key] || t.stop[toks[i].key] && len(t.byLead[toks[i].key]) == 0 {
		return phrase{}, 0, false
	}
	// The keys from i on, articles skipped, with how many tokens each
	// reaches.
	var keys []string
	var reach []int
	for j := i; j < len(toks) && !used[j] && len(keys) < 8; j++ {
		if articles[toks[j].key] && j > i {
			continue
		}
		k := toks[j].key
		if !t.known(k) && !t.stop[k] && !articles[k] {
			if b := unclitic(toks[j].raw); b != "" && t.known(spanishKey(b)) {
				k = spanishKey(b)
			} else if c, ok := t.closest(toks[j].raw, k); ok {
				k = c
			}
		}
		keys = append(keys, k)
		reach = append(reach, j-i+1)
	}
	if len(keys) == 0 {
		return phrase{}, 0, false
	}
	for _, p := range t.byLead[keys[0]] {
		if protectedOnly && !p.protected {
			continue
		}
		if len(p.keys) <= len(keys) && slices.Equal(p.keys, keys[:len(p.keys)]) {
			return p, reach[len(p.keys)-1], true
		}
	}
	return phrase{}, 0, false
}

// known reports whether a key is a word of the lexicon's terms.
func (t *Translator) known(k string) bool {
	if _, ok := t.byLead[k]; ok {
		return true
	}
	_, ok := slices.BinarySearch(t.vocab, k)
	return ok
}

// clitics are the pronouns Spanish joins to an infinitive or gerund
// ("quitarlos", "lavándolas"), longest first.
var clitics = []string{"selos", "selas", "sela", "selo", "melo", "mela", "telo", "tela", "nos", "los", "las", "les", "lo", "la", "le", "se", "me", "te"}

// unclitic returns a verb without the pronouns joined to it ("quitarlos":
// "quitar"), or "" when the word is not an infinitive or gerund with one.
func unclitic(w string) string {
	for _, c := range clitics {
		if b, ok := strings.CutSuffix(w, c); ok && len(b) >= 4 {
			for _, end := range []string{"ar", "er", "ir", "ando", "iendo"} {
				if strings.HasSuffix(b, end) {
					return b
				}
			}
		}
	}
	return ""
}

// closest returns the lexicon word a word the lexicon lacks was meant to
// be: one of five letters or more that sounds the same ("berrugas":
// verrugas, "ampoyas": ampollas, "erpes": herpes), or, for a word of six
// letters or more, one or (from eight letters) two edits away with the same
// first letter, the edits not all in its ending. Ties match nothing.
func (t *Translator) closest(raw, key string) (string, bool) {
	if utf8.RuneCountInString(raw) < 5 || t.stop[key] {
		return "", false
	}
	if c := t.phon[sound(key)]; len(c) == 1 {
		return c[0], true
	}
	if utf8.RuneCountInString(raw) < 6 {
		// Short words are other words more often than slips: "comer" is
		// not "coger".
		return "", false
	}
	limit := 1
	if utf8.RuneCountInString(key) >= 8 {
		limit = 2
	}
	best, bestD, ties := "", limit+1, 0
	for _, v := range t.vocab {
		if abs(len(v)-len(key)) > limit || v[0] != key[0] || inflection(key, v) {
			continue
		}
		d := EditDistance(key, v, limit)
		switch {
		case d < bestD:
			best, bestD, ties = v, d, 0
		case d == bestD:
			ties++
		}
	}
	if best == "" || ties > 0 || bestD > limit {
		return "", false
	}
	return best, true
}

// cognateEndings turn the endings of Spanish words the lexicon lacks into
// their usual English ones, so that a cognate ("prevención", "genético")
// meets its English word and a medical name ("pénfigo foliáceo") keeps the
// shape of one.
var cognateEndings = []struct{ es, en string }{
	{"ccion", "ction"}, {"cion", "tion"}, {"mente", "ly"}, {"aceo", "aceus"}, {"acea", "acea"},
	{"ico", "ic"}, {"ica", "ic"}, {"oso", "ous"}, {"osa", "ous"},
}

// cognate returns a folded word with a Spanish ending put into English
// ("prevencion": "prevention"), or the word.
func cognate(w string) string {
	if utf8.RuneCountInString(w) < 6 {
		return w
	}
	for _, e := range cognateEndings {
		if b, ok := strings.CutSuffix(w, e.es); ok {
			return b + e.en
		}
	}
	return w
}

// inflection reports whether two words differ only in their last two
// letters: "volver" and "volverse", "pican" and "picar" are forms of a word
// (or of two), not a slip of the pen.
func inflection(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	return n >= min(len(ra), len(rb))-2
}

// spanishWords splits text into lower-cased words, accents removed but ñ
// kept; digits make words too.
func spanishWords(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out = append(out, foldSpanish(f))
	}
	return out
}

// foldSpanish folds a word (see Fold) but keeps ñ, which tells "uña" from
// "una" and "año" from "ano".
func foldSpanish(w string) string {
	if !strings.ContainsAny(w, "ñÑ") {
		return Fold(w)
	}
	parts := strings.FieldsFunc(w, func(r rune) bool { return r == 'ñ' || r == 'Ñ' })
	var b strings.Builder
	rest := w
	for _, p := range parts {
		i := strings.Index(rest, p)
		for range utf8.RuneCountInString(rest[:i]) {
			b.WriteString("ñ")
		}
		b.WriteString(Fold(p))
		rest = rest[i+len(p):]
	}
	for range utf8.RuneCountInString(rest) {
		b.WriteString("ñ")
	}
	return b.String()
}

// spanishKey is a folded word's light stem: plural -s (and -ces as -z), a
// final -e after a consonant, and a final -a read as -o; "del" and "al" are
// "de" and "a". Two forms of one word ("lunar", "lunares"; "contagiosa",
// "contagiosos") share a key.
func spanishKey(w string) string {
	switch w {
	case "del":
		return "de"
	case "al":
		return "a"
	}
	rs := []rune(w)
	n := len(rs)
	switch {
	case n > 4 && strings.HasSuffix(w, "ces"):
		rs = append(rs[:n-3], 'z')
	case n > 3 && rs[n-1] == 's':
		rs = rs[:n-1]
	}
	n = len(rs)
	if n >= 4 && rs[n-1] == 'e' && !isVowel(rs[n-2]) {
		rs = rs[:n-1]
	}
	n = len(rs)
	if n >= 4 && rs[n-1] == 'a' {
		rs[n-1] = 'o'
	}
	return string(rs)
}

func isVowel(r rune) bool { return strings.ContainsRune("aeiou", r) }

// sound is how a key sounds in Spanish, spelled one way: b and v, s, z and
// soft c, ll and y, k, qu and hard c, silent h, doubled letters, ñ as n,
// and a silent p before s at the start ("psoriasis", "soriasis").
func sound(k string) string {
	s := strings.NewReplacer("ñ", "n", "ll", "y", "qu", "k", "ch", "X").Replace(k)
	if strings.HasPrefix(s, "ps") {
		s = s[1:]
	}
	var b []rune
	rs := []rune(s)
	for i, r := range rs {
		next := rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch r {
		case 'h':
			continue
		case 'v':
			r = 'b'
		case 'z':
			r = 's'
		case 'c':
			if next == 'e' || next == 'i' {
				r = 's'
			} else {
				r = 'k'
			}
		case 'x':
			b = append(b, 'k')
			r = 's'
		}
		if len(b) > 0 && b[len(b)-1] == r {
			continue
		}
		b = append(b, r)
	}
	return string(b)
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
