package decision

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dermliving/dermliving/abstain/internal/screentest"
	"github.com/dermliving/dermliving/internal/fold"
	"github.com/dermliving/dermliving/internal/racedetect"
)

// TestUrgentExamples checks the emergency signs of rules/urgent.rules
// against their examples: each rewrite changes its "+" questions and leaves
// its "-" ones as they are; each rule matches its "+" examples (after the
// rewrites, whole or in one of their parts, urgentParts), which the screen
// refuses and Urgent flags. Its "-" look-alikes
// are not urgent: a decision among them the rule does not match, and a
// reference question about the sign the screen does not refuse.
func TestUrgentExamples(t *testing.T) {
	racedetect.SkipEvaluation(t)
	if len(urgentRules) == 0 || len(urgentRewrites) == 0 {
		t.Fatalf("%s: %d rules and %d rewrites read", urgentFile, len(urgentRules), len(urgentRewrites))
	}
	checkRewriteExamples(t, urgentRewrites)
	for _, s := range urgentRules {
		if len(s.examples) == 0 || len(s.lookalikes) == 0 {
			t.Errorf("%s:%d: rule %s needs a + example and a - look-alike", s.file, s.line, s.name)
		}
		for _, e := range s.examples {
			if !matchesWholeOrPart(&s, urgentText(fold.String(e))) {
				t.Errorf("%s:%d: rule %s does not match its example %q", s.file, s.line, s.name, e)
			}
			if Rule(e) == "" {
				t.Errorf("%s:%d: the screen does not refuse %s's example %q", s.file, s.line, s.name, e)
			} else if Urgent(e) == "" {
				t.Errorf("%s:%d: %s's example %q is not urgent", s.file, s.line, s.name, e)
			}
		}
		for _, l := range s.lookalikes {
			if Rule(l) != "" && matchesWholeOrPart(&s, urgentText(fold.String(l))) {
				t.Errorf("%s:%d: rule %s matches its look-alike %q, a decision", s.file, s.line, s.name, l)
			}
			if u := Urgent(l); u != "" {
				t.Errorf("%s:%d: %s's look-alike %q is urgent (%s)", s.file, s.line, s.name, l, u)
			}
		}
	}
}

// matchesWholeOrPart reports whether rule s matches q, as the rules read
// it, or one of its parts (urgentParts), or either without its sentences
// of background (withoutBackground), as urgentMatch tries them.
func matchesWholeOrPart(s *ruleSpec, q string) bool {
	for _, r := range []string{q, withoutBackground(q)} {
		if s.match(r) {
			return true
		}
		for _, p := range urgentParts(r) {
			if s.match(p) {
				return true
			}
		}
	}
	return false
}

// TestUrgentParts checks where a message is cut into parts that
// urgentMatch reads on their own: at a turn to another person or another
// matter, not at every "and" or "but".
func TestUrgentParts(t *testing.T) {
	for _, c := range []struct {
		q      string
		parts  int
		reason string
	}{
		{"my hands crack every winter. separately, i got bitten by our cat this morning", 2, "\"separately\" turns to another matter"},
		{"scar creams for her old marks? oh, and she knocked her tea over her hand", 2, "\"oh, and\" turns to another matter"},
		{"both my grandkids are poorly. the five-year-old has chickenpox. the nine-year-old started an antibiotic", 3, "each grandchild by age is a part"},
		{"the younger one is fine, but my 6yo has one spot that is spreading", 2, "\"but my 6yo\" turns to another child (a turn at the start cuts nothing off)"},
		{"is a greasy emollient better? and my mother has a rash all over", 2, "\"and my mother\" turns to another person"},
		{"tengo dos hijos. el mayor, de 6 anos, esta jugando. la pequena, de 7 semanas, tiene fiebre", 3, "\"el mayor,\" and \"la pequena,\" name the two children"},
		{"ah, y ahora me cuesta respirar", 1, "a turn at the start leaves one part"},
		{"my lips are swelling and my breathing is getting worse, but my husband says wait", 1, "\"but my husband\" is no turn: the sign stays with its person"},
		{"la mayor parte del cuerpo tiene ampollas y fiebre", 1, "\"la mayor parte\" names no child"},
		{"mi suegra tiene una verruga en la mano. y lo otro: mi esposo tiene fiebre", 2, "\"y lo otro\" turns to another matter"},
	} {
		if got := urgentParts(c.q); len(got) != c.parts {
			t.Errorf("urgentParts(%q) = %q, want %d parts: %s", c.q, got, c.parts, c.reason)
		}
	}
}

// TestUrgentRulePrefilter checks that an emergency sign's literals are
// held by each of its examples: a literal set that missed one would make
// the rule skip questions it was written for.
func TestUrgentRulePrefilter(t *testing.T) {
	racedetect.SkipEvaluation(t)
	for _, s := range urgentRules {
		for _, e := range s.examples {
			if q := urgentText(fold.String(e)); s.match(q) && !s.mayMatch(q) {
				t.Errorf("%s:%d: rule %s matches %q but holds none of its literals %q", s.file, s.line, s.name, e, s.any)
			}
		}
	}
}

// TestUrgentRewriteGroups checks the rewrites whose with keeps groups of
// the match ($1): a hypothesis the question then says is real keeps its
// sign, and one it leaves a hypothesis loses it.
func TestUrgentRewriteGroups(t *testing.T) {
	for q, want := range map[string]bool{
		"If my lips are swelling and my throat is tight, is one antihistamine enough? Because that's what's happening.": true,
		"What if my tongue were swelling right now? Asking because it kind of is.":                                      true,
		"If my lips swell and my throat gets tight, is one antihistamine enough?":                                       false,
		"What if my tongue swelled on the flight, would I need the EpiPen?":                                             false,
	} {
		if got := UrgentSign(q) != ""; got != want {
			t.Errorf("UrgentSign(%q) = %q, want a sign: %v (read as %q)", q, UrgentSign(q), want, urgentText(fold.String(q)))
		}
	}
}

// TestUrgentPastDay checks the sentences that open on a day gone by: one
// that says nothing of now is an episode over and goes; one with a word of
// the present keeps its sign.
func TestUrgentPastDay(t *testing.T) {
	for q, want := range map[string]bool{
		"On Saturday my son's lips swelled after a cashew and he wheezed a bit, the paramedics gave him adrenaline and he was fine by the evening. Antihistamine?": false,
		"El sábado a mi hija se le hincharon los labios y le costaba respirar con el cacahuate. ¿Pruebas de alergia?":                                              false,
		"On Saturday he started the new gout tablets and now his skin is peeling off in sheets with a fever. Stop them?":                                           true,
		"At the weekend he got stung, and his throat is closing up and he has hives all over. What now?":                                                           true,
		"El sábado empezó la pastilla nueva y tiene ampollas por todo el cuerpo con fiebre. ¿La dejo?":                                                             true,
	} {
		if got := UrgentSign(q) != ""; got != want {
			t.Errorf("UrgentSign(%q) = %q, want a sign: %v (read as %q)", q, UrgentSign(q), want, urgentText(fold.String(q)))
		}
	}
}

// TestUrgentTypos checks the misspellings urgent.rules mends: a word one
// edit from a key, or listed as a short misspelling, becomes the key; a
// real word one edit from a key stays.
func TestUrgentTypos(t *testing.T) {
	for in, want := range map[string]string{
		"my tung is swolen and i cant swalow": "my tongue is swollen and i cant swallow",
		"brething hard, throte tight":         "breathing hard, throat tight",
		"shallow breathing, a threat":         "shallow breathing, a threat",
		"short of breath, smelling salts":     "short of breath, smelling salts",
		"le pinchada la vacuna":               "le pinchada la vacuna",
	} {
		if got := urgentTypos.mend(in); got != want {
			t.Errorf("mend(%q) = %q, want %q", in, got, want)
		}
	}
	for a, b := range map[string]string{"swolen": "swollen", "swollne": "swollen", "swollenn": "swollen", "swpllen": "swollen"} {
		if !oneEdit(a, b) {
			t.Errorf("oneEdit(%q, %q) = false", a, b)
		}
	}
	for a, b := range map[string]string{"swln": "swollen", "swollen": "swollen", "tung": "tongue"} {
		if oneEdit(a, b) {
			t.Errorf("oneEdit(%q, %q) = true", a, b)
		}
	}
}

// TestUrgentAskedOfAnyone checks that a sign asked about in anyone (what
// it may cause, a plan for someone who has it) is no sign now, whichever
// rule refuses the question, and that a person of the asker's keeps it.
func TestUrgentAskedOfAnyone(t *testing.T) {
	for q, want := range map[string]bool{
		"¿La urticaria puede dar dificultad para respirar?":                                                        false,
		"What should the school nurse do for a child with hives and wheezing after lunch?":                         false,
		"What should a nursery's allergy policy say about a child who starts wheezing with hives?":                 false,
		"¿Las petequias con fiebre en niños siempre son meningitis?":                                               false,
		"For our club's first-aid poster: how would coaches spot a swelling throat after a sting?":                 false,
		"Para un folleto del colegio: ¿cómo notarían los profesores una garganta que se cierra tras una picadura?": false,
		"My son has hives and is wheezing after lunch, what should I do?":                                          true,
		"Hives everywhere and my throat is closing, can antihistamines cause drowsiness? Go to ER?":                true,
		"Which is more dangerous in a toddler: a fever with a rash that fades under a glass, or one that doesn't?": false,
		"¿Qué es más grave en un bebé, una fiebre con manchas que se borran al apretar o con manchas que no?":      false,
		"Which is more dangerous, my son's purple spots that don't fade or his fever of 39.5? Go in now?":          true,
		// A student's or a project's question of how a sign works names
		// nobody (urgent round 21).
		"Para un trabajo de clase: ¿por qué la culebrilla en la punta de la nariz puede afectar al ojo?": false,
		"For a school project: what happens in the body in anaphylaxis that makes it hard to breathe?":   false,
		"My son has hives and says it's hard to breathe, what happens in the body? Go in?":               true,
	} {
		if got := UrgentSign(q) != ""; got != want {
			t.Errorf("UrgentSign(%q) = %q, want a sign: %v", q, UrgentSign(q), want)
		}
	}
}

// TestExpandUrgentFragments checks the fragments of urgent.rules: a
// {NAME} defined above becomes its pattern as a group, one not defined is
// left for lists.rules, line numbers are kept, and a fragment defined
// twice is an error.
func TestExpandUrgentFragments(t *testing.T) {
	text := "fragment a x|y\nrule r\n  re \\b({a}|{b})\\b"
	got, frags, err := expandUrgentFragments(text)
	if err != nil {
		t.Fatal(err)
	}
	if want := "# fragment a x|y\nrule r\n  re \\b((?:x|y)|{b})\\b"; got != want {
		t.Errorf("expandUrgentFragments = %q, want %q", got, want)
	}
	if frags["a"] != "x|y" {
		t.Errorf("fragment a = %q", frags["a"])
	}
	if _, _, err := expandUrgentFragments("fragment a x\nfragment a y"); err == nil {
		t.Error("a fragment defined twice is no error")
	}
}

// TestWithoutGeneralSentences checks which sentences urgentSignNow reads
// when a question asks something in general: those that do not.
func TestWithoutGeneralSentences(t *testing.T) {
	for _, c := range []struct {
		q      string
		want   string
		reason string
	}{
		{"my son was stung and now his lips are swelling. in general, why do stings do that?", "my son was stung and now his lips are swelling.", "the account is kept, the general question dropped"},
		{"generally, how long does smoke inhalation take to show? my dad is coughing soot and wheezy.", "my dad is coughing soot and wheezy.", "a general question before the account"},
		{"i take lisinopril - is lip or tongue swelling a known side effect of ace inhibitors in general?", "", "one sentence, general: nothing is left"},
		{"a mi primo se le quemaron las dos manos. ¿en general cuanto tardan en sanar las quemaduras?", "a mi primo se le quemaron las dos manos.", "Spanish: \"en general\" in the question"},
		{"her lips are swelling, is that a side effect of the pill? she's wheezing too.", "she's wheezing too.", "a sentence asking about a side effect goes with its sign; the other stays"},
		{"we got back from the park an hour ago. when is tongue swelling an emergency? i've never seen it before.", "we got back from the park an hour ago. i've never seen it before.", "a question of when a sign is an emergency, naming nobody, is general"},
		{"when should i take him in? his tongue is swelling.", "when should i take him in? his tongue is swelling.", "a question of when that names a person asks about them"},
		{"¿cuando es urgente una hinchazon de la lengua? a mi hijo se le hincha ahora.", "a mi hijo se le hincha ahora.", "Spanish: \"cuando es\" naming nobody"},
		{"at what point does a spreading red leg with a temperature become an a&e job?", "", "\"at what point does\" asks when, naming nobody"},
		{"at what point should i take her in? her leg is red up to the knee and she's shivering.", "at what point should i take her in? her leg is red up to the knee and she's shivering.", "\"at what point\" that names a person asks about them"},
	} {
		if diff := cmp.Diff(c.want, withoutGeneralSentences(c.q)); diff != "" {
			t.Errorf("withoutGeneralSentences(%q) (-want +got):\n%s\n%s", c.q, diff, c.reason)
		}
	}
}

// TestWithoutBackground checks which sentences urgentMatch and
// urgentSignNow leave out as background: a sentence of other people as a
// group or of a condition going round, naming no one person, no part of
// the body and no sign.
func TestWithoutBackground(t *testing.T) {
	for _, c := range []struct {
		q      string
		want   string
		reason string
	}{
		{"a few of the junior wrestlers picked up impetigo from the mats. leg red, spreading fast, fever, shaking chills. urgent or gp tomorrow?", "leg red, spreading fast, fever, shaking chills. urgent or gp tomorrow?", "a group's condition is background"},
		{"impetigo is going round his class. his cheek is red and spreading and he's burning up.", "his cheek is red and spreading and he's burning up.", "a condition going round his class: the setting is taken out before the person is looked for"},
		{"half the lads at my five-a-side have had ringworm. calf red and spreading, fever.", "calf red and spreading, fever.", "the asker's five-a-side is a setting"},
		{"varios chicos del equipo tienen impetigo. pierna roja y con fiebre.", "pierna roja y con fiebre.", "Spanish: a group of the team"},
		{"my son had impetigo last week. his leg is red and spreading, fever.", "my son had impetigo last week. his leg is red and spreading, fever.", "the person's own condition is no background"},
		{"a few of the kids at nursery have a rash and a fever. leg red and spreading.", "a few of the kids at nursery have a rash and a fever. leg red and spreading.", "a sentence with a sign word is kept"},
		{"a few of the lads have impetigo on their arms. leg red.", "a few of the lads have impetigo on their arms. leg red.", "a part of the body keeps it"},
		{"a few of the junior wrestlers picked up impetigo from the mats. how long is it contagious?", "how long is it contagious?", "a question is never background; the group's sentence is"},
		{"the weather has been awful. leg red.", "the weather has been awful. leg red.", "a sentence of no group and nothing going round is kept"},
	} {
		if diff := cmp.Diff(c.want, withoutBackground(c.q)); diff != "" {
			t.Errorf("withoutBackground(%q) (-want +got):\n%s\n%s", c.q, diff, c.reason)
		}
	}
}

// TestUrgentPrechecks checks, on every example and look-alike of the
// urgent rules and rewrites and on the development questions, that the
// literal prechecks of urgentLiterals change no rewrite and no rule's
// match, and agree with each rule's and rewrite's literals.
func TestUrgentPrechecks(t *testing.T) {
	racedetect.SkipEvaluation(t)
	var texts []string
	for _, specs := range [][]ruleSpec{urgentRewrites, urgentRules} {
		for _, s := range specs {
			texts = append(texts, s.examples...)
			texts = append(texts, s.lookalikes...)
		}
	}
	texts = append(texts, screentest.DevTexts(t, screensDir)...)
	texts = append(texts, "", "a", "throat", "my throat is closing", "lips huge after shellfish, er or benadryl?")
	for _, text := range texts {
		q := urgentTypos.mend(fold.String(text))
		held := urgentLiterals.rulesIn(q)
		for i, rw := range urgentRewrites {
			if got, want := held.has(i), rw.mayMatch(q); got != want {
				t.Errorf("rewrite %s: urgentLiterals says %v for %q, its literals %v", rw.name, got, q, want)
			}
		}
		for i, r := range urgentRules {
			if got, want := held.has(urgentRuleBit(i)), r.mayMatch(q); got != want {
				t.Errorf("rule %s: urgentLiterals says %v for %q, its literals %v", r.name, got, q, want)
			}
		}
		may := false
		for _, r := range urgentRules {
			may = may || r.mayMatch(q)
		}
		for _, rw := range urgentRewrites {
			may = may || strings.ContainsFunc(rw.with, func(r rune) bool { return r >= 'a' && r <= 'z' }) && rw.mayMatch(q)
		}
		if got := urgentMayMatch(q); got != may {
			t.Errorf("urgentMayMatch(%q) = %v, the rules' and writing rewrites' literals say %v", q, got, may)
		}
		// Every rewrite run on every text, in order, as without prechecks.
		full := q
		for _, rw := range urgentRewrites {
			if strings.Contains(rw.with, "$") {
				full = rw.re.Plain().ReplaceAllString(full, rw.with)
			} else {
				full = rw.re.ReplaceAllLiteralString(full, rw.with)
			}
		}
		if got := urgentText(q); got != full {
			t.Errorf("urgentText(%q) = %q with prechecks, %q without", q, got, full)
		}
		want := ""
		for i := range urgentRules {
			if urgentRules[i].match(full) {
				want = urgentRules[i].name
				break
			}
		}
		if got := firstUrgentRule(full); got != want {
			t.Errorf("firstUrgentRule(%q) = %q with prechecks, %q without", full, got, want)
		}
	}
}
