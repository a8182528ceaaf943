package abstain

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// lesionWords names the things a person shows or describes: a mole, a rash,
// a spot on their skin. lesionRE matches one, singular or plural.
const lesionWords = `mole|rash|spot|lesion|bump|lump|growth|patch|mark|freckle|blister|sore|wound|nail|skin|itch|pimple|cyst|wart|ulcer|scab|boil|welt|scar|swelling|nodule|plaque|papule|pustule|bruise|bite|birthmark|sunburn|tattoo|piercing`

const lesionRE = `(?:` + lesionWords + `)s?`

// bodyRE names body parts for "the spot on my nose".
const bodyRE = `(?:face|nose|cheek|cheeks|forehead|chin|lip|lips|mouth|eye|eyes|eyelid|eyelids|ear|ears|neck|scalp|head|chest|breast|back|belly|stomach|tummy|arm|arms|armpit|hand|hands|palm|finger|fingers|wrist|elbow|elbows|leg|legs|thigh|knee|knees|shin|foot|feet|toe|toes|heel|ankle|groin|genitals|penis|vulva|bottom|buttock|buttocks|skin|body|shoulder|shoulders|hip|side)`

// A rule matches questions that ask for a decision about a particular
// person: their diagnosis, their treatment or dose, their triage. Rules run on
// folded text (lowercase, no accents, straight apostrophes, single spaces)
// after the neutralising rewrites in [IsClinicalDecision].
//
// "A, and later B" is written as two expressions, re and then (or re and
// before), rather than one "A.*B": Go's regexp scans a large alternation
// followed by .* slowly, and the rarer part can run first.
type rule struct {
	// any lists literals of which every match of re holds at least one; re
	// runs only on questions that hold one, so most rules skip most questions.
	any []string
	re  *regexp.Regexp
	// then, when set, is tried after the end of re's first match, and before
	// before the start of re's last match; when either is set, one of them
	// must match too.
	then, before matcher
}

// matcher is a *regexp.Regexp or a wordSet.
type matcher interface{ MatchString(s string) bool }

// wordSet matches any of its phrases as whole words: as \b(a|b|c)\b does for
// phrases that start and end with an ASCII letter, but without a regexp scan.
type wordSet []string

func (ws wordSet) MatchString(s string) bool {
	for _, w := range ws {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(w)
			if (start == 0 || !isWordByte(s[start-1])) && (end == len(s) || !isWordByte(s[end])) {
				return true
			}
			off = start + 1
		}
	}
	return false
}

// plurals returns each word and the word with s appended.
func plurals(ws []string) wordSet {
	out := make(wordSet, 0, 2*len(ws))
	for _, w := range ws {
		out = append(out, w, w+"s")
	}
	return out
}

func (rl *rule) match(q string) bool {
	if rl.then == nil && rl.before == nil {
		return rl.re.MatchString(q)
	}
	if rl.then != nil {
		if m := rl.re.FindStringIndex(q); m == nil {
			return false
		} else if rl.then.MatchString(q[m[1]:]) {
			return true
		}
	}
	if rl.before != nil {
		last := -1
		for _, m := range rl.re.FindAllStringIndex(q, -1) {
			last = m[0]
		}
		return last >= 0 && rl.before.MatchString(q[:last])
	}
	return false
}

// r is a rule of one expression.
func r(any []string, expr string) rule { return rule{any: any, re: rx(expr)} }

// seq is a rule "a, then later b".
func seq(any []string, a string, b matcher) rule { return rule{any: any, re: rx(a), then: b} }

// around is a rule "b, with c after it or d before it".
func around(any []string, b string, c, d matcher) rule {
	return rule{any: any, re: rx(b), then: c, before: d}
}

// after is a rule "b, with a before it", which runs b first.
func after(any []string, a matcher, b string) rule { return rule{any: any, re: rx(b), before: a} }

func rx(expr string) *regexp.Regexp { return regexp.MustCompile(expr) }

func words(s string) []string { return strings.Split(s, "|") }

// cross returns every a+b.
func cross(as, bs string) []string {
	var out []string
	for _, a := range words(as) {
		for _, b := range words(bs) {
			out = append(out, a+b)
		}
	}
	return out
}

const (
	diseaseRE = `(cancer|melanoma|skin cancer|malignant|serious|dangerous|infected|contagious|ringworm|scabies|shingles|psoriasis|eczema)`
	isItRE    = `\bis it (safe|ok|okay|alright|all right|normal|fine|dangerous|bad|too late)\b`
)

// personal marks the asker or their own body in a question.
var personal = wordSet(words("i|my|me"))

var decisionRules = []rule{
	// A first-person request for a decision.
	r(words("should "), `\bshould (i|we|he|she|they|my \w+|our \w+|the patient|this patient)\b`),
	r(words("i have"), `\b(do|did) i have\b`),
	r(words("i got|am i |i have|i need"), `\b(have i got|am i (having|allergic|infected|contagious)|could i have|might i have|do i need (a|an|to see|antibiotics|a biopsy))\b`),
	r(words("allergic|infected|contagious|having|immune"), `\b(is (he|she)|is (my|our) \w+|are we) (allergic|infected|contagious|having|immune)\b`),
	r(words(" have"), `\bwhat (do|does|did) (i|he|she|my \w+|the patient|this patient) have\b`),
	r(cross("what ", "should i |can i |do i "), `\bwhat (should|can|do) i (do|use|take|put|apply|try)\b`),
	r(words("can i |can my "), `\bcan (i|my \w+) (still |keep |continue )?(use|using|take|taking|stop|start|apply|put|give|double|combine|mix|skip|increase|decrease|drink|breastfeed|reuse|share|borrow|pop|squeeze|go back|return|swim|shave|wax|tan)\b`),
	r(words("diagnose|treat|assess|examine|evaluate|check|look at"), `\b(diagnose|treat|assess|examine|evaluate|check|look at) (me|my|him|her)\b`),
	r(words("diagnose|assess|examine|evaluate|check|look at|identify"), `\b(diagnose|assess|examine|evaluate|check|look at|identify) (this|that|these|those) (\w+ )?`+lesionRE+`\b`),
	// Something in front of the asker.
	r(cross("is |could |might |does ", "this |that |these |my "), `\b(is|could|might|does) (this|that|these|my) (\w+ )?`+lesionRE+`\b`),
	r(cross("what ", "this |that |these |those "), `\bwhat (this|that|these|those) (\w+ )?`+lesionRE+`\b`),
	r(words(" my | his | her | our "), `\b(is|are|could|might) (the|this|that|these|those|a|an) (\w+ )?`+lesionRE+` (on|in|under|near|behind|above|below|around|at|between) (my|his|her|our) `+bodyRE+`\b`),
	after(cross("what ", "is |are |could |might |would |can "), plurals(words(lesionWords)), `\bwhat (is|are|could|might|would|can) (it|this|that|they|these)\b`),
	r(words("look|seem|sound|appear"), `\b(do|does|did) (this|that|it|these|my \w+|his \w+|her \w+) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying)\b`),
	r(words("you think"), `\b(do|would) you think (it|this|that|these|my|his|her|i|he|she)\b|\bwhat do you think (it|this|that|these) (is|are)\b`),
	// "Is it cancer?", "is it safe?" with the asker in the question.
	around(cross("is |could ", "this |that |it "), `\b(is|could) (this|that|it) (be )?`+diseaseRE+`\b`, personal, personal),
	around(words("is it "), isItRE, personal, wordSet(words("i'm|i am|im|i have|i've|my"))),
	r(words("photo| pic|image| file"), `\b(attached|enclosed|uploaded) (photo|picture|image|pic|photograph|file)s?\b|\b(see|in|from) (the|this|my) (photo|picture|image|pic|photograph)s?\b|\b(this|my) (photo|picture|image|pic|photograph)\b`),
	// Doses and choices for a person.
	seq(cross("how ", "much |many |often |long "), `\bhow (much|many|often|long) `, rx(`\b(should|can|do|must) (i|we|he|she|my \w+)\b`)),
	seq(cross("how ", "much |many "), `\bhow (much|many) `, rx(`\b(on|for|to) (my|his|her|our) \w+`)),
	seq(words("which "), `\bwhich (biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet)s?\b`, wordSet(words("should|to start|to use|to choose|to give|to prescribe"))),
	seq(words("recommend|prescribe|suggest|advise"), `\b(recommend|prescribe|suggest|advise)\b`, wordSet(cross("for |to |on ", "me|my|him|her|us|our"))),
	seq(words("my "), `\bmy (patient|child|son|daughter|baby|toddler|infant|husband|wife|partner|mother|father|mom|mum|dad|kid|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather)\b`, rx(`\b(should|dose|dosage|how much|start|stop|switch|which|does (he|she|it) have|is it|is (he|she)|will (he|she)|diagnos|what to do|treat|excis|biops|refer|monitor|watch)`)),
	// Case vignettes: an age and a decision.
	seq(words("old"), `\b\d{1,3}[ -](year|yr|month|week|day)s?[ -]old\b`, wordSet(words("biopsy or|or watch|should|what to do|next step|treat|manage|start|diagnosis|most likely|refer|excise"))),
	// A described lesion with its size or change, asked about.
	r(cross("is |been ", "0|1|2|3|4|5|6|7|8|9"), `\b(it|mine|my \w+) (is|has been) \d+(\.\d+)? ?(mm|cm|millimet|centimet)`),
}

// neutral rewrites phrases that look like a decision rule but ask for
// reference information, before the rules run.
var neutral = []struct {
	any  []string // as in rule
	re   *regexp.Regexp
	with string
}{
	// Explicit disclaimers: "I am not asking for a diagnosis".
	{words("not asking"), rx(`\b(i am|i'm|im) not asking (for|about) (a |my )?(diagnosis|treatment|advice|medical advice)\b`), " "},
	// "Do I have to wear sunscreen?" is a rule, not a diagnosis.
	{words("do i have to"), rx(`\bdo i have to\b`), "must one"},
	// "When should I see a doctor about a mole?" asks when review is advisable
	// in general, not about one lesion.
	{words("when "), rx(`\bwhen (should|do|must) (i|you|one|someone|people|a person) (see|visit|consult|call) (a|an|the) (doctor|clinician|physician|dermatologist|gp|professional|specialist) (about|for) (a|an)\b`), "when is review advisable for a"},
	// "What should I know about biologics?" asks for information.
	{cross("should i |should we ", "know|learn|understand|read"), rx(`\bshould (i|we) (know|learn|understand|read)\b`), "is worth knowing"},
	// "Sunscreens expire; should they be thrown away?" is about things.
	{words("should they be |should it be "), rx(`\bshould (they|it) be (thrown|discarded|stored|kept in|refrigerated|replaced|reapplied|applied|worn|mixed|layered|shaken)\b`), "are things"},
}

// foldText lowercases text, strips accents, straightens apostrophes and
// collapses spaces. ASCII text, the common case, is only lowercased. It keeps
// no state between calls: x/text transformers and Casers carry state and must
// not be shared between goroutines, so the Caser is made per call.
func foldText(s string) string {
	if isASCII(s) {
		s = strings.ToLower(s)
	} else {
		s = norm.NFKD.String(s)
		s = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			return r
		}, s)
		s = cases.Fold().String(s)
	}
	s = apostrophes.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

var apostrophes = strings.NewReplacer("’", "'", "‘", "'", "`", "'")

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// IsClinicalDecision reports whether question asks for a decision about a
// particular person: a diagnosis, a treatment choice or dose, or triage,
// including third-person and case-vignette framings and references to an
// image. Reference questions that only look similar ("should sunscreen be
// reapplied every two hours?", "do I have to wear sunscreen in winter?") are
// not decisions. The rules err towards abstaining: a missed decision costs
// more than a refused reference question.
func IsClinicalDecision(question string) bool {
	return isDecision(question, true)
}

// isDecision is IsClinicalDecision; with precheck false it runs every rule's
// expression, which tests compare against.
func isDecision(question string, precheck bool) bool {
	q := foldText(question)
	for _, n := range neutral {
		if !precheck || containsAny(q, n.any) {
			q = n.re.ReplaceAllString(q, n.with)
		}
	}
	held := ^uint64(0)
	if precheck {
		held = ruleLiterals.rulesIn(q)
	}
	for i := range decisionRules {
		if held&(1<<i) != 0 && decisionRules[i].match(q) {
			return true
		}
	}
	return false
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// literalIndex maps the first two bytes of every rule literal to the
// literals and their rules, so that one pass over a question finds which
// rules' literals it holds.
type literalIndex map[string][]ruleLiteral

type ruleLiteral struct {
	lit  string
	rule int
}

var ruleLiterals = indexLiterals(decisionRules)

func indexLiterals(rules []rule) literalIndex {
	if len(rules) > 64 {
		panic("abstain: more than 64 decision rules; widen the rulesIn mask")
	}
	ix := literalIndex{}
	for i, rl := range rules {
		for _, lit := range rl.any {
			if len(lit) < 2 {
				panic("abstain: rule literal " + strconv.Quote(lit) + " is shorter than two bytes")
			}
			ix[lit[:2]] = append(ix[lit[:2]], ruleLiteral{lit, i})
		}
	}
	return ix
}

// rulesIn returns a mask with bit i set when q holds one of rule i's literals:
// the same as containsAny(q, decisionRules[i].any), for all rules at once.
func (ix literalIndex) rulesIn(q string) uint64 {
	var held uint64
	for i := 0; i+1 < len(q); i++ {
		for _, l := range ix[q[i:i+2]] {
			if held&(1<<l.rule) == 0 && strings.HasPrefix(q[i:], l.lit) {
				held |= 1 << l.rule
			}
		}
	}
	return held
}
