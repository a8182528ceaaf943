package decision

import (
	"testing"

	"github.com/dermliving/dermliving/internal/fold"
)

// TestContextRuleExamples checks the sentence rules of context.rules and
// quiz.rules against their own examples, read as the screen reads them:
// each "+" example is a sentence of context (a quiz request), each "-"
// look-alike is not, whichever part of the check refuses it.
func TestContextRuleExamples(t *testing.T) {
	for _, f := range []struct {
		specs []ruleSpec
		is    func(string) bool
	}{{contextSpecs, contextSentence}, {quizSpecs, quizSentence}} {
		if len(f.specs) == 0 {
			t.Fatal("no rules read")
		}
		for _, s := range f.specs {
			if len(s.examples) == 0 || len(s.lookalikes) == 0 {
				t.Errorf("%s:%d: rule %s needs a + example and a - look-alike", s.file, s.line, s.name)
			}
			for _, e := range s.examples {
				if !s.match(bareSentence(fold.String(e))) || !f.is(fold.String(e)) {
					t.Errorf("%s:%d: rule %s does not take its example %q", s.file, s.line, s.name, e)
				}
			}
			for _, l := range s.lookalikes {
				if f.is(fold.String(l)) {
					t.Errorf("%s:%d: rule %s takes its look-alike %q", s.file, s.line, s.name, l)
				}
			}
		}
	}
}

// TestGeneralAfterContext checks whole questions: a general question with
// context about the asker's clients, training or memory, or a quiz
// request, is reference; an account of a particular person, a sign that
// can be urgent or a decision asked beside the context keeps the refusal.
// The questions are our own, written for this test.
func TestGeneralAfterContext(t *testing.T) {
	for _, c := range []struct {
		q        string
		decision bool
		reason   string
	}{
		{"What causes milia? Quite a few of my facial clients have them around the eyes.", false, "a general question, then the clientele as a group"},
		{"I teach beauty therapy at the college. What is the difference between a boil and a carbuncle?", false, "the asker's trade, then a general question"},
		{"Is impetigo contagious? I remember the term from my training.", false, "what the asker learnt"},
		{"In my day we called it the itch. What is scabies caused by?", false, "an old name recalled"},
		{"List three signs of ringworm on the scalp.", false, "a quiz request naming no person"},
		{"Many of my clients get hives after the new dye. One of them has a swollen tongue right now, what should I do?", true, "a decision asked about one client with an urgent sign"},
		{"What is angioedema? Some of my clients get swollen lips after the filler and one has a swollen tongue right now.", true, "the clientele's sentence describes a sign now: not context"},
		{"Is cellulitis serious? In my day we called it St Anthony's fire, and my dad's leg is red and hot with a fever now.", true, "an old name in a sentence that tells of a particular person's sign"},
		{"In my day we called it St Anthony's fire. My dad's leg is red and hot and he has a fever. Should he go to hospital?", true, "a decision about a particular person after the old name"},
		{"Many of my clients have rosacea. Which cream should I give to the one with pustules?", true, "a decision about one client"},
		{"Name a cream I can use on my son's eczema.", true, "a quiz form about the asker's son"},
		{"List two treatments for a 40-year-old man with a hot swollen leg and a fever.", true, "a quiz about a case with an urgent sign"},
		{"I remember the word cellulitis from my training. Is that what my husband's red swollen leg is?", true, "a diagnosis asked about the asker's husband"},
		{"Half the lads at my gym are worried about thinning hair. What causes male pattern baldness?", false, "a group at the asker's gym, then a general question"},
		{"A few of the junior swimmers picked up verrucas at the pool. Are verrucas catching?", false, "a group the asker coaches, then a general question"},
		{"Most of my regulars ask me about dandruff. What causes it?", false, "the clientele ask the asker, then a general question"},
		{"A few of the junior wrestlers picked up impetigo from the mats. Can my son still wrestle this weekend?", true, "a decision about the asker's son after the group"},
		{"Loads of the girls in my dance class get cold sores. Can she still go to class with one?", true, "a decision about one girl after the group"},
		{"Half the lads at my gym have ringworm. Is it ok for me to keep training?", true, "a decision about the asker after the group"},
		{"Half the lads at my gym are into bodybuilding. One of them has a sore on his lip, should he see a doctor?", true, "a decision about one of the group"},
		{"Some of the kids at my school got head lice. What should I put on my daughter's hair?", true, "a treatment for the asker's daughter after the group"},
		{"A few of the lads at my gym got hives from the new protein powder and one has a swollen tongue now. What is it?", true, "a sign that can be urgent in the group's sentence"},
		{"My client has a sore on her lip. Should she see a doctor?", true, "a decision about one client"},
		{"Half my regulars ask me about my own rash. Is it eczema?", true, "the asker's own finding"},
		{"What sets off rosacea? I've got a few colleagues who get it every summer.", false, "a general question, then a group the asker has about them"},
		{"I have some clients who get cold sores before a big event. What triggers cold sores?", false, "a group the asker has, then a general question"},
		{"I've got colleagues who get it every summer. Should I stop going out in the sun?", true, "a decision about the asker after the group"},
		{"I've got a colleague who gets it every summer. Which cream should she use?", true, "one colleague is no group"},
		{"I've got two sons who get cold sores. What should I put on them?", true, "people close to the asker are no group"},
		{"I've got friends who get hives and my lips are swelling now. What is it?", true, "a sign that can be urgent and the asker's own finding"},
		{"Heard the greasy skin creams soak into clothes and make them catch fire easier. Is that so?", false, "what the asker heard said of a thing, then asked whether it is true"},
		{"I read that zinc helps acne. Is that true?", false, "what the asker read, then asked whether it is true"},
		{"I read that zinc helps acne. Should I take it for mine?", true, "a decision about the asker after what they read"},
		{"Heard it can spread to the eyes. Is my son's rash that?", true, "a diagnosis about the asker's son after what the asker heard"},
		{"Heard she has it too. Should I keep my kids away from her?", true, "what the asker heard of one person is no context"},
		{"I read that red streaks mean blood poisoning. There is a red streak going up my arm and a fever, should I go to A&E?", true, "a decision with urgent signs after what the asker read"},
		// A decision beside a statement about other people or a thing in
		// general (decisionBesideContext): the statement does not keep the
		// rest from being refused, before or after it.
		{"Heard the gels make it worse for a lot of people. still crusting after 6 days. antibiotics, yes or no", true, "hearsay with population words, then a terse decision"},
		{"fourth week on the ointment and still flaky. carry on? Heard the ointments make it worse for a lot of people.", true, "a decision, then hearsay after it"},
		{"The patches irritate the skin for a lot of people. second week on them and still red. keep going?", true, "a statement of people in general, then whether to keep going"},
		{"Apparently it's very common in swimmers. week 2 of the spray and the itch is no better. switch?", true, "a statement of a group, then a switch for one person"},
		{"The ointments make a lot of people itchy. day 5 of the cream and itchy all over, stop it?", true, "a statement that is not plain, then whether to stop"},
		{"Heard the gels make it worse for a lot of people. How long should a gel be tried before judging it?", false, "hearsay, then a general question"},
		{"Apparently it's very common in swimmers. How is it caught?", false, "a statement of a group, then a general question"},
		{"The ointments make a lot of people itchy. Why does that happen?", false, "a statement, then a general question about it"},
		{"Dicen que a mucha gente le pasa. Llevo diez dias con la pomada y sigue igual de rojo, ¿antibiotico si o no?", true, "a Spanish statement of people in general, then a decision"},
		{"Dicen que a mucha gente le pasa. ¿Por qué sale la dermatitis del pañal?", false, "a Spanish statement, then a general question"},
	} {
		if got := isDecision(c.q, true); got != c.decision {
			t.Errorf("isDecision(%q) = %v, want %v: %s", c.q, got, c.decision, c.reason)
		}
		if got := isDecision(c.q, false); got != c.decision {
			t.Errorf("isDecision(%q) without precheck = %v, want %v: %s", c.q, got, c.decision, c.reason)
		}
	}
}
