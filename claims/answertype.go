package claims

import (
	"regexp"
	"slices"

	"github.com/dermliving/dermliving/internal/wordre"
	"github.com/dermliving/dermliving/lexicon"
)

// An answerType is the kind of answer a question's wording asks for, beyond
// its topic: where (a body site), how long (a duration), who (a group of
// people), which organism, which medicines, what it can be mistaken for, how
// to lower the risk, whether something should be done. A question about
// melasma that asks who gets it is not answered by the sentence that defines
// melasma, although both name melasma alone of the question's topic; the
// sentence that names women, adults or skin tones is. Extraction prefers
// sentences that hold the kind of answer asked for. It requires one only
// for the kinds marked required (where, how long), and only when a
// candidate holds one, so a question whose answer is worded otherwise is
// still answered from its best passage.
type answerType struct {
	name string
	// required is true when an answer without this kind is no answer: a
	// question that asks how long or where is not answered by a sentence
	// that names no duration or body site when one of the candidates does.
	required bool
	// question matches a question that asks for this kind of answer: a
	// *wordre.Regexp in answerTypes, run only at the words where a match
	// can begin.
	question interface{ MatchString(string) bool }
	// answers reports whether a sentence holds such an answer.
	answers func(sentence string) bool
	// unless, when set, marks questions that ask otherwise despite the
	// question pattern ("Where is tinea pedis picked up?" asks where it
	// is caught, not where on the body).
	unless interface{ MatchString(string) bool }
	// held, for the kinds in answerTypes, remembers answers for sentences
	// already read: the same passages' sentences are read question after
	// question.
	held *memo[bool]
}

// complicationAnswers marks a sentence that says what a condition leads to,
// goes with or threatens.
const complicationAnswers = `(?i)\b(complications (include|such as)|associated with|linked (to|with)|leads? to|lead\w* to|(can|may|might|could) (cause|result in)|(raises?|increases?|higher|increased|greater) (the )?risks? of|threaten\w*|life-threatening|block\w* the airway)\b`

// maxHeld bounds the sentences each kind of answer remembers.
const maxHeld = 1 << 16

func init() {
	for i := range answerTypes {
		answerTypes[i].held = &memo[bool]{}
	}
}

// onsetRE asks how soon something starts after its cause: "how long
// after touching an allergen does the rash appear?".
var onsetRE = wordre.MustCompile(`(?i)\bhow (?:(?:long|soon|quickly|fast|many (?:minutes|hours|days|weeks)) after\b|soon|quickly|fast)[^?]{0,80}?\b(appear\w*|show\w* up|start\w*|develop\w*|come up|begin\w*|break\w* out|react\w*)\b`)

// whereCaughtRE asks where a condition is caught or picked up.
var whereCaughtRE = regexp.MustCompile(`(?i)\bwhere\b.{0,60}\b(caught|catch\w*|pick(ed|s)? up|get it|got it|spread\w*|transmit\w*)`)

// matcher turns a pattern into a sentence test.
func matcher(pattern string) func(string) bool {
	re := regexp.MustCompile(pattern)
	return re.MatchString
}

// numberWord is a count written in digits or words.
const numberWord = `(\d+(\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|few|several|many|some)`

// answerTypes are tried in order; a question may ask for several kinds.
var answerTypes = []answerType{
	{
		name:     "location",
		required: true,
		question: whereRE,
		answers:  namesBodySite,
		unless:   whereCaughtRE,
	},
	{
		// "How long after touching it does the rash appear?" asks when it
		// starts, not how long it lasts: the sentence that says how soon
		// after the exposure, not the one that says it settles in weeks.
		name:     "onset",
		required: true,
		question: onsetRE,
		answers:  matcher(`(?i)\b(` + numberWord + `(\s*(to|or|-|–)\s*` + numberWord + `)?\s+(minutes?|hours?|days?|weeks?)\s+(after|of|following|later)|within (minutes|hours|days|a few \w+|` + numberWord + ` (minutes?|hours?|days?))|immediately|delayed|straight away|soon after|right after|shortly after)\b`),
	},
	{
		name:     "duration",
		required: true,
		unless:   onsetRE,
		question: wordre.MustCompile(`(?i)\b(how long|how many (minutes|hours|days|weeks|months|years)|how (soon|quickly|fast)|how much time|when (does|do|will|can|should)\b.*\b(go away|clear|fade|resolve|heal|settle|disappear|stop|end|improve)|wears? off|last(s)? forever|for life)\b`),
		answers:  matcher(`(?i)\b(` + numberWord + `(\s*(to|or|-|–)\s*` + numberWord + `)?\s+(minutes?|hours?|days?|weeks?|months?|years?|decades?)|within\b|lifelong|for life|permanent(ly)?|overnight|temporar(y|ily)|months|years|weeks|days|hours)\b`),
	},
	{
		name:     "population",
		question: wordre.MustCompile(`(?i)(^\W*who\b|\bwho (is|are|gets?|tends?|develops?)\b|\bwhich (people|persons|groups?|patients|populations?|ages?|age groups?)\b|\bwhat (age|ages|age groups?|kinds? of people|types? of people|groups?)\b|\bat what age\b|\bhow common\b|\bmore common in\b|\bmost (likely|at risk|prone)\b|\bat (higher |greater |most )?risk\b|\bprone\b)`),
		answers:  matcher(`(?i)\b(women|men|woman|man|female|male|girls|boys|children|child|kids|adults?|infants?|babies|baby|newborns?|toddlers|teenagers|teens|adolescents|young people|older (people|adults)|elderly|people (with|who|of|in|over|under)|anyone|everyone|any age|all ages|aged?|ages|years old|skin (tones?|types?)|(fair|dark|darker|light|lighter|medium) skin|families|family history|more common in|most common in|risk factors?|predispos\w*|(raises?|increases?) the risk|at (higher|greater|increased) risk)\b`),
	},
	{
		name:     "organism",
		required: true,
		question: wordre.MustCompile(`(?i)\b(which|what|what kind of|what type of)\s+(bacteria|bacterium|germs?|organisms?|microbes?|microorganisms?|virus(es)?|fung(i|us)|mites?|yeasts?|infection)\b|\bwhat (germ|bug|microbe)\b|\bcaused by (a |an )?(germ|bacteria|virus|fungus)\b`),
		// The answer names an organism; "bacteria" alone does not say which.
		// "Dermatophyte fungi" is a kind, not which fungus.
		answers: matcher(`(?i)(streptococc|staphylococc|\bstrep\b|\bstaph\b|\w+virus\b|herpes|varicella|papilloma|\bhpv\b|yeasts?\b|\bmites?\b|\blice\b|louse|candida|trichophyton|malassezia|microsporum|epidermophyton|pseudomonas|cutibacterium|propionibacterium|sarcoptes|demodex|corynebacterium|aureus|pyogenes)`),
	},
	{
		name:     "medicine",
		required: true,
		question: wordre.MustCompile(`(?i)\b(which|what|what kinds? of|what types? of)\s+(medicines?|medications?|drugs?|tablets|pills|creams?|ointments?|antibiotics?)\b`),
		// The answer names a medicine or a kind of one; "a medicine"
		// alone does not say which.
		answers: matcher(`(?i)(antibiotic|antifungal|antiviral|antihistamine|antiseptic|corticosteroid|steroid|retinoid|diuretic|immunosuppress|tablets?|creams?|ointments?|lotions?|injections?|biologics?|inhibitors?|\w+(cycline|mycin|cillin|azole|mab|nib|olone|sone|pril|sartan|statin|vir)\b|terbinafine|naftifine)`),
	},
	{
		// "What does tinea pedis look like?" asks for its appearance, not
		// for what it looks like.
		name:     "lookalike",
		question: wordre.MustCompile(`(?i)\b(look(s)? like\s+\w+|looks? similar|mistaken for|confused with|mimic\w*|resembl\w*|tell\b.*\bapart|difference between|differ from|distinguish\w*|other conditions?)\b`),
		answers:  matcher(`(?i)\b(look(s)? (like|similar)|similar|resembl\w*|mimic\w*|confused|mistaken|distinguish\w*|differ\w*|other conditions?|conditions such as|such as|unlike|rule out|ruled out)\b`),
	},
	{
		name:     "prevention",
		question: wordre.MustCompile(`(?i)\b(prevent\w*|lower (the|my|your|their)? ?risk|reduce (the|my|your|their)? ?risk|cut (the )?risk|avoid getting|stop\b.*\bfrom (getting|coming|spreading|returning)|protect\w*)\b`),
		answers:  matcher(`(?i)\b(prevent\w*|reduc\w*|lower\w*|avoid\w*|protect\w*|limit\w*|shade|sunscreen|cover\w*|keep\w*|wash\w*|do not share|not sharing)\b`),
	},
	{
		// "Why do head lice treatments have to be repeated?" is answered by
		// the sentence that gives a reason or a purpose.
		name:     "reason",
		question: wordre.MustCompile(`(?i)^\W*(why\b|what is the reason|how come\b)`),
		answers:  matcher(`(?i)\b(because|since|so that|in order to|to (kill|prevent|stop|allow|let|help|reduce|avoid|protect|remove|treat|clear|catch|check|rule out|exclude)|due to|caused by|result(s|ing)? (from|of|in)|leads? to|driven by|triggered by|as a result|which (means|allows|lets))\b`),
	},
	{
		// "Is seborrheic dermatitis caused by not washing enough?" is
		// settled by the sentence that says what it is, or is not, caused
		// by ("is not caused by poor hygiene").
		name:     "caused by",
		required: true,
		question: wordre.MustCompile(`(?i)^\W*(is|are|can|could|does|do|was|were)\b[^?]{0,80}?\b(caused by|due to|the result of|a result of|because of)\b`),
		answers:  matcher(`(?i)\b(caused by|due to|the result of|results? from|because of|causes? of)\b`),
	},
	{
		// "Is scalp ringworm catching?" is answered by the sentence that
		// says whether and how it passes between people.
		name:     "contagion",
		question: wordre.MustCompile(`(?i)\b(contagious|catching|infectious|catch(es)?|caught|how (do|does|can) (you|people|they|someone|kids|children) get|spread(s|ing)?|pass(ed|es)? (it )?on|transmit\w*|transmission)\b`),
		answers:  matcher(`(?i)\b(contagious|infectious|spreads?|spreading|catch(es|ing)?|caught|pass(ed|es)? (on|to|between|from)|transmit\w*|transmission|direct contact|skin-to-skin|person to person|shared|sharing)\b`),
	},
	{
		// "Is alopecia areata permanent?" is answered by the sentence that
		// says whether it lasts, clears or grows back, not by the one that
		// says what it is.
		name:     "permanence",
		required: true,
		question: wordre.MustCompile(`(?i)\b(permanent(ly)?|forever|for good|irreversible|reversible|curable)\b`),
		answers:  matcher(`(?i)\b(grow back|grows back|regrow\w*|regrowth|permanent\w*|irreversibl\w*|reversibl\w*|for life|lifelong|resolv\w*|clears?|clear up|fades?|come and go|comes and goes|recur\w*|go away|goes away|cure\w*|curable|remission|temporar\w*|chronic|long-term|persist\w*|lasting)\b`),
	},
	{
		// "Can you get shingles more than once?" is answered by the sentence
		// that says whether it comes back.
		name:     "recurrence",
		question: wordre.MustCompile(`(?i)\b(more than once|(a )?second time|twice|again|come back|comes back|coming back|recur\w*|return\w*|keep (coming|getting))\b`),
		answers:  matcher(`(?i)\b(recur\w*|come back|comes back|coming back|return\w*|again|more than once|(only )?one episode|repeated episodes|second episode|relaps\w*)\b`),
	},
	{
		// "What other health problems go along with psoriasis?" is answered
		// by the sentence that names what it is linked to or leads to, not
		// by what triggers it.
		name:     "complications",
		required: true,
		question: wordre.MustCompile(`(?i)\b(complications?|go(es)? (along|together) with|other (health )?(problems|conditions|diseases|illnesses)|lead to|long[- ]term (effects?|problems?|harm)|side[- ]effects?|adverse effects?)\b`),
		answers:  matcher(complicationAnswers),
	},
	{
		// "Is dermatomyositis linked to cancer?" prefers the sentence that
		// says what it is linked to, without requiring one: "more common in
		// people with Parkinson's disease" says it too.
		name:     "association",
		question: wordre.MustCompile(`(?i)\b(linked (to|with)|associated with|connected (to|with)|dangerous)\b`),
		answers:  matcher(complicationAnswers),
	},
	{
		// Whether something should be done ("should sunburn blisters be
		// popped?") is answered by the sentence that says what is best, not
		// by the one that says sunburn can blister.
		name:     "advice",
		question: wordre.MustCompile(`(?i)^\W*(should|shall|must|ought|is it (safe|ok|okay|alright|all right|wise|advisable|a good idea|best|better|bad|harmful|necessary)|do (i|you|we) (need|have) to|(do|does)\s+[^?]{1,60}?\s+(need|have)\s+to)\b`),
		answers:  matcher(`(?i)\b(should|best|better|avoid\w*|advis\w*|recommend\w*|discourag\w*|safe|unsafe|helps?|do not|don't|never|not needed|no need|needs? no|not need\w*|no treatment|unnecessary|necessary|needs? to)\b`),
	},
}

// askedTypes returns the kinds of answer a question asks for.
func askedTypes(question string) []answerType {
	var out []answerType
	for _, t := range answerTypes {
		if t.question.MatchString(question) && (t.unless == nil || !t.unless.MatchString(question)) {
			out = append(out, t)
		}
	}
	return out
}

// holdsAsked reports whether a sentence holds an answer of one of the kinds
// asked for.
func holdsAsked(types []answerType, sentence string) bool {
	for _, t := range types {
		if t.held != nil {
			if t.held.get(sentence, maxHeld, t.answers) {
				return true
			}
			continue
		}
		if t.answers(sentence) {
			return true
		}
	}
	return false
}

// absenceRE asks whether something happens without a thing ("Can X occur
// without any blisters?"); its group is what is said to be absent.
var absenceRE = regexp.MustCompile(`(?i)^\W*(?:can|could|does|do|is|are|will|may|might)\b[^?]{0,80}?\b(?:without|never|(?:when|while|if|even\s+if|even\s+when)\s+there\s+(?:are|is)\s+no|with\s+no)\s+(?:(?:any|a|an|the|having|getting|causing|visible|obvious)\s+)*([\pL-]+)`)

// negationWords deny what follows them within a few words.
var negationWords = map[string]bool{"without": true, "never": true, "no": true, "not": true, "none": true, "absent": true, "lacks": true, "lacking": true, "free": true}

// absenceType is the kind of answer a question asking whether something
// happens without a thing wants: a sentence that denies that thing ("some
// people never develop blisters", "can begin without blisters"), not one that
// describes it. It is nil when the question asks no such thing.
func absenceType(an *lexicon.Analyzer, question string) *answerType {
	m := absenceRE.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	absent := lexicon.NewTermSet(an.Terms(m[1]))
	if len(absent) == 0 {
		return nil
	}
	return &answerType{name: "absence", required: true, question: absenceRE, answers: func(sentence string) bool {
		ws := words(sentence)
		for i, w := range ws {
			if !slices.ContainsFunc(an.Terms(w), absent.Has) {
				continue
			}
			for _, before := range ws[max(0, i-absenceReach):i] {
				if negationWords[before] {
					return true
				}
			}
		}
		return false
	}}
}

// absenceReach is how many words before a thing a negation may stand and
// still deny it ("never develop blisters", "without any visible blisters").
const absenceReach = 4

// causedByRE asks whether a condition is caused by a named thing ("Is
// tinea corporis actually caused by a worm?"); its group is the thing.
var causedByRE = regexp.MustCompile(`(?i)^\W*(?:is|are|can|could|does|do|was|were)\b[^?]{0,80}?\b(?:caused\s+by|due\s+to|the\s+result\s+of|a\s+result\s+of|because\s+of)\s+(?:(?:a|an|the|some|any|too\s+much|not|poor|bad)\s+)*([\pL-]+(?:\s+[\pL-]+)?)`)

// settlesCauseRE marks a sentence that can settle whether a thing causes a
// condition: it denies or names a cause.
var settlesCauseRE = regexp.MustCompile(`(?i)\b(?:no|not|never|isn't|aren't|without|nothing|cause[sd]?|due|result\w*|because|linked|involved|responsible)\b`)

// causedByNamedType is the kind of answer a question asking whether a
// condition is caused by a named thing wants besides the sentence that says
// what causes it: one that names the thing, which settles the yes or no
// ("no worm is involved"). It is nil when the question asks no such thing.
func causedByNamedType(an *lexicon.Analyzer, question string) *answerType {
	m := causedByRE.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	named := lexicon.NewTermSet(an.Terms(m[1]))
	if len(named) == 0 {
		return nil
	}
	return &answerType{name: "caused by named", required: true, question: causedByRE, answers: func(sentence string) bool {
		return settlesCauseRE.MatchString(sentence) && slices.ContainsFunc(an.Terms(sentence), named.Has)
	}}
}
