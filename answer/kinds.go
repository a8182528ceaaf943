package answer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/retrieve"
)

// kindOf names the kind of answer a section holds, across the sandbox's
// section names and MedQuAD's question types.
func kindOf(section string) string {
	s := strings.ToLower(section)
	has := func(words ...string) bool { return containsAny(s, words) }
	switch {
	case has("overview", "information"):
		return "overview"
	case has("inherit"):
		return "inheritance"
	case has("genetic"):
		return "genetics"
	case has("cause", "trigger"):
		return "causes"
	case has("stages"):
		return "stages"
	case has("symptom", "sign"):
		return "symptoms"
	case has("diagnos", "exams", "test"):
		return "diagnosis"
	case has("treatment", "therap"):
		return "treatment"
	case has("self-care", "prevention"):
		return "prevention"
	case has("outlook", "prognosis"):
		return "outlook"
	case has("susceptib"):
		return "susceptibility"
	case has("frequency"):
		return "frequency"
	case has("complication"):
		return "complications"
	case has("research"):
		return "research"
	case has("clinician"):
		return "see_clinician"
	}
	return ""
}

// kindOpening is a question's opening that settles which kind of section
// answers it, with the kinds in order of preference.
type kindOpening struct {
	re    *regexp.Regexp
	kinds []string
}

// kindOpenings are the plain openings of reference questions ("What are the
// symptoms of ...", "How to diagnose ...", "Who is at risk for ..."): where a
// question opens so, its topic's section of that kind answers it.
var kindOpenings = []kindOpening{
	{regexp.MustCompile(`(?i)^\W*what\s+(?:is|are)\s+the\s+(?:signs\s+and\s+)?(?:signs|symptoms)\b`), []string{"symptoms"}},
	{regexp.MustCompile(`(?i)^\W*what\s+(?:is|are)\s+the\s+stages?\s+of\b`), []string{"stages"}},
	{regexp.MustCompile(`(?i)^\W*(?:how\s+to\s+diagnose|how\s+(?:is|are)\s+.{1,80}\s+diagnosed\b)`), []string{"diagnosis"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+(?:is|are)\s+the\s+treatments?\s+for|how\s+(?:is|are)\s+.{1,80}\s+treated\b|how\s+to\s+treat\b)`), []string{"treatment"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+causes\b|(?:what\s+(?:is|are)|what'?s|whats)\s+(?:the\s+)?(?:(?:most\s+)?(?:common|usual|main|typical|known|possible|underlying)\s+)?causes?\s+of\b)`), []string{"causes", "genetics", "inheritance"}},
	{regexp.MustCompile(`(?i)^\W*(?:is|are)\s+.{1,80}\s+(?:inherited|genetic|hereditary|in\s+the\s+genes)\s*\??\s*$`), []string{"inheritance", "genetics", "causes"}},
	{regexp.MustCompile(`(?i)^\W*what\s+are\s+the\s+genetic\s+changes\s+related\s+to\b`), []string{"genetics", "inheritance", "causes"}},
	{regexp.MustCompile(`(?i)^\W*who\s+is\s+at\s+risk\s+(?:for|of)\b`), []string{"susceptibility", "causes"}},
	{regexp.MustCompile(`(?i)^\W*who\s+(?:is|are)\s+(?:most\s+|more\s+)?(?:prone|susceptible|vulnerable)\s+to\b`), []string{"susceptibility", "causes"}},
	{regexp.MustCompile(`(?i)^\W*how\s+many\s+people\s+are\s+affected\s+by\b`), []string{"frequency"}},
	{regexp.MustCompile(`(?i)^\W*(?:how\s+to\s+prevent\b|how\s+can\s+.{1,80}\s+be\s+prevented\b|how\s+(?:is|are)\s+.{1,80}\s+prevented\b)`), []string{"prevention"}},
	{regexp.MustCompile(`(?i)^\W*what\s+is\s+the\s+outlook\s+for\b`), []string{"outlook"}},
	{regexp.MustCompile(`(?i)^\W*what\s+are\s+the\s+complications\s+of\b`), []string{"complications"}},
	{regexp.MustCompile(`(?i)^\W*what\s+research\b`), []string{"research"}},
	{regexp.MustCompile(`(?i)^\W*what\s+(?:actually\s+|exactly\s+|really\s+)?(?:goes|is\s+going|has\s+gone)\s+wrong\b`), []string{"causes"}},
	{regexp.MustCompile(`(?i)^\W*(?:which|what)\s+(?:kinds?\s+of\s+|types?\s+of\s+|sorts?\s+of\s+)?[^?]{1,40}?\b(?:ought\s+to|should|need\s+to|needs\s+to|must)\s+be\s+(?:checked|seen|looked\s+at|examined|reviewed)\b`), []string{"see_clinician"}},
	{regexp.MustCompile(`(?i)^\W*when\s+(?:should|does|do|is|are|to|would|must)\b[^?]{0,80}?\b(?:see|seen|seeing|checked|check|looked\s+at|examined|medical\s+(?:help|advice|attention)|a\s+(?:doctor|gp|clinician|dermatologist)|urgent\s+care|emergency|hospital)\b`), []string{"see_clinician"}},
	// Everyday openings of the same questions.
	{regexp.MustCompile(`(?i)^\W*(?:which|what)\s+(?:other\s+|internal\s+|common\s+|medical\s+|underlying\s+)?(?:illnesses|diseases|conditions|medicines|medications|drugs|infections|foods|things|factors)\b[^?]{0,40}?\b(?:can|may|might|commonly|usually|often)?\s*(?:cause|causes|trigger|triggers|bring\s+on|set\s+off)\b`), []string{"causes", "genetics", "inheritance"}},
	{regexp.MustCompile(`(?i)^\W*(?:why\s+(?:do|does|did|would|might|can)\s+(?:some\s+|certain\s+|many\s+|so\s+many\s+)?(?:people|persons|children|kids|adults|women|men|babies|teenagers|someone|anyone|you)\s+(?:get|develop|have|catch|end\s+up\s+with)\b|why\s+(?:do|does)\s+[^?,]{1,60}\s+(?:happen|occur|develop|form|start|begin|appear|arise)\s*\??\s*$)`), []string{"causes", "genetics", "inheritance"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+does\s+.{1,80}\s+look\s+like\s*\??\s*$|what\s+are\s+(?:the\s+)?(?:very\s+)?(?:common|typical|usual|main|first|early|earliest|key|classic)\s+(?:signs|symptoms)\s+of\b)`), []string{"symptoms"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+treatments?\s+(?:exist|are\s+there|are\s+available|is\s+available|can\s+help|work)\s+for\b|(?:what|which)\s+(?:treatments?|medicines?|medications?|therapies|drugs)\s+(?:are|is)\s+(?:used|given|recommended|prescribed|offered|tried)\b|what\s+are\s+the\s+(?:main\s+|usual\s+|common\s+|available\s+)?treatment\s+options\s+for\b|what\s+are\s+the\s+(?:ways|options)\s+to\s+(?:treat|get\s+rid\s+of)\b|what\s+(?:is|are)\s+the\s+(?:best\s+|usual\s+|main\s+)?treatments?\s+(?:for|of)\b|how\s+(?:do|can)\s+(?:you|i|people|doctors|clinicians)\s+(?:treat|get\s+rid\s+of)\b|how\s+to\s+get\s+rid\s+of\b)`), []string{"treatment"}},
	{regexp.MustCompile(`(?i)^\W*(?:how\s+(?:do|can|does|would|will|could)\s+(?:a\s+|the\s+|your\s+)?(?:doctors?|clinicians?|dermatologists?|gps?|physicians?)\s+(?:diagnose|confirm|test\s+for|check\s+for|work\s+out|find\s+out|figure\s+out|tell|know|identify|be\s+(?:sure|certain))\b|what\s+tests?\s+(?:are|is)\s+(?:used|done|needed)\s+(?:to\s+diagnose|for)\b)`), []string{"diagnosis"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+(?:usually\s+|commonly\s+|typically\s+)?(?:triggers|sets\s+off|brings\s+on)\b|what\s+(?:kinds?\s+of\s+)?things\s+(?:tend\s+to\s+|can\s+|usually\s+)?(?:trigger|set\s+off|cause|bring\s+on)\b)`), []string{"causes"}},
	{regexp.MustCompile(`(?i)^\W*(?:how\s+(?:can|do)\s+(?:you|u|i|people)\s+(?:prevent|avoid)\b|how\s+(?:can|do|does|to)\s+(?:you\s+|u\s+|i\s+|people\s+|we\s+|one\s+)?(?:stop|prevent|keep)\s+[^?]{1,60}?\s+(?:from\s+)?(?:coming\s+back|returning|recurring|spreading)\b|what\s+can\s+(?:you|i|people)\s+do\s+at\s+home\b|how\s+(?:can|do|does|is|are)\s+.{1,80}\s+be\s+(?:stopped|kept|prevented)\s+from\s+spreading\b|how\s+(?:can|do)\s+(?:you|i|people|families|parents|schools)\s+(?:stop|prevent|limit)\s+.{1,80}\s+(?:from\s+)?(?:spreading|going\s+a?round|passing\s+(?:on|a?round))\b)`), []string{"prevention"}},
	{regexp.MustCompile(`(?i)^\W*(?:what\s+(?:a\s+|the\s+)?diagnosis\s+of\s+.{1,80}\s+means\b|what\s+does\s+(?:a\s+|the\s+)?diagnosis\s+of\s+.{1,80}\s+mean\b)`), []string{"overview"}},
	{regexp.MustCompile(`(?i)^\W*(?:which|what)\s+(?:other\s+)?(?:conditions|diseases|rashes|skin\s+problems|problems|things)\s+(?:can\s+|may\s+|might\s+)?(?:look|looks|appear|appears)\s+(?:like|similar\s+to)\b`), []string{"diagnosis"}},
}

// bareOpenings are openings of a question with no question word at its
// start: a name and the kind of answer, as typed into a search box
// ("psoraisis treatment options", "shingles symptoms").
var bareOpenings = []kindOpening{
	{regexp.MustCompile(`(?i)^\W*(?:[a-z'-]+\s+){1,4}(?:treatments?|treatment\s+options|therapy|therapies|remedies)\b`), []string{"treatment"}},
	{regexp.MustCompile(`(?i)^\W*(?:[a-z'-]+\s+){1,4}(?:symptoms|signs\s+and\s+symptoms)\s*\??\s*$`), []string{"symptoms"}},
	{regexp.MustCompile(`(?i)^\W*(?:[a-z'-]+\s+){1,4}(?:causes|triggers)\s*\??\s*$`), []string{"causes", "genetics", "inheritance"}},
}

// whatIsRE asks what something is, and nothing more: "What is (are)
// Psoriasis ?". Its topic's overview answers it when the something is the
// topic itself, not a part of it ("What is the punctum on a cyst?").
var whatIsRE = regexp.MustCompile(`(?i)^\W*what\s+(?:is|are)\s+(?:\(are\)\s+)?(?:an?\s+|the\s+)?([^,;?]{1,80}?)\s*\?*\s*$`)

// Defines reports whether sentence says what the question asks something
// is ("What are exclamation mark hairs?"): it calls it by that name ("...,
// often called exclamation mark hairs") or opens with it and says what it
// is ("A kerion is a ...").
func Defines(question, sentence string) bool {
	m := whatIsTermRE.FindStringSubmatch(question)
	if m == nil {
		return false
	}
	s := strings.ToLower(sentence)
	opening := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "the "), "an "), "a ")
	for _, term := range definedTerms(strings.ToLower(strings.TrimSpace(m[1]))) {
		if len(strings.Fields(term)) == 0 || len(strings.Fields(term)) > 5 {
			continue
		}
		for _, cue := range []string{"called " + term, "known as " + term, "termed " + term} {
			if strings.Contains(s, cue) {
				return true
			}
		}
		if strings.HasPrefix(opening, term+" is ") || strings.HasPrefix(opening, term+" are ") {
			return true
		}
	}
	return false
}

// definedTerms returns the ways a question writes what it asks to be
// defined: "asteatotic eczema (eczema craquelé) in dry skin" is asteatotic
// eczema, or eczema craquelé, in dry skin.
func definedTerms(term string) []string {
	out := []string{term}
	if before, rest, ok := strings.Cut(term, "("); ok {
		before = strings.TrimSpace(before)
		out = append(out, before)
		if inner, _, ok := strings.Cut(rest, ")"); ok {
			out = append(out, strings.TrimSpace(inner))
		}
	}
	for _, t := range slices.Clone(out) {
		for _, sep := range []string{" in ", " on ", " of the ", " for "} {
			if before, _, ok := strings.Cut(t, sep); ok {
				out = append(out, strings.TrimSpace(before))
			}
		}
	}
	return out
}

// whatIsTermRE finds a question sentence that asks what something is:
// "What are exclamation mark hairs?", after or before other words.
var whatIsTermRE = regexp.MustCompile(`(?i)(?:^|[.?!]\s+)\W*what\s+(?:is|are)\s+(?:an?\s+|the\s+)?([^,;.?!]{1,80}?)\s*\?`)

// pointBackRE asks what the thing just named is: "what is that exactly?".
var pointBackRE = regexp.MustCompile(`(?i)^\W*what\s+(?:is|are|'s)\s+(?:that|this|it|these|those|they)\b`)

// openingKinds returns the kinds of section a question's opening asks for,
// in order of preference, or nil when its opening settles none.
func openingKinds(question string) []string {
	// "What actually causes dandruff?" opens as "What causes dandruff?".
	question = hedgeRE.ReplaceAllString(question, "")
	for _, o := range kindOpenings {
		if o.re.MatchString(question) {
			return o.kinds
		}
	}
	if !questionWordRE.MatchString(question) {
		for _, o := range bareOpenings {
			if o.re.MatchString(question) {
				return o.kinds
			}
		}
		// A name typed before the question proper: "vitiligo what
		// causes the white patches".
		if loc := laterQuestionRE.FindStringSubmatchIndex(question); loc != nil {
			return openingKinds(question[loc[2]:])
		}
	}
	// A polite request opens many questions: "Can you explain what ...".
	if loc := requestRE.FindStringIndex(question); loc != nil {
		return openingKinds(question[loc[1]:])
	}
	// A question may open with a phrase that sets its scene: "In a typical
	// case of impetigo, what does the rash look like?".
	if _, rest, ok := strings.Cut(question, ","); ok && leadRE.MatchString(question) {
		for _, o := range kindOpenings {
			if o.re.MatchString(strings.TrimSpace(rest)) {
				return o.kinds
			}
		}
	}
	return nil
}

// questionWordRE opens a question with a question word or an auxiliary.
var questionWordRE = regexp.MustCompile(`(?i)^\W*(?:what|whats|what's|wat|why|how|when|where|who|whom|whose|which|is|are|was|were|do|does|did|can|could|should|would|will|may|might|must|has|have|tell|explain|describe|please|i|my|any)\b`)

// laterQuestionRE finds a question word after a few words of a name:
// "vitiligo what causes ...", "alopecia areata - how is it treated".
var laterQuestionRE = regexp.MustCompile(`(?i)^\W*(?:[\pL'-]+\s*){1,4}[-:,]?\s+((?:what|what's|whats|how|why|when|where|who|which)\b.*)$`)

// hedgeRE is an adverb that says nothing of what a question asks:
// "actually", "really", "exactly".
var hedgeRE = regexp.MustCompile(`(?i)\b(?:actually|really|exactly|precisely|basically)\s+`)

// requestRE is a polite request before a question proper: "Can you
// explain", "Please tell me", "I would like to know".
var requestRE = regexp.MustCompile(`(?i)^\W*(?:(?:can|could|would)\s+you\s+(?:please\s+)?(?:explain|tell\s+me|describe)|please\s+(?:explain|tell\s+me|describe)|i\s+(?:want|would\s+like|'d\s+like)\s+to\s+know)\s+`)

// leadRE opens a question with a phrase before its question proper.
var leadRE = regexp.MustCompile(`(?i)^\W*(?:in|for|with|among|during|on)\s+[^,?]{1,60},\s*(?:what|how|who|which|where|when|why)\b`)

// Section is the section of a focus topic that a question's opening asks for.
type Section struct {
	// IDs are the section's passages, in the order of the knowledge.
	IDs []string
	// Whole is true when the section answers as a whole, each paragraph
	// holding part of the answer ("How is X treated?"), rather than from its
	// first paragraph (an overview answering "What is X?").
	Whole bool
}

// SectionFor returns the passages of the answer's focus in the section of
// the kind the question's opening asks for ("What are the symptoms of X?":
// X's symptoms section), or no IDs when the opening settles no kind or the
// focus has no such section.
func (c *Composer) SectionFor(a Answer, question string) Section {
	if !a.Named {
		return Section{}
	}
	// The question after an account of someone's case says what is asked;
	// "what is that?" points back to the topic the account names.
	if tail, ok := retrieve.QuestionAfterAccount(question); ok {
		question = tail
		if pointBackRE.MatchString(tail) {
			// Unless the account says what kind of answer is wanted
			// ("accepted criteria for diagnosing X. What are they?").
			if a.Intent&^(YesNo|Definition) != 0 {
				return Section{}
			}
			question = "what is " + a.Focus[0] + "?"
		}
	}
	kinds := openingKinds(question)
	if m := whatIsRE.FindStringSubmatch(question); kinds == nil && m != nil && c.namesOnly(a, m[1]) {
		kinds = []string{"overview"}
	}
	for _, k := range kinds {
		var out []string
		for _, ti := range a.focus {
			for _, pi := range c.topics.topics[ti].passages {
				if kindOf(c.topics.passages[pi].kind) == k {
					out = append(out, c.topics.passages[pi].id)
				}
			}
		}
		if len(out) > 0 {
			return Section{IDs: out, Whole: k != "overview"}
		}
	}
	return Section{}
}

// namesOnly reports whether every term of text is a term of a name of the
// answer's focus.
func (c *Composer) namesOnly(a Answer, text string) bool {
	terms := c.an.Terms(text)
	if len(terms) == 0 {
		return false
	}
	for _, t := range terms {
		found := false
		for _, ti := range a.focus {
			for _, n := range c.topics.topics[ti].names {
				for _, nt := range n {
					if nt == t {
						found = true
					}
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Opening returns up to n of the passage's first sentences that may be
// quoted, stopping at the first that may not.
func (c *Composer) Opening(passageID string, n int) []Sentence {
	pi, ok := c.topics.byID[passageID]
	if !ok {
		return nil
	}
	p, err := c.kv.Evidence(passageID)
	if err != nil {
		return nil
	}
	var out []Sentence
	for _, s := range c.sentences(pi, p.Text) {
		if len(out) == n || s.junk || s.anaphoric && len(out) == 0 {
			break
		}
		out = append(out, Sentence{PassageID: passageID, Start: s.start, End: s.end, Text: p.Text[s.start:s.end]})
	}
	return out
}
