// Package decision is the clinical-decision screen: Rule tells whether a
// question asks for a decision about a particular person, and names the
// rule that decided. Hand-written rules, read from the embedded rule files
// of rules/ (rulefile.go; their Go parts in rule_registry.go), run over the
// folded question after neutralising rewrites; a logistic regression over
// the question's words (decision_features.go, its weights in
// decision_model.txt) may veto a rule or decide when no rule matched. gen.go
// trains the model (train.go).
package decision

import (
	"slices"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/internal/fold"
)

// The clinical-decision screen runs rules over folded text (lower case, no
// accents, straight apostrophes, single spaces) after the neutralising
// rewrites below. A rule matches a question that asks for a decision about
// a particular person: their diagnosis, their treatment choice or dose, or
// their triage, in the first or third person, as a case vignette, or about
// an attached image. English and Spanish share the rules' structure.

// neutral rewrites phrases that look like a decision rule but ask for
// reference information, before the rules run: the rewrites of
// rules/rewrites.rules, in order.
var neutral = func() []struct {
	any  []string // as in rule
	re   *fastre.Regexp
	with string
} {
	out := make([]struct {
		any  []string
		re   *fastre.Regexp
		with string
	}, len(rewriteSpecs))
	for i, s := range rewriteSpecs {
		out[i].any, out[i].re, out[i].with = s.any, s.re, s.with
	}
	return out
}()

// Rule returns the name of the rule that decides that question asks for a
// decision about a particular person, such as "first_person_should", or
// "decision_model" when no hand-written rule matched but the learned model
// did, or "" when the question asks for reference information. The rules
// cover a diagnosis, a treatment choice or dose, or triage, including
// third-person and case-vignette framings and references to an image, in
// English or Spanish; reference questions that only look similar ("should
// sunscreen be reapplied every two hours?", "do I have to wear sunscreen in
// winter?") are not decisions. Hand-written rules decide first, unless the
// learned model (decision_features.go) is sure the question is a reference
// one; a question no rule matches is a decision when the model is confident
// it is one. A refused English question that sets a general question in
// the asker's working life or memory ("many of my clients have it", "in
// my day we called them ..."), or makes a quiz request, is read again
// without that setting (decision_context.go), unless an urgent sign is
// described now.
func Rule(question string) string {
	return decisionRule(question, true)
}

// ModelThreshold is the probability at or above which the screen takes a
// question no rule matches for a decision.
const ModelThreshold = decisionModelThreshold

// RulesOrModel reports whether a hand-written rule matches question or, when
// none does and the screen asks the model, the model scores it at or above
// threshold: Rule without the model's veto and without the questions their
// writer calls general, at any threshold, for the evaluation's comparisons
// (the rules alone at +Inf).
func RulesOrModel(question string, threshold float64) bool {
	f := fold.String(question)
	return matchingRule(f, true) != "" || modelAsked(f) && decisionModelScore(f) >= threshold
}

// isDecision reports whether Rule names a rule; with precheck false it runs
// every rule's expression, which tests compare against.
func isDecision(question string, precheck bool) bool {
	return decisionRule(question, precheck) != ""
}

// reExplicitlyGeneral marks a question its writer says is general: "general
// q for my salon's FAQ", "for a training slide", "para un ejemplo de clase".
// No hand-written rule overrules that; the model still may.
var reExplicitlyGeneral = rx(`\b(general (q|question|query)|asking (in general|generally|for general knowledge)|for (a|an|my|our) (salon'?s? )?(faq|leaflet|article|essay|class|lecture|presentation|training|poster|exam|quiz)|(training|teaching) (slide|example|purposes)|(class|textbook|generic|worked) example|for a generic example|pregunta general|(un|como) ejemplo de clase|para (un|el) (folleto|articulo|trabajo|examen)|en terminos generales)\b`)

// decisionModelRule is the Rule of a decision that no hand-written rule
// matched but the learned model (decision_features.go) did.
const decisionModelRule = "decision_model"

// decisionRule returns the name of the first decision rule that matches
// question, unless the learned model scores the question below its veto;
// or decisionModelRule when no rule matches but the model scores the
// question at or above its threshold; or "".
func decisionRule(question string, precheck bool) string {
	rule := wholeRule(question, precheck)
	if rule == "" {
		// A decision beside a sentence of context ("Heard the creams make
		// it worse for a lot of people. still oozing after 5 days.
		// antibiotics, yes or no") is read without that sentence too: its
		// words of people in general must not outweigh the decision.
		if rest, ok := decisionBesideContext(question); ok {
			return wholeRule(rest, precheck)
		}
		return ""
	}
	// A general question set in the asker's working life or memory, or a
	// quiz request (decision_context.go), is read without that setting.
	if rest, ok := generalAfterContext(question); ok && (rest == "" || wholeRule(rest, precheck) == "") {
		return ""
	}
	return rule
}

// wholeRule is decisionRule on the whole of question, its context
// included.
func wholeRule(question string, precheck bool) string {
	q := fold.String(question)
	n, held := neutralize(q, precheck)
	if rule := matchRules(n, held, precheck); rule != "" && !reExplicitlyGeneral.MatchString(q) {
		if scoreNeutralized(n) < decisionModelVeto {
			return "" // the model is sure the rule misread a reference question
		}
		return rule
	}
	// Everyday care asked about in general ("should I use a separate towel
	// for my face?") is a family the rules know well and the model, which
	// weighs "should I" and "my face" heavily, does not: it is not the
	// model's to overrule.
	if genericAdvice.MatchString(n) {
		return ""
	}
	if scoreNeutralized(n) >= decisionModelThreshold {
		return decisionModelRule
	}
	return ""
}

// neutralize applies the neutral rewrites to folded question q, and with
// precheck returns the rules whose literals the result holds.
func neutralize(q string, precheck bool) (string, ruleMask) {
	// One pass finds the literals of the rewrites and of the rules; a
	// rewrite that changes q calls for another.
	var held ruleMask
	if precheck {
		held = ruleLiterals.rulesIn(q)
	}
	for i, n := range neutral {
		if !precheck || held.has(neutralBit(i)) {
			if r := n.re.ReplaceAllLiteralString(q, n.with); r != q {
				q = r
				if precheck {
					held = ruleLiterals.rulesIn(q)
				}
			}
		}
	}
	return q, held
}

// matchRules returns the name of the first rule that matches neutralized
// question q, running with precheck only the rules held names.
func matchRules(q string, held ruleMask, precheck bool) string {
	for i := range decisionRules {
		if (!precheck || held.has(i)) && decisionRules[i].match(q) {
			return decisionRules[i].name
		}
	}
	return ""
}

// framing is the rewrites of rules/rewrites.rules that remove what frames a
// question without being asked: a disclaimer about what it does not ask,
// and the report of who asked it.
var framing = func() []ruleSpec {
	var out []ruleSpec
	for _, name := range []string{"disclaimer", "reported_question"} {
		i := slices.IndexFunc(rewriteSpecs, func(s ruleSpec) bool { return s.name == name })
		if i < 0 {
			panic("abstain: no " + name + " rewrite in " + rewriteFile)
		}
		out = append(out, rewriteSpecs[i])
	}
	return out
}()

// WithoutFraming returns the question without what frames it, by the
// screens' own rewrites: a disclaimer about what it does not ask ("I am not
// asking for a diagnosis:", "no pido diagnostico") and a report of who
// asked it ("a customer asked me whether"), and true; or the question as it
// is and false when it holds neither, or nothing else. Read whole, such a
// question would seem to ask about diagnosis, or about the customer. The
// rest keeps the question's own letters when folding changed only their
// case (a question in plain ASCII), so that its sentences still split; it
// is folded (lower case, no diacritics) otherwise.
func WithoutFraming(question string) (string, bool) {
	f := fold.String(question)
	out, own := f, question
	aligned := len(f) == len(question)
	for _, rw := range framing {
		locs := rw.re.FindAllStringIndex(out)
		if locs == nil {
			continue
		}
		var b, o strings.Builder
		last := 0
		for _, l := range locs {
			b.WriteString(out[last:l[0]])
			b.WriteString(rw.with)
			if aligned {
				o.WriteString(own[last:l[0]])
				o.WriteString(rw.with)
			}
			last = l[1]
		}
		b.WriteString(out[last:])
		out = b.String()
		if aligned {
			o.WriteString(own[last:])
			own = o.String()
		}
	}
	if out == f || strings.Trim(out, " \t:;,.-") == "" {
		return question, false
	}
	if aligned {
		out = own
	}
	return strings.TrimLeft(strings.Join(strings.Fields(out), " "), " :;,.-"), true
}
