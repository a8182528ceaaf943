package decision

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
)

// Urgent decisions: a question the clinical-decision screen refuses that
// describes an emergency sign in the person it asks about (a swelling
// tongue or throat, trouble breathing with hives, widespread blistering
// with a fever, spots with a fever that do not fade under a glass ...).
// The signs are data, in rules/urgent.rules, in the rule files' format
// (rulefile.go): its rewrites blank what is not happening now (a sign
// denied, a sentence about the past, a hypothesis), in file order, and
// its rules, each named for a sign and never for a diagnosis, are tried in
// file order on what is left.

// urgentFile holds the emergency signs.
const urgentFile = "rules/urgent.rules"

// urgentRewrites and urgentRules are the rewrites and the rules of
// urgentFile, in file order. The file names no Go rule: one of the
// decision rules (urgent_sign_now) reads these.
var urgentRewrites, urgentRules = func() ([]ruleSpec, []ruleSpec) {
	b, err := ruleFiles.ReadFile(urgentFile)
	if err != nil {
		panic("abstain: " + err.Error())
	}
	specs, err := parseRulesWith(urgentFile, string(b), nil)
	if err != nil {
		panic("abstain: " + err.Error())
	}
	var rws, rules []ruleSpec
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s.name] {
			panic(fmt.Sprintf("abstain: %s:%d: %s is defined twice", s.file, s.line, s.name))
		}
		seen[s.name] = true
		if s.rewrite {
			rws = append(rws, s)
		} else {
			rules = append(rules, s)
		}
	}
	return rws, rules
}()

// Urgent returns the name of the emergency sign of rules/urgent.rules
// that question asks a decision about, such as
// "tongue_or_throat_swelling", or "" when the screen does not refuse it
// as a decision (Rule) or it describes no such sign happening now.
func Urgent(question string) string {
	if Rule(question) == "" {
		return ""
	}
	return UrgentSign(question)
}

// UrgentSign returns the name of the first emergency sign of
// rules/urgent.rules that question describes as happening now, whether or
// not it asks for a decision, or "".
func UrgentSign(question string) string {
	q := fold.String(question)
	// The rewrites only blank text: a question that holds none of the
	// rules' literals holds none after them.
	if !slices.ContainsFunc(urgentRules, func(s ruleSpec) bool { return s.mayMatch(q) }) {
		return ""
	}
	q = urgentText(q)
	for i := range urgentRules {
		if urgentRules[i].mayMatch(q) && urgentRules[i].match(q) {
			return urgentRules[i].name
		}
	}
	return ""
}

// urgentSignNow is the decision rule urgent_sign_now (rules/triage.rules):
// folded question q describes an emergency sign happening now
// (UrgentSign) in someone it names, or opens with the sign rather than
// with a question word or an indefinite article, as people type about their own ("lips huge and
// throat closing after shellfish, ER or benadryl?"). "When does tongue
// swelling need emergency treatment?" asks in general.
func urgentSignNow(q string) bool {
	if reSignInGeneral.MatchString(q) || UrgentSign(q) == "" {
		return false
	}
	if personal.MatchString(q) || kinWords.MatchString(q) || patientWords.MatchString(q) {
		return true
	}
	first, _, _ := strings.Cut(strings.TrimLeft(q, "¿¡ \t\"'("), " ")
	return !generalOpeners[strings.TrimRight(first, ",:;?!")]
}

// reSignInGeneral asks about a sign as a property of a drug or a
// condition, or in general: "I take lisinopril - is tongue swelling a
// known side effect of ACE inhibitors in general?".
var reSignInGeneral = rx(`\b(in general|generally|side effects?|known (side )?effects?|efectos? (secundarios?|adversos?)|en general)\b`)

// generalOpeners open a question asked in general when no person is named
// in it.
var generalOpeners = lex.SetOf("a|an|un|una|when|what|what's|whats|which|why|how|is|are|does|do|can|could|should|would|will|in|for|explain|eli5|define|describe|tell|list|cuando|que|cual|cuales|por|porque|como|es|son|puede|pueden|hay|se|explica|explicame|define|describe")

// urgentText returns folded question q with the rewrites of urgentFile
// applied, as its rules read it. A rewrite's with is literal text, except
// that one holding "$" keeps groups of the match ($1, ${1}), as regexp's
// Expand does: "if my throat were swelling? because it is" becomes "my
// throat were swelling", a hypothesis the question then says is real.
func urgentText(q string) string {
	for _, rw := range urgentRewrites {
		if strings.Contains(rw.with, "$") {
			if rw.mayMatch(q) {
				q = rw.re.Plain().ReplaceAllString(q, rw.with)
			}
			continue
		}
		q = rw.re.ReplaceAllLiteralString(q, rw.with)
	}
	return q
}

// mayMatch reports whether q holds one of the literals every match of the
// rule's expression holds, when the rule has any: the cheap test before
// the expression.
func (s *ruleSpec) mayMatch(q string) bool {
	if len(s.any) == 0 {
		return true
	}
	for _, lit := range s.any {
		if strings.Contains(q, lit) {
			return true
		}
	}
	return false
}
