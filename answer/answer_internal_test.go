package answer

import (
	"bufio"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/internal/racedetect"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/google/go-cmp/cmp"
)

func TestClassify(t *testing.T) {
	tests := []struct{ q, want string }{
		{"What is vitiligo?", "definition"},
		{"Where does ringworm of the scalp come from?", "cause"},                                  // where from: a cause, not a place
		{"What warning signs mean cellulitis needs hospital care?", "see_clinician"},              // signs that call for care
		{"What does a mole look like, and what are its warning signs?", "symptoms+see_clinician"}, // no care named: both
		{"Why are nail infections more of a worry in diabetes?", "complications"},
		{"What problems can untreated impetigo lead to?", "complications"}, // what it leads to, not what causes it
		{"Which complications can cellulitis cause?", "complications"},
		{"Which lines of work put people most at risk of hand dermatitis?", "risk"}, // "work" as a job, not what works
		{"Which creams work for eczema at work?", "treatment"},
		{"Does anything really work for hair thinning?", "treatment+yesno"},
		{"What is it about nickel that gives people a rash?", "cause"},
		{"What treats sun-damaged skin?", "treatment"},     // damaged describes, it asks no complication
		{"vitiligo meaning in simple words", "definition"}, // a search-engine definition
		{"Do warts disappear on their own?", "prognosis+yesno"},
		{"Is it true a keloid grows back bigger?", "prognosis+yesno"},
		{"If someone stops using minoxidil, is the regrowth lost?", "treatment+prognosis"},
		{"How long does shingles last?", "duration"},
		{"Can a swollen nose from rosacea be fixed?", "treatment+yesno"},
		{"What's best for dry skin?", "treatment"},
		{"How do people avoid a reaction coming back?", "selfcare"}, // prevention, not whether it returns
		{"Whereabouts on the body do bedsores form?", "location"},
		{"What do they give for psoriasis?", "treatment"},
		{"What can be done about keloid scars?", "treatment"}, // a scar named, no complication asked
		{"Does bad acne leave scars?", "complications+yesno"},
		{"when can kids go back to school with it?", "contagion"}, // how long it is catching
		{"How do you know for sure it is lice?", "diagnosis"},
		{"What are the accepted criteria for it?", "diagnosis"},
		{"What features should prompt medical review?", "see_clinician"},
		{"What is available for the redness?", "treatment"},
		{"What's done for that these days?", "treatment"},
		{"Can emollients make bedding catch fire?", "yesno"}, // catching fire is no contagion
		{"When is itching all over a sign of something serious?", "see_clinician"},
		{"Does it clear by itself?", "prognosis+yesno"},
		{"What can happen to the skin if steroid creams are used for too long?", "complications"}, // the creams cause the harm
		{"Does vitiligo keep spreading forever?", "prognosis+yesno"},                              // its course on the skin, no contagion
		{"How does vitiligo spread to other people?", "contagion"},
		{"What is it in poison ivy that gives people that itchy rash?", "cause"}, // the rash is what the cause brings on
		{"Whereabouts do bedsores form on someone who is bedbound?", "location"}, // who in a relative clause
		{"When checking your own skin for melanoma, which places are easy to forget?", "location+selfcare"},
		{"How do the blisters of the two conditions differ?", "symptoms"}, // lesions compared: what they look like
		{"BP vs pemphigus vulgaris blisters - quick diff pls", "symptoms"},
		{"What is cellulitis, and what germ is behind it?", "cause"},
		{"What is the lump behind the ear called?", "definition"}, // a place, no cause
		{"What are the danger signs with cellulitis?", "see_clinician"},
		// A pronoun question after an account takes its kind from the
		// account.
		{"I was told there are accepted criteria for diagnosing it. What are they?", "diagnosis"},
		// A yes-or-no question after an account asks nothing of the
		// account's words (pills).
		{"My mother has taken blood pressure pills for years. Is it true the ACE inhibitor can make her lips swell up?", "yesno"},
		{"Can a doctor tell just by looking, or do they need to be sure with a test?", "diagnosis+yesno"},
		{"Where does rosacea usually appear?", "location"},
		{"Where does rosacea appear and what does it look like?", "symptoms+location"},
		{"Is impetigo contagious?", "contagion+yesno"},
		{"What causes hives?", "cause"},
		{"psoraisis treatment options", "treatment"},
		{"How can sunburn be prevented?", "selfcare"},
		{"Is alopecia areata permanent?", "prognosis+yesno"},
		{"How is scabies diagnosed?", "diagnosis"},
		{"When should a mole be checked?", "see_clinician"},
		{"Who gets bullous pemphigoid?", "risk"},
		{"What research (or clinical trials) is being done for psoriasis?", "research"},
		{"Which parts of the body are most prone to pressure injuries?", "location"},
		{"Which people are most prone to pressure injuries?", "risk"},
		{"Where is tinea pedis usually picked up?", "contagion"},
		{"What other health problems go along with psoriasis?", "complications"},
		{"When is acne worth getting looked at by a doctor?", "see_clinician"},
		{"What can be done about hyperhidrosis?", "treatment"},
		{"How do you stop diaper dermatitis coming back?", "selfcare"},
		{"How does androgenetic alopecia look different in men and women?", "symptoms"}, // people named, no word of risk
		{"Is acne more common in women?", "risk+yesno"},
		{"How is psoriasis treated in children?", "treatment"},
		{"Does the herpes simplex virus ever leave your body?", "prognosis+yesno"},
		{"sebaceous cyst - is it anything to worry about?", "prognosis"}, // how serious it is, not when to see someone
		{"When should I worry about a mole?", "see_clinician"},
		{"How can people keep a contact allergy rash from coming back?", "selfcare"},
		{"What helps rosacea, both medical treatments and things you can do day to day?", "treatment+selfcare"},
		{"any tips to stop itching at night so I can actually sleep?", "selfcare"}, // the itch is what is to be eased
		{"Does eczema itch?", "symptoms+yesno"},
		{"how do you get scabies?", "cause+contagion"},
		{"What side effects can steroid creams have?", "treatment+complications"}, // the creams, and what they can do
		// Round 17.
		{"How does psoriasis usually show itself?", "symptoms"},
		{"How is cradle cap dealt with?", "treatment"},
		{"What stops warts spreading?", "selfcare+contagion"},
		{"How do you keep clear of nickel allergy?", "selfcare"},
		{"What can eczema do to the skin over the years?", "complications"},
		{"Do people with dark skin get vitiligo?", "risk+yesno"},
		{"Which medicines make rosacea worse?", "cause"}, // a cause, not a treatment
		{"Is acne usually cured by adulthood?", "prognosis+yesno"},
		{"Once someone has had a wart frozen, can it come back?", "prognosis+yesno"}, // the treatment is the setting
		{"Does a keloid hurt?", "symptoms+yesno"},
		{"What sort of people get rosacea?", "risk"},
		{"What can give rise to hives?", "cause"},
		// Round 19.
		{"lichen planus - classic skin lesion morphology & typical sites?", "symptoms+location"},
		{"How is an epidermoid cyst usually taken out?", "treatment"},
		{"At what point ought diaper dermatitis be shown to a doctor rather than simply treated at home?", "see_clinician"},
		{"Should nappy rash be treated at home rather than seen by a doctor?", "treatment+selfcare+yesno"}, // the doctor is the alternative set aside
		{"seborrheic dermatitis which shampoos actually work", "treatment"},
		{"Do these usually go once the baby has arrived?", "prognosis+yesno"},
		{"How do head lice pass from one child to the next?", "contagion"},
		{"pityriasis rosea how long does it hang about for", "duration"},
		{"Which everyday things are the usual culprits behind allergic contact dermatitis?", "cause"},
		{"Keloid steroid injections - how often repeated?", "duration"},
		// Round 20.
		{"Why should people with vitiligo use sunscreen on the white patches?", "selfcare"}, // the reason for a practice
		{"Why must people with vitiligo put the sun cream on the white patches?", "selfcare"},
		{"Why do people with eczema get skin infections?", "cause"},
		{"What's usually tried first for really excessive sweating?", "treatment"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Classify(tt.q).String()); diff != "" {
			t.Errorf("Classify(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// TestIntentRulesAtWords checks that every intent rule runs only at the
// words where a match can begin (a rule that cannot is slower, not wrong),
// and answers as its plain expression does on every question of the answer
// sets, the gate cases and variants of them.
func TestIntentRulesAtWords(t *testing.T) {
	racedetect.SkipEvaluation(t)
	var qs []string
	files, _ := filepath.Glob("../testdata/answers/*.jsonl")
	cases, _ := filepath.Glob("../sandbox/content/cases/*.jsonl")
	for _, name := range append(files, cases...) {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var line struct{ Question string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Question != "" {
				qs = append(qs, line.Question, strings.ToUpper(line.Question), "- "+line.Question, strings.ReplaceAll(line.Question, "k", "\u212a"))
			}
		}
		f.Close()
	}
	if len(qs) < 1000 {
		t.Fatalf("%d questions read: the sets moved?", len(qs))
	}
	for k, r := range intentRules {
		if !r.re.AtWords() {
			t.Errorf("rule %d (%s) runs at every position", k, r.intent)
		}
		for _, q := range qs {
			if got, want := r.re.MatchString(q), r.re.Plain().MatchString(q); got != want {
				t.Errorf("rule %d (%s) on %q: %v, plain expression %v", k, r.intent, q, got, want)
			}
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"exema", "eczema", 2, 2},        // x for cz
		{"psoraisis", "psoriasis", 2, 1}, // two neighbours swapped
		{"ecxema", "eczema", 2, 1},
		{"shingels", "shingles", 2, 1},
		{"melenoma", "melanoma", 2, 1},
		{"frostbite", "folliculitis", 2, 3}, // past the limit
		{"same", "same", 1, 0},
	}
	for _, tt := range tests {
		if got := lexicon.EditDistance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

func TestSplitPassage(t *testing.T) {
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	text := "Key Points - Adult leukemia is a type of cancer of the blood and bone marrow. What are the signs and symptoms of Lupus? " +
		"These may include: - rash - fever. You can read more about lupus from MedlinePlus. This rash usually clears within weeks. Both types of the disease are rare. Symptoms. " +
		"Psoriasis is a long-term inflammatory skin condition."
	type got struct {
		Text            string
		Junk, Anaphoric bool
	}
	var out []got
	for _, s := range splitPassage(an, text) {
		out = append(out, got{text[s.start:s.end], s.junk, s.anaphoric})
	}
	want := []got{
		{"Adult leukemia is a type of cancer of the blood and bone marrow.", false, false},
		{"What are the signs and symptoms of Lupus?", true, false},
		{"These may include: - rash - fever.", true, true},
		{"You can read more about lupus from MedlinePlus.", true, false},
		{"This rash usually clears within weeks.", false, true},
		{"Both types of the disease are rare.", false, false},
		{"Symptoms.", true, false},
		{"Psoriasis is a long-term inflammatory skin condition.", false, false},
	}
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("splitPassage (-want +got):\n%s", diff)
	}
}

func TestListIntro(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"Once this has been established, the following are proposed diagnostic criteria for it: 1.", true},
		{"Stage III - Stage IV - The following stages are used for skin cancer.", true},
		{"A diagnosis is made on a combination of the following: signs, findings and history.", true},
		{"Shingles usually heals within two to four weeks.", false},
		{"The rash follows a nerve - a band on one side - of the body.", false},
	} {
		if got := listIntroRE.MatchString(tt.s); got != tt.want {
			t.Errorf("listIntroRE(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestOpeningKinds(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"What are the symptoms of Psoriasis ?", []string{"symptoms"}},
		{"What are the signs and symptoms of lupus?", []string{"symptoms"}},
		{"How to diagnose Melanoma ?", []string{"diagnosis"}},
		{"How is scabies diagnosed?", []string{"diagnosis"}},
		{"What are the treatments for Skin Cancer ?", []string{"treatment"}},
		{"Who is at risk for Skin Cancer? ?", []string{"susceptibility", "causes"}},
		{"Is Cutaneous mastocytosis inherited ?", []string{"inheritance", "genetics", "causes"}},
		{"Is androgenetic alopecia genetic?", []string{"inheritance", "genetics", "causes"}}, // causes where a version has no genetics section
		{"What are the stages of Melanoma ?", []string{"stages"}},
		{"Who is most prone to chafing rashes in skin folds?", []string{"susceptibility", "causes"}},
		{"How can warts be kept from spreading to other fingers?", []string{"prevention"}},
		{"How do families stop lice spreading?", []string{"prevention"}},
		{"How does impetigo spread?", nil},
		{"Can you explain what a diagnosis of chronic urticaria means?", []string{"overview"}},
		{"Please tell me what causes hives.", []string{"causes", "genetics", "inheritance"}},
		{"Can you explain why hives itch?", nil},
		{"Why does acne start at puberty?", nil},
		{"What is the punctum on an epidermoid cyst?", nil},
		{"How do doctors work out which substance is causing a contact allergy?", []string{"diagnosis"}},
		{"How can a doctor be sure a round rash is ringworm?", []string{"diagnosis"}},
		{"How can you tell a yeast nappy rash from an ordinary one?", nil},
		{"When is diaper dermatitis worth getting checked by a doctor?", []string{"see_clinician"}},
		{"When should cellulitis be seen in hospital?", []string{"see_clinician"}},
		{"Which kinds of pigmented spot ought to be checked for melanoma?", []string{"see_clinician"}},
		{"When does shingles stop being contagious?", nil},
		{"why do some people get hyperhidrosis", []string{"causes", "genetics", "inheritance"}},
		{"Why do seborrheic keratoses happen?", []string{"causes", "genetics", "inheritance"}},
		{"What are common causes of chronic pruritus", []string{"causes", "genetics", "inheritance"}},
		{"What actually goes wrong in the skin in pemphigus vulgaris?", []string{"causes"}},
		{"What actually causes dandruff?", []string{"causes", "genetics", "inheritance"}},
		{"Which internal illnesses can cause pruritus?", []string{"causes", "genetics", "inheritance"}},
		{"What foods commonly trigger hives?", []string{"causes", "genetics", "inheritance"}},
		{"Which conditions can look like psoriasis?", []string{"diagnosis"}},
		{"psoraisis treatment options", []string{"treatment"}},
		{"folliculitus treatment creams or tablets?", []string{"treatment"}},
		{"shingles symptoms", []string{"symptoms"}},
		{"vitiligo what causes the white patches", []string{"causes", "genetics", "inheritance"}},
		{"psoriasis - how is it treated?", []string{"treatment"}},
		{"Whats the cause of pityriasis rosea", []string{"causes", "genetics", "inheritance"}},
		{"Why do seborrheic keratoses appear", []string{"causes", "genetics", "inheritance"}},
		{"how do you stop it going round the family", []string{"prevention"}},
		{"What is proactive twice-weekly treatment in atopic dermatitis?", nil},
		{"Why do head lice treatments need repeating?", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, openingKinds(tt.q)); diff != "" {
			t.Errorf("openingKinds(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
	for _, tt := range []struct{ section, want string }{
		{"Psoriasis / exams and tests", "diagnosis"}, {"Signs and symptoms", "symptoms"}, {"Causes and triggers", "causes"},
		{"Skin Cancer / susceptibility", "susceptibility"}, {"X / genetic changes", "genetics"}, {"Sunscreen", ""},
	} {
		if got := kindOf(tt.section); got != tt.want {
			t.Errorf("kindOf(%q) = %q, want %q", tt.section, got, tt.want)
		}
	}
}

// TestParseAliases checks the alias list's format, and that the embedded
// list parses with every topic named.
func TestParseAliases(t *testing.T) {
	got, err := parseAliases("# a comment\n\nMelanoma: skin cancer, malignant melanoma\nTinea pedis: athlete's foot ,\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []alias{{"Melanoma", []string{"skin cancer", "malignant melanoma"}}, {"Tinea pedis", []string{"athlete's foot"}}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(alias{})); diff != "" {
		t.Errorf("parseAliases (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"Melanoma skin cancer", ": skin cancer", "Melanoma: , "} {
		if _, err := parseAliases(bad); err == nil {
			t.Errorf("parseAliases(%q) = nil error, want one", bad)
		}
	}
	if len(aliases) < 30 {
		t.Errorf("the embedded list holds %d topics, want the whole list", len(aliases))
	}
}

// TestParseDomain checks the format of the dermatology word lists, and that
// the embedded lists parse with every section.
func TestParseDomain(t *testing.T) {
	got, err := parseDomain("# c\n[skin]\nskin rash\nitch\n[ambiguous]\nboil\n[other sense]\nbee\\s*hives?\n[verb use]\n(?:to)\\s+boil\n[not names]\nwhats dont\n[symptom names]\nitchy\n[other conditions]\nLichen sclerosus\ntinea versicolor\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"skin": {"skin", "rash", "itch"}, "ambiguous": {"boil"}, "other sense": {`bee\s*hives?`}, "verb use": {`(?:to)\s+boil`}, "not names": {"whats", "dont"}, "symptom names": {"itchy"}, "other conditions": {"lichen sclerosus", "tinea versicolor"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parseDomain (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"skin rash\n", "[skin]\nskin\n[ambiguous]\nboil\n[other sense]\nbee(\n[verb use]\nx\n[not names]\nwhats\n[symptom names]\nitchy\n[other conditions]\nmilia\n", "[skin]\nskin\n"} {
		if _, err := parseDomain(bad); err == nil {
			t.Errorf("parseDomain(%q) = nil error, want one", bad)
		}
	}
	if !otherSenseRE.MatchString("moles digging up the lawn") || !verbUseRE.MatchString("should I boil an egg") || len(skinWords) < 100 {
		t.Error("the embedded lists are incomplete")
	}
}

// TestEmbeddedConfidenceModelParses checks the embedded
// confidence_model.txt is a well-formed model file for today's features
// (the format's own checks are internal/logistic's tests).
func TestEmbeddedConfidenceModelParses(t *testing.T) {
	m := confidenceModel()
	if len(m.Weights) != len(confidenceFeatures) || !(m.balanced > 0 && m.balanced < 1) {
		t.Errorf("confidence_model.txt: %d weights for %d features, balanced %v", len(m.Weights), len(confidenceFeatures), m.balanced)
	}
}

// TestPhraseSet checks the word-by-word phrase finder: whole words, case
// ignored, the longest phrase first, spans in bytes.
func TestPhraseSet(t *testing.T) {
	ps := newPhraseSet([]string{"tinea versicolor", "tinea", "hand, foot and mouth disease", "milker's nodules", "stevens-johnson syndrome"})
	tests := []struct {
		text string
		want []string
	}{
		{"How is Tinea Versicolor treated?", []string{"Tinea Versicolor"}},
		{"tinea and tinea versicolor", []string{"tinea", "tinea versicolor"}},
		{"Is hand foot and mouth disease catching?", []string{"hand foot and mouth disease"}},
		{"milker's nodules on the hands", []string{"milker's nodules"}},
		{"after Stevens-Johnson syndrome", []string{"Stevens-Johnson syndrome"}},
		{"tineas and versicolor", nil},
		{"", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, sp := range ps.find(tt.text) {
			got = append(got, tt.text[sp[0]:sp[1]])
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("find(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestQuestionSentences(t *testing.T) {
	tests := []struct {
		q, asked string
		context  bool
	}{
		{"What causes acne?", "What causes acne", false},
		{"My gran calls it spot baldness, those round patches. Is it catching?", "Is it catching", true},
		{"Is it catching? My gran calls it spot baldness.", "Is it catching", true},
		{"Is impetigo contagious? What is the usual treatment?", "Is impetigo contagious What is the usual treatment", false},
		// A word or two is no context.
		{"Hi. What is rosacea?", "What is rosacea", false},
		{"spot baldness, round patches", "", false},
	}
	for _, tt := range tests {
		asked, ok := questionSentences(tt.q)
		if ok != tt.context || ok && asked != tt.asked {
			t.Errorf("questionSentences(%q) = %q, %v; want %q, %v", tt.q, asked, ok, tt.asked, tt.context)
		}
	}
}

// TestSettlers checks which sentences settle the kinds of question some
// sentences settle better than others of their kind.
func TestSettlers(t *testing.T) {
	tests := []struct {
		q, sentence string
		in          Intent
		want        bool
	}{
		{"Does the allergy wear off?", "Sensitisation to an allergen usually lasts for life.", Prognosis | YesNo, true},
		{"Does the allergy wear off?", "The rash appears one to several days after exposure.", Prognosis | YesNo, false},
		{"Can they turn into cancer?", "A seborrheic keratosis does not turn into skin cancer.", YesNo, true},
		{"Do moles become melanoma?", "Very few individual moles ever become melanoma.", 0, true},
		{"What's the proper name for it?", "The nose may thicken, a change called rhinophyma.", Definition, true},
		{"What's the proper name for it?", "Rosacea causes redness of the cheeks and nose.", Definition, false},
		{"What causes rosacea?", "The nose may thicken, a change called rhinophyma.", Cause, false}, // no name asked
		{"How long are kids kept off school with impetigo?", "Schools often ask that children stay away until the sores have crusted.", Duration | Contagion, true},
		{"How long are kids kept off school with impetigo?", "Review is advisable when sores do not improve within several days.", Duration | Contagion, false},
		{"How long is impetigo contagious?", "Schools often ask that children stay away until the sores have crusted.", Duration | Contagion, false}, // no absence asked
		{"How long does each welt last?", "Individual wheals usually fade within 24 hours.", Duration, true},
		{"How long does each welt last?", "Acute urticaria lasts less than six weeks.", Duration, false},
		{"How long does urticaria last?", "Individual wheals usually fade within 24 hours.", Duration, false}, // the whole condition
		{"Is androgenetic alopecia permanent?", "Androgenetic alopecia is progressive, meaning that hair thinning usually continues slowly.", Prognosis | YesNo, true},
	}
	for _, tt := range tests {
		got := slices.ContainsFunc(Settlers(tt.q, tt.in), func(settles func(string) bool) bool { return settles(tt.sentence) })
		if got != tt.want {
			t.Errorf("Settlers(%q) settled by %q = %v, want %v", tt.q, tt.sentence, got, tt.want)
		}
	}
}

// TestFreeTerms checks that a word spelled inside a run of several words
// that one aspect names is not free, and a word outside every such run is.
func TestFreeTerms(t *testing.T) {
	phrase := retrieve.Weighted{Concept: lexicon.Concept{Terms: []string{"steroid", "cream"}}}
	word := retrieve.Weighted{Concept: lexicon.Concept{Terms: []string{"cream"}}}
	tests := []struct {
		words []string
		want  []string
	}{
		{[]string{"steroid", "cream", "use", "long"}, []string{"long", "use"}},
		{[]string{"cream", "steroid", "cream"}, []string{"cream"}},                 // the first cream stands alone
		{[]string{"steroid", "and", "cream"}, []string{"and", "cream", "steroid"}}, // not a run
	}
	for _, tt := range tests {
		got := freeTerms(tt.words, []retrieve.Weighted{phrase, word})
		if diff := cmp.Diff(tt.want, slices.Sorted(maps.Keys(got))); diff != "" {
			t.Errorf("freeTerms(%q) mismatch (-want +got):\n%s", tt.words, diff)
		}
	}
}

// TestExpands checks that a sentence spells out an acronym only with its
// letters, in order, as the initials of words after it.
func TestExpands(t *testing.T) {
	tests := []struct {
		q, s string
		want bool
	}{
		{"melanoma ABCDE - what are the letters?", "The ABCDE criteria are Asymmetry, irregular Border, uneven Colour, Diameter and Evolving size.", true},
		{"melanoma ABCDE - what are the letters?", "Nodular melanoma may not follow the ABCDE pattern.", false},
		{"what does SPF stand for?", "SPF, the sun protection factor, measures protection.", false}, // no capitals after it
		{"what does SPF stand for?", "SPF stands for Sun Protection Factor.", true},
		{"what is abcde?", "The ABCDE criteria are Asymmetry, Border, Colour, Diameter and Evolving.", false}, // no acronym in the question
	}
	for _, tt := range tests {
		if got := Expands(tt.q, tt.s); got != tt.want {
			t.Errorf("Expands(%q, %q) = %v, want %v", tt.q, tt.s, got, tt.want)
		}
	}
}
