package claims_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
)

// sandboxKV returns the sandbox knowledge version the tests check claims
// against, opened on first use (the fuzz targets never need it) and closed by
// TestMain.
func sandboxKV(tb testing.TB) *evidence.Version {
	tb.Helper()
	v, err := openSandbox()
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// sandboxIndex returns the sandbox version's index (see sandboxKV).
func sandboxIndex(tb testing.TB) *retrieve.Index {
	tb.Helper()
	ix, err := retrieve.Of(sandboxKV(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return ix
}

var (
	sandboxOpened atomic.Bool
	openSandbox   = sync.OnceValues(func() (*evidence.Version, error) {
		sandboxOpened.Store(true)
		return sandbox.Open()
	})
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sandboxOpened.Load() {
		if v, err := openSandbox(); err == nil {
			v.Close()
		}
	}
	os.Exit(code)
}

// verifier returns the default verifier over the sandbox's analyzer,
// thesaurus and term rarity, as the pipeline builds it.
func verifier(tb testing.TB) *claims.Lexical {
	tb.Helper()
	ix := sandboxIndex(tb)
	lexicalOnce.Do(func() {
		lexical = claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
		lexical.Usage = sandboxUsage(tb)
	})
	return lexical
}

var (
	lexicalOnce sync.Once
	lexical     *claims.Lexical
)

// sandboxUsage is the sandbox version's usage of its words, as the
// pipeline builds it: its passages and its topics' names.
func sandboxUsage(tb testing.TB) *claims.Usage {
	tb.Helper()
	kv := sandboxKV(tb)
	comp, err := answer.For(kv)
	if err != nil {
		tb.Fatal(err)
	}
	return claims.NewUsage(sandboxIndex(tb).Analyzer(), func() []string {
		var texts []string
		for p := range kv.All() {
			texts = append(texts, p.Text)
		}
		return texts
	}, comp.NameTerms())
}

// passages returns the sandbox passages with the given ids.
func passages(t testing.TB, ids ...string) []claims.Passage {
	t.Helper()
	kv := sandboxKV(t)
	out := make([]claims.Passage, len(ids))
	for i, id := range ids {
		p, err := kv.Evidence(id)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = claims.Passage{ID: p.ID, Text: p.Text}
	}
	return out
}

// Passage ids used below.
var (
	adOverview1 = "ev_atopic_dermatitis_overview_1"
	adOverview2 = "ev_atopic_dermatitis_overview_2"
	adCauses    = []string{"ev_atopic_dermatitis_causes_1", "ev_atopic_dermatitis_causes_2"}
	adAll       = []string{
		"ev_atopic_dermatitis_overview_1", "ev_atopic_dermatitis_overview_2",
		"ev_atopic_dermatitis_causes_1", "ev_atopic_dermatitis_causes_2",
		"ev_atopic_dermatitis_symptoms_1", "ev_atopic_dermatitis_symptoms_2",
		"ev_atopic_dermatitis_diagnosis_1", "ev_atopic_dermatitis_treatment_1",
		"ev_atopic_dermatitis_treatment_2", "ev_atopic_dermatitis_selfcare_1",
		"ev_atopic_dermatitis_see_clinician_1",
	}
	adTreatment1 = "ev_atopic_dermatitis_treatment_1"
	urtOverview1 = "ev_urticaria_overview_1"
	urtSymptoms1 = "ev_urticaria_symptoms_1"
	urtCauses2   = "ev_urticaria_causes_2"
	acneOverview = "ev_acne_overview_2"
	sunscreen1   = "ev_general_skin_care_sunscreen_1"
	adSelfcare1  = "ev_atopic_dermatitis_selfcare_1"
)

func TestLexicalVerify(t *testing.T) {
	tests := []struct {
		name  string
		claim string
		ids   []string
		want  claims.Verdict
		// span, when set, is the text the (first) support must quote.
		span   string
		reason string
	}{{
		name:   "Verbatim",
		claim:  "Impaired skin barrier function contributes to disease activity in atopic dermatitis, letting water escape and allowing irritants and allergens to enter the skin more easily.",
		ids:    adCauses,
		want:   claims.Supported,
		span:   "Impaired skin barrier function contributes to disease activity in atopic dermatitis, letting water escape and allowing irritants and allergens to enter the skin more easily.",
		reason: "a sentence of the passage supports itself, and the support is exactly that sentence",
	}, {
		name:   "VerbatimNegated",
		claim:  "Atopic dermatitis is not contagious and cannot be passed from person to person by touch.",
		ids:    []string{adOverview2},
		want:   claims.Supported,
		span:   "Atopic dermatitis is not contagious and cannot be passed from person to person by touch.",
		reason: "a negated sentence agrees in polarity with itself",
	}, {
		name:   "EverydayParaphrase",
		claim:  "Among adults, dermatomyositis is linked to a raised risk of internal cancer, particularly during the first few years after diagnosis.",
		ids:    []string{"ev_dermatomyositis_skin_signs_overview_2"},
		want:   claims.Supported,
		reason: "'linked to', 'raised' and 'particularly' are the verifier's everyday paraphrases of 'associated with', 'increased' and 'especially'",
	}, {
		name:   "IrregularVerb",
		claim:  "It is usually best to leave sunburn blisters intact, because broken skin can become infected.",
		ids:    []string{"ev_sunburn_and_sun_protection_treatment_2"},
		want:   claims.Supported,
		reason: "'leave' and 'left' are one verb, which the stemmer does not join",
	}, {
		name:   "ReorderedParaphrase",
		claim:  "In alopecia areata, small pits or ridges in the nails are common, especially in more extensive disease.",
		ids:    []string{"ev_alopecia_areata_symptoms_2"},
		want:   claims.Supported,
		reason: "a paraphrase that moves the topic to the front is supported",
	}, {
		name:   "ContrastWithinClause",
		claim:  "Simple irritant diaper rash tends to involve the folds.",
		ids:    []string{"ev_cutaneous_candidiasis_symptoms_2"},
		want:   claims.Unsupported,
		reason: "the span names both; its clause on irritant diaper rash says it spares the folds",
	}, {
		name:   "NumberWithinClause",
		claim:  "Stage 2 pressure injuries extend through the full thickness of the skin into fat.",
		ids:    []string{"ev_pressure_injuries_diagnosis_1"},
		want:   claims.Contradicted,
		reason: "the span states stage 2 and stage 3; the clause on full thickness into fat is stage 3's",
	}, {
		name:   "AnyStage",
		claim:  "Melanoma at any stage is highly curable with surgery.",
		ids:    []string{"ev_melanoma_overview_2"},
		want:   claims.Unsupported,
		reason: "'any stage' asserts more than 'an early, thin stage'",
	}, {
		name:   "StitchedWhenOneSpanSaysPartOfSomethingElse",
		claim:  "Prompt treatment of athlete's foot can help prevent onychomycosis, and wearing sandals in communal showers helps avoid picking up athlete's foot.",
		ids:    []string{"ev_onychomycosis_selfcare_1", "ev_tinea_pedis_selfcare_1"},
		want:   claims.Supported,
		reason: "the first passage covers most of the claim but not its second clause; each clause has its own span",
	}, {
		name:   "OneOfIsNoCount",
		claim:  "A diameter larger than about 6 mm is one of the ABCDE warning signs of melanoma.",
		ids:    []string{"ev_melanoma_symptoms_1"},
		want:   claims.Supported,
		reason: "'one of the' counts nothing; 6 mm is in the passage",
	}, {
		name:   "NegatedClauseMovedFirst",
		claim:  "Since most inflamed epidermoid cysts are not infected, antibiotics are used for them mainly when there are clear signs of infection.",
		ids:    []string{"ev_epidermoid_cysts_treatment_2"},
		want:   claims.Supported,
		reason: "the span's clause on inflamed cysts agrees with the claim's negated clause; another clause's 'signs of infection' is not denied",
	}, {
		name:   "SharedSubjectStitched",
		claim:  "Spironolactone is a hormonal option for acne in women and may also be considered for female pattern hair loss.",
		ids:    []string{"ev_acne_treatment_2", "ev_androgenetic_alopecia_treatment_2"},
		want:   claims.Supported,
		reason: "one subject, two predicates joined by 'and', each supported by its own passage",
	}, {
		name:   "SynonymEczema",
		claim:  "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of eczema.",
		ids:    adCauses,
		want:   claims.Supported,
		span:   "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of atopic dermatitis.",
		reason: "the thesaurus makes eczema and atopic dermatitis one concept",
	}, {
		name:   "SynonymEczemaNegated",
		claim:  "Eczema is not contagious.",
		ids:    []string{adOverview2},
		want:   claims.Supported,
		span:   "Atopic dermatitis is not contagious and cannot be passed from person to person by touch.",
		reason: "a shorter paraphrase with a synonym, negated as the passage is",
	}, {
		name:   "SynonymNeverForNot",
		claim:  "Eczema is never contagious.",
		ids:    []string{adOverview2},
		want:   claims.Supported,
		span:   "Atopic dermatitis is not contagious and cannot be passed from person to person by touch.",
		reason: "never and not are both negation cues; the polarity check judges them, not coverage",
	}, {
		name:   "SynonymHives",
		claim:  "Hives usually fade within 24 hours without leaving a mark.",
		ids:    []string{urtOverview1},
		want:   claims.Supported,
		span:   "Individual urticaria wheals usually fade within 24 hours without leaving a mark, although new ones may appear elsewhere.",
		reason: "the thesaurus makes hives and urticaria one concept",
	}, {
		name:   "NegationOfOtherContent",
		claim:  "Hives usually fade within 24 hours.",
		ids:    []string{urtOverview1},
		want:   claims.Supported,
		span:   "Individual urticaria wheals usually fade within 24 hours without leaving a mark, although new ones may appear elsewhere.",
		reason: "the passage's 'without' denies leaving a mark, which the claim does not assert, so it does not flip the claim's polarity",
	}, {
		name:   "HedgedNegationAgrees",
		claim:  "Food allergy is rarely the cause of chronic urticaria.",
		ids:    []string{urtCauses2},
		want:   claims.Supported,
		reason: "rarely in both claim and passage",
	}, {
		name:   "NegationFlipped",
		claim:  "Atopic dermatitis is contagious.",
		ids:    []string{adOverview2},
		want:   claims.Contradicted,
		reason: "the passage says it is not contagious",
	}, {
		name:   "NegationAddedByClaim",
		claim:  "Urticaria is not itchy.",
		ids:    []string{urtOverview1, urtSymptoms1},
		want:   claims.Contradicted,
		reason: "the claim denies the itch the passage asserts, even though the passage says it in another clause than the one naming urticaria",
	}, {
		name:   "NegationFlippedCause",
		claim:  "Acne is caused by poor hygiene.",
		ids:    []string{acneOverview},
		want:   claims.Contradicted,
		reason: "the passage says acne is not caused by poor hygiene",
	}, {
		name:   "HedgeFlipped",
		claim:  "Food allergy is a common cause of chronic urticaria.",
		ids:    []string{urtCauses2},
		want:   claims.Contradicted,
		reason: "the passage says food allergy is rarely the cause",
	}, {
		name:   "AntonymFlipped",
		claim:  "Food is a common trigger of atopic dermatitis in adults.",
		ids:    adCauses,
		want:   claims.Contradicted,
		reason: "the passage says food is an uncommon trigger in adults; un- makes the opposite word",
	}, {
		name:   "NumberChangedSPF",
		claim:  "A sunscreen of SPF 15 or higher is commonly advised for outdoor exposure.",
		ids:    []string{sunscreen1},
		want:   claims.Contradicted,
		reason: "the passage advises SPF 30; a changed number contradicts rather than merely lacks support",
	}, {
		name:   "NumberKeptSPF",
		claim:  "A sunscreen of SPF 30 or higher is commonly advised for outdoor exposure.",
		ids:    []string{sunscreen1},
		want:   claims.Supported,
		span:   "The sun protection factor (SPF) on a sunscreen measures protection against UVB, and a sunscreen of SPF 30 or higher is commonly advised for outdoor exposure.",
		reason: "the control for the changed number: the passage's own number is supported",
	}, {
		name:   "NumberChangedHours",
		claim:  "Hives usually fade within 12 hours without leaving a mark.",
		ids:    []string{urtOverview1},
		want:   claims.Contradicted,
		reason: "the passage says 24 hours",
	}, {
		name:   "NumberNotInPassage",
		claim:  "Keeping nails short for 2 weeks can reduce scratching damage.",
		ids:    []string{adSelfcare1},
		want:   claims.Unsupported,
		reason: "the passage gives no number to compare with: nothing backs the claim's, and nothing contradicts it",
	}, {
		name:   "StrongerAlways",
		claim:  "Eczema always begins in infancy.",
		ids:    []string{adOverview1},
		want:   claims.Unsupported,
		reason: "the passage says commonly, not always",
	}, {
		name:   "StrongerMain",
		claim:  "Topical corticosteroids are the main anti-inflammatory treatment for atopic dermatitis flares.",
		ids:    []string{adTreatment1},
		want:   claims.Unsupported,
		reason: "the passage says most commonly used, not the main treatment",
	}, {
		name:   "StrongerCures",
		claim:  "Regular use of emollients cures atopic dermatitis.",
		ids:    []string{adTreatment1},
		want:   claims.Unsupported,
		reason: "the passage says emollients help restore the barrier, not that they cure",
	}, {
		name:   "SwappedConditionSubject",
		claim:  "Psoriasis arises from a combination of genetic, immune and environmental factors.",
		ids:    adCauses,
		want:   claims.Unsupported,
		reason: "the passage says it of atopic dermatitis: the rest of the words match, but the subject is replaced",
	}, {
		name:   "SwappedConditionObject",
		claim:  "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of psoriasis.",
		ids:    adCauses,
		want:   claims.Unsupported,
		reason: "the passage says it of the symptoms of atopic dermatitis",
	}, {
		name:   "Unrelated",
		claim:  "Sunscreen should be reapplied every two hours.",
		ids:    adCauses,
		want:   claims.Unsupported,
		reason: "nothing in the passages is about sunscreen",
	}, {
		name:   "Empty",
		claim:  "",
		ids:    adCauses,
		want:   claims.Unsupported,
		reason: "an empty claim asserts nothing",
	}, {
		name:   "StopWordsOnly",
		claim:  "It is the one of them and.",
		ids:    adCauses,
		want:   claims.Unsupported,
		reason: "a claim of stop words has no content to support",
	}, {
		name:   "NoPassages",
		claim:  "Atopic dermatitis is not contagious.",
		ids:    nil,
		want:   claims.Unsupported,
		reason: "with nothing to check against, nothing supports the claim",
	}, {
		name:   "SeedFoodAllergy",
		claim:  "Food allergy is the main trigger of flares in adults.",
		ids:    adAll,
		want:   claims.Unsupported,
		reason: "the passages call food an uncommon trigger in adults, and never the main one: the claim asserts more than they say; no passage says it is not the main trigger, so it is unsupported, not contradicted",
	}, {
		name:   "SeedBarrier",
		claim:  "Impaired skin barrier function contributes to disease activity.",
		ids:    adAll,
		want:   claims.Supported,
		span:   "Impaired skin barrier function contributes to disease activity in atopic dermatitis, letting water escape and allowing irritants and allergens to enter the skin more easily.",
		reason: "the claim is the opening of a sentence of the causes passage",
	}, {
		name:   "SeedTriggers",
		claim:  "Wool, harsh soaps and sweat are commonly reported to worsen symptoms.",
		ids:    adAll,
		want:   claims.Supported,
		span:   "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of atopic dermatitis.",
		reason: "the claim is a sentence of the causes passage without its last words",
	}}
	v := verifier(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := passages(t, tt.ids...)
			j, err := v.Verify(context.Background(), tt.claim, ps)
			if err != nil {
				t.Fatalf("Verify(%q): %v", tt.claim, err)
			}
			if j.Verdict != tt.want {
				t.Errorf("Verify(%q) = %v (%s), want %v\nreason: %s", tt.claim, j.Verdict, j.Reason, tt.want, tt.reason)
			}
			checkJudgment(t, tt.claim, ps, j)
			if tt.span != "" {
				if len(j.Support) == 0 {
					t.Fatalf("Verify(%q): no support, want %q", tt.claim, tt.span)
				}
				s := j.Support[0]
				got := textOf(ps, s.PassageID)[s.Start:s.End]
				if diff := cmp.Diff(tt.span, got); diff != "" {
					t.Errorf("Verify(%q) support mismatch (-want +got):\n%s\nreason: %s", tt.claim, diff, tt.reason)
				}
			}
		})
	}
}

// checkJudgment checks what holds of every judgment: a score in [0,1], a
// reason for every verdict but Supported, and supports that quote whole
// sentences of a passage that was given.
func checkJudgment(t *testing.T, claim string, ps []claims.Passage, j claims.Judgment) {
	t.Helper()
	if j.Score < 0 || j.Score > 1 {
		t.Errorf("Verify(%q).Score = %v, want in [0,1]", claim, j.Score)
	}
	if (j.Verdict == claims.Supported) != (j.Reason == "") {
		t.Errorf("Verify(%q) = %v with reason %q: only a supported claim has no reason", claim, j.Verdict, j.Reason)
	}
	if j.Verdict == claims.Supported && len(j.Support) == 0 {
		t.Errorf("Verify(%q): supported without a support span", claim)
	}
	for _, s := range j.Support {
		text := textOf(ps, s.PassageID)
		if s.Start < 0 || s.Start >= s.End || s.End > len(text) {
			t.Errorf("Verify(%q): support %+v out of its passage (len %d)", claim, s, len(text))
			continue
		}
		if !utf8.RuneStart(text[s.Start]) || s.End < len(text) && !utf8.RuneStart(text[s.End]) {
			t.Errorf("Verify(%q): support %+v splits a rune", claim, s)
		}
		sents := claims.Split(text)
		starts := slices.ContainsFunc(sents, func(x claims.Sentence) bool { return x.Start == s.Start })
		ends := slices.ContainsFunc(sents, func(x claims.Sentence) bool { return x.End == s.End })
		if !starts || !ends {
			t.Errorf("Verify(%q): support %q is not a run of whole sentences", claim, text[s.Start:s.End])
		}
	}
}

// textOf returns the text of the passage with the given id, or "".
func textOf(ps []claims.Passage, id string) string {
	for _, p := range ps {
		if p.ID == id {
			return p.Text
		}
	}
	return ""
}

// TestLexicalSupportsOwnSentences checks, over the whole sandbox, that each
// sentence of a passage, cleaned as a draft sentence is, is supported by its
// own passage: whatever the verifier refuses, it must not refuse the
// passage's own words.
func TestLexicalSupportsOwnSentences(t *testing.T) {
	v := verifier(t)
	n := 0
	for p := range sandboxKV(t).All() {
		ps := []claims.Passage{{ID: p.ID, Text: p.Text}}
		for _, s := range claims.Split(p.Text) {
			claim := claims.Clean(s.Text)
			j, err := v.Verify(context.Background(), claim, ps)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if j.Verdict != claims.Supported {
				t.Errorf("%s: own sentence %q is %v (%s)", p.ID, claim, j.Verdict, j.Reason)
			}
		}
	}
	if n == 0 {
		t.Fatal("the sandbox has no sentences")
	}
}

func TestLexicalVerifyCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := verifier(t).Verify(ctx, "Atopic dermatitis is not contagious.", passages(t, adOverview2))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Verify with a cancelled context: err = %v, want context.Canceled", err)
	}
}

// TestLexicalConcurrent runs one verifier from several goroutines; run with
// -race, it checks that a *Lexical is safe for concurrent use.
func TestLexicalConcurrent(t *testing.T) {
	v := verifier(t)
	ps := passages(t, adAll...)
	claimsToCheck := []string{
		"Impaired skin barrier function contributes to disease activity.",
		"Wool, harsh soaps and sweat are commonly reported to worsen symptoms.",
		"Food allergy is the main trigger of flares in adults.",
	}
	want := make([]claims.Judgment, len(claimsToCheck))
	for i, c := range claimsToCheck {
		j, err := v.Verify(context.Background(), c, ps)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = j
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i, c := range claimsToCheck {
				j, err := v.Verify(context.Background(), c, ps)
				if err != nil {
					t.Error(err)
					return
				}
				if diff := cmp.Diff(want[i], j); diff != "" {
					t.Errorf("concurrent Verify(%q) differs (-first +concurrent):\n%s", c, diff)
				}
			}
		})
	}
	wg.Wait()
}

func TestVerdictText(t *testing.T) {
	tests := []struct {
		v      claims.Verdict
		text   string
		reason string
	}{
		{claims.Unsupported, "unsupported", "the zero verdict claims nothing"},
		{claims.Supported, "supported", "a named verdict"},
		{claims.Contradicted, "contradicted", "a named verdict"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.text {
			t.Errorf("%d.String() = %q, want %q (%s)", int(tt.v), got, tt.text, tt.reason)
		}
		b, err := tt.v.MarshalText()
		if err != nil || string(b) != tt.text {
			t.Errorf("%v.MarshalText() = %q, %v, want %q", tt.v, b, err, tt.text)
		}
		var back claims.Verdict
		if err := back.UnmarshalText([]byte(tt.text)); err != nil || back != tt.v {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", tt.text, back, err, tt.v)
		}
	}

	// Unknown values fail both ways rather than inventing a verdict.
	bad := claims.Verdict(7)
	if got := bad.String(); got != "Verdict(7)" {
		t.Errorf("Verdict(7).String() = %q, want %q", got, "Verdict(7)")
	}
	if b, err := bad.MarshalText(); err == nil {
		t.Errorf("Verdict(7).MarshalText() = %q, nil, want an error", b)
	}
	for _, text := range []string{"", "Supported", "maybe"} {
		v := claims.Contradicted
		if err := v.UnmarshalText([]byte(text)); err == nil {
			t.Errorf("UnmarshalText(%q) = nil error, want one", text)
		}
		if v != claims.Contradicted {
			t.Errorf("UnmarshalText(%q) failed but changed the verdict to %v", text, v)
		}
	}

	// Through encoding/json, as the answer's removed claims carry it.
	type removed struct {
		Verdict claims.Verdict `json:"verdict"`
	}
	b, err := json.Marshal(removed{claims.Contradicted})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`{"verdict":"contradicted"}`, string(b)); diff != "" {
		t.Errorf("json.Marshal mismatch (-want +got):\n%s", diff)
	}
	var r removed
	if err := json.Unmarshal([]byte(`{"verdict":"supported"}`), &r); err != nil || r.Verdict != claims.Supported {
		t.Errorf("json.Unmarshal = %v, %v, want supported", r.Verdict, err)
	}
	if err := json.Unmarshal([]byte(`{"verdict":"bogus"}`), &r); err == nil {
		t.Error("json.Unmarshal of an unknown verdict: nil error, want one")
	}
}

// TestNegationScope checks polarity on restatements that reorder a negated
// sentence, and that the opposite claims stay removed.
func TestNegationScope(t *testing.T) {
	v := verifier(t)
	// removed stands for either verdict that removes the claim.
	const removed = claims.Verdict(-1)
	tests := []struct {
		name, claim, passage string
		want                 claims.Verdict
	}{
		{"a cue inside another cue's scope is no denied content",
			"Without treatment, ringworm does not go away.",
			"Ringworm is not a sign of dirtiness, and the rash does not go away without treatment.", claims.Supported},
		{"rare restates rarely",
			"Spread of this skin cancer to the lymph nodes is very rare.",
			"This skin cancer very rarely spreads to the lymph nodes.", claims.Supported},
		{"a negation's scope ends at a preposition of time",
			"Cold sores usually heal without scarring within ten days.",
			"Cold sores usually heal within ten days without scarring.", claims.Supported},
		{"a negation's scope ends at a subordinate clause",
			"The rash fades by itself, so it usually needs no treatment.",
			"The rash usually needs no treatment because it fades by itself.", claims.Supported},
		{"the opposite of a negated sentence stays contradicted",
			"Ringworm clears without any treatment.",
			"Ringworm does not clear without treatment.", claims.Contradicted},
		{"often is not rarely",
			"This skin cancer often spreads to the lymph nodes.",
			"This skin cancer very rarely spreads to the lymph nodes.", removed},
		{"an unhedged claim is not a rare event",
			"This skin cancer spreads to the lymph nodes.",
			"This skin cancer very rarely spreads to the lymph nodes.", claims.Contradicted},
	}
	for _, tt := range tests {
		j, err := v.Verify(context.Background(), tt.claim, []claims.Passage{{ID: "p", Text: tt.passage}})
		if err != nil {
			t.Fatal(err)
		}
		if ok := j.Verdict == tt.want || tt.want == removed && j.Verdict != claims.Supported; !ok {
			t.Errorf("%s: %q against %q = %v (%s), want %v", tt.name, tt.claim, tt.passage, j.Verdict, j.Reason, tt.want)
		}
	}
}

// TestUsageSwaps checks what the knowledge's usage lets Strict accept: one
// word of a generator's own in place of the span's, when the knowledge
// never uses the two together and uses the claim's word hardly at all; a
// general word where the passage names its topic; and what it refuses: a
// word the knowledge uses widely ("well" for "poorly"), another topic's
// name, a kind a contrast set tells apart, and any swap without usage.
func TestUsageSwaps(t *testing.T) {
	v := verifier(t)
	bare := *v
	bare.Usage = nil
	ctx := context.Background()
	tests := []struct {
		claim, passage string
		want, bare     claims.Verdict
		reason         string
	}{
		{"Keloids are raised, firm scars that grow beyond the frontiers of the original wound and do not shrink away on their own.", "ev_keloids_overview_1", claims.Supported, claims.Unsupported,
			"'frontiers', a word the knowledge never uses, for 'boundaries'"},
		{"Bradykinin-mediated angioedema usually responds well to antihistamines, corticosteroids and adrenaline.", "ev_angioedema_treatment_2", claims.Unsupported, claims.Unsupported,
			"'well' is a word the knowledge uses: no generator's own wording for 'poorly'"},
		{"Management focuses on keeping the skin fold dry and separated, such as with moisture-wicking fabric placed in the fold, and on protecting the skin with barrier creams.", "ev_intertrigo_treatment_1", claims.Supported, claims.Unsupported,
			"a general word where the passage names its topic"},
		{"Treatment options for keloids focus on keeping the skin fold dry and separated, such as with moisture-wicking fabric placed in the fold, and on protecting the skin with barrier creams.", "ev_intertrigo_treatment_1", claims.Unsupported, claims.Unsupported,
			"another topic's name in place of the passage's"},
		{"Bacteria spread through direct skin contact with an infected person or animal, or through contaminated objects such as towels, clothing, gym mats and bedding.", "ev_tinea_corporis_causes_1", claims.Unsupported, claims.Unsupported,
			"a kind a contrast set tells apart where the passage names a fungal infection"},
		{"Topical nail lacquers and solutions such as amorolfine, ciclopirox, efinaconazole and tavaborole are options for mild infection that does not reach the area near the cuticle, though cure rates are lower than with oral medicines.", "ev_onychomycosis_treatment_2", claims.Supported, claims.Supported,
			"the head word of one of the topic's names ('fungal nail infection') for its name, with or without usage"},
		{"Topical nail lacquers and solutions such as amorolfine, ciclopirox, efinaconazole and tavaborole are options for mild bacteria that does not reach the area near the cuticle, though cure rates are lower than with oral medicines.", "ev_onychomycosis_treatment_2", claims.Unsupported, claims.Unsupported,
			"a word that heads no name of the topic"},
		{"A new mole appearing in adulthood, particularly after about age 40, deserves assessment because new melanocytic nevi become less common with age.", "ev_melanocytic_nevi_see_clinician_1", claims.Supported, claims.Unsupported,
			"a generator's own word for one word of the span ('deserves' for 'merits')"},
		{"A new mole appearing in adulthood, particularly after about age 40, needs no assessment because new melanocytic nevi become less common with age.", "ev_melanocytic_nevi_see_clinician_1", claims.Contradicted, claims.Unsupported,
			"a denial is no word of one's own: with usage, 'needs' reads as everyday wording for 'merits' and the denial contradicts the passage"},
		{"Actinic keratosis is regarded as a precancerous lesion because a small proportion of patches can develop into cutaneous squamous cell carcinoma over time.", "ev_actinic_keratosis_overview_2", claims.Supported, claims.Unsupported,
			"'develop' for 'progress': both the knowledge's everyday vocabulary, on no line of the opposites"},
		{"Many actinic keratoses stay stable for years and some fade on their own, yet new ones often appear far away.", "ev_actinic_keratosis_overview_2", claims.Unsupported, claims.Unsupported,
			"'far' for 'nearby': listed opposites, never a paraphrase"},
		{"Actinic keratosis is regarded as a precancerous lesion because a small proportion of patches can progress to cutaneous squamous cell carcinoma over time.", "ev_actinic_keratosis_overview_2", claims.Supported, claims.Supported,
			"the passage's own words"},
		{"Clinicians may use intravenous antibiotics in hospital for the infection when it is severe, rapidly spreading, affecting the face near the eye, or not responding to oral treatment.", "ev_cellulitis_treatment_1", claims.Supported, claims.Unsupported,
			"the kind the knowledge defines its topic by ('a bacterial infection of the deeper layers of the skin') for the topic's name"},
		{"Clinicians may use intravenous antibiotics in hospital for the rash when it is severe, rapidly spreading, affecting the face near the eye, or not responding to oral treatment.", "ev_cellulitis_treatment_1", claims.Supported, claims.Supported,
			"a general noun (generalNouns) for the topic's name, with or without usage"},
		{"This autoimmune blistering disease often begins with intense itching and red, raised, hive-like or eczema-like patches that can last weeks or months before blisters appear.", "ev_bullous_pemphigoid_symptoms_1", claims.Supported, claims.Unsupported,
			"a kind of several words the knowledge defines its topic by ('an autoimmune blistering disease') for the topic's name"},
		{"This inherited blistering disease often begins with intense itching and red, raised, hive-like or eczema-like patches that can last weeks or months before blisters appear.", "ev_bullous_pemphigoid_symptoms_1", claims.Unsupported, claims.Unsupported,
			"a kind of several words, one of which the knowledge does not give the topic"},
		{"Common culprits include nickel in jewellery and clothing fasteners, fragrances, preservatives in cosmetics and rubber chemicals in gloves.", "ev_allergic_contact_dermatitis_causes_1", claims.Supported, claims.Supported,
			"'culprits', a general noun (generalNouns), where the passage names the causes of its topic"},
		{"Common culprits of psoriasis include nickel in jewellery and clothing fasteners, fragrances, preservatives in cosmetics and rubber chemicals in gloves.", "ev_allergic_contact_dermatitis_causes_1", claims.Unsupported, claims.Unsupported,
			"culprits of another topic than the passage's"},
		{"Clinicians may use intravenous antibiotics in hospital for the fungus when it is severe, rapidly spreading, affecting the face near the eye, or not responding to oral treatment.", "ev_cellulitis_treatment_1", claims.Unsupported, claims.Unsupported,
			"a kind the knowledge does not give the topic"},
	}
	for _, tt := range tests {
		ps := passages(t, tt.passage)
		for _, c := range []struct {
			v    *claims.Lexical
			want claims.Verdict
		}{{v, tt.want}, {&bare, tt.bare}} {
			j, err := c.v.Verify(ctx, tt.claim, ps)
			if err != nil {
				t.Fatal(err)
			}
			if j.Verdict != c.want {
				t.Errorf("%s (usage %v): %q: got %s (%s), want %s", tt.reason, c.v.Usage != nil, tt.claim, j.Verdict, j.Reason, c.want)
			}
		}
	}
}
