package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
)

// Language is the language of a text: an ISO 639-1 code ("en", "es"), or
// Undetermined.
type Language string

// Languages a Detector tells apart by name; it knows a few more (see
// languages.txt).
const (
	// English is the language the knowledge is written in, and the
	// detector's answer when the evidence is weak or mixed.
	English Language = "en"
	// Spanish questions are answered through the bilingual lexicon (see
	// Spanish).
	Spanish Language = "es"
	// Undetermined is a text in another script, or in a Latin-script
	// language the detector has no profile for but can tell is not English.
	Undetermined Language = "und"
)

// String returns the code.
func (l Language) String() string { return string(l) }

//go:embed languages.txt
var languageProfiles string

// Weights of the evidence kinds of languages.txt.
const (
	wordWeight = 1.0
	markWeight = 2.0
	pairWeight = 3.0
	gramWeight = 0.3
	charWeight = 1.5
	// maxGramsPerWord bounds the n-gram evidence one word gives.
	maxGramsPerWord = 2
	// maxCharEvidence bounds the evidence of one language's letters.
	maxCharEvidence = 3.0
	// lexiconWeight is the evidence of a Spanish word the bilingual lexicon
	// holds and English does not write.
	lexiconWeight = 1.0
	// minEvidence is the least evidence for another language than English.
	minEvidence = 1.5
	// englishShare: another language must outweigh English evidence by this
	// factor.
	englishShare = 1.3
	// minPieces is the least number of words, two-word sequences or
	// letters that must speak for another language than English: one
	// foreign word in an English question ("van der Woude syndrome",
	// "variabilis et progressiva") is a name, not a language.
	minPieces = 2
)

// Detector tells the language of a short text, such as a question, from
// profiles written by DermLiving: the common and marking words of each
// language, its two-word sequences, the character n-grams of its words and
// the letters it writes (see languages.txt), and the Spanish words of the
// bilingual lexicon. It uses no network and no model. A Detector is
// immutable and safe for concurrent use.
type Detector struct {
	words map[string]map[Language]float64 // as written, lower-cased
	fold  map[string]map[Language]float64 // diacritics removed
	pairs map[string]map[Language]float64 // "a b", folded
	grams map[string]map[Language]float64
	// gramList is the n-grams in order, so that the bound on a word's
	// n-grams always keeps the same ones.
	gramList []string
	chars    map[rune]map[Language]float64
	langs    []Language
}

// NewDetector returns the detector of the profiles shipped with this
// package, with the Spanish lexicon's Spanish-only words as evidence of
// Spanish.
func NewDetector() (*Detector, error) {
	d, err := ParseProfiles(strings.NewReader(languageProfiles))
	if err != nil {
		return nil, err
	}
	es, err := parseSpanish(strings.NewReader(spanishLexicon), false)
	if err != nil {
		return nil, err
	}
	english := map[string]bool{}
	for w, ls := range d.fold {
		if _, ok := ls[English]; ok {
			english[w] = true
		}
	}
	for _, t := range es.terms {
		for _, w := range strings.Fields(t.english) {
			english[Fold(w)] = true
		}
	}
	for _, t := range es.terms {
		for _, v := range t.spanish {
			for _, w := range detectorWords(v) {
				f := Fold(w)
				if english[f] || len(f) < 4 {
					continue
				}
				if d.fold[f] == nil {
					d.fold[f] = map[Language]float64{}
				}
				d.fold[f][Spanish] = max(d.fold[f][Spanish], lexiconWeight)
			}
		}
	}
	return d, nil
}

// ParseProfiles reads language profiles in the format of languages.txt.
func ParseProfiles(r io.Reader) (*Detector, error) {
	d := &Detector{words: map[string]map[Language]float64{}, fold: map[string]map[Language]float64{}, pairs: map[string]map[Language]float64{},
		grams: map[string]map[Language]float64{}, chars: map[rune]map[Language]float64{}}
	seen := map[Language]bool{}
	put := func(m map[string]map[Language]float64, k string, l Language, w float64) {
		if m[k] == nil {
			m[k] = map[Language]float64{}
		}
		m[k][l] = max(m[k][l], w)
	}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Fields(s)
		if len(f) < 3 {
			return nil, fmt.Errorf("lexicon: languages line %d: want a language, a kind and items", line)
		}
		l := Language(f[0])
		if !seen[l] {
			seen[l] = true
			d.langs = append(d.langs, l)
		}
		switch f[1] {
		case "word", "mark":
			w := wordWeight
			if f[1] == "mark" {
				w = markWeight
			}
			for _, x := range f[2:] {
				x = strings.ToLower(x)
				if rs := []rune(x); len(rs) == 1 && !unicode.IsLetter(rs[0]) {
					// A sign ("¿") is evidence wherever it stands.
					for _, r := range x {
						if d.chars[r] == nil {
							d.chars[r] = map[Language]float64{}
						}
						d.chars[r][l] = max(d.chars[r][l], charWeight)
					}
					continue
				}
				put(d.words, x, l, w)
				put(d.fold, Fold(x), l, w)
			}
		case "pair":
			for _, p := range strings.Split(strings.Join(f[2:], " "), ",") {
				ws := detectorWords(p)
				if len(ws) != 2 {
					// "est-ce que" and the like: every neighbouring two.
					for i := 0; i+1 < len(ws); i++ {
						put(d.pairs, Fold(ws[i])+" "+Fold(ws[i+1]), l, pairWeight)
					}
					continue
				}
				put(d.pairs, Fold(ws[0])+" "+Fold(ws[1]), l, pairWeight)
			}
		case "gram":
			for _, g := range f[2:] {
				put(d.grams, strings.ToLower(g), l, gramWeight)
			}
		case "char":
			for _, c := range f[2:] {
				for _, r := range strings.ToLower(c) {
					if d.chars[r] == nil {
						d.chars[r] = map[Language]float64{}
					}
					d.chars[r][l] = max(d.chars[r][l], charWeight)
				}
			}
		default:
			return nil, fmt.Errorf("lexicon: languages line %d: unknown kind %q", line, f[1])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: languages: %w", err)
	}
	if !seen[English] {
		return nil, fmt.Errorf("lexicon: languages: no profile for %s", English)
	}
	for g := range d.grams {
		d.gramList = append(d.gramList, g)
	}
	sort.Strings(d.gramList)
	return d, nil
}

// detectorWords splits text into lower-cased words. An elided article or
// pronoun keeps its apostrophe ("l'", "qu'"), so that French, Italian and
// Catalan elisions count as the words they are.
func detectorWords(text string) []string {
	var out []string
	rs := []rune(strings.ToLower(text))
	for i := 0; i < len(rs); {
		if !unicode.IsLetter(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		w := string(rs[i:j])
		if j < len(rs) && (rs[j] == '\'' || rs[j] == '’') && j+1 < len(rs) && unicode.IsLetter(rs[j+1]) {
			// English keeps its contractions whole ("don't", "it's").
			k := j + 1
			for k < len(rs) && unicode.IsLetter(rs[k]) {
				k++
			}
			if tail := string(rs[j+1 : k]); j-i <= 2 && tail != "s" && tail != "t" && tail != "m" && tail != "d" && tail != "ve" && tail != "re" && tail != "ll" {
				out = append(out, w+"'")
				i = j + 1
				continue
			}
			out = append(out, w+"'"+string(rs[j+1:k]))
			i = k
			continue
		}
		out = append(out, w)
		i = j
	}
	return out
}

// Scores returns the evidence for each language the profiles know, for
// tests and tuning.
func (d *Detector) Scores(text string) map[Language]float64 {
	score, _ := d.evidence(text)
	return score
}

// evidence returns each language's evidence and how many pieces of text
// (words, two-word sequences, its letters) gave it.
func (d *Detector) evidence(text string) (map[Language]float64, map[Language]int) {
	score := map[Language]float64{}
	pieces := map[Language]int{}
	add := func(m map[Language]float64) {
		for l, w := range m {
			score[l] += w / float64(len(m))
			pieces[l]++
		}
	}
	var prev string
	for _, w := range detectorWords(text) {
		f := Fold(strings.ReplaceAll(w, "’", "'"))
		if m, ok := d.words[w]; ok {
			add(m)
		} else if m, ok := d.fold[f]; ok {
			add(m)
		} else if len([]rune(w)) >= 3 {
			n := 0
			marked := "_" + w + "_"
			for _, g := range d.gramList {
				if n == maxGramsPerWord {
					break
				}
				if m := d.grams[g]; strings.Contains(marked, g) {
					for l, w := range m {
						score[l] += w / float64(len(m))
					}
					n++
				}
			}
		}
		if prev != "" {
			add(d.pairs[prev+" "+f])
		}
		prev = f
	}
	chars := map[Language]float64{}
	for _, r := range strings.ToLower(text) {
		for l, w := range d.chars[r] {
			chars[l] += w / float64(len(d.chars[r]))
		}
	}
	for l, w := range chars {
		score[l] += min(w, maxCharEvidence)
		pieces[l]++
	}
	return score, pieces
}

// Detect returns the language of text: Undetermined for a text written
// mostly in a script other than Latin; otherwise the language with the most
// evidence, when it has enough, from at least two words or signs, and
// clearly more than English; otherwise English. A text with no evidence at all ("psoriasis") is English: the
// knowledge's own words.
func (d *Detector) Detect(text string) Language {
	latin, other := 0, 0
	for _, r := range text {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r):
			latin++
		default:
			other++
		}
	}
	if other > latin {
		return Undetermined
	}
	score, pieces := d.evidence(text)
	type ls struct {
		l Language
		s float64
	}
	var all []ls
	for l, s := range score {
		all = append(all, ls{l, s})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].s != all[j].s {
			return all[i].s > all[j].s
		}
		return all[i].l < all[j].l
	})
	if len(all) == 0 || all[0].l == English || all[0].s < englishShare*score[English] {
		return English
	}
	best := all[0]
	// A text all of whose words speak for one language ("verrugas",
	// "culebrilla contagio") needs less evidence than a longer one.
	every := pieces[best.l] >= len(detectorWords(text)) && best.s >= wordWeight
	if !every && (best.s < minEvidence || pieces[best.l] < minPieces) {
		return English
	}
	return best.l
}
