package dermliving_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
)

// Words of diagnoses and treatments that an abstention's own words never
// use (the urgent messages least of all): the message says what to do,
// never what the person has or should take.
var namedInMessages = []string{"anaphyla", "angioedema", "meningi", "sepsis", "stevens", "johnson", "necroly", "cellulitis", "fasciitis", "urticaria", "allerg",
	"adrenal", "epineph", "epipen", "antihistamin", "antibiot", "steroid", "anafila", "alergi", "antibiót", "celulitis"}

// TestUrgentAbstentions checks the urgent abstention through Ask: its
// reason, its flag, its message in the question's language, its JSON, and
// that an emergency is never hidden behind the patient-data reason or the
// knowledge's vocabulary.
func TestUrgentAbstentions(t *testing.T) {
	cases := []struct {
		question string
		reason   abstain.Reason
		urgent   bool
		lang     string
		why      string
	}{
		{"My tongue is swelling fast after a new blood pressure tablet. Can I wait until morning?", abstain.ClinicalDecision, true, "en", "a swelling tongue now"},
		{"Hives all over and I'm struggling to breathe. Is an antihistamine enough?", abstain.ClinicalDecision, true, "en", "breathing trouble with hives"},
		{"My 3-year-old has a fever and purple spots that don't fade under a glass. What do I do?", abstain.ClinicalDecision, true, "en", "the glass test in a child"},
		{"Se me está hinchando la lengua después de comer marisco, ¿qué hago?", abstain.ClinicalDecision, true, "es", "Spanish, in words the sandbox's vocabulary does not hold: urgent before the dermatology check"},
		{"me salieron ronchas por todo el cuerpo y me cuesta respirar, que hago", abstain.ClinicalDecision, true, "es", "Spanish without accents or question marks"},
		{"Patient Jane Example, MRN 48213377: her throat is closing and she has hives. Adrenaline now?", abstain.PatientData, true, "en", "identifiers and an emergency: patient data, marked urgent"},
		{"A mole on my back bleeds when my bra rubs it. Should I see a dermatologist?", abstain.ClinicalDecision, false, "", "a bleeding mole is worrying but no emergency"},
		{"Two years ago my lips swelled after ibuprofen. Can I take it again?", abstain.ClinicalDecision, false, "", "a past reaction"},
		{"When does tongue swelling need emergency treatment?", 0, false, "", "a general question about an emergency: answered or not, never refused as a decision"},
	}
	for _, c := range cases {
		res := ask(t, c.question)
		a, ok := res.(*dermliving.Abstained)
		if c.reason == 0 {
			if ok && (a.Reason == abstain.ClinicalDecision || a.Urgent) {
				t.Errorf("%q: %v urgent %v (%s)", c.question, a.Reason, a.Urgent, c.why)
			}
			continue
		}
		if !ok {
			t.Errorf("%q: %T, want an abstention (%s)", c.question, res, c.why)
			continue
		}
		if a.Reason != c.reason || a.Urgent != c.urgent {
			t.Errorf("%q: %v urgent %v, want %v urgent %v (%s)", c.question, a.Reason, a.Urgent, c.reason, c.urgent, c.why)
		}
		b, err := json.Marshal(map[string]any{"data": a})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(b), `"urgent":true`); got != c.urgent {
			t.Errorf("%q: JSON %s: \"urgent\":true present %v, want %v", c.question, b, got, c.urgent)
		}
		if !c.urgent && strings.Contains(string(b), `"urgent"`) {
			t.Errorf("%q: JSON %s: \"urgent\" is present only when true", c.question, b)
		}
		if c.urgent {
			want := map[string]string{"en": "Seek emergency care now", "es": "Busque atención urgente ahora"}[c.lang]
			if !strings.HasPrefix(a.Message, strings.SplitN(urgentOpening[c.lang], ".", 2)[0]) || !strings.Contains(a.Message, want) {
				t.Errorf("%q: message %q, want the %s urgent message first (%s)", c.question, a.Message, c.lang, c.why)
			}
		}
		if c.reason == abstain.PatientData {
			for _, secret := range []string{"Jane", "Example", "48213377"} {
				if strings.Contains(string(b), secret) {
					t.Errorf("%q: output holds an identifier", c.question)
				}
			}
			if !strings.Contains(a.Message, "patient identifiers (") {
				t.Errorf("%q: message %q names no identifier kinds", c.question, a.Message)
			}
		}
		lower := strings.ToLower(a.Message)
		for _, w := range namedInMessages {
			if strings.Contains(lower, w) {
				t.Errorf("%q: message %q names %q", c.question, a.Message, w)
			}
		}
	}
}

// urgentOpening is how each urgent message opens.
var urgentOpening = map[string]string{
	"en": "The question describes signs that can be a medical emergency.",
	"es": "La pregunta describe signos que pueden ser una urgencia médica.",
}

// TestReasonsThatFit checks the reason families of issue 18 through Ask:
// a question outside dermatology is insufficient_evidence, whatever its
// wording; a general product question is no decision; a named treatment
// for a particular child is a decision, however short.
func TestReasonsThatFit(t *testing.T) {
	cases := []struct {
		question string
		want     string // a reason, or "not clinical_decision"
		why      string
	}{
		{"How do I fix my car's transmission?", "insufficient_evidence", "outside dermatology"},
		{"How often should I change the oil in my car?", "insufficient_evidence", "outside dermatology, though the screen reads 'should I' as a decision"},
		{"Should I buy a new car or lease one?", "insufficient_evidence", "a decision about a car is no clinical decision"},
		{"¿Cómo funciona una bomba de calor?", "insufficient_evidence", "outside dermatology, in Spanish"},
		{"How is a broken collarbone usually treated?", "insufficient_evidence", "outside dermatology: of its words only 'broken' is in a passage, and 'treated' only says what kind of answer is wanted"},
		{"How do I get rid of aphids on my roses?", "insufficient_evidence", "outside dermatology: 'roses' is not a misspelled 'rosea'"},
		{"How long should I boil an egg for a runny yolk?", "insufficient_evidence", "'boil' is a verb here, and nothing else names the body"},
		{"How do I get rid of rust patches on my car door?", "insufficient_evidence", "rust patches on a car door are no skin patches"},
		{"Should I pop my boil before my wedding?", "clinical_decision", "a boil the person owns: a decision about their care"},
		{"My mum's lower leg is red, hot and swollen since this morning. Does she need to go to A&E tonight?", "clinical_decision", "'swollen' beside a leg and a person"},
		{"What SPF sunscreen should I use?", "not clinical_decision", "a general product question"},
		{"Is coconut oil good for eczema?", "not clinical_decision", "a general product question"},
		{"¿Qué protector solar me pongo?", "not clinical_decision", "a general product question in Spanish"},
		{"What SPF should I use? I'm very fair and burn easily.", "clinical_decision", "a product for a person described"},
		{"Can I use coconut oil for my baby's eczema?", "clinical_decision", "a named remedy for a particular child"},
		{"hydrocortisone for my 2-year-old?", "clinical_decision", "a named drug for a particular child, in four words"},
		{"Coconut oil for my baby's eczema?", "clinical_decision", "a named remedy for a particular child, without a verb"},
		{"¿Le pongo pasta al agua a mi bebé en la irritación del pañal?", "clinical_decision", "a decision in words the knowledge lacks is no question outside dermatology"},
	}
	for _, c := range cases {
		res := ask(t, c.question)
		got := "grounded"
		if a, ok := res.(*dermliving.Abstained); ok {
			got = a.Reason.String()
		}
		if c.want == "not clinical_decision" && got == "clinical_decision" || c.want != "not clinical_decision" && got != c.want {
			t.Errorf("%q: %s, want %s (%s)", c.question, got, c.want, c.why)
		}
	}
}

// TestRound12ThroughAsk runs the twelfth round's labelled sets
// (testdata/screens dev12 and holdout12, which carry "urgent" and
// "family") through Ask on the sandbox and reports, per family, the
// result's reason and the urgent flag; held-out figures in aggregate
// only. On the tuning sets it checks what the issue asks: every urgent
// question urgent and no look-alike urgent; on dev12 also every outside
// question insufficient_evidence and no general product or child
// reference question a decision.
func TestRound12ThroughAsk(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the round-12 sets through Ask")
	}
	var manifest []struct {
		File, Role string
		Round      int
	}
	readJSON(t, filepath.Join("testdata", "screens", "manifest.json"), &manifest)
	for _, f := range manifest {
		if f.Round != 12 {
			continue
		}
		qs := readJSONL[struct {
			ID, Text, Label, Family string
			Urgent                  bool
		}](t, filepath.Join("testdata", "screens", f.File))
		counts := map[string]map[string]int{}
		urgent, flagged, lookalikeFlags := 0, 0, 0
		for _, q := range qs {
			res := ask(t, q.Text)
			got, isUrgent := "grounded", false
			if a, ok := res.(*dermliving.Abstained); ok {
				got, isUrgent = a.Reason.String(), a.Urgent
			}
			if counts[q.Family] == nil {
				counts[q.Family] = map[string]int{}
			}
			counts[q.Family][got]++
			if q.Urgent {
				urgent++
				if isUrgent {
					flagged++
				}
			} else if isUrgent && q.Family == "urgent_lookalike" {
				lookalikeFlags++
			}
			if f.Role == "held_out" {
				continue
			}
			// The tuning sets: the urgent flag question by question (dev12
			// wrote the signs, holdout12 widened them in round 13); the
			// reason families question by question on dev12, the set their
			// rules were written from. holdout12's reason families, never
			// tuned on, give figures only.
			switch {
			case q.Urgent != isUrgent:
				t.Errorf("%s %s: urgent %v, labelled %v", f.File, q.ID, isUrgent, q.Urgent)
			case f.File != "dev12.jsonl":
			case q.Family == "outside" && got != "insufficient_evidence":
				t.Errorf("%s %s: outside dermatology, %s", f.File, q.ID, got)
			case (q.Family == "product" || q.Family == "child_reference") && got == "clinical_decision":
				t.Errorf("%s %s: %s question refused as clinical_decision", f.File, q.ID, q.Family)
			}
		}
		t.Logf("%s (%s): urgent %d/%d flagged, look-alikes flagged %d", f.File, f.Role, flagged, urgent, lookalikeFlags)
		for _, fam := range []string{"urgent", "urgent_lookalike", "outside", "product", "product_person", "child_treatment", "child_reference"} {
			t.Logf("  %s %-17s %v", f.File, fam, counts[fam])
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
