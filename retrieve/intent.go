package retrieve

import (
	"regexp"

	"github.com/dermliving/dermliving/lexicon"
)

// intent links words that say what kind of answer a question wants to words of
// the section titles that hold such answers.
type intent struct {
	cues    []string // analysed cue terms
	section []string // analysed section terms
}

// overviewRE asks what something is: the Overview section answers it.
var overviewRE = regexp.MustCompile(`(?i)^\W*(what\s+(is|are)|what's|whats|define|definition\s+of|tell\s+me\s+about|explain)\b`)

var intentWords = []struct{ cues, section []string }{
	{[]string{"cause", "causes", "trigger", "triggers", "flare", "flares", "worsen", "worse", "why", "risk", "reason"},
		[]string{"causes", "triggers"}},
	{[]string{"symptom", "symptoms", "sign", "signs", "look", "appear", "appearance", "feel", "feels", "itchy", "recognise", "recognize"},
		[]string{"symptoms", "signs"}},
	{[]string{"diagnose", "diagnosed", "diagnosis", "test", "tests", "confirm", "biopsy", "examination"},
		[]string{"diagnosis"}},
	{[]string{"treat", "treated", "treatment", "treatments", "therapy", "therapies", "medication", "medicine", "cure", "manage", "management", "remedy", "remedies", "drug", "drugs", "options", "rid", "deal", "handle"},
		[]string{"treatment"}},
	{[]string{"prevent", "prevention", "avoid", "self-care", "protect", "reduce", "lower", "home", "care"},
		[]string{"prevention", "self-care"}},
	{nil, []string{"overview"}},
	{[]string{"doctor", "clinician", "physician", "dermatologist", "seek", "urgent", "emergency", "worry", "worrying", "see"},
		[]string{"clinician"}},
}

func buildIntents(a *lexicon.Analyzer) []intent {
	out := make([]intent, len(intentWords))
	for i, w := range intentWords {
		for _, c := range w.cues {
			out[i].cues = append(out[i].cues, a.Terms(c)...)
		}
		for _, s := range w.section {
			out[i].section = append(out[i].section, a.Terms(s)...)
		}
	}
	return out
}

// wantedSections returns the intents whose cues appear among the concepts, or
// the overview when the question asks what something is and names no other
// kind of answer.
func (ix *Index) wantedSections(question string, concepts []Weighted) []int {
	want := ix.cuedSections(concepts)
	if len(want) == 0 && overviewRE.MatchString(question) {
		for i, w := range intentWords {
			if w.cues == nil {
				want = append(want, i)
			}
		}
	}
	return want
}

func (ix *Index) cuedSections(concepts []Weighted) []int {
	var want []int
	for i, in := range ix.intents {
	cue:
		for _, c := range concepts {
			for _, t := range c.Terms {
				for _, cu := range in.cues {
					if t == cu {
						want = append(want, i)
						break cue
					}
				}
			}
		}
	}
	return want
}
