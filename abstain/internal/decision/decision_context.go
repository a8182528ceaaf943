package decision

import (
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/internal/fold"
)

// A general question is often set in the asker's working life or memory:
// "What triggers melasma? Many of my facial clients have it on the cheeks
// and upper lip.", "Can rosacea affect the eyes and the nose? I remember
// the word rhinophyma from my training.", "In my day we called them fever
// blisters." Such a sentence asks nothing of a particular person, but its
// "my clients" and "I remember" weigh towards a decision for the rules and
// the model. And a quiz or exam request ("Name a topical treatment for
// cutaneous candidiasis and two everyday measures that help") asks in
// general without a question mark. The rules of rules/context.rules say
// which sentences are context, those of rules/quiz.rules which are quiz
// requests; a question the screen refuses is read again without them
// (generalAfterContext).

// contextFile and quizFile hold the sentence rules of context and of quiz
// requests, in the format of the rule files (rulefile.go); neither is a
// decision rule family.
const (
	contextFile = "rules/context.rules"
	quizFile    = "rules/quiz.rules"
)

// contextSpecs and quizSpecs are the rules of contextFile and quizFile.
var (
	contextSpecs = mustParseRuleFile(contextFile)
	quizSpecs    = mustParseRuleFile(quizFile)
)

// contextNot holds the words that keep a sentence from being context or a
// quiz request (list context_not); contextNames the condition names that
// hold one of them without describing a sign (list context_names), which
// are taken out before contextNot is asked.
var (
	contextNot   = wordSet(ruleList("context_not"))
	contextNames = rx(`\b(` + strings.Join(ruleList("context_names"), "|") + `)\b`)
)

// lateKin is a relation who has died ("my late mother used to call them
// ..."): no decision can be about them, so they are taken out before the
// people close to the asker are looked for.
var lateKin = rx(`\b(my|our) late [\w'-]+`)

// caseSubject is the subject of a case in a quiz ("a 40-year-old man
// with ...", "the patient"), which makes the request a decision about
// that case.
var caseSubject = rx(`\b\d+[- ]?(year|yr|month|week|day)s?[- ]?old\b|\b(a|an|the|this|that) ([\w-]+ )?` + personRE + `s?\b`)

// askedOfAsker is the asker as the one a group asks ("half my regulars ask
// me about ..."): the "me" names no finding and no decision of the asker's,
// so it is taken out before the asker's own words are looked for;
// askedOfAskerSelf, what they ask about the asker ("ask me about my rash"),
// keeps it.
var (
	askedOfAsker     = rx(`\b(ask|asks|asked|asking) me about\b`)
	askedOfAskerSelf = rx(`\b(ask|asks|asked|asking) me about (my|me|myself|mine|i|i'm|i've)\b`)
)

// askerHasGroup is the asker as the one a group is about ("I've got
// lifeguard colleagues who get it every summer"): the "I've got" names no
// finding of the asker's, so it is taken out before the asker's own words
// are looked for, as askedOfAsker is. The group must be plural and the
// sentence go on with what the group has or gets.
var askerHasGroup = rx(`^(i've got|i have got|i have|i've|ive got|ive|we have|we've got|we've) (some |a few |quite a few |lots of |loads of |a lot of |several |many |plenty of |a couple of |a number of |two |three )?([\w-]+ ){0,2}(colleagues|co-workers|coworkers|clients|customers|regulars|residents|pupils|students|members|teammates|friends|mates|lads|girls|guys|staff|players|swimmers|runners|dancers) (who|that) `)

// onePerson names one particular person in a question: a relation after a
// possessive ("my son", which kinWords leaves out) or a pronoun of one
// person other than the asker ("can she still go to class?").
var onePerson = rx(`\b(my|our|his|her|their) ([\w'-]+ ){0,2}(` + kinRE + `)s?\b|\b(he|she|him|his|her|hers|he's|she's)\b`)

// bodyOfSomeone is a part of the body of the asker or of someone else
// ("my legs", "her back").
var bodyOfSomeone = rx(`\b(my|his|her|our) ([\w-]+ ){0,2}` + bodyRE + `s?\b`)

// sentenceEnd splits folded text into sentences: after ".", "!" or "?"
// followed by a space, and at the end.
var sentenceEnd = fastre.New(`[.!?]+( |$)`)

// sentences returns the sentences of folded text q, each with its final
// marks, trimmed.
func sentences(q string) []string {
	var out []string
	last := 0
	for _, l := range sentenceEnd.FindAllStringIndex(q) {
		if s := strings.TrimSpace(q[last:l[1]]); s != "" {
			out = append(out, s)
		}
		last = l[1]
	}
	if s := strings.TrimSpace(q[last:]); s != "" {
		out = append(out, s)
	}
	return out
}

// plainSentence reports whether folded sentence s, its final marks taken
// off, names nobody close to the asker, no patient or case, no part of
// anyone's body, no urgent-looking sign, no time of onset and none of the
// asker's own findings.
func plainSentence(s string) bool {
	s = contextNames.ReplaceAllLiteralString(s, " ")
	s = lateKin.ReplaceAllLiteralString(s, " ")
	if !askedOfAskerSelf.MatchString(s) {
		s = askedOfAsker.ReplaceAllLiteralString(s, " ")
	}
	s = askerHasGroup.ReplaceAllLiteralString(s, " ")
	return !contextNot.MatchString(s) && !kinWords.MatchString(s) && !patientWords.MatchString(s) &&
		!bodyOfSomeone.MatchString(s)
}

// bareSentence is folded sentence s without its final marks.
func bareSentence(s string) string { return strings.TrimRight(s, ".!? ") }

// contextSentence reports whether folded sentence s is context of a
// general question: it does not end in "?", is plain, a rule of
// contextFile matches it from its start (a question run on without its
// mark into the context, "can i use it on them in my day we called it
// ...", is not context, nor is context followed by an ask, whose words
// are in context_not).
func contextSentence(s string) bool {
	if strings.HasSuffix(s, "?") {
		return false
	}
	b := bareSentence(s)
	return plainSentence(b) && anySpec(contextSpecs, b)
}

// quizAddressee is the reader a quiz request may address ("give me two
// causes of ..."), taken out before the person words are looked for.
var quizAddressee = rx(`^(please )?(name|list|give|tell|state) me\b`)

// quizSentence reports whether folded sentence s is a quiz request: plain,
// about no case, naming no person (after the reader it addresses), and
// matched by a rule of quizFile.
func quizSentence(s string) bool {
	b := bareSentence(s)
	return plainSentence(b) && !caseSubject.MatchString(b) &&
		!personal.MatchString(quizAddressee.ReplaceAllLiteralString(b, " ")) && anySpec(quizSpecs, b)
}

// anySpec reports whether a rule of specs matches s.
func anySpec(specs []ruleSpec, s string) bool {
	for i := range specs {
		if specs[i].match(s) {
			return true
		}
	}
	return false
}

// generalAfterContext returns question, an English one in which no urgent
// sign is described now (UrgentNow) and whose other sentences name nobody
// close to the asker and no one person by a pronoun, without its sentences
// of context and its quiz requests, and true when it has one of those and asks something
// else or makes a quiz request; otherwise "" and false. The rest is what
// the screen reads again: "" (nothing but quiz requests and context) is
// general.
func generalAfterContext(question string) (string, bool) {
	q := fold.String(question)
	if !strings.Contains(q, " ") || Language(question) != "en" {
		return "", false
	}
	var rest []string
	dropped, quiz := false, false
	for _, s := range sentences(q) {
		switch {
		case contextSentence(s):
			dropped = true
		case quizSentence(s):
			dropped, quiz = true, true
		default:
			rest = append(rest, s)
		}
	}
	if !dropped || len(rest) == 0 && !quiz {
		return "", false
	}
	// A question about a person close to the asker after the setting ("a
	// few of the wrestlers picked up impetigo. Can my son still wrestle?")
	// asks of that person, however the rest reads alone.
	for _, s := range rest {
		if s = lateKin.ReplaceAllLiteralString(s, " "); kinWords.MatchString(s) || onePerson.MatchString(s) {
			return "", false
		}
	}
	if UrgentNow(question) != "" {
		return "", false
	}
	return strings.Join(rest, " "), true
}

// decisionBesideContext returns question without its sentences that a rule of contextFile matches (besideSentence), and true,
// when it has one and something else; otherwise "" and false. Such a
// sentence says what is so of other people or of a thing in general, and
// does not keep a decision beside it from being one: a question the screen
// passes whole is read again without it ("Heard the creams make it worse
// for a lot of people. still oozing after 5 days. antibiotics, yes or
// no" asks what the rest asks). The reading can only refuse, so the
// sentence need not be plain, as context (contextSentence) must: "The
// tablets make a lot of people itchy." is dropped too. A statement run on
// after the question without a stop is found as a sentence of its own
// (runOnStatements). The rules of contextFile are English, but the
// question need not be.
func decisionBesideContext(question string) (string, bool) {
	q := fold.String(runOnStatements(question))
	if !strings.Contains(q, " ") {
		return "", false
	}
	rest := withoutSentences(q, besideSentence)
	if rest == q || rest == "" {
		return "", false
	}
	return rest, true
}

// runOnStatements returns question with a stop put before each statement
// run on without one (besideSentence): a capital letter after a space and a
// lower-case letter or a digit, from which a rule of contextFile matches
// what follows up to the next stop ("would you reckon dad's scaly ear is
// one for a referral or just a cream Heard the creams make it worse for a
// lot of people.").
func runOnStatements(question string) string {
	var b strings.Builder
	last := 0
	for i := 2; i < len(question); i++ {
		c, prev := question[i], question[i-2]
		if c < 'A' || c > 'Z' || question[i-1] != ' ' || !(prev >= 'a' && prev <= 'z' || prev >= '0' && prev <= '9') {
			continue
		}
		tail := question[i:]
		if j := strings.IndexAny(tail, ".!?"); j >= 0 {
			tail = tail[:j+1]
		}
		if besideSentence(fold.String(tail)) {
			b.WriteString(question[last : i-1])
			b.WriteString(". ")
			last = i
		}
	}
	if last == 0 {
		return question
	}
	b.WriteString(question[last:])
	return b.String()
}

// besideSentence reports whether folded sentence s is a statement (it does
// not end in "?") that a rule of contextFile matches from its start.
func besideSentence(s string) bool {
	return !strings.HasSuffix(s, "?") && anySpec(contextSpecs, bareSentence(s))
}
