package decision

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// The learned half of the clinical-decision screen: a logistic regression
// over the words, word pairs and a few cue features of the folded question.
// Its features and weights live in decision_model.txt, an embedded data
// file, and its threshold, veto and bias and the file's checksum in
// decision_model.go; gen.go generates both from the labelled training
// splits with the trainer of train.go (go generate ./abstain/...). This file
// holds what both the trainer and the screen share: the features and the
// score. The screen asks the model only about questions no rule
// matched.

// maxFeatureToken is the longest token, in bytes, that makes a feature;
// longer runs (URLs, pasted junk) make none.
const maxFeatureToken = 32

// maxModelFeatures is the most features of one question the model counts;
// a longer question's later features are ignored.
const maxModelFeatures = 256

// featureStart and featureQuestion are the tokens for the start of the text
// and a question mark: "^ is" and "? should" are word pairs like others.
const (
	featureStart    = "^"
	featureQuestion = "?"
)

// Cue features stand for word classes that the words alone would need many
// examples to learn, in English and Spanish.
const (
	cueOwner      = "#owner"      // my, our, mi, nuestro
	cueThird      = "#third"      // his, her, their, su
	cueKin        = "#kin"        // son, wife, hijo, abuela
	cuePatient    = "#patient"    // patient, paciente
	cueAge        = "#age"        // 45-year-old, 45m, 8 yo, 30 anos
	cueImage      = "#image"      // photo, attached, foto, adjunto
	cueSelfModal  = "#selfmodal"  // should i, can i, debo, puedo
	cueDeictic    = "#deictic"    // is this, could this, es esto, sera
	cuePopulation = "#population" // people, someone, usually, en general
)

// cueOf returns the cue a single word stands for, or "".
func cueOf(w string) string {
	switch w {
	case "my", "our", "mi", "mis", "nuestro", "nuestra", "nuestros", "nuestras":
		return cueOwner
	case "his", "her", "their", "su", "sus":
		return cueThird
	case "son", "daughter", "mother", "father", "mom", "mum", "dad", "husband", "wife", "partner", "boyfriend", "girlfriend", "brother", "sister", "grandmother", "grandfather", "grandma", "grandpa", "baby", "toddler", "kid", "aunt", "uncle", "niece", "nephew", "friend", "roommate",
		"hijo", "hija", "madre", "padre", "mama", "papa", "marido", "esposo", "esposa", "mujer", "pareja", "novio", "novia", "hermano", "hermana", "abuela", "abuelo", "bebe", "nieto", "nieta", "tia", "tio", "sobrino", "sobrina", "amigo", "amiga":
		return cueKin
	case "patient", "patients", "paciente", "pacientes", "client":
		return cuePatient
	case "photo", "photos", "picture", "pictures", "pic", "pics", "image", "images", "attached", "uploaded", "screenshot", "foto", "fotos", "imagen", "imagenes", "adjunto", "adjunta", "adjuntas", "adjuntos":
		return cueImage
	case "debo", "deberia", "puedo", "podria", "necesito":
		return cueSelfModal
	case "people", "someone", "somebody", "anyone", "usually", "generally", "typically", "general", "common", "personas", "alguien", "gente", "suele", "suelen", "normalmente":
		return cuePopulation
	}
	return ""
}

// pairCue returns the cue a pair of words stands for, or "".
func pairCue(a, b string) string {
	switch a {
	case "should", "can", "could":
		switch b {
		case "i", "we":
			return cueSelfModal
		case "this", "it":
			if a == "could" {
				return cueDeictic
			}
		}
	case "do", "may":
		if b == "i" {
			return cueSelfModal
		}
	case "tengo":
		if b == "que" {
			return cueSelfModal
		}
	case "is":
		if b == "this" || b == "it" || b == "that" {
			return cueDeictic
		}
	case "are":
		if b == "these" {
			return cueDeictic
		}
	case "es", "sera":
		if b == "esto" {
			return cueDeictic
		}
	case "que":
		if b == "es" {
			return cueDeictic
		}
	case "what":
		if b == "is" {
			return cueDeictic
		}
	}
	return ""
}

// ageUnit reports whether w after a number makes an age: "45 year old",
// "8 yo", "30 anos".
func ageUnit(w string) bool {
	switch w {
	case "year", "years", "yr", "yrs", "yo", "y", "month", "months", "week", "weeks", "ano", "anos", "mes", "meses", "semanas":
		return true
	}
	return false
}

// ageToken reports whether w is a number glued to a sex or an age unit:
// "45m", "72f", "8yo", "45yom".
func ageToken(w string) bool {
	switch w {
	case "0m", "0f", "0yo", "0yof", "0yom", "0y", "0h", "0v":
		return true
	}
	return false
}

// appendDecisionTokens appends q's tokens to dst, starting with
// featureStart. A word is a run of letters, digits and inner apostrophes;
// "?" is a token; everything else separates words. Words are sliced from q
// when they hold no digit, so tokenising allocates only for numbers.
func appendDecisionTokens(dst []string, q string) []string {
	dst = append(dst, featureStart)
	for i := 0; i < len(q); {
		r, n := rune(q[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(q[i:])
		}
		if r == '?' {
			dst = append(dst, featureQuestion)
			i++
			continue
		}
		if !wordRune(r) {
			i += n
			continue
		}
		j, digits := i, false
		for j < len(q) {
			r, n := rune(q[j]), 1
			if r >= utf8.RuneSelf {
				r, n = utf8.DecodeRuneInString(q[j:])
			}
			if r == '\'' && j+1 < len(q) && j > i && lex.IsLower(q[j+1]) {
				j++
				continue
			}
			if !wordRune(r) {
				break
			}
			digits = digits || '0' <= r && r <= '9'
			j += n
		}
		w := q[i:j]
		if digits {
			w = squashDigits(w)
		}
		if len(w) <= maxFeatureToken {
			dst = append(dst, w)
		}
		i = j
	}
	return dst
}

func wordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return lex.IsLower(byte(r)) || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// squashDigits writes each run of digits in w as "0".
func squashDigits(w string) string {
	b := make([]byte, 0, len(w))
	for i := 0; i < len(w); i++ {
		if '0' <= w[i] && w[i] <= '9' {
			if len(b) == 0 || b[len(b)-1] != '0' {
				b = append(b, '0')
			}
			continue
		}
		b = append(b, w[i])
	}
	return string(b)
}

// featureIter yields the features of the tokens of a folded question, once
// per occurrence: each word, the pair of it and the word before joined by a
// space, and the cues. The model counts a feature once however often it
// occurs. An iterator rather than a callback keeps the key buffer on the
// caller's stack.
type featureIter struct {
	tokens []string
	i      int // the token
	step   int // the feature of token i that comes next
	buf    [2*maxFeatureToken + 1]byte
}

// next returns the next feature, valid until the following call, or false
// at the end.
func (it *featureIter) next() ([]byte, bool) {
	for it.i < len(it.tokens) {
		w, prev := it.tokens[it.i], ""
		if it.i > 0 {
			prev = it.tokens[it.i-1]
		}
		step := it.step
		it.step++
		switch step {
		case 0:
			return append(it.buf[:0], w...), true
		case 1:
			if it.i > 0 {
				return append(append(append(it.buf[:0], prev...), ' '), w...), true
			}
		case 2:
			if c := pairCue(prev, w); it.i > 0 && c != "" {
				return append(it.buf[:0], c...), true
			}
		case 3:
			if prev == "0" && ageUnit(w) {
				return append(it.buf[:0], cueAge...), true
			}
		case 4:
			if c := cueOf(w); c != "" {
				return append(it.buf[:0], c...), true
			}
		case 5:
			if ageToken(w) {
				return append(it.buf[:0], cueAge...), true
			}
		default:
			it.i++
			it.step = 0
		}
	}
	return nil, false
}

// scoreNeutralized returns the model's probability that folded question q,
// which the neutral rewrites have already read (neutralize), asks for a
// decision about a particular person. The model reads questions as the
// rules do, so that a framing the rewrites know as general ("how should I
// apply sunscreen", "can I get scabies from my cat") weighs as little for
// the model as for the rules.
func scoreNeutralized(q string) float64 {
	m := decisionTables()
	var arr [64]string
	it := featureIter{tokens: appendDecisionTokens(arr[:0], q)}
	z := float64(decisionModelBias)
	var seen [maxModelFeatures]uint16 // to count each feature once
	n := 0
next:
	for key, ok := it.next(); ok && n < maxModelFeatures; key, ok = it.next() {
		i, ok := m.index(key)
		if !ok {
			continue
		}
		for _, s := range seen[:n] {
			if s == i {
				continue next
			}
		}
		seen[n] = i
		n++
		z += float64(m.weights[i])
	}
	return 1 / (1 + math.Exp(-z))
}

// modelTables are the decision model's features, weights and the hash table
// that finds a feature's index, read from decision_model.txt.
type modelTables struct {
	features []string  // sorted
	weights  []float32 // one per feature
	slots    []uint16  // featureSlots(features)
}

//go:embed decision_model.txt
var decisionModelData []byte

var (
	decisionModelOnce sync.Once
	decisionModelTabs *modelTables
)

// decisionTables returns the model's tables, read from the embedded
// decision_model.txt on first use and checked against the checksum its
// generator recorded. A file that does not match is a build defect, and
// panics, as a bad expression does in regexp.MustCompile.
func decisionTables() *modelTables {
	decisionModelOnce.Do(func() {
		sum := sha256.Sum256(decisionModelData)
		if got := hex.EncodeToString(sum[:]); got != decisionModelSHA256 {
			panic("abstain: decision_model.txt has sha256 " + got + ", generated as " + decisionModelSHA256 + ": run go generate ./abstain/...")
		}
		m, err := parseDecisionModel(decisionModelData)
		if err != nil {
			panic("abstain: decision_model.txt: " + err.Error())
		}
		decisionModelTabs = m
	})
	return decisionModelTabs
}

// parseDecisionModel reads the model file: lines starting with '#' are
// comments; every other line is a weight, a tab and a feature quoted as Go
// quotes strings, the features in sorted order.
func parseDecisionModel(data []byte) (*modelTables, error) {
	m := &modelTables{}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		w, f, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("line %d: no tab", n+1)
		}
		weight, err := strconv.ParseFloat(w, 32)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		feature, err := strconv.Unquote(f)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if k := len(m.features); k > 0 && m.features[k-1] >= feature {
			return nil, fmt.Errorf("line %d: features out of order", n+1)
		}
		m.features = append(m.features, feature)
		m.weights = append(m.weights, float32(weight))
	}
	if len(m.features) == 0 || len(m.features) >= 1<<16 {
		return nil, fmt.Errorf("%d features", len(m.features))
	}
	m.slots = featureSlots(m.features)
	return m, nil
}

// featureHash is 32-bit FNV-1a, the hash of modelTables.slots.
func featureHash(key []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range key {
		h ^= uint32(c)
		h *= 16777619
	}
	return h
}

// index finds key among the model's features through the open-addressing
// table slots: slot featureHash(key) modulo its size, then the next ones,
// hold a feature's index plus one, up to an empty slot.
func (m *modelTables) index(key []byte) (uint16, bool) {
	mask := uint32(len(m.slots) - 1)
	for h := featureHash(key) & mask; ; h = (h + 1) & mask {
		s := m.slots[h]
		if s == 0 {
			return 0, false
		}
		if m.features[s-1] == string(key) {
			return s - 1, true
		}
	}
}

// featureSlots returns the hash table of modelTables.index for features: a power
// of two at least twice their number.
func featureSlots(features []string) []uint16 {
	size := 1
	for size < 2*len(features) {
		size *= 2
	}
	slots := make([]uint16, size)
	mask := uint32(size - 1)
	for i, f := range features {
		h := featureHash([]byte(f)) & mask
		for slots[h] != 0 {
			h = (h + 1) & mask
		}
		slots[h] = uint16(i + 1)
	}
	return slots
}
