package decision

import (
	"testing"

	"github.com/dermliving/dermliving/internal/fold"
)

// TestGeneralExamples checks the rules of rules/general.rules against their
// examples. A whole-question rule matches each "+" example and no "-"
// look-alike. A clause rule's "+" examples are questions read as general
// (generalAsked), one clause of which at least it is the first to match,
// and the screen does not refuse them; its "-" look-alikes are not read as
// general.
func TestGeneralExamples(t *testing.T) {
	specs := mustParseRuleFile(generalFile)
	for _, s := range specs {
		if len(s.examples) == 0 || len(s.lookalikes) == 0 {
			t.Errorf("%s:%d: rule %s needs a + example and a - look-alike", s.file, s.line, s.name)
		}
		if w, ok := generalRules.whole[s.name]; ok {
			for _, e := range s.examples {
				if !w.match(neutralized(fold.String(e))) {
					t.Errorf("%s:%d: rule %s does not match its example %q", s.file, s.line, s.name, e)
				}
			}
			for _, l := range s.lookalikes {
				if w.match(neutralized(fold.String(l))) {
					t.Errorf("%s:%d: rule %s matches its look-alike %q", s.file, s.line, s.name, l)
				}
			}
			continue
		}
		for _, e := range s.examples {
			n := neutralized(fold.String(e))
			if !generalAsked(n) {
				t.Errorf("%s:%d: %s: its example %q is not read as general", s.file, s.line, s.name, e)
			}
			if r := Rule(e); r != "" {
				t.Errorf("%s:%d: %s: its example %q is refused by %s", s.file, s.line, s.name, e, r)
			}
			if !generalFirstMatchIn(n, s.name) {
				t.Errorf("%s:%d: rule %s is the first to match no clause of %q", s.file, s.line, s.name, e)
			}
		}
		for _, l := range s.lookalikes {
			if generalAsked(neutralized(fold.String(l))) {
				t.Errorf("%s:%d: %s: its look-alike %q is read as general", s.file, s.line, s.name, l)
			}
		}
	}
}

// generalFirstMatchIn reports whether clause rule name is the first to
// match a clause of neutralised question q.
func generalFirstMatchIn(q, name string) bool {
	for _, c := range generalClauses(q) {
		for _, s := range generalRules.clauses {
			if s.match(c) {
				if s.name == name {
					return true
				}
				break
			}
		}
	}
	return false
}

// TestGeneralAsked checks questions told of a person beside the rules'
// examples: a question asked about the person is not read as general.
func TestGeneralAsked(t *testing.T) {
	for _, tt := range []struct {
		q       string
		general bool
	}{
		{"My uncle's GP called the crusty patch on his temple a 'solar keratosis'. What is a solar keratosis, and can it turn into cancer?", true},
		{"Our childminder says the toddlers there get slapped cheek every spring. What is that and is it catching?", true},
		{"My uncle has a crusty patch on his temple. What is this on his temple?", false},
		{"My uncle has a crusty patch on his temple. Is it a solar keratosis?", false},
		{"My uncle was given a steroid cream for his eczema. Should he stop the cream now it has cleared?", false},
		{"My granddaughter has a ring-shaped rash on her arm. Is her rash ringworm?", false},
		{"My brother's GP says he has tinea cruris. Can I use his cream on my son?", false},
		{"My dad has a scaly spot on his ear that keeps bleeding. What is it?", false},
		{"My dad has a scaly spot on his ear that keeps bleeding. What is it, and is it catching?", false},
		{"My nan's legs are covered in purple blotches. How long does that kind of thing usually last?", false},
		{"My son has a red rash on his cheeks, it could be eczema or impetigo. What is it?", false},
		{"My dad has eczema on his hands and it's weeping. Is it usually infected?", false},
		{"My niece started tretinoin and her skin is peeling badly. Is it usual for tretinoin to cause peeling?", true},
		{"Mi hija tiene impétigo. ¿Qué es el impétigo y es contagioso?", false},
	} {
		if got := generalAsked(neutralized(fold.String(tt.q))); got != tt.general {
			t.Errorf("generalAsked(%q) = %v, want %v", tt.q, got, tt.general)
		}
	}
}
