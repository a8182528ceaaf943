package abstain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// lesionRE names the things a person shows or describes: a mole, a rash, a
// spot on their skin.
const lesionRE = `(?:mole|rash|spot|lesion|bump|lump|growth|patch|mark|freckle|blister|sore|wound|nail|skin|itch|pimple|cyst|wart|ulcer|scab|boil|welt|scar|swelling|nodule|plaque|papule|pustule|bruise|bite|birthmark|sunburn|tattoo|piercing)s?`

// bodyRE names body parts for "the spot on my nose".
const bodyRE = `(?:face|nose|cheek|cheeks|forehead|chin|lip|lips|mouth|eye|eyes|eyelid|eyelids|ear|ears|neck|scalp|head|chest|breast|back|belly|stomach|tummy|arm|arms|armpit|hand|hands|palm|finger|fingers|wrist|elbow|elbows|leg|legs|thigh|knee|knees|shin|foot|feet|toe|toes|heel|ankle|groin|genitals|penis|vulva|bottom|buttock|buttocks|skin|body|shoulder|shoulders|hip|side)`

// decisionRules match questions that ask for a decision about a particular
// person: their diagnosis, their treatment or dose, their triage. They run on
// folded text (lowercase, no accents, straight apostrophes) after the
// neutralising rewrites in [IsClinicalDecision].
var decisionRules = []*regexp.Regexp{
	// A first-person request for a decision.
	regexp.MustCompile(`\bshould (i|we|he|she|they|my \w+|our \w+|the patient|this patient)\b`),
	regexp.MustCompile(`\b(do|did) i have\b`),
	regexp.MustCompile(`\b(have i got|am i (having|allergic|infected|contagious)|could i have|might i have|do i need (a|an|to see|antibiotics|a biopsy))\b`),
	regexp.MustCompile(`\b(is (he|she)|is (my|our) \w+|are we) (allergic|infected|contagious|having|immune)\b`),
	regexp.MustCompile(`\bwhat (do|does|did) (i|he|she|my \w+|the patient|this patient) have\b`),
	regexp.MustCompile(`\bwhat (should|can|do) i (do|use|take|put|apply|try)\b`),
	regexp.MustCompile(`\bcan (i|my \w+) (still |keep |continue )?(use|using|take|taking|stop|start|apply|put|give|double|combine|mix|skip|increase|decrease|drink|breastfeed|reuse|share|borrow|pop|squeeze|go back|return|swim|shave|wax|tan)\b`),
	regexp.MustCompile(`\b(diagnose|treat|assess|examine|evaluate|check|look at) (me|my|him|her)\b`),
	regexp.MustCompile(`\b(diagnose|assess|examine|evaluate|check|look at|identify) (this|that|these|those) (\w+ )?` + lesionRE + `\b`),
	// Something in front of the asker.
	regexp.MustCompile(`\b(is|could|might|does) (this|that|these|my) (\w+ )?` + lesionRE + `\b`),
	regexp.MustCompile(`\bwhat (this|that|these|those) (\w+ )?` + lesionRE + `\b`),
	regexp.MustCompile(`\b(is|are|could|might) (the|this|that|these|those|a|an) (\w+ )?` + lesionRE + ` (on|in|under|near|behind|above|below|around|at|between) (my|his|her|our) ` + bodyRE + `\b`),
	regexp.MustCompile(`\b` + lesionRE + `\b.*\bwhat (is|are|could|might|would|can) (it|this|that|they|these)\b`),
	regexp.MustCompile(`\b(do|does|did) (this|that|it|these|my \w+|his \w+|her \w+) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying)\b`),
	regexp.MustCompile(`\b(do|would) you think (it|this|that|these|my|his|her|i|he|she)\b|\bwhat do you think (it|this|that|these) (is|are)\b`),
	regexp.MustCompile(`\b(is|could) (this|that|it) (be )?(cancer|melanoma|skin cancer|malignant|serious|dangerous|infected|contagious|ringworm|scabies|shingles|psoriasis|eczema)\b.*\b(i|my|me)\b`),
	regexp.MustCompile(`\b(i|my|me|i'm|i've)\b.*\b(is|could) (this|that|it) (be )?(cancer|melanoma|skin cancer|malignant|serious|dangerous|infected|contagious|ringworm|scabies|shingles|psoriasis|eczema)\b`),
	regexp.MustCompile(`\bis it (safe|ok|okay|alright|all right|normal|fine|dangerous|bad|too late)\b.*\b(i|me|my)\b`),
	regexp.MustCompile(`\b(i'm|i am|im|i have|i've|my)\b.*\bis it (safe|ok|okay|alright|all right|normal|fine|dangerous|bad|too late)\b`),
	regexp.MustCompile(`\b(attached|enclosed|uploaded) (photo|picture|image|pic|photograph|file)s?\b|\b(see|in|from) (the|this|my) (photo|picture|image|pic|photograph)s?\b|\b(this|my) (photo|picture|image|pic|photograph)\b`),
	// Doses and choices for a person.
	regexp.MustCompile(`\bhow (much|many|often|long) .*\b(should|can|do|must) (i|we|he|she|my \w+)\b`),
	regexp.MustCompile(`\bhow (much|many) .*\b(on|for|to) (my|his|her|our) \w+`),
	regexp.MustCompile(`\bwhich (biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet)s?\b.*\b(should|to (start|use|choose|give|prescribe))\b`),
	regexp.MustCompile(`\b(recommend|prescribe|suggest|advise)\b.*\b(for|to|on) (me|my|him|her|us|our)\b`),
	regexp.MustCompile(`\bmy (patient|child|son|daughter|baby|toddler|infant|husband|wife|partner|mother|father|mom|mum|dad|kid|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather)\b.*\b(should|dose|dosage|how much|start|stop|switch|which|does (he|she|it) have|is it|is (he|she)|will (he|she)|diagnos|what to do|treat|excis|biops|refer|monitor|watch)`),
	// Case vignettes: an age and a decision.
	regexp.MustCompile(`\b\d{1,3}[ -](year|yr|month|week|day)s?[ -]old\b.*\b(biopsy or|or watch|should|what to do|next step|treat|manage|start|diagnosis|most likely|refer|excise)\b`),
	// A described lesion with its size or change, asked about.
	regexp.MustCompile(`\b(it|mine|my \w+) (is|has been) \d+(\.\d+)? ?(mm|cm|millimet|centimet)`),
}

// neutral rewrites phrases that look like a decision rule but ask for
// reference information, before the rules run.
var neutral = []struct {
	re   *regexp.Regexp
	with string
}{
	// Explicit disclaimers: "I am not asking for a diagnosis".
	{regexp.MustCompile(`\b(i am|i'm|im) not asking (for|about) (a |my )?(diagnosis|treatment|advice|medical advice)\b`), " "},
	// "Do I have to wear sunscreen?" is a rule, not a diagnosis.
	{regexp.MustCompile(`\bdo i have to\b`), "must one"},
	// "When should I see a doctor about a mole?" asks when review is advisable
	// in general, not about one lesion.
	{regexp.MustCompile(`\bwhen (should|do|must) (i|you|one|someone|people|a person) (see|visit|consult|call) (a|an|the) (doctor|clinician|physician|dermatologist|gp|professional|specialist) (about|for) (a|an)\b`), "when is review advisable for a"},
	// "What should I know about biologics?" asks for information.
	{regexp.MustCompile(`\bshould (i|we) (know|learn|understand|read)\b`), "is worth knowing"},
	// "Sunscreens expire; should they be thrown away?" is about things.
	{regexp.MustCompile(`\bshould (they|it) be (thrown|discarded|stored|kept in|refrigerated|replaced|reapplied|applied|worn|mixed|layered|shaken)\b`), "are things"},
}

// foldText lowercases text, strips accents, straightens apostrophes and
// collapses spaces. It builds its transformer per call: x/text transformers
// carry state and must not be shared between goroutines.
func foldText(s string) string {
	var out string
	if isASCII(s) {
		out = strings.ToLower(s)
	} else {
		t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC, cases.Fold())
		var err error
		if out, _, err = transform.String(t, s); err != nil {
			out = strings.ToLower(s)
		}
	}
	out = apostrophes.Replace(out)
	return strings.Join(strings.Fields(out), " ")
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
	q := foldText(question)
	for _, n := range neutral {
		q = n.re.ReplaceAllString(q, n.with)
	}
	for _, re := range decisionRules {
		if re.MatchString(q) {
			return true
		}
	}
	return false
}
