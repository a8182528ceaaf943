package claims

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/internal/racedetect"
	"github.com/dermliving/dermliving/internal/wordre"
	"github.com/google/go-cmp/cmp"
)

func TestAskedTypes(t *testing.T) {
	tests := []struct {
		question string
		want     []string
	}{
		{"Where does rosacea usually appear?", []string{"location"}},
		{"Where is tinea pedis usually picked up?", nil}, // where it is caught, not where on the body
		{"How long does a single hive usually last?", []string{"duration"}},
		{"When does pityriasis rosea go away?", []string{"duration"}},
		{"Who is most likely to develop melasma?", []string{"population"}},
		{"At what age does acne usually start?", []string{"population"}},
		{"Which bacteria usually cause cellulitis?", []string{"organism"}},
		{"Which medicines make the skin burn more easily in the sun?", []string{"medicine"}},
		{"Which conditions can look like intertrigo?", []string{"lookalike"}},
		{"How can I lower the risk of melanoma?", []string{"prevention"}},
		{"What does tinea pedis look like?", nil}, // its appearance, not a look-alike
		{"Should sunburn blisters be popped?", []string{"advice"}},
		{"Is it safe to use hydrocortisone on the face?", []string{"advice"}},
		{"Do children with head lice need to be kept off school?", []string{"advice"}},
		{"Does a wart have to be removed?", []string{"advice"}},
		{"Why do head lice treatments have to be repeated?", []string{"reason"}}, // why, not whether
		{"Why should sunscreen be reapplied?", []string{"reason"}},
		{"Can you get shingles more than once?", []string{"recurrence"}},
		{"Is scalp ringworm catching?", []string{"contagion"}},
		{"how do you get scabies?", []string{"contagion"}}, // how it passes to someone
		{"Is dermatomyositis linked to cancer?", []string{"association"}},
		{"is seborrheic dermatitis caused by not washing enough", []string{"caused by"}},
		{"Once you're allergic to nickel, does the allergy wear off?", []string{"duration"}},
		{"What other health problems go along with psoriasis?", []string{"complications"}},
		{"How long after touching an allergen does the rash appear?", []string{"onset"}}, // when it starts, not how long it lasts
		{"How soon do hives show up after eating a trigger food?", []string{"onset"}},
		{"How long does the skin take to heal after a shingles rash?", []string{"duration"}}, // how long healing takes
		{"What side effects can strong steroid creams have?", []string{"complications"}},
		{"Is alopecia areata permanent?", []string{"permanence"}},
		{"What is psoriasis?", nil},
		{"What are common treatments for psoriasis?", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, at := range askedTypes(tt.question) {
			got = append(got, at.name)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("askedTypes(%q) (-want +got):\n%s", tt.question, diff)
		}
	}
}

func TestHoldsAsked(t *testing.T) {
	byName := map[string]answerType{}
	for _, at := range answerTypes {
		byName[at.name] = at
	}
	tests := []struct {
		kind, sentence string
		want           bool
	}{
		{"duration", "Each wheal usually fades within 24 hours.", true},
		{"duration", "The bumps often clear on their own over six to twelve months.", true},
		{"duration", "Urticaria causes itchy raised wheals.", false},
		{"population", "Melasma is much more common in women than in men.", true},
		{"population", "Melasma causes brown patches on the face.", false},
		{"organism", "Cellulitis is usually caused by streptococci or Staphylococcus aureus.", true},
		{"organism", "The choice of antibiotic is guided by the likely bacteria.", false},
		{"medicine", "Some antibiotics such as doxycycline make the skin more sensitive to sunlight.", true},
		{"medicine", "Frequent burning may point to a medicine side effect.", false},
		{"medicine", "Terbinafine tablets are a common choice.", true},
		{"medicine", "Clinicians define the rash by its shape.", false},
		{"organism", "Tinea capitis is caused by dermatophyte fungi.", false},
		{"organism", "Trichophyton tonsurans spreads from person to person.", true},
		{"lookalike", "Tinea cruris and inverse psoriasis can look similar.", true},
		{"prevention", "Avoiding sunburn and seeking shade lower the risk.", true},
		{"advice", "Keeping children off school is generally not considered necessary.", true},
		{"location", "The rash usually appears on the cheeks and nose.", true},
		{"location", "The rash is usually itchy.", false},
	}
	for _, tt := range tests {
		if got := holdsAsked([]answerType{byName[tt.kind]}, tt.sentence); got != tt.want {
			t.Errorf("%s answers %q = %v, want %v", tt.kind, tt.sentence, got, tt.want)
		}
	}
}

func TestNamesTerm(t *testing.T) {
	an := testAnalyzer(t)
	tests := []struct {
		question, sentence string
		want               bool
	}{
		{"What is a closed comedone?", "Acne lesions include blackheads (open comedones) and whiteheads (closed comedones).", true},
		{"What is a punctum?", "The cyst often has a small dark pore, called a punctum, at its centre.", true},
		{"What is a punctum?", "A cyst is diagnosed by its central punctum.", false},
		{"What is a closed comedone?", "Whiteheads form when pores close (see below).", false},
		{"What is a closed comedone?", "Acne lesions include comedones (blackheads and whiteheads, open and closed).", false},
		// A name that opens with another word names another kind.
		{"What is (are) Diabetes ?", "Pregnant women can also get diabetes, called gestational diabetes.", false},
		{"What is tinea capitis?", "Scalp ringworm, known as tinea capitis, is a fungal infection.", true},
		// "X meaning" asks what X is, as a search box is asked.
		{"punctum meaning", "The cyst often has a small dark pore, called a punctum, at its centre.", true},
		{"closed comedone meaning in simple words", "Acne lesions include blackheads (open comedones) and whiteheads (closed comedones).", true},
	}
	for _, tt := range tests {
		term := definedTerm(an, tt.question)
		if got := namesTerm(an, term, tt.sentence); got != tt.want {
			t.Errorf("namesTerm(%q, %q) = %v, want %v", tt.question, tt.sentence, got, tt.want)
		}
	}
}

// TestRequiredTypes checks which kinds of answer a sentence must hold: a
// place, a duration, an organism or a medicine named, what a condition is
// or is not caused by, or what it leads to; the others are only preferred.
func TestRequiredTypes(t *testing.T) {
	var got []string
	for _, at := range requiredTypes(answerTypes) {
		got = append(got, at.name)
	}
	if diff := cmp.Diff([]string{"location", "onset", "duration", "organism", "medicine", "caused by", "permanence", "complications"}, got); diff != "" {
		t.Errorf("requiredTypes (-want +got):\n%s", diff)
	}
}

func TestAbsenceType(t *testing.T) {
	an := testAnalyzer(t)
	tests := []struct {
		question, sentence string
		want               bool
	}{
		{"Can bullous pemphigoid occur without any blisters?", "Some people with bullous pemphigoid never develop blisters.", true},
		{"Can bullous pemphigoid occur without any blisters?", "Bullous pemphigoid can begin without blisters.", true},
		// A negation of something else does not settle it.
		{"Can bullous pemphigoid occur without any blisters?", "Healed blisters usually leave no scarring.", false},
		{"Can bullous pemphigoid occur without any blisters?", "The blisters do not rupture easily.", false},
		{"Can bullous pemphigoid occur without any blisters?", "Bullous pemphigoid blisters are large and tense.", false},
		{"Does ringworm ever clear without treatment?", "Mild ringworm rarely clears without treatment.", true},
		{"Can herpes simplex be passed on when there are no sores showing?", "Herpes simplex can spread even when no sores are visible.", true},
		{"Can herpes simplex be passed on when there are no sores showing?", "Cold sores heal within ten days.", false},
	}
	for _, tt := range tests {
		at := absenceType(an, tt.question)
		if at == nil {
			t.Fatalf("absenceType(%q) = nil", tt.question)
		}
		if got := at.answers(tt.sentence); got != tt.want {
			t.Errorf("%q answers %q: %v, want %v", tt.sentence, tt.question, got, tt.want)
		}
	}
	for _, q := range []string{"What are the blisters of bullous pemphigoid like?", "Why does acne appear without warning?"} {
		if at := absenceType(an, q); at != nil {
			t.Errorf("absenceType(%q) asks for an absence", q)
		}
	}
}

// TestAnswerTypeQuestionsAtWords checks that each kind's question pattern,
// run only at the words where a match can begin, answers as its plain
// expression does on every question of the answer sets and gate cases and
// variants of them.
func TestAnswerTypeQuestionsAtWords(t *testing.T) {
	racedetect.SkipEvaluation(t)
	var qs []string
	files, _ := filepath.Glob("../testdata/answers/*.jsonl")
	cases, _ := filepath.Glob("../sandbox/content/cases/*.jsonl")
	for _, name := range append(files, cases...) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			var c struct{ Question string }
			if json.Unmarshal([]byte(line), &c) == nil && c.Question != "" {
				qs = append(qs, c.Question, strings.ToUpper(c.Question), "x"+c.Question, strings.ReplaceAll(c.Question, "k", "\u212a"))
			}
		}
	}
	if len(qs) < 1000 {
		t.Fatalf("%d questions read: the sets moved?", len(qs))
	}
	for _, at := range answerTypes {
		re := at.question.(*wordre.Regexp)
		if !re.AtWords() {
			t.Errorf("%s: the question pattern runs at every position", at.name)
		}
		for _, q := range qs {
			if got, want := re.MatchString(q), re.Plain().MatchString(q); got != want {
				t.Errorf("%s on %q: %v, plain expression %v", at.name, q, got, want)
			}
		}
	}
}

// TestCausedByNamedType checks which sentences settle whether a named thing
// causes a condition: those that name it and deny or name a cause.
func TestCausedByNamedType(t *testing.T) {
	an := testAnalyzer(t)
	tests := []struct {
		question, sentence string
		want               bool
	}{
		{"Is tinea corporis actually caused by a worm?", "Tinea corporis is commonly known as ringworm, although no worm is involved.", true},
		{"Is tinea corporis actually caused by a worm?", "Tinea corporis is caused by dermatophytes, a group of fungi.", false}, // says what causes it, not whether a worm does
		{"is seborrheic dermatitis caused by not washing enough", "Regular washing of the scalp can help limit seborrheic dermatitis.", false},
		{"is seborrheic dermatitis caused by not washing enough", "Seborrheic dermatitis is not caused by poor washing.", true},
	}
	for _, tt := range tests {
		at := causedByNamedType(an, tt.question)
		if at == nil {
			t.Fatalf("causedByNamedType(%q) = nil", tt.question)
		}
		if got := at.answers(tt.sentence); got != tt.want {
			t.Errorf("%q answers %q: %v, want %v", tt.sentence, tt.question, got, tt.want)
		}
	}
	if at := causedByNamedType(an, "What causes tinea corporis?"); at != nil {
		t.Errorf("causedByNamedType(%q) asks whether a named thing causes it", "What causes tinea corporis?")
	}
}
