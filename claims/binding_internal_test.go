package claims

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/lexicon"
)

// testAnalyzer is DermLiving's analyzer, for the package's tests.
func testAnalyzer(t *testing.T) *lexicon.Analyzer {
	t.Helper()
	an, err := lexicon.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	return an
}

func bindingVerifier(t *testing.T) *Lexical {
	t.Helper()
	return NewLexical(testAnalyzer(t), nil, nil)
}

// rarityVerifier weighs the words of the examples' frame as common and
// every other word (a drug's name, a grade's number) as rare.
func rarityVerifier(t *testing.T) *Lexical {
	t.Helper()
	an := testAnalyzer(t)
	common := lexicon.NewTermSet(an.Terms("cream creams ointment grade very potent mild strongest weakest"))
	return NewLexical(an, nil, func(term string) float64 {
		if common.Has(term) {
			return 1
		}
		return 5
	})
}

func TestBindUnits(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name  string
		text  string
		split bool
		want  []string
	}{
		{"contrast conjunction", "Drug P is mild, whereas drug Q is strong.", false,
			[]string{"Drug P is mild", "drug Q is strong"}},
		{"relative clause and appositive stay with their entity",
			"Creams protect against both rays X, which burn the surface, and rays Y, the deeper kind.", false,
			[]string{"Creams protect against both rays X, which burn the surface", "and rays Y, the deeper kind"}},
		{"list items stay whole", "Warts often affect the fingers, knees, elbows and soles.", false,
			[]string{"Warts often affect the fingers, knees, elbows and soles"}},
		{"clause and is split when asked", "Lotions are thin and ointments are greasy.", true,
			[]string{"Lotions are thin", "ointments are greasy"}},
		{"list and is not split", "Lotions suit the scalp and hairy legs.", true,
			[]string{"Lotions suit the scalp and hairy legs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, u := range v.bindUnits(tt.text, tt.split) {
				got = append(got, u.text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("bindUnits(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestMisbound(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bool
	}{
		{"attributes swapped between two clauses",
			"Ointment M suits oily skin, while lotion N suits cracked heels.",
			"Ointment M suits cracked heels, while lotion N suits oily skin.", true},
		{"clauses reordered, attributes kept",
			"Lotion N suits oily skin, while ointment M suits cracked heels.",
			"Ointment M suits cracked heels, while lotion N suits oily skin.", false},
		{"swapped across a relative clause and an appositive",
			"Rays X are the main cause of tanning, while rays Y reach the deeper dermis.",
			"Filters block both rays X, which reach the deeper dermis, and rays Y, the main cause of tanning.", true},
		{"swapped designations joined by and",
			"Grade I lesions are flat and grade II lesions are raised.",
			"Grade I lesions are raised, while grade II lesions are flat.", true},
		{"cause and effect turned around",
			"Chronic scratching can cause nail ridges.",
			"Nail ridges can cause chronic scratching.", true},
		{"active turned passive keeps the direction",
			"Chronic scratching can cause nail ridges.",
			"Nail ridges are caused by chronic scratching.", false},
		{"passive turned active reversed",
			"Pollen is caused by hay fever.",
			"Hay fever is caused by pollen.", true},
		{"order in time reversed",
			"The fever comes before the spots.",
			"The spots usually appear after the fever.", false},
		{"order in time turned around",
			"The spots come before the fever.",
			"The spots usually appear after the fever.", true},
		{"comparison turned around",
			"Gels are less greasy than balms.",
			"Balms are less greasy than gels.", true},
		{"comparison restated the other way",
			"Balms are greasier than gels.",
			"Gels are less greasy than balms.", false},
		{"association stated as a cause",
			"Condition K causes dry eyes.",
			"Condition K has been associated with dry eyes in some groups.", true},
		{"association kept",
			"Condition K is linked with dry eyes.",
			"Condition K has been associated with dry eyes in some groups.", false},
		{"an increased risk turned around",
			"Bowel polyps raise the risk of condition K.",
			"Condition K is associated with an increased risk of bowel polyps.", true},
		{"an increased risk restated",
			"Condition K raises the risk of bowel polyps.",
			"Condition K is associated with an increased risk of bowel polyps.", false},
		{"contrast word moved into the other clause",
			"Acute flares last for months, while chronic flares settle within days.",
			"Chronic flares last for months, while acute flares settle within days.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.misbound(tt.claim, tt.span); got != tt.want {
				t.Errorf("misbound(%q, %q) = %v, want %v", tt.claim, tt.span, got, tt.want)
			}
		})
	}
}

// bindingChecks are the verdicts of misbound's checks on one pair.
type bindingChecks struct {
	Crossed, UnitContrast, BoundContrast, Reversed, MadeCausal bool
}

// TestBindingChecks shows which of misbound's checks fires on each pair.
func TestBindingChecks(t *testing.T) {
	v := rarityVerifier(t)
	tests := []struct {
		name, claim, span string
		want              bindingChecks
	}{
		{"crossed clauses", "Ointment M suits oily skin, while lotion N suits cracked heels.",
			"Ointment M suits cracked heels, while lotion N suits oily skin.", bindingChecks{Crossed: true}},
		{"contrast member in the other clause", "Acute flares last for months, while chronic flares settle within days.",
			"Chronic flares last for months, while acute flares settle within days.", bindingChecks{Crossed: true, UnitContrast: true, BoundContrast: true}},
		{"one clause bound to the other's contrast member", "Acute attacks fade within a few hours.",
			"Chronic attacks fade within a few hours, while acute ones fade within minutes.", bindingChecks{UnitContrast: true, BoundContrast: true}},
		{"rank moved to the other grade", "Grade 4 creams are the strongest.",
			"Grade 1 creams are the strongest and grade 4 the weakest.", bindingChecks{BoundContrast: true}},
		// Both members in the claim, each bound by its clause (round 18).
		{"both ranks exchanged", "Zetasone is the strongest cream and quorbetasol the weakest.",
			"Quorbetasol is the strongest cream and zetasone the weakest.", bindingChecks{BoundContrast: true}},
		{"both ranks kept", "Quorbetasol is the strongest cream, and zetasone the weakest.",
			"Quorbetasol is the strongest cream and zetasone the weakest.", bindingChecks{}},
		{"members listed together", "Zetasone suits the eyelids and face.",
			"Zetasone suits the face and eyelids.", bindingChecks{}},
		{"rank kept on its grade", "Grade 1 creams are the strongest.",
			"Grade 1 creams are the strongest and grade 4 the weakest.", bindingChecks{}},
		{"potency moved to the other drug", "Zetasone is a very potent ointment.",
			"Zetasone is a mild ointment, and quorbetasol is a very potent one.", bindingChecks{UnitContrast: true, BoundContrast: true}},
		{"potency kept across a clause boundary", "Quorbetasol is a very potent ointment.",
			"Zetasone is a mild ointment, and quorbetasol is a very potent one.", bindingChecks{}},
		{"reversed cause", "Chronic scratching can cause nail ridges.",
			"Nail ridges can cause chronic scratching.", bindingChecks{Reversed: true}},
		{"reversed comparison", "Gels are less greasy than balms.",
			"Balms are less greasy than gels.", bindingChecks{Reversed: true}},
		{"association made causal", "Condition K causes dry eyes.",
			"Condition K has been associated with dry eyes in some groups.", bindingChecks{MadeCausal: true}},
		{"faithful passive", "Chronic scratching can cause nail ridges.",
			"Nail ridges are caused by chronic scratching.", bindingChecks{}},
		{"a sentence against itself, cause and link in their own clauses",
			"Germ G most often causes boils, while germ H is linked to rashes.",
			"Germ G most often causes boils, while germ H is linked to rashes.", bindingChecks{}},
		{"the noun cause is no causal claim", "The exact cause of condition K is unknown.",
			"Condition K has been associated with dry eyes.", bindingChecks{}},
		{"a risk factor made a consequence", "Condition K can lead to gout.",
			"Risk factors for condition K include older age, gout and smoking.", bindingChecks{Reversed: true}},
		{"a condition that makes another likelier, reversed", "Condition K can cause gout.",
			"Heat, gout and smoking all make condition K more likely.", bindingChecks{Reversed: true}},
		{"raised risk reversed", "Condition K increases the risk of gout.",
			"Conditions such as gout increase the risk of condition K.", bindingChecks{Reversed: true}},
		{"susceptibility reversed", "People with gout are more susceptible to condition K.",
			"People with condition K are more susceptible to gout.", bindingChecks{Reversed: true}},
		{"risk factor kept", "Gout raises the risk of condition K.",
			"Risk factors for condition K include older age, gout and smoking.", bindingChecks{}},
		// A list item after ", and" with a relation of its own (round 23).
		{"a risk factor after a comma and, made a consequence", "Condition K can trigger gout.",
			"Risk factors for condition K include older age, smoking, and painful joint conditions that lead to limping, such as gout.", bindingChecks{Reversed: true}},
		{"a risk factor after a comma and, kept", "Gout can lead to condition K.",
			"Risk factors for condition K include older age, smoking, and painful joint conditions that lead to limping, such as gout.", bindingChecks{}},
		{"a tissue made to leak, reversed", "Leaky small vessels cause cell M to release substance S.",
			"Condition K results from cell M releasing substance S, which make small vessels leak fluid.", bindingChecks{Reversed: true}},
		{"a tissue made to leak, kept", "Substance S released by cell M causes small vessels to leak fluid.",
			"Condition K results from cell M releasing substance S, which make small vessels leak fluid.", bindingChecks{}},
		// Round 24: a member written in several words ("ultraviolet A",
		// contrastAliases) is bound like its short form.
		{"a band written out, moved to the other band's sentence", "The Q number on a cream measures protection against ultraviolet A.",
			"Broad creams protect against both ultraviolet A, which ages skin, and ultraviolet B. The Q number on a cream measures protection against UVB.", bindingChecks{UnitContrast: true, BoundContrast: true}},
		{"a band written out, kept", "The Q number on a cream measures protection against ultraviolet B.",
			"Broad creams protect against both ultraviolet A, which ages skin, and ultraviolet B. The Q number on a cream measures protection against UVB.", bindingChecks{}},
		// Round 24: "most" and "less" are one set's members, so a
		// group's "less common" is not given "most common".
		{"most common given to the group less common", "It is most common in young children.",
			"It is most common in adolescents and adults and is less common in young children.", bindingChecks{UnitContrast: true, BoundContrast: true}},
		{"less common kept on its group", "It is less common in young children.",
			"It is most common in adolescents and adults and is less common in young children.", bindingChecks{}},
		// Round 24: "weakens" and "suppresses" act on their object; "a
		// weakened X" is a thing.
		{"a weakening turned round", "Frequent flares of condition K weaken the skin barrier.",
			"A weakened skin barrier can lead to more frequent flares of condition K.", bindingChecks{Reversed: true}},
		{"a weakening kept", "A weakened skin barrier can lead to more frequent flares of condition K.",
			"A weakened skin barrier can lead to more frequent flares of condition K, especially in winter.", bindingChecks{}},
		{"a suppression turned round", "Virus V suppresses the immune system.",
			"The immune system suppresses virus V between outbreaks.", bindingChecks{Reversed: true}},
		{"a listed cause made a consequence", "Condition K can cause gout.",
			"Common causes of condition K include older age, smoking, and gout.", bindingChecks{Reversed: true}},
		{"a marker made a cause", "Condition K causes dry eyes.",
			"Dry eyes alongside condition K may point to a raised hormone level.", bindingChecks{MadeCausal: true}},
		{"a conversion reversed", "Drug D blocks the conversion of hormone B back into hormone A.",
			"Drug D, which blocks the conversion of hormone A to hormone B, is a treatment for condition K.", bindingChecks{Reversed: true}},
		{"a conversion kept, in the passive", "Drug D stops hormone A from being converted into hormone B.",
			"Drug D, which blocks the conversion of hormone A to hormone B, is a treatment for condition K.", bindingChecks{}},
		{"a rarer alternative made the commoner", "Condition K starts more often in the palms than on the soles.",
			"Condition K can start in the palms or, more often, on the soles.", bindingChecks{Reversed: true}},
		{"a rarer alternative kept", "Condition K starts more often on the soles than in the palms.",
			"Condition K can start in the palms or, more often, on the soles.", bindingChecks{}},
		{"a condition of forming made its effect", "Plaques make the healing process produce extra fibre.",
			"Plaques form when the healing process produces extra fibre.", bindingChecks{Reversed: true}},
		{"a condition of forming kept", "Plaques develop when healing produces extra fibre.",
			"Plaques form when the healing process produces extra fibre.", bindingChecks{}},
		{"a passive turned round", "Germs carried on the scalp often affect the knees.",
			"The scalp is often affected by germs carried on the knees.", bindingChecks{Reversed: true}},
		{"a passive made active", "Germs carried on the knees often affect the scalp.",
			"The scalp is often affected by germs carried on the knees.", bindingChecks{}},
		{"causal stated elsewhere in the span", "Condition K causes dry eyes.",
			"Condition K causes dry eyes, and it has been associated with rashes.", bindingChecks{}},
		// Co-occurrence in people who have one condition names no cause
		// (round 18).
		{"co-occurrence made causal", "Condition K causes dry eyes.",
			"People with condition K have a higher chance of other conditions, particularly dry eyes.", bindingChecks{MadeCausal: true}},
		{"more often have made causal", "Condition K triggers dry eyes.",
			"People with condition K more often have dry eyes or rashes.", bindingChecks{MadeCausal: true}},
		// Round 21: the time since an event puts the event first.
		{"order after the time since an event turned round", "In rash R, the herald patch appears after the smaller patches have spread over the trunk.",
			"Within days to two weeks of the herald patch, rash R spreads as many smaller patches on the trunk.", bindingChecks{Reversed: true}},
		{"order after the time since an event kept", "In rash R, the smaller patches spread over the trunk after the herald patch.",
			"Within days to two weeks of the herald patch, rash R spreads as many smaller patches on the trunk.", bindingChecks{}},
		// Round 21: a cause offered beside an association states no cause.
		{"a cause or an association made a cause", "Condition K is caused by gliptin medicines.",
			"Certain medicines can trigger or be associated with condition K, including gliptins.", bindingChecks{MadeCausal: true}},
		{"a cause or an association, hedged", "Gliptin medicines are among the medicines that can trigger condition K.",
			"Certain medicines can trigger or be associated with condition K, including gliptins.", bindingChecks{}},
		{"a cause or an association kept", "Gliptin medicines can trigger or be associated with condition K.",
			"Certain medicines can trigger or be associated with condition K, including gliptins.", bindingChecks{}},
		// Round 21: an effect on severity is a cause.
		{"co-occurrence made a worsening", "Dry eyes and rashes make condition K more severe.",
			"People with condition K more often have dry eyes or rashes.", bindingChecks{MadeCausal: true}},
		{"a worsening kept", "Dry eyes make condition K more severe.",
			"Dry eyes can make condition K worse.", bindingChecks{}},
		{"a worsening is no cause", "Dry eyes cause condition K.",
			"Dry eyes are strongly associated with condition K and may worsen it.", bindingChecks{MadeCausal: true}},
		{"an association that worsens", "Dry eyes can worsen condition K.",
			"Dry eyes are strongly associated with condition K and may worsen it.", bindingChecks{}},
		// "triggers" and "causes" as nouns name no direction (round 18).
		{"triggers as a noun", "Hot drinks and wind are common triggers of flares.",
			"Common flare triggers include sun, hot drinks and wind.", bindingChecks{}},
		{"triggers to avoid", "A diary may help identify personal triggers to avoid.",
			"Identifying and avoiding personal triggers, often with a diary, can reduce flares.", bindingChecks{}},
		{"progress into turned round", "Lesion P can progress into plaque Q.",
			"Plaque Q can progress to lesion P over time.", bindingChecks{Reversed: true}},
		// A list whose items share one predicate, regrouped, takes nothing
		// crosswise (round 18); a clause of each item still does.
		{"a regrouped list sharing its verb", "For mild burns, drinking extra fluids, taking cool showers or using cool gels, and applying aloe gel or a plain moisturiser commonly help.",
			"Cool showers or gels, plain moisturisers or aloe gel, and extra fluids commonly help with mild burns.", bindingChecks{}},
		// A predicate after a parenthesis is the entity's before it
		// (round 18).
		{"predicates exchanged around a parenthesis", "Rash near the ear can blur vision, while rash on the forehead causes facial weakness.",
			"Rash on the forehead (zorbitis) can blur vision, and rash near the ear can cause facial weakness.", bindingChecks{Crossed: true}},
		{"predicates kept around a parenthesis", "Rash on the forehead can blur vision, while rash near the ear causes facial weakness.",
			"Rash on the forehead (zorbitis) can blur vision, and rash near the ear can cause facial weakness.", bindingChecks{}},
		// A clause of consequence states a cause as "because" does.
		{"a cause stated with so", "Because cream C is applied thinly, protection is often lower than its label suggests.",
			"Cream C is commonly applied thinly, so protection is often lower than its label suggests.", bindingChecks{}},
		// A pronoun after a relation word stands for its sentence's
		// subject (round 19).
		{"progression turned round onto a pronoun", "Lesion P is called premalignant because plaque Q can progress into it.",
			"Lesion P is called premalignant because some patches can progress to plaque Q.", bindingChecks{Reversed: true}},
		{"progression kept with a pronoun", "Plaque Q is feared because lesion P can progress into it.",
			"Plaque Q is feared because some patches of lesion P can progress to plaque Q.", bindingChecks{}},
		// "give" with a person after it states a cause; a reason after a
		// comma does not make the association beside it a cause (round 19).
		{"give made causal", "Condition K can give children dry eyes.",
			"Children with dry eyes tend to develop more patches of condition K, because their skin barrier is weak.", bindingChecks{MadeCausal: true}},
		{"give stated as a cause", "Condition K can give children dry eyes.",
			"Condition K often causes dry eyes in children, because it damages the tear glands.", bindingChecks{}},
		// An order in time told by "first" and a clause after it, by
		// "follow" and by "followed by" (round 20).
		{"an order told by first, turned round", "In condition K, blisters appear first, and the itchy patches follow weeks later.",
			"Condition K often begins with itchy patches, a phase that can last weeks before blisters appear.", bindingChecks{Reversed: true}},
		{"an order told by first, kept", "In condition K, itchy patches appear first, and the blisters follow weeks later.",
			"Condition K often begins with itchy patches, a phase that can last weeks before blisters appear.", bindingChecks{}},
		{"followed by, turned round", "In rash R, small patches appear, followed days later by a large patch.",
			"In rash R, a large patch appears before small patches.", bindingChecks{Reversed: true}},
		{"followed by, kept", "In rash R, a large patch appears, followed days later by small patches.",
			"In rash R, a large patch appears before small patches.", bindingChecks{}},
		// A relation's argument ends where a relative clause or a
		// predicate joined by "and" begins, and hedges belong to neither
		// argument (round 20). The unit contrast reads "after" against
		// "before" here; the verifier gives it the claim as conversed
		// writes it (TestConversed).
		{"an order kept, the relative clause on the other argument", "Weakness often comes after the rash of condition K, which may be the first clue.",
			"The rash of condition K often appears before weakness and may be the first clue.", bindingChecks{UnitContrast: true}},
		{"an order turned round, the relative clause on the other argument", "The rash of condition K often comes after weakness, which may be the first clue.",
			"The rash of condition K often appears before weakness and may be the first clue.", bindingChecks{UnitContrast: true, Reversed: true}},
		// A relation after a relative clause set off by commas has the
		// clause's antecedent for its first argument (round 20).
		{"a relation turned round past a relative clause", "Eye irritation can lead to rosacea.",
			"Rosacea, which is often triggered by sunlight, can lead to eye irritation.", bindingChecks{Reversed: true}},
		{"a relation kept past a relative clause", "Rosacea can lead to eye irritation.",
			"Rosacea, which is often triggered by sunlight, can lead to eye irritation.", bindingChecks{}},
		{"a plural follow turned round", "Scar S can cause acne and chickenpox.",
			"Scar S can follow burns, acne and chickenpox.", bindingChecks{Reversed: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := bindingChecks{
				Crossed:       v.crossedBinding(tt.claim, tt.span),
				UnitContrast:  v.unitContrast(tt.claim, tt.span),
				BoundContrast: v.boundContrast(tt.claim, tt.span),
				Reversed:      v.reversedRole(tt.claim, tt.span),
				MadeCausal:    v.madeCausal(tt.claim, tt.span),
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("checks on %q against %q (-want +got):\n%s", tt.claim, tt.span, diff)
			}
		})
	}
}

func TestWordsKeepCompounds(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"A second-line option.", []string{"a", "second", "line", "option", "second-line"}},
		{"No compound here", []string{"no", "compound", "here"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, words(tt.text)); diff != "" {
			t.Errorf("words(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestPositionedWords(t *testing.T) {
	gotWords, gotBars := positionedWords("Gel P is mild, and low-dose Q is strong.")
	wantWords := [][]string{{"gel"}, {"p"}, {"is"}, {"mild"}, {"low", "dose", "low-dose"}, {"q"}, {"is"}, {"strong"}}
	wantBars := []int{0, 0, 0, 0, 2, 2, 2, 2}
	if diff := cmp.Diff(wantWords, gotWords); diff != "" {
		t.Errorf("words (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantBars, gotBars); diff != "" {
		t.Errorf("boundaries (-want +got):\n%s", diff)
	}
}

func TestAdviceAgainstDenies(t *testing.T) {
	v := bindingVerifier(t)
	tests := []struct {
		claim, span string
		want        bool
	}{
		{"Rubbing sore heels helps blisters heal.", "Let blisters heal on their own and avoid rubbing sore heels.", true},
		{"Avoid rubbing sore heels.", "Let blisters heal on their own and avoid rubbing sore heels.", false},
		{"Cool compresses help blisters heal.", "Cool compresses help blisters heal.", false},
	}
	for _, tt := range tests {
		got := v.negatedElsewhere(tt.claim, tt.span)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("negatedElsewhere(%q, %q) (-want +got):\n%s", tt.claim, tt.span, diff)
		}
	}
}

// TestBoundContrastClaimClause checks that only a word the claim itself
// binds to its contrast member, in the member's clause, decides where the
// span binds it: a rare word of another clause of the claim, nearer
// another member in the span, does not.
func TestBoundContrastClaimClause(t *testing.T) {
	an := testAnalyzer(t)
	rare := lexicon.NewTermSet(an.Terms("zetasone"))
	v := NewLexical(an, nil, func(term string) float64 {
		if rare.Has(term) {
			return 5
		}
		return 1
	})
	span := "Creams last six months, with one application a week, and zetasone at night."
	if v.boundContrast("Creams last six months, with zetasone at night.", span) {
		t.Errorf("a word of another claim clause decided the binding")
	}
	if !v.boundContrast("Zetasone creams last six months.", "Zetasone creams last a week, and other creams last six months.") {
		t.Errorf("a member moved to the rare word's clause was not found")
	}
}

func TestMovedAgent(t *testing.T) {
	v := bindingVerifier(t)
	const span = "Rosacea, which is often triggered by sunlight, can lead to eye irritation and swelling of the eyelids."
	const span2 = "Cellulitis, which usually follows a break in the skin, can spread quickly and cause fever."
	tests := []struct {
		claim, span string
		want        bool
		reason      string
	}{
		{"Sunlight can lead to eye irritation.", span, true,
			"the relative clause's agent takes the antecedent's role"},
		{"Rosacea can lead to eye irritation.", span, false,
			"the antecedent keeps its role"},
		{"Sunlight often triggers rosacea, which can lead to eye irritation.", span, false,
			"each relation keeps its first argument"},
		{"A break in the skin can spread quickly and cause fever.", span2, true,
			"the clause's thing takes the main clause's predicate and its effect"},
		{"Cellulitis usually follows a break in the skin.", span2, false,
			"the relative clause's own relation, kept"},
		{"Sunlight can lead to eye irritation.", "Sunlight can lead to eye irritation, which is treated with drops.", false,
			"no relation of the span has the antecedent's terms in another place"},
	}
	for _, tt := range tests {
		if got := v.movedAgent(tt.claim, tt.span); got != tt.want {
			t.Errorf("movedAgent(%q, %q) = %v, want %v (%s)", tt.claim, tt.span, got, tt.want, tt.reason)
		}
	}
}

// TestMadeCausalNamedOtherwise: the span's part that states the
// association is found by the claim's things, named with the thesaurus,
// not by its cause word (round 23).
func TestMadeCausalNamedOtherwise(t *testing.T) {
	an := testAnalyzer(t)
	th, err := lexicon.DefaultThesaurus(an)
	if err != nil {
		t.Fatal(err)
	}
	v := NewLexical(an, th, nil)
	span := "Hot baths and harsh soaps are common causes of dry skin. Conditions linked to xerosis include gout and obesity."
	tests := []struct {
		claim, reason string
		want          bool
	}{
		{"Dry skin can lead to gout.", "the link, named by xerosis, made a cause", true},
		{"Hot baths can lead to dry skin.", "a cause the span states", false},
	}
	for _, tt := range tests {
		if got := v.madeCausal(tt.claim, span); got != tt.want {
			t.Errorf("madeCausal(%q) = %v, want %v (%s)", tt.claim, got, tt.want, tt.reason)
		}
	}
}

// TestMovedName checks the name taken across "while" (round 24): a claim
// in the words of the clause after "while", with the name the clause
// before it gives its own thing.
func TestMovedName(t *testing.T) {
	v := bindingVerifier(t)
	// The thesaurus names both germs; this verifier has none.
	v.named = lexicon.NewTermSet(v.an.Terms("Staphylococcus aureus Pseudomonas aeruginosa"))
	span := "Boil folliculitis is most often caused by Staphylococcus aureus, while pool folliculitis is linked to Pseudomonas aeruginosa in poorly kept pools."
	tests := []struct {
		name, claim, span string
		want              bool
		reason            string
	}{
		{"name moved across while", "Pool folliculitis is linked to Staphylococcus aureus in poorly kept pools.", span, true,
			"the clause after while gives pool folliculitis Pseudomonas; the claim gives it the other clause's name"},
		{"each name with its own thing", "Staphylococcus aureus causes boil folliculitis, whereas Pseudomonas aeruginosa is behind pool folliculitis.", span, false,
			"the claim names the second clause's name too"},
		{"the clause after while kept", "Pool folliculitis is linked to Pseudomonas aeruginosa in poorly kept pools.", span, false,
			"nothing taken from the clause before while"},
		{"while of time", "Regular use of moisturisers is the main treatment for xerosis.",
			"Regular use of emollients and moisturisers is the main treatment for xerosis, while the skin is still damp.", false,
			"nothing is taken into the clause after while, and no name is taken out of it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := v.movedName(tt.claim, tt.span); got != tt.want {
				t.Errorf("movedName(%q, %q) = %v, want %v: %s", tt.claim, tt.span, got, tt.want, tt.reason)
			}
		})
	}
}
