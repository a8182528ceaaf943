package decision

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"math"
	"strings"
	"sync"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
)

// The urgent model: a logistic regression that reads a question the
// screen refuses for the emergency signs of urgent.rules in wording the
// rules do not know. Its features (urgentFeatures) are the words, word
// pairs and in-word letter 3- to 5-grams of the question as the urgent
// rules read it (after urgent.rules's rewrites, which blank a sign denied,
// past or hypothetical), plus cues: the sign a rule finds, a sign only the
// rewrites hid, and whether the question names a person of the asker's or
// asks about anyone. Its weights are in urgent_model.txt, an embedded data
// file in decision_model.txt's format, and its threshold, veto and bias in
// urgent_model_consts.go; urgent_train.go trains it (go generate
// ./abstain/..., urgent_gen.go) on the tuning splits that carry urgent
// labels and on urgent_train.jsonl. A refused question is urgent when a
// rule finds a sign and the model does not score it below its veto, or
// when the model scores it at or above its threshold (UrgentNow).

// ModelSign is the Sign of an urgent decision the model makes where no
// rule of urgent.rules names the sign. Like the rules' names, it names no
// diagnosis.
const ModelSign = "emergency_sign_described"

//go:embed urgent_model.txt
var urgentModelData []byte

var (
	urgentModelOnce sync.Once
	urgentModelTabs *modelTables
)

// urgentTables returns the urgent model's tables, read from the embedded
// urgent_model.txt on first use and checked against the checksum its
// generator recorded; a file that does not match is a build defect and
// panics.
func urgentTables() *modelTables {
	urgentModelOnce.Do(func() {
		sum := sha256.Sum256(urgentModelData)
		if got := hex.EncodeToString(sum[:]); got != urgentModelSHA256 {
			panic("abstain: urgent_model.txt has sha256 " + got + ", generated as " + urgentModelSHA256 + ": run go generate ./abstain/...")
		}
		m, err := parseDecisionModel(urgentModelData)
		if err != nil {
			panic("abstain: urgent_model.txt: " + err.Error())
		}
		urgentModelTabs = m
	})
	return urgentModelTabs
}

// UrgentNow returns the emergency sign that question, which the screen
// refuses as a decision (Rule), describes as happening now in the person
// asked about, by the rules and the model together: the rule's sign
// (UrgentSign) unless the model scores the question below its veto, else
// ModelSign when the model scores it at or above its threshold, else "".
// It does not ask whether the screen refuses the question: see Urgent.
func UrgentNow(question string) string {
	sign, score := urgentSignScore(question)
	return urgentCombine(sign, score, urgentModelThreshold, urgentModelVeto)
}

// urgentCombine is UrgentNow's rule, at any threshold and veto.
func urgentCombine(sign string, score, threshold, veto float64) string {
	switch {
	case sign != "" && score >= veto:
		return sign
	case sign == "" && score >= threshold:
		return ModelSign
	}
	return ""
}

// urgentSignScore returns the rules' sign of question (UrgentSign) and the
// urgent model's probability that it describes an emergency sign now.
func urgentSignScore(question string) (string, float64) {
	q := urgentTypos.mend(fold.String(question))
	sign, r, lit := urgentRead(q)
	tabs := urgentTables()
	z := float64(urgentModelBias)
	urgentFeatures(q, r, sign, lit, func(key []byte) {
		if i, ok := tabs.index(key); ok {
			z += float64(tabs.weights[i])
		}
	})
	return sign, 1 / (1 + math.Exp(-z))
}

// urgentRead reads q, a question folded and with its misspellings mended,
// as UrgentSign does, and returns its sign (UrgentSign(q)), the text the
// rules read (urgentText(q), or q itself when it holds none of the rules'
// literals, which the rewrites cannot bring) and whether it holds any.
func urgentRead(q string) (sign, r string, lit bool) {
	held := urgentLiterals.rulesIn(q)
	if lit = mayHoldSign(held); !lit {
		return "", q, false
	}
	r = urgentTextHeld(q, held)
	if askedOfAnyone(q) {
		return "", r, true
	}
	return urgentMatch(r), r, true
}

// urgentFeatures calls emit with each feature of q, a question folded and
// with its misspellings mended, read by urgentRead as r, sign and lit: a
// feature as many times as it occurs. The key is only valid during the
// call.
func urgentFeatures(q, r, sign string, lit bool, emit func(key []byte)) {
	var buf []byte
	key := func(parts ...string) {
		buf = buf[:0]
		for _, p := range parts {
			buf = append(buf, p...)
		}
		emit(buf)
	}
	// Cues.
	if sign != "" {
		key("sign ", sign)
	} else if !lit {
		key("cue no sign words")
	} else if s := blankedSign(q); s != "" {
		key("hidden ", s)
	}
	if personal.MatchString(q) {
		key("cue personal")
	}
	if askedOfAnyone(q) {
		key("cue anyone")
	}
	if reSignInGeneral.MatchString(q) {
		key("cue general")
	}
	// Words, word pairs and letter n-grams of the text the rules read.
	prev := "^"
	for i := 0; i < len(r); {
		c := r[i]
		if !lex.IsWordByte(c) {
			if c == '.' || c == '?' || c == '!' || c == ';' || c == ',' {
				prev = "^"
			}
			i++
			continue
		}
		j := i
		for j < len(r) && (lex.IsWordByte(r[j]) || r[j] == '\'') {
			j++
		}
		w := strings.TrimRight(r[i:j], "'")
		i = j
		if w == "" {
			continue
		}
		key("w ", w)
		key("b ", prev, " ", w)
		prev = w
		if len(w) >= 3 {
			for n := 3; n <= 5; n++ {
				padded := len(w) + 2
				for s := 0; s+n <= padded; s++ {
					buf = append(buf[:0], "c "...)
					for k := s; k < s+n; k++ {
						switch {
						case k == 0 || k == padded-1:
							buf = append(buf, ' ')
						default:
							buf = append(buf, w[k-1])
						}
					}
					emit(buf)
				}
			}
		}
	}
	if prev != "^" {
		key("b ", prev, " $")
	}
}

// blankedSign returns the first rule of urgent.rules that matches q, folded
// and mended, before the rewrites: a sign they blanked (denied, past, a
// hypothesis) when UrgentSign(q) is "".
func blankedSign(q string) string {
	for i := range urgentRules {
		if urgentRules[i].mayMatch(q) && urgentRules[i].match(q) {
			return urgentRules[i].name
		}
	}
	return ""
}
