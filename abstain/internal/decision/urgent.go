package decision

import (
	"fmt"
	"regexp"
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
	text, frags, err := expandUrgentFragments(string(b))
	if err != nil {
		panic("abstain: " + err.Error())
	}
	specs, err := parseRulesWith(urgentFile, text, nil)
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
	urgentTypos = newTypoMender(frags["typokeys"], frags["typokeep"], frags["typoshort"])
	urgentPartRE = regexp.MustCompile(`\b(?:` + frags["partopener"] + `)\b`)
	urgentBackgroundRE = regexp.MustCompile(frags["background"])
	urgentBackgroundNotRE = regexp.MustCompile(frags["backgroundnot"] + `|\b` + bodyRE + `s?\b`)
	urgentSettingRE = regexp.MustCompile(`\b(?:` + frags["settingwords"] + `)`)
	return rws, rules
}()

// urgentMayMatch reports whether folded question q may hold a sign: it
// holds a literal of a rule, or of a rewrite that writes words (such as
// adrenaline_given_marker) and so may give a rule its literal. The other
// rewrites only blank text: a question that holds none of the rules'
// literals holds none after them.
func urgentMayMatch(q string) bool { return mayHoldSign(urgentLiterals.rulesIn(q)) }

// mayHoldSign is urgentMayMatch for a text whose literals (urgentLiterals)
// are held.
func mayHoldSign(held ruleMask) bool {
	for i := range held {
		if held[i]&urgentSignBits[i] != 0 {
			return true
		}
	}
	return false
}

// urgentSignBits has the bits (see urgentLiterals) of the rules of
// urgentFile and of its rewrites whose text holds a word.
var urgentSignBits = func() ruleMask {
	var m ruleMask
	for i, rw := range urgentRewrites {
		if strings.ContainsFunc(rw.with, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
			m.set(i)
		}
	}
	for i := range urgentRules {
		m.set(urgentRuleBit(i))
	}
	return m
}()

// urgentFragmentRE finds a {NAME} in a line of urgentFile.
var urgentFragmentRE = regexp.MustCompile(`\{([a-zA-Z]+)\}`)

// expandUrgentFragments reads the "fragment NAME PATTERN" lines of
// urgentFile, its shared vocabularies (a fever, faintness, a trigger ...),
// and returns the file without them, each {NAME} of a later line replaced
// with its pattern as a group; a fragment may use those above it. The
// lines keep their numbers (a fragment line becomes a comment), so that
// errors and tests name the right one. A {NAME} the file does not define
// is left for the shared fragments of lists.rules.
func expandUrgentFragments(text string) (string, map[string]string, error) {
	frags := map[string]string{}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		line = urgentFragmentRE.ReplaceAllStringFunc(line, func(m string) string {
			if f, ok := frags[m[1:len(m)-1]]; ok {
				return "(?:" + f + ")"
			}
			return m
		})
		lines[i] = line
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "fragment ")
		if !ok {
			continue
		}
		name, value, ok := strings.Cut(rest, " ")
		if !ok || value == "" || !fragmentNameRE.MatchString(name) || strings.Contains(name, "_") {
			return "", nil, fmt.Errorf("%s:%d: want \"fragment NAME PATTERN\"", urgentFile, i+1)
		}
		if _, dup := frags[name]; dup {
			return "", nil, fmt.Errorf("%s:%d: fragment %s is defined twice", urgentFile, i+1, name)
		}
		if _, err := regexp.Compile(value); err != nil {
			return "", nil, fmt.Errorf("%s:%d: %v", urgentFile, i+1, err)
		}
		frags[name] = value
		lines[i] = "# " + line
	}
	return strings.Join(lines, "\n"), frags, nil
}

// Urgent returns the name of the emergency sign that question asks a
// decision about, such as "tongue_or_throat_swelling" (a rule of
// rules/urgent.rules) or ModelSign (the urgent model's), or "" when the
// screen does not refuse it as a decision (Rule) or it describes no such
// sign happening now, by the rules and the urgent model together
// (UrgentNow).
func Urgent(question string) string {
	if Rule(question) == "" {
		return ""
	}
	return UrgentNow(question)
}

// UrgentSign returns the name of the first emergency sign of
// rules/urgent.rules that question describes as happening now, whether or
// not it asks for a decision, or "".
func UrgentSign(question string) string {
	q := urgentTypos.mend(fold.String(question))
	if askedOfAnyone(q) {
		return ""
	}
	held := urgentLiterals.rulesIn(q)
	if !mayHoldSign(held) {
		return ""
	}
	return urgentMatch(urgentTextHeld(q, held))
}

// urgentMatch returns the name of the first rule of urgentFile that matches
// r, a question as the rules read it (urgentText), or "". When none matches
// the whole, it tries each part of a message that turns to another person or
// another matter (urgentParts): a sign told of in one part is read there,
// so that a word of another part ("the five-year-old has chickenpox",
// "questions about my teenager's eczema") does not leave it out as a rule's
// "unless" would. When neither finds a sign, it reads r again without its
// sentences of background (withoutBackground), whole and in parts.
func urgentMatch(r string) string {
	if name := matchWholeOrParts(r); name != "" {
		return name
	}
	if rest := withoutBackground(r); rest != r && rest != "" {
		return matchWholeOrParts(rest)
	}
	return ""
}

// matchWholeOrParts returns the name of the first rule of urgentFile that
// matches r, or else one of its parts (urgentParts), or "".
func matchWholeOrParts(r string) string {
	if name := firstUrgentRule(r); name != "" {
		return name
	}
	if parts := urgentParts(r); len(parts) > 1 {
		for _, p := range parts {
			if name := firstUrgentRule(p); name != "" {
				return name
			}
		}
	}
	return ""
}

// withoutBackground returns folded text r without its sentences of
// background (backgroundSentence), joined by spaces; r itself when it has
// none. A condition such a sentence names ("a few of the junior wrestlers
// picked up impetigo from the mats") is other people's, and does not blank,
// as a rule's "unless", a sign told of after it in fragments ("Leg red,
// spreading fast, fever, shaking chills. Urgent or GP tomorrow?").
func withoutBackground(r string) string { return withoutSentences(r, backgroundSentence) }

// withoutSentences returns folded text q without its sentences (sentences)
// that drop reports, joined by spaces; q itself when drop reports none.
func withoutSentences(q string, drop func(string) bool) string {
	var kept []string
	dropped := false
	for _, s := range sentences(q) {
		if drop(s) {
			dropped = true
		} else {
			kept = append(kept, s)
		}
	}
	if !dropped {
		return q
	}
	return strings.Join(kept, " ")
}

// backgroundSentence reports whether folded sentence s tells of other
// people as a group or of a condition going round (the fragment background
// of urgentFile), and, its setting taken out ("in his class", "at my
// gym"), names no one person, no part of the body and no sign word
// (backgroundnot), does not ask ("?") and holds no sign of its own.
func backgroundSentence(s string) bool {
	if strings.HasSuffix(s, "?") || !urgentBackgroundRE.MatchString(s) {
		return false
	}
	if urgentBackgroundNotRE.MatchString(urgentSettingRE.ReplaceAllLiteralString(s, " ")) {
		return false
	}
	return firstUrgentRule(s) == ""
}

// urgentBackgroundRE, urgentBackgroundNotRE and urgentSettingRE are the
// fragments background, backgroundnot (with a part of the body) and
// settingwords of urgentFile, set as it is read.
var urgentBackgroundRE, urgentBackgroundNotRE, urgentSettingRE *regexp.Regexp

// firstUrgentRule returns the name of the first rule of urgentFile that
// matches q, or "".
func firstUrgentRule(q string) string {
	held := urgentLiterals.rulesIn(q)
	for i := range urgentRules {
		if held.has(urgentRuleBit(i)) && urgentRules[i].match(q) {
			return urgentRules[i].name
		}
	}
	return ""
}

// urgentLiterals finds, in one pass over a text, which of urgentFile's
// rewrites (bit i for rewrite i) and rules (urgentRuleBit) it holds a
// literal of (see ruleSpec.mayMatch): the cheap test before their
// expressions.
var urgentLiterals = func() *literalIndex {
	lists := make([][]string, 0, len(urgentRewrites)+len(urgentRules))
	for _, rw := range urgentRewrites {
		lists = append(lists, rw.any)
	}
	for _, r := range urgentRules {
		lists = append(lists, r.any)
	}
	return newLiteralIndex(lists, func(int) bool { return true })
}()

// urgentRuleBit returns the bit of urgent rule i in urgentLiterals' masks.
func urgentRuleBit(i int) int { return len(urgentRewrites) + i }

// urgentParts cuts r where a message turns to another person or another
// matter (the fragment partopener of urgentFile: "separately", "oh, and",
// "and my mother", "the nine-year-old", "la pequeña", "ah, y"), each part
// running to the next turn; it returns r alone when there is none.
func urgentParts(r string) []string {
	locs := urgentPartRE.FindAllStringIndex(r, -1)
	if len(locs) == 0 {
		return []string{r}
	}
	var parts []string
	start := 0
	for _, l := range locs {
		if l[0] > start {
			parts = append(parts, r[start:l[0]])
		}
		start = l[0]
	}
	return append(parts, r[start:])
}

// urgentPartRE finds the turns of urgentParts; it is set, with
// urgentTypos, as urgentFile is read.
var urgentPartRE *regexp.Regexp

// urgentSignNow is the decision rule urgent_sign_now (rules/triage.rules):
// folded question q describes an emergency sign happening now
// (UrgentSign) in someone it names, or opens with the sign rather than
// with a question word or an indefinite article, as people type about their own ("lips huge and
// throat closing after shellfish, ER or benadryl?"), after any sentences
// of background or of no sign (signOpener). "When does tongue
// swelling need emergency treatment?" asks in general. A general question
// ("in general", "generally") asks about the sign in general only in its
// own sentence: the sentences that tell of the sign now in someone, before
// or after it, are read without it (withoutGeneralSentences), so that an
// account of an emergency followed by a general question ("My neighbour's
// daughter was stung ... she's now hoarse and says it's hard to breathe.
// In general, why do some people react so badly to stings?") is still a
// decision about that person, and an urgent one.
func urgentSignNow(q string) bool {
	q = withoutGeneralSentences(q)
	if q == "" || UrgentSign(q) == "" {
		return false
	}
	if personal.MatchString(q) {
		return true
	}
	if askedOfAnyone(q) {
		return false
	}
	if kinWords.MatchString(q) || patientWords.MatchString(q) {
		return true
	}
	return !generalOpeners[signOpener(q)]
}

// signOpener returns the first word of folded question q, or of its first
// sentence that may hold a sign (urgentMayMatch) when sentences of
// background (backgroundSentence) or of no sign come first: "A few of the
// junior wrestlers picked up impetigo from the mats. Leg red, spreading
// fast, fever, shaking chills. Urgent or GP tomorrow?" opens with the sign
// as the signs alone do.
func signOpener(q string) string {
	for _, s := range sentences(q) {
		if !backgroundSentence(s) && urgentMayMatch(urgentTypos.mend(s)) {
			q = s
			break
		}
	}
	first, _, _ := strings.Cut(strings.TrimLeft(q, "¿¡ \t\"'("), " ")
	return strings.TrimRight(first, ",:;?!")
}

// withoutGeneralSentences returns folded question q without its
// sentences (sentences) that ask in general (generalSentence), joined by
// spaces, or "" when every sentence does; q itself when none does. "I
// take lisinopril - is tongue swelling a known side effect in general?"
// is one such sentence, and leaves nothing.
func withoutGeneralSentences(q string) string { return withoutSentences(q, generalSentence) }

// generalSentence reports whether folded sentence s asks in general: it
// says so (reSignInGeneral), or it is a question that asks when something
// is an emergency or calls for care and names nobody ("When is tongue
// swelling an emergency?", "At what point does a spreading red leg become
// an A&E job?", "¿Cuándo es urgente una hinchazón de la lengua?"; not
// "When should I take him in?").
func generalSentence(s string) bool {
	if reSignInGeneral.MatchString(s) {
		return true
	}
	return strings.HasSuffix(s, "?") && reGeneralWhen.MatchString(s) &&
		!personal.MatchString(s) && !kinWords.MatchString(s) && !patientWords.MatchString(s)
}

// reGeneralWhen opens a question that asks when: "when is", "when does",
// "at what point does", "cuándo es", "cuándo hay que", "en qué momento
// es".
var reGeneralWhen = rx(`^¿?(when|at what point|at which point|cuando|en que momento|a partir de que momento) (is|are|does|do|should|would|can|es|son|hay que|se debe|debe|conviene)\b`)

// askedOfAnyone reports whether folded question q names no person of the
// asker's and asks about a sign in anyone (reSignAsClaim): no sign in it
// is happening now in someone, whichever rule refuses it.
func askedOfAnyone(q string) bool { return !personal.MatchString(q) && reSignAsClaim.MatchString(q) }

// reSignAsClaim, in a question that names no person of the asker's (no
// "my", "I", "his", "mi", "le"; a "child" may be anyone's), asks about a
// sign in anyone: what a sign may cause, affect or always means, what
// happens in the body, or what a plan or a
// policy says about someone who has it ("¿La urticaria puede dar
// dificultad para respirar?", "What should a nursery's policy say about a
// child who starts wheezing with hives?"), or what a leaflet, a poster or
// a training sheet should teach staff to recognise, or which of two signs
// is the more dangerous ("Which is more dangerous in a toddler: a fever
// with a rash that fades under a glass, or one that doesn't?"). A plan is a policy
// when it is written for anyone (a care, action or school plan, a plan
// that says or is for any child); a clinician's plan for the patient in
// front of them ("plan is to review on the morning round") is not.
var reSignAsClaim = rx(`\b((which|what)('?s| is| are)( \w+)? (more|most|less|least) (dangerous|serious|worrying|concerning|urgent|alarming|of a worry)|(cual|que) (es|son) (mas|menos) (grave|graves|peligros[oa]s?|preocupante|urgente)|(can|could|does|do|may|might|will) (\w+ ){0,3}(cause|causes|give|trigger|lead to|produce|mean|affect)|(puede|pueden|suele|suelen) (dar|causar|provocar|producir|significar|afectar)|what happens (in|to) (the|your|a) body|que (pasa|ocurre|sucede) en el cuerpo|always|usually|siempre|normalmente|polic(y|ies)|(care|action|allergy|emergency|anaphylaxis|asthma|school|health ?care|written|safety|individual|nursery|camp|club|first[- ]aid|medical|response) plans?|plans? (say|says|should|for (a|an|any|every|all) )|protocols?|guidelines?|guidance|politica|protocolo|plan de|(a|any) (child|kid|baby|toddler|person|student|pupil|adult) (who|whose|that)|(un|una|cualquier) (nino|nina|bebe|persona|alumno|alumna) (que|cuyo|cuya)|someone (who|whose)|alguien (que|cuyo|cuya)|what should (the|a|an) (school |camp |nursery |club |team )?(nurse|teacher|staff|carer|caregiver|parent|coach|lifeguard|first aider|babysitter)|que (debe|deberia) hacer (el|la|un|una) (enfermer[oa]|maestr[oa]|profesor\w*|cuidador\w*|monitor\w*)|leaflets?|posters?|handouts?|training (sheet|session|slides?|course)|first[- ]aid (course|training|sheet|guide|class)|folletos?|carteles|cartel|how (would|do|does|can|should|could) (staff|teachers?|parents|carers|nurses|coaches|people|someone|one|you) (recogni[sz]e|tell|spot|know|notice)|como (reconoce\w*|sabr\w*|identifica\w*|notar\w*) (el personal|los profesores|los maestros|los padres|los cuidadores))\b`)

// reSignInGeneral asks about a sign as a property of a drug or a
// condition, or in general: "I take lisinopril - is tongue swelling a
// known side effect of ACE inhibitors in general?".
var reSignInGeneral = rx(`\b(in general|generally|side effects?|known (side )?effects?|efectos? (secundarios?|adversos?)|en general)\b`)

// generalOpeners open a question asked in general when no person is named
// in it: a question word, an article ("¿Las petequias con fiebre en niños
// siempre son meningitis?").
var generalOpeners = lex.SetOf("a|an|the|un|una|el|la|los|las|when|what|what's|whats|which|why|how|is|are|does|do|can|could|should|would|will|in|for|explain|eli5|define|describe|tell|list|cuando|que|cual|cuales|por|porque|como|es|son|puede|pueden|hay|se|explica|explicame|define|describe")

// urgentText returns folded question q with the rewrites of urgentFile
// applied, as its rules read it. A rewrite's with is literal text, except
// that one holding "$" keeps groups of the match ($1, ${1}), as regexp's
// Expand does: "if my throat were swelling? because it is" becomes "my
// throat were swelling", a hypothesis the question then says is real.
func urgentText(q string) string { return urgentTextHeld(q, urgentLiterals.rulesIn(q)) }

// urgentTextHeld is urgentText for folded text q whose literals
// (urgentLiterals) are held, read once by the caller. A rewrite runs only on
// a text that holds one of its literals; one that changes the text calls for
// another look.
func urgentTextHeld(q string, held ruleMask) string {
	if m := urgentTypos.mend(q); m != q {
		q, held = m, urgentLiterals.rulesIn(m)
	}
	for i, rw := range urgentRewrites {
		if !held.has(i) {
			continue
		}
		var r string
		if strings.Contains(rw.with, "$") {
			r = rw.re.Plain().ReplaceAllString(q, rw.with)
		} else {
			r = rw.re.ReplaceAllLiteralString(q, rw.with)
		}
		if r != q {
			q = r
			held = urgentLiterals.rulesIn(q)
		}
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

// urgentTypos mends the misspellings of rules/urgent.rules's typo
// fragments, which it sets as it reads the file.
var urgentTypos *typoMender

// typoMender mends misspelt words: a word one edit (a letter dropped,
// added, changed, or two swapped) from a key becomes the key, unless it is
// a real word to keep ("shallow" is one edit from "swallow"); short
// misspellings, too far from their word for that, are listed.
type typoMender struct {
	keys  []string
	keep  map[string]bool
	short map[string]string
}

// newTypoMender reads the fragments typokeys and typokeep ("a|b|c") and
// typoshort ("word=typo|typo,word=typo").
func newTypoMender(keys, keep, short string) *typoMender {
	m := &typoMender{keep: map[string]bool{}, short: map[string]string{}}
	for _, k := range strings.Split(keys, "|") {
		if k != "" {
			m.keys = append(m.keys, k)
			m.keep[k] = true
		}
	}
	for _, k := range strings.Split(keep, "|") {
		if k != "" {
			m.keep[k] = true
		}
	}
	for _, entry := range strings.Split(short, ",") {
		word, typos, ok := strings.Cut(entry, "=")
		if !ok {
			continue
		}
		for _, t := range strings.Split(typos, "|") {
			m.short[t] = word
		}
	}
	return m
}

// mend returns folded text q with its misspelt words mended.
func (m *typoMender) mend(q string) string {
	if m == nil {
		return q
	}
	var b strings.Builder
	changed := false
	for i := 0; i < len(q); {
		j := i
		for j < len(q) && lex.IsLower(q[j]) {
			j++
		}
		if j == i {
			b.WriteByte(q[i])
			i++
			continue
		}
		w := q[i:j]
		if fix := m.word(w); fix != "" && (i == 0 || !lex.IsWordByte(q[i-1])) && (j == len(q) || !lex.IsWordByte(q[j])) {
			b.WriteString(fix)
			changed = true
		} else {
			b.WriteString(w)
		}
		i = j
	}
	if !changed {
		return q
	}
	return b.String()
}

// word returns the key misspelt word w stands for, or "".
func (m *typoMender) word(w string) string {
	if fix, ok := m.short[w]; ok {
		return fix
	}
	if len(w) < 5 || m.keep[w] {
		return ""
	}
	for _, k := range m.keys {
		if d := len(k) - len(w); d >= -1 && d <= 1 && oneEdit(w, k) {
			return k
		}
	}
	return ""
}

// oneEdit reports whether a and b, which differ, are one edit apart: a
// letter dropped, added or changed, or two neighbours swapped.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case len(a)+1 == len(b):
		return a[i:] == b[i+1:]
	case len(a) == len(b)+1:
		return a[i+1:] == b[i:]
	}
	return false
}
