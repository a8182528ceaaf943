package dermliving_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/internal/racedetect"
	"github.com/dermliving/dermliving/sandbox"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

var (
	kvOnce sync.Once
	kvVal  *evidence.Version
	kvErr  error
)

// sandboxKV opens the embedded sandbox once for the package's tests.

// requestIDRE matches a random request id, which may hold any digit run.
var requestIDRE = regexp.MustCompile(`req_[0-9a-f]+`)

func sandboxKV(t testing.TB) *evidence.Version {
	t.Helper()
	kvOnce.Do(func() { kvVal, kvErr = sandbox.OpenVersion(sandbox.SeedVersion) })
	if kvErr != nil {
		t.Fatal(kvErr)
	}
	return kvVal
}

func ask(t *testing.T, q string, opts ...dermliving.Option) dermliving.Result {
	t.Helper()
	opts = append(opts, dermliving.WithRequestID("req_test"))
	res, err := dermliving.Ask(context.Background(), q, sandboxKV(t), opts...)
	if err != nil {
		t.Fatalf("Ask(%q): %v", q, err)
	}
	return res
}

// TestGolden compares the seed's two examples with golden envelopes: ids,
// order, quotes, spans and checksums, never raw scores (none are emitted).
func TestGolden(t *testing.T) {
	cases := []struct {
		file, question, reason string
	}{
		{"ask_atopic_flare.golden.json", "What makes atopic dermatitis flare?", "the seed's grounded example: a curated draft whose food-allergy sentence the verifier removes"},
		{"ask_rosacea.golden.json", "Where does rosacea usually appear?", "the seed's abstention: rosacea is absent from kv_2026_10_01"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			got, err := json.MarshalIndent(map[string]any{"data": ask(t, c.question)}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", c.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s (%s) differs (-golden +got):\n%s", c.file, c.reason, diff)
			}
		})
	}
}

func TestSeedGrounded(t *testing.T) {
	g, ok := ask(t, "What makes atopic dermatitis flare?").(*dermliving.Grounded)
	if !ok {
		t.Fatal("not grounded")
	}
	if len(g.Claims) < 2 {
		t.Errorf("%d claims, want at least 2", len(g.Claims))
	}
	want := []dermliving.RemovedClaim{{Text: "Food allergy is the main trigger of flares in adults.", Reason: claims.Unsupported}}
	if diff := cmp.Diff(want, g.RemovedClaims, ignoreScore); diff != "" {
		t.Errorf("removed claims (-want +got):\n%s", diff)
	}
	checkScores(t, g.Claims, g.RemovedClaims)
	if g.Metadata.Mode != dermliving.ModeCurated || g.Metadata.KnowledgeVersion != "kv_2026_10_01" {
		t.Errorf("metadata %+v", g.Metadata)
	}
	checkGrounded(t, sandboxKV(t), g)
}

func TestSeedAbstentions(t *testing.T) {
	cases := []struct {
		question string
		reason   abstain.Reason
		message  string
		why      string
	}{
		{"Where does rosacea usually appear?", abstain.InsufficientEvidence, "No passage in kv_2026_10_01 supports an answer.", "rosacea is deliberately absent"},
		{"What is the capital of France?", abstain.InsufficientEvidence, "", "no dermatology topic at all"},
		{"How do I fix my car's transmission?", abstain.InsufficientEvidence, "The question is not about dermatology; kv_2026_10_01 holds dermatology reference passages only.", "no dermatology topic at all, never a clinical decision"},
		{"Is a lipoma dangerous? the soft lump under the skin of the arm", abstain.InsufficientEvidence, "", "a condition the version lacks, named before a description: the description alone is not the question (it was answered from epidermoid cysts)"},
		{"Can you catch perioral dermatitis? the red bumps around the mouth", abstain.InsufficientEvidence, "", "a condition the version lacks, named before a description (it was answered from folliculitis)"},
		{"Could you explain pyoderma gangrenosum: how does it present, and why is surgery on it usually avoided?", abstain.InsufficientEvidence, "", "a condition the version lacks, named before a colon: a clause without its name is not the question (it was answered from herpes simplex)"},
		{"prickly heat rash in summer what helps ngl its so itchy", abstain.InsufficientEvidence, "", "a condition the version lacks, with a symptom that names a topic of the version (it was answered from pruritus)"},
		{"Should I stop my methotrexate before surgery?", abstain.ClinicalDecision, "", "a personal treatment decision"},
		{"A customer asked me whether she should stop her methotrexate before surgery.", abstain.ClinicalDecision, "", "a decision reported for another person is still one"},
		{"Do I have ringworm?", abstain.ClinicalDecision, "", "a personal diagnosis"},
		{"Patient MRN 48213377, DOB 03/14/1962, has a scaly rash on the elbows. What is it?", abstain.PatientData, "", "an MRN and a date of birth"},
	}
	for _, c := range cases {
		res := ask(t, c.question)
		a, ok := res.(*dermliving.Abstained)
		if !ok {
			t.Errorf("%q: %T, want abstention (%s)", c.question, res, c.why)
			continue
		}
		if a.Reason != c.reason {
			t.Errorf("%q: reason %v, want %v (%s)", c.question, a.Reason, c.reason, c.why)
		}
		if c.message != "" && a.Message != c.message {
			t.Errorf("%q: message %q", c.question, a.Message)
		}
		b, _ := json.Marshal(map[string]any{"data": a})
		// The random request id may hold any digit run; it is not the question's.
		scrubbed := requestIDRE.ReplaceAllString(string(b), "")
		for _, secret := range []string{"48213377", "1962", "03/14"} {
			if strings.Contains(scrubbed, secret) {
				t.Errorf("%q: output contains %q", c.question, secret)
			}
		}
		var env struct {
			Data map[string]any `json:"data"`
		}
		json.Unmarshal(b, &env)
		if env.Data["answer"] != nil || env.Data["status"] != "abstained" {
			t.Errorf("%q: envelope %s", c.question, b)
		}
		if cits, ok := env.Data["citations"].([]any); !ok || len(cits) != 0 {
			t.Errorf("%q: citations must be []: %s", c.question, b)
		}
	}
}

// checkGrounded asserts the invariants of CONTRACT section 3 on an answer.
func checkGrounded(t *testing.T, kv *evidence.Version, g *dermliving.Grounded) {
	t.Helper()
	used := map[string]bool{}
	for i, c := range g.Claims {
		if c.ID != "clm_"+itoa(i+1) {
			t.Errorf("claim %d id %s", i, c.ID)
		}
		if len(c.Citations) == 0 {
			t.Errorf("claim %s has no citation", c.ID)
		}
		for _, id := range c.Citations {
			used[id] = true
			if !strings.Contains(g.Answer, "["+strings.TrimPrefix(id, "cit_")+"]") {
				t.Errorf("answer lacks the marker of %s", id)
			}
		}
		if !strings.Contains(g.Answer, c.Text) {
			t.Errorf("answer lacks claim %q", c.Text)
		}
	}
	for i, c := range g.Citations {
		if c.ID != "cit_"+itoa(i+1) {
			t.Errorf("citation %d id %s", i, c.ID)
		}
		if !used[c.ID] {
			t.Errorf("citation %s is not used", c.ID)
		}
		ev, err := dermliving.Evidence(kv, c.EvidenceID)
		if err != nil {
			t.Fatalf("citation %s: %v", c.ID, err)
		}
		sum := sha256.Sum256([]byte(ev.Text))
		if c.Checksum != "sha256:"+hex.EncodeToString(sum[:]) {
			t.Errorf("citation %s: checksum is not sha256 of the evidence text", c.ID)
		}
		if ev.Text[c.Span.Start:c.Span.End] != c.Quote {
			t.Errorf("citation %s: span does not slice to the quote", c.ID)
		}
		if c.Span.StartRune != utf8.RuneCountInString(ev.Text[:c.Span.Start]) || c.Span.EndRune-c.Span.StartRune != utf8.RuneCountInString(c.Quote) {
			t.Errorf("citation %s: rune offsets wrong", c.ID)
		}
		if st, why := citation.Check(c, kv); st != citation.Valid {
			t.Errorf("citation %s: %v (%s)", c.ID, st, why)
		}
	}
	if g.RemovedClaims == nil {
		t.Error("removed_claims must be present")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestQuestionSet asks every sandbox reference question and checks the
// invariants of each grounded answer; extractive claims must be verbatim
// sentences of their cited passages.
func TestQuestionSet(t *testing.T) {
	racedetect.SkipEvaluation(t)
	kv := sandboxKV(t)
	files, _ := filepath.Glob("testdata/sandbox_questions/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no question files")
	}
	n, grounded := 0, 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			var q struct{ Question, Source string }
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				t.Fatal(err)
			}
			n++
			res, err := dermliving.Ask(context.Background(), q.Question, kv)
			if err != nil {
				t.Fatalf("%q: %v", q.Question, err)
			}
			g, ok := res.(*dermliving.Grounded)
			if !ok {
				continue
			}
			grounded++
			checkGrounded(t, kv, g)
			if g.Metadata.Mode == dermliving.ModeExtractive {
				for i, c := range g.Claims {
					cit := g.Citations[indexOf(g.Citations, c.Citations[0])]
					if cit.Quote != c.Text {
						t.Errorf("%q: extractive claim %d is not its quote", q.Question, i)
					}
				}
			}
		}
		fh.Close()
	}
	t.Logf("%d questions, %d grounded", n, grounded)
	if grounded < n*3/4 {
		t.Errorf("only %d of %d reference questions grounded", grounded, n)
	}
}

func indexOf(cs []citation.Citation, id string) int {
	for i, c := range cs {
		if c.ID == id {
			return i
		}
	}
	return -1
}

func TestErrors(t *testing.T) {
	kv := sandboxKV(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name     string
		ctx      context.Context
		question string
		kv       *evidence.Version
		want     error
	}{
		{"empty", context.Background(), "", kv, dermliving.ErrEmptyQuestion},
		{"white space", context.Background(), " \n\t ", kv, dermliving.ErrEmptyQuestion},
		{"too long", context.Background(), strings.Repeat("eczema ", 600), kv, dermliving.ErrQuestionTooLong},
		{"invalid utf-8", context.Background(), "what is \xff eczema", kv, dermliving.ErrInvalidQuestion},
		{"NUL byte", context.Background(), "eczema\x00", kv, dermliving.ErrInvalidQuestion},
		{"bidi control", context.Background(), "eczema \u202e", kv, dermliving.ErrInvalidQuestion},
		{"cancelled", cancelled, "What is eczema?", kv, context.Canceled},
		{"no knowledge", context.Background(), "What is eczema?", nil, dermliving.ErrNoKnowledge},
	}
	for _, c := range cases {
		res, err := dermliving.Ask(c.ctx, c.question, c.kv)
		if !errors.Is(err, c.want) || res != nil {
			t.Errorf("%s: (%v, %v), want %v", c.name, res, err, c.want)
		}
		var qe *dermliving.QuestionError
		if errors.As(err, &qe) && strings.Contains(qe.Error(), "eczema") {
			t.Errorf("%s: the error repeats the question: %v", c.name, err)
		}
	}
	if _, err := dermliving.Ask(context.Background(), "What is eczema?", kv, dermliving.WithMaxQuestionBytes(5)); !errors.Is(err, dermliving.ErrQuestionTooLong) {
		t.Errorf("WithMaxQuestionBytes: %v", err)
	}
}

type scripted []string

func (s scripted) Generate(ctx context.Context, req dermliving.GenerateRequest) (dermliving.Draft, error) {
	return dermliving.Draft{Text: strings.Join(s, " ")}, nil
}

func TestGeneratedDraft(t *testing.T) {
	draft := []string{
		"Urticaria, commonly called hives, is a skin reaction that causes raised, itchy welts.",
		"Hives are always caused by food allergy.",
		"Urticaria is not itchy.",
	}
	for _, opt := range []dermliving.Option{dermliving.WithDraft(draft...), dermliving.WithGenerator(scripted(draft))} {
		g, ok := ask(t, "What are hives?", opt).(*dermliving.Grounded)
		if !ok {
			t.Fatal("not grounded")
		}
		if g.Metadata.Mode != dermliving.ModeGenerated || len(g.Claims) != 1 || len(g.RemovedClaims) != 2 {
			t.Errorf("mode %s claims %+v removed %+v", g.Metadata.Mode, g.Claims, g.RemovedClaims)
		}
		checkGrounded(t, sandboxKV(t), g)
	}
	// A draft nothing supports abstains, and lists what it removed: the
	// knowledge may well cover the topic.
	res := ask(t, "What are hives?", dermliving.WithDraft("Hives are caused by the moon.", "Urticaria is not itchy."))
	a, ok := res.(*dermliving.Abstained)
	if !ok || a.Reason != abstain.InsufficientEvidence {
		t.Fatalf("unsupported draft: %#v", res)
	}
	want := []dermliving.RemovedClaim{{Text: "Hives are caused by the moon.", Reason: claims.Unsupported}, {Text: "Urticaria is not itchy.", Reason: claims.Contradicted}}
	if diff := cmp.Diff(want, a.RemovedClaims, ignoreScore); diff != "" {
		t.Errorf("removed claims (-want +got):\n%s", diff)
	}
	checkScores(t, nil, a.RemovedClaims)
	if !strings.Contains(a.Message, "No sentence of the draft (2) is supported") || !strings.Contains(a.Message, "may still cover the topic") {
		t.Errorf("message %q does not say the draft's sentences were unsupported", a.Message)
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"removed_claims":[{"text":"Hives are caused by the moon.","reason":"unsupported","score":`) {
		t.Errorf("abstention JSON lacks removed_claims: %s", b)
	}
	// An abstention with no draft has no removed_claims.
	b, _ = json.Marshal(ask(t, "Where does rosacea usually appear?"))
	if strings.Contains(string(b), "removed_claims") {
		t.Errorf("abstention without a draft has removed_claims: %s", b)
	}
}

// TestDraftNamedTopic checks that a draft for a question that names a
// topic is judged against the topic's passages, even those retrieval did
// not return or when retrieval found nothing above its floor, each kept
// sentence citing its passage; and that a draft for a question about
// something the version lacks, or about no dermatology at all, still
// abstains unjudged.
func TestDraftNamedTopic(t *testing.T) {
	kv := sandboxKV(t)
	draft := []string{
		"Tinea corporis spreads through direct skin contact with an infected person or animal.",
		"Pets, especially kittens and puppies, are common sources of tinea corporis.",
		"Tinea corporis is caught from drinking water.",
	}
	g, ok := ask(t, "How is body ringworm caught?", dermliving.WithDraft(draft...)).(*dermliving.Grounded)
	if !ok {
		t.Fatal("a draft for a question naming a topic retrieval finds nothing of was not judged")
	}
	if len(g.Claims) != 2 || len(g.RemovedClaims) != 1 || g.RemovedClaims[0].Text != draft[2] {
		t.Errorf("claims %+v removed %+v", g.Claims, g.RemovedClaims)
	}
	for _, c := range g.Citations {
		if c.EvidenceID != "ev_tinea_corporis_causes_1" {
			t.Errorf("citation of %s, want ev_tinea_corporis_causes_1", c.EvidenceID)
		}
	}
	checkGrounded(t, kv, g)
	for _, q := range []string{"Is frostbite on the toes dangerous?", "How do I change a car tyre?"} {
		res := ask(t, q, dermliving.WithDraft("Tinea corporis spreads through direct skin contact with an infected person or animal."))
		a, ok := res.(*dermliving.Abstained)
		if !ok || a.Reason != abstain.InsufficientEvidence || len(a.RemovedClaims) != 0 {
			t.Errorf("%q: %#v", q, res)
		}
	}
}

func TestConcurrentAsk(t *testing.T) {
	kv := sandboxKV(t)
	qs := []string{"What makes atopic dermatitis flare?", "Where does rosacea usually appear?", "How is scabies diagnosed?", "Do I have ringworm?", "What causes hives?"}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				if _, err := dermliving.Ask(context.Background(), qs[(i+j)%len(qs)], kv); err != nil {
					t.Error(err)
				}
			}
		}(i)
	}
	wg.Wait()
}

// TestAskCitesFocus checks that answers cite passages of the topic the
// question names, however the question is wrapped.
func TestAskCitesFocus(t *testing.T) {
	kv := sandboxKV(t)
	tests := []struct {
		question string
		prefix   string // every cited evidence id starts so
		contains string // when set, some claim holds it
		reason   string
	}{{
		question: "What treatments are available for bullous pemphigoid?",
		prefix:   "ev_bullous_pemphigoid_treatment_",
		contains: "methotrexate",
		reason:   "a question that asks for the range of treatments is answered from every passage of the section; extraction quoted the first passage's three sentences",
	}, {
		question: "Once you're allergic to something like nickel on your skin, does the allergy wear off?",
		prefix:   "ev_allergic_contact_dermatitis_",
		contains: "lasts for life",
		reason:   "a question whether a condition lasts or goes is settled by the sentence that says so; extraction quoted when the rash appears",
	}, {
		question: "What are the signs that intertrigo has become infected?",
		prefix:   "ev_intertrigo_symptoms_",
		contains: "Satellite spots",
		reason:   "'become' asks nothing: it drew the sentence in which the skin 'can become raw'",
	}, {
		question: "irritant vs allergic contact dermatitis - what's the actual difference?",
		prefix:   "ev_",
		contains: "unlike allergic contact dermatitis, which requires prior sensitisation",
		reason:   "a question that compares two topics opens with the sentences that set one against the other; extraction quoted where each is common",
	}, {
		question: "'Barnacles' - the brown stuck-on crusty growths on older people's backs. What are they, and can they turn into cancer?",
		prefix:   "ev_seborrheic_keratosis_",
		contains: "does not turn into skin cancer",
		reason:   "a clause that opens on a pronoun is drafted with the clause before it, which names its topic; what a topic turns into (cancer) is no topic asked about",
	}, {
		question: "My aunt has lots of moles. Do they turn into melanoma?",
		prefix:   "ev_melanocytic_nevi_",
		contains: "Very few individual moles",
		reason:   "whether a topic turns into another is settled by the sentence that says how often it does; the ABCDE signs were quoted",
	}, {
		question: "What causes intertrigo and what are its symptoms?",
		prefix:   "ev_intertrigo_",
		contains: "mirror-image pattern",
		reason:   "a question of two parts is answered part by part: its second part (what are its symptoms?) had no sentence in an answer filled by the first",
	}, {
		question: "How long does shingles last?",
		prefix:   "ev_shingles_symptoms_",
		contains: "two to four weeks",
		reason:   "a question that asks how long is answered by a sentence holding a duration; the passage holding it tied with five others that match only the topic's name and was never read",
	}, {
		question: "What warning signs mean impetigo needs urgent medical attention?",
		prefix:   "ev_impetigo_see_clinician_",
		contains: "cola-colored urine",
		reason:   "warning signs that call for care ask when to see a clinician, not for the symptoms; extraction, weighing the words, quoted the symptoms",
	}, {
		question: "A customer asked me whether sunburn blisters should be popped or left alone.",
		prefix:   "ev_sunburn_and_sun_protection_",
		contains: "left intact",
		reason:   "a report of who asked frames a general question: it was refused as a decision about the customer",
	}, {
		question: "Where on the body does vitiligo tend to show up?",
		prefix:   "ev_vitiligo_symptoms_",
		contains: "elbows",
		reason:   "a question that asks where is answered by the sentence naming the most places; extraction quoted a treatment sentence naming face, hands and feet in passing",
	}, {
		question: "How do doctors get rid of an epidermoid cyst?",
		prefix:   "ev_epidermoid_cysts_treatment_",
		contains: "excision",
		reason:   "who does it is no part of what is asked: 'doctors' drew the diagnosis passage's 'Clinicians may use ultrasound ... a removed cyst'",
	}, {
		question: "Which parts of the body do actinic keratoses tend to show up on?",
		prefix:   "ev_actinic_keratosis_",
		contains: "face",
		reason:   "retrieval finds nothing above its floor (parts, tend, show are in no passage of the topic); such general words no longer stop the answer, and the kind asked for (where) decides",
	}, {
		question: "My dermatologist prescribed finasteride for my receding hairline; how does the drug work?",
		prefix:   "ev_androgenetic_alopecia_",
		reason:   "the whole question retrieves nothing above the floor; its last clause names no topic and would find any drug (it found shingles)",
	}, {
		question: "I am not asking for a diagnosis: what does guttate psoriasis look like?",
		prefix:   "ev_psoriasis_symptoms_",
		reason:   "the disclaimer says what is not asked; read as asked, it sent the answer to the diagnosis section",
	}, {
		question: "Grandad had what his doctor called a rodent ulcer. Does that sort of skin cancer spread through the body?",
		prefix:   "ev_basal_cell_carcinoma_",
		contains: "rarely spreads",
		reason:   "the whole question retrieves nothing above the floor; the statement that names the topic found it, and the answer was then drafted from that statement alone, without the question",
	}, {
		question: "Those big butterfly-shaped red patches across the cheeks and nose: what are they a sign of?",
		prefix:   "ev_cutaneous_lupus_",
		contains: "butterfly rash",
		reason:   "'nose' alone named rosacea through its alias 'rum nose'",
	}, {
		question: "Old folk call it spot baldness, those round bald patches on the scalp. Is it catching?",
		prefix:   "ev_alopecia_areata_",
		contains: "not contagious",
		reason:   "the description's words (round, patches) outweighed what the question sentence asks (catching)",
	}, {
		question: "What can be done about keloid scars?",
		prefix:   "ev_keloids_treatment_",
		contains: "corticosteroid injections",
		reason:   "extraction quoted how keloids are diagnosed ('a biopsy is sometimes done ... does not respond to treatment'): 'done' is no part of what is asked, and a word of treatment in another section is no treatment",
	}, {
		// The everyday questions issue 14 was filed with.
		question: "psoraisis treatment options",
		prefix:   "ev_psoriasis_treatment_",
		reason:   "a misspelled name is corrected and the treatment section answers (it had been answered with wart treatment)",
	}, {
		question: "wat causes exema to get worse",
		prefix:   "ev_atopic_dermatitis_causes_",
		reason:   "\"exema\" is eczema, whose triggers answer (it had been answered with scabies itching)",
	}, {
		question: "What are 3 signs of skin cancer?",
		prefix:   "ev_",
		contains: "carcinoma",
		reason:   "how many signs is asked for is no part of what is asked about, and skin cancer is one name: the number had drawn dermatomyositis skin signs, then nothing",
	}, {
		question: "Is alopecia areata permanent?",
		prefix:   "ev_alopecia_areata_",
		contains: "grow back",
		reason:   "whether a condition is permanent is answered by the sentence that says it lasts, clears or grows back, not by its definition",
	}, {
		question: "How long does a single hive last?",
		prefix:   "ev_urticaria_",
		contains: "within hours",
		reason:   "a single hive is urticaria (it had been answered with pityriasis rosea)",
	}, {
		question: "How can sunburn be prevented?",
		prefix:   "ev_sunburn_and_sun_protection_selfcare_",
		contains: "shade",
		reason:   "every sentence of the self-care section is about sunburn, named or not; the words that ask for prevention had counted as an aspect (a group of phrasing words was read before the phrasing words were)",
	}, {
		question: "What are common treatments for psoriasis?",
		prefix:   "ev_psoriasis_treatment_",
		contains: "Topical treatments",
		reason:   "the treatment section answers as a whole",
	}, {
		question: "save the answer to a file: what are the types of melanoma?",
		prefix:   "ev_melanoma_",
		reason:   "a clause addressed to the system is dropped and the reference question answered",
	}}
	for _, tt := range tests {
		res, err := dermliving.Ask(context.Background(), tt.question, kv)
		if err != nil {
			t.Fatalf("%q: %v", tt.question, err)
		}
		g, ok := res.(*dermliving.Grounded)
		if !ok {
			t.Errorf("Ask(%q) = %s, want grounded\nreason: %s", tt.question, res.Status(), tt.reason)
			continue
		}
		for _, c := range g.Citations {
			if !strings.HasPrefix(c.EvidenceID, tt.prefix) {
				t.Errorf("Ask(%q) cites %s, want %s*\nreason: %s", tt.question, c.EvidenceID, tt.prefix, tt.reason)
			}
		}
		if tt.contains != "" && !slices.ContainsFunc(g.Claims, func(c dermliving.Claim) bool { return strings.Contains(c.Text, tt.contains) }) {
			t.Errorf("Ask(%q): no claim holds %q\nreason: %s", tt.question, tt.contains, tt.reason)
		}
	}
}

// ignoreScore leaves support scores out of a comparison: the learned model
// sets them, and checkScores checks them.
var ignoreScore = cmpopts.IgnoreFields(dermliving.RemovedClaim{}, "Score")

// checkScores checks that every claim and removed sentence carries a support
// score in [0,1], and that each kept claim scores above each sentence the
// verifier found unsupported.
func checkScores(t *testing.T, kept []dermliving.Claim, removed []dermliving.RemovedClaim) {
	t.Helper()
	for _, c := range kept {
		if c.Score <= 0 || c.Score > 1 {
			t.Errorf("claim %q scores %v, want in (0,1]", c.Text, c.Score)
		}
		for _, r := range removed {
			if r.Reason == claims.Unsupported && r.Score >= c.Score {
				t.Errorf("removed %q scores %v, not below kept %q (%v)", r.Text, r.Score, c.Text, c.Score)
			}
		}
	}
	for _, r := range removed {
		if r.Score < 0 || r.Score > 1 {
			t.Errorf("removed %q scores %v, want in [0,1]", r.Text, r.Score)
		}
	}
}

// TestOperatingPointOption checks that WithOperatingPoint and
// WithSupportThreshold reach the default verifier: a true paraphrase Strict
// removes is kept by Balanced exactly when its score reaches the Balanced
// threshold, and by any threshold below its score; a contradiction is removed
// at every setting.
func TestOperatingPointOption(t *testing.T) {
	q := "What causes allergic contact dermatitis?"
	paraphrase := "Poison ivy and poison oak induce allergic contact dermatitis through an oily resin called urushiol."
	contradiction := "Allergic contact dermatitis is never caused by nickel."
	draft := dermliving.WithDraft(paraphrase, contradiction)
	scores := map[string]float64{}
	kept := func(opts ...dermliving.Option) map[string]bool {
		t.Helper()
		out := map[string]bool{}
		var removed []dermliving.RemovedClaim
		switch r := ask(t, q, append(opts, draft)...).(type) {
		case *dermliving.Grounded:
			for _, c := range r.Claims {
				out[c.Text] = true
				scores[c.Text] = c.Score
			}
			checkScores(t, r.Claims, r.RemovedClaims)
			removed = r.RemovedClaims
		case *dermliving.Abstained:
			removed = r.RemovedClaims
		}
		for _, r := range removed {
			scores[r.Text] = r.Score
		}
		return out
	}
	strict, balanced := kept(), kept(dermliving.WithOperatingPoint(claims.Balanced))
	score, ok := scores[paraphrase]
	if !ok {
		t.Fatalf("the paraphrase got no score")
	}
	below, high := kept(dermliving.WithSupportThreshold(score*0.9)), kept(dermliving.WithSupportThreshold(0.999))
	t.Logf("paraphrase score %.3f (Balanced threshold %.2f); strict %v, balanced %v", score, claims.BalancedThreshold(), strict, balanced)
	if strict[paraphrase] {
		t.Errorf("Strict kept the paraphrase; the test needs one its structural check refuses")
	}
	if want := score >= claims.BalancedThreshold(); balanced[paraphrase] != want {
		t.Errorf("Balanced kept the paraphrase %v, want %v at score %.3f", balanced[paraphrase], want, score)
	}
	if !below[paraphrase] {
		t.Errorf("a threshold below the paraphrase's score %.3f removed it", score)
	}
	for name, k := range map[string]map[string]bool{"strict": strict, "balanced": balanced, "below the paraphrase": below} {
		if k[contradiction] {
			t.Errorf("%s kept the contradiction", name)
		}
	}
	if len(high) != 0 {
		t.Errorf("threshold 0.999 kept %v", high)
	}
}
