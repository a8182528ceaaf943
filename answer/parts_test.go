package answer_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/answer"
)

func TestParts(t *testing.T) {
	c, ix := sandboxComposer(t)
	tests := []struct {
		q    string
		want []string
	}{
		// A later part's pronoun stands for the focus.
		{"What causes intertrigo and what are its symptoms?", []string{"What causes intertrigo?", "what are Intertrigo symptoms?"}},
		{"Is shingles contagious, and who should someone with it avoid?", []string{"Is shingles contagious?", "who should someone with Shingles avoid?"}},
		// A part that names nothing gets the focus's name, as the
		// question writes it.
		{"How long does bullous pemphigoid go on for, and do the blisters leave scars?", []string{"How long does bullous pemphigoid go on for?", "do the blisters leave scars (bullous pemphigoid)?"}},
		{"What causes hot tub folliculitis, and does it clear by itself?", []string{"What causes hot tub folliculitis?", "does hot tub folliculitis clear by itself?"}},
		// A clause that says when the next part applies opens no part of
		// its own.
		{"Does impetigo clear up by itself, and if not, how is it treated?", []string{"Does impetigo clear up by itself?", "how is Impetigo treated?"}},
		{"What usually sets off rosacea, and once the trigger is known how can flares be avoided?", []string{"What usually sets off rosacea?", "how can flares be avoided (Rosacea)?"}},
		{"Do warts go away if left alone, and if someone does decide to treat them, what is tried?", []string{"Do warts go away if left alone?", "what is tried (Common warts)?"}},
		{"do antihistamines help pruritus? if not, what else is used", []string{"do antihistamines help pruritus?", "what else is used (Pruritus)?"}},
		// After a preposition; after "must".
		{"What brings on melasma, and on which parts of the face does it appear?", []string{"What brings on melasma?", "which parts of the face does Melasma appear?"}},
		{"What causes scabies, and must a child stay home from school?", []string{"What causes scabies?", "must a child stay home from school (Scabies)?"}},
		// Never by a name other topics share, nor by a phrase whose head
		// is something else (the virus, not the infection).
		{"scc skin cancer what does it look like and can it spread", []string{"scc skin cancer what does it look like?", "can Squamous cell carcinoma spread?"}},
		// A kind of the topic the thesaurus names in other words.
		{"What is Bowen disease, and can it be treated with a cream?", []string{"What is Bowen disease?", "can Bowen disease be treated with a cream?"}},
		{"Does the herpes simplex virus stay in the body, and what can be done for outbreaks?", []string{"Does the herpes simplex virus stay in the body?", "what can be done for outbreaks (herpes simplex)?"}},
		// The account before a part's question that points to the topic
		// by a pronoun is no part of what it asks; one that points back
		// with "that" keeps it.
		{"A new boy in my class has vitiligo and the others tease him. What causes it, and is it catching?", []string{"What causes Vitiligo?", "is Vitiligo catching?"}},
		{"I heard a steroid cream makes ringworm worse. Why is that, and what is tinea incognito?", []string{"I heard a steroid cream makes ringworm worse. Why is that?", "what is tinea incognito?"}},
		// A terse second question after "? " and a capital, not "I".
		{"rosacea - common triggers? First-line topicals for papules?", []string{"rosacea - common triggers?", "First-line topicals for papules (Rosacea)?"}},
		{"Athlete's foot cream, how long to use it? I can stop when it looks better?", nil},
		// A terse second question after "? +".
		{"Pressure ulcer risk factors? + name of the risk tool?", []string{"Pressure ulcer risk factors?", "name of the risk tool (Pressure ulcer)?"}},
		// "that" stands for what the part before asked about.
		{"Can rosacea affect your eyes, and how is that handled?", []string{"Can rosacea affect your eyes?", "how is rosacea affect your eyes handled?"}},
		// Two questions in one.
		{"What is impetigo? How is it treated?", []string{"What is impetigo?", "How is Impetigo treated?"}},
		// Two verbs of one subject: a question for each.
		{"How is onychomycosis diagnosed and treated?", []string{"How is onychomycosis diagnosed?", "How is onychomycosis treated?"}},
		{"How is tinea capitis diagnosed, and treated?", []string{"How is tinea capitis diagnosed?", "How is tinea capitis treated?"}},
		// One part: no split, however many kinds it asks for.
		{"What are the symptoms of psoriasis?", nil},
		{"How is psoriasis treated?", nil},
		// No named focus: nothing to carry into the parts.
		{"What causes it and how is it treated?", nil},
		// A part too short to ask anything.
		{"What is acne and why?", nil},
	}
	for _, tt := range tests {
		hits, err := ix.Search(context.Background(), tt.q, 10)
		if err != nil {
			t.Fatal(err)
		}
		a := c.Compose(tt.q, ix.Analyze(tt.q), hits)
		if diff := cmp.Diff(tt.want, c.Parts(a, tt.q)); diff != "" {
			t.Errorf("Parts(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestDefines(t *testing.T) {
	for _, tc := range []struct {
		question, sentence string
		want               bool
	}{
		{"What are exclamation mark hairs?", "Short broken hairs that narrow toward the scalp, often called exclamation mark hairs, are a sign of it.", true},
		{"what are exclamation mark hairs? alopecia areata thing", "Short broken hairs, known as exclamation mark hairs, are seen.", true},
		{"What is a kerion?", "A kerion is a painful, boggy swelling of the scalp.", true},
		{"What are exclamation mark hairs?", "Dermoscopy looks for features such as exclamation mark hairs.", false},
		{"How is a kerion treated?", "A kerion is a painful, boggy swelling of the scalp.", false},
	} {
		if got := answer.Defines(tc.question, tc.sentence); got != tc.want {
			t.Errorf("Defines(%q, %q) = %v, want %v", tc.question, tc.sentence, got, tc.want)
		}
	}
}
