package abstain

import (
	"regexp"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
	"unicode"
)

// decisionRules match questions that ask for a decision about a particular
// person: their diagnosis, their treatment or dose, their triage. They run on
// folded text (lowercase, no accents, straight apostrophes).
var decisionRules = []*regexp.Regexp{
	// A first-person request for a decision.
	regexp.MustCompile(`\bshould (i|we|he|she|they|my \w+|our \w+|the patient|this patient)\b`),
	regexp.MustCompile(`\b(do|did) i have\b`),
	regexp.MustCompile(`\b(have i got|am i (having|allergic|infected|contagious)|could i have|might i have|do i need (a|an|to see|antibiotics|a biopsy))\b`),
	regexp.MustCompile(`\bwhat (do|does|did) (i|he|she|my \w+|the patient|this patient) have\b`),
	regexp.MustCompile(`\bwhat (should|can|do) i (do|use|take|put|apply|try)\b`),
	regexp.MustCompile(`\bcan (i|my \w+) (use|take|stop|start|apply|put|give|double|combine|mix|skip|increase|decrease)\b`),
	regexp.MustCompile(`\b(diagnose|treat|assess|examine) (me|my|him|her)\b`),
	// Something in front of the asker.
	regexp.MustCompile(`\b(is|could|might|does) (this|that|these|my) (\w+ )?(mole|rash|spot|lesion|bump|lump|growth|patch|mark|freckle|blister|sore|wound|nail|skin|itch|pimple|cyst|wart|ulcer|scab)s?\b`),
	regexp.MustCompile(`\b(is|could) (this|that|it) (be )?(cancer|melanoma|skin cancer|malignant|serious|dangerous|infected|contagious|ringworm|scabies|shingles|psoriasis|eczema)\b.*\b(i|my|me)\b`),
	regexp.MustCompile(`\b(attached|enclosed|uploaded) (photo|picture|image|pic|photograph|file)s?\b|\b(see|in|from) (the|this|my) (photo|picture|image|pic|photograph)s?\b|\b(this|my) (photo|picture|image|pic|photograph)\b`),
	// Doses and choices for a person.
	regexp.MustCompile(`\bhow (much|many|often|long) .*\b(should|can|do|must) (i|we|he|she|my \w+)\b`),
	regexp.MustCompile(`\bhow (much|many) .*\b(on|for|to) (my|his|her|our) \w+`),
	regexp.MustCompile(`\bwhich (biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet)s?\b.*\b(should|to (start|use|choose|give|prescribe))\b`),
	regexp.MustCompile(`\bmy (patient|child|son|daughter|baby|toddler|infant|husband|wife|partner|mother|father|mom|mum|dad|kid|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather)\b.*\b(should|dose|dosage|how much|start|stop|switch|which|does (he|she|it) have|is it|diagnos|what to do|treat)\b`),
	// Case vignettes: an age and a decision.
	regexp.MustCompile(`\b\d{1,3}[ -](year|yr|month|week|day)s?[ -]old\b.*\b(biopsy or|or watch|should|what to do|next step|treat|manage|start|diagnosis|most likely|refer|excise)\b`),
	// A described lesion with its size or change, asked about.
	regexp.MustCompile(`\b(it|mine|my \w+) (is|has been) \d+(\.\d+)? ?(mm|cm|millimet|centimet)`),
}

// notAsking removes explicit disclaimers ("I am not asking for a diagnosis")
// before the rules run.
var notAsking = regexp.MustCompile(`\b(i am|i'm|im) not asking (for|about) (a |my )?(diagnosis|treatment|advice|medical advice)\b`)

// generalTriage is a question about when review is advisable in general
// ("when should I see a doctor about a mole?"), not about one lesion.
var generalTriage = regexp.MustCompile(`\bwhen (should|do|must) (i|you|one|someone|people|a person) (see|visit|consult|call) (a|an|the) (doctor|clinician|physician|dermatologist|gp|professional|specialist) (about|for) (a|an)\b`)

var fold = transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC, cases.Fold())

func foldText(s string) string {
	out, _, err := transform.String(fold, s)
	if err != nil {
		out = strings.ToLower(s)
	}
	out = strings.NewReplacer("’", "'", "‘", "'", "`", "'").Replace(out)
	return strings.Join(strings.Fields(out), " ")
}

// IsClinicalDecision reports whether question asks for a decision about a
// particular person: a diagnosis, a treatment choice or dose, or triage,
// including third-person and case-vignette framings and references to an
// image. Reference questions that only look similar ("should sunscreen be
// reapplied every two hours?", "do I have to wear sunscreen in winter?") are
// not decisions.
func IsClinicalDecision(question string) bool {
	q := foldText(question)
	q = notAsking.ReplaceAllString(q, " ")
	q = strings.ReplaceAll(q, "do i have to ", "must one ")
	q = generalTriage.ReplaceAllString(q, "when is review advisable for a")
	for _, re := range decisionRules {
		if re.MatchString(q) {
			return true
		}
	}
	return false
}
