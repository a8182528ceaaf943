package answer

import (
	_ "embed" // the confidence model
	"math"
	"sync"

	"github.com/dermliving/dermliving/internal/logistic"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
)

// Drafted is what an extractive answer quotes and how its question was read
// and retrieved: what the confidence reads besides the composer's Answer.
type Drafted struct {
	// Concepts is the question's analysis (retrieve.Index.Analyze).
	Concepts []retrieve.Weighted
	// Hits are the passages retrieved for the question, best first.
	Hits []retrieve.Hit
	// Quoted are the sentences the answer quotes, in order; PassageID, Start
	// and End locate each, Text is its text.
	Quoted []Sentence
	// Corrected is true when a spelling slip in the question's topic name
	// was corrected (see Composer.Correct).
	Corrected bool
	// Parts is the number of parts the question was answered in (see
	// Composer.Parts); 0 or 1 for a question of one part.
	Parts int
}

// confidenceFeatures names the confidence's features, in the order Features
// returns them and the model file weighs them.
var confidenceFeatures = []string{
	"name_cover",     // share of the focus's name the question holds (1 from namedCover up)
	"named",          // the question names its focus
	"alias",          // ... by a name other than the topic's title
	"corrected",      // a spelling slip in the name was corrected
	"topics",         // the question names more than one topic
	"no_aspects",     // the question asks nothing of its focus besides a kind of answer
	"aspect_share",   // share of what is asked the best sentence holds, with its section and title
	"aspect_weight",  // how much what is asked weighs (common words weigh little)
	"best_section",   // the best sentence's section holds the kind of answer asked for
	"best_cue",       // the best sentence's words do
	"best_score",     // the composer's score of the best sentence, over 3
	"match",          // the composer's rule of thumb (Answer.Match)
	"no_intent",      // the question asks for no kind of answer
	"intents",        // how many kinds it asks for, up to 3, over 3
	"yesno",          // a yes/no question
	"definition",     // asks what it is
	"treatment",      // asks about treatment or self-care
	"typed",          // asks where, how long, or how it spreads: an answer type a sentence must hold
	"type_held",      // ... and a quoted sentence holds it
	"parts",          // answered in several parts, or asks several things at once
	"claims",         // sentences quoted, over MaxSentences
	"passages",       // passages quoted, over MaxSentences
	"first_rank",     // 1/(1+rank) of the first sentence's passage among the hits, 0 when not retrieved
	"first_score",    // its retrieval score over the best hit's
	"retrieved",      // share of quoted passages that retrieval returned
	"top_hit_focus",  // the best hit is a passage of the focus
	"section_share",  // share of quoted sentences whose section holds a kind asked for
	"cue_share",      // share whose words do
	"question_held",  // share of the question's words (by rarity) the quoted sentences hold
	"aspects_held",   // share of what is asked besides the focus they hold
	"question_words", // log(1 + the question's words that are not filler), over 3
}

// ConfidenceFeatureNames returns the names of the features Features returns,
// in order.
func ConfidenceFeatureNames() []string { return append([]string(nil), confidenceFeatures...) }

// Features returns the features of an extractive answer that the
// confidence weighs (see ConfidenceFeatureNames): how the question names its
// focus, what it asks, how well the best candidate sentence matches it, and
// what the quoted sentences hold and where retrieval ranked their passages.
// They are cheap: every sentence quoted was analysed when it was composed.
func (c *Composer) Features(a Answer, d Drafted) []float64 {
	x := make([]float64, len(confidenceFeatures))
	b := a.best
	asked := b.asked
	set := func(name string, v float64) { x[featureIndex[name]] = v }
	flag := func(name string, ok bool) {
		if ok {
			x[featureIndex[name]] = 1
		}
	}
	set("name_cover", math.Min(b.cov/namedCover, 1))
	flag("named", a.Named)
	flag("corrected", d.Corrected)
	flag("topics", len(a.focus) > 1)
	// Named by an alias: the question does not hold every word of the
	// title of any topic it is about.
	own := lexicon.NewTermSet()
	words := 0
	for _, w := range d.Concepts {
		if w.Filler {
			continue
		}
		words++
		for _, t := range w.Terms {
			own[t] = struct{}{}
		}
	}
	if a.Named {
		titled := false
		for _, ti := range a.focus {
			title := c.topics.topics[ti].names[0]
			all := len(title) > 0
			for _, t := range title {
				all = all && own.Has(t)
			}
			titled = titled || all
		}
		flag("alias", !titled)
	}
	flag("no_aspects", len(a.Aspects) == 0)
	if len(a.Aspects) > 0 {
		set("aspect_share", b.asp)
	}
	set("aspect_weight", b.aspectScale)
	flag("best_section", b.sec)
	flag("best_cue", b.cue)
	set("best_score", math.Min(b.score/3, 1))
	set("match", a.Match)
	flag("no_intent", asked == 0)
	set("intents", float64(min(asked.Count(), 3))/3)
	flag("yesno", a.Intent&YesNo != 0)
	flag("definition", asked&Definition != 0)
	flag("treatment", asked&(Treatment|SelfCare) != 0)
	typed := asked & (Location | Duration | Contagion)
	flag("typed", typed != 0)
	flag("parts", d.Parts > 1 || a.Multi)
	set("question_words", math.Log1p(float64(words))/3)

	// The quoted sentences.
	rank := make(map[string]int, len(d.Hits))
	best := 0.0
	for i, h := range d.Hits {
		if _, ok := rank[h.ID]; !ok {
			rank[h.ID] = i
		}
		best = max(best, h.Score)
	}
	if len(d.Hits) > 0 {
		if pi, ok := c.topics.byID[d.Hits[0].ID]; ok {
			flag("top_hit_focus", containsInt(a.focus, c.topics.passages[pi].topic))
		}
	}
	n := len(d.Quoted)
	if n == 0 {
		return x
	}
	set("claims", float64(min(n, MaxSentences))/MaxSentences)
	if r, ok := rank[d.Quoted[0].PassageID]; ok {
		set("first_rank", 1/float64(1+r))
		if best > 0 {
			set("first_score", d.Hits[r].Score/best)
		}
	}
	held := lexicon.NewTermSet()
	passages := map[string]bool{}
	var retrieved, inSection, cued int
	var typeHeld bool
	for _, q := range d.Quoted {
		if !passages[q.PassageID] {
			passages[q.PassageID] = true
			if _, ok := rank[q.PassageID]; ok {
				retrieved++
			}
		}
		pi, ok := c.topics.byID[q.PassageID]
		if !ok {
			for _, t := range c.an.Terms(q.Text) {
				held[t] = struct{}{}
			}
			continue
		}
		if asked&c.topics.passages[pi].intents != 0 {
			inSection++
		}
		s, ok := c.quotedSentence(pi, q)
		if !ok {
			for _, t := range c.an.Terms(q.Text) {
				held[t] = struct{}{}
			}
			continue
		}
		for t := range s.terms {
			held[t] = struct{}{}
		}
		if s.cues&asked != 0 {
			cued++
		}
		if s.cues&typed != 0 {
			typeHeld = true
		}
	}
	set("passages", float64(min(len(passages), MaxSentences))/MaxSentences)
	set("retrieved", float64(retrieved)/float64(len(passages)))
	set("section_share", float64(inSection)/float64(n))
	set("cue_share", float64(cued)/float64(n))
	flag("type_held", typeHeld)
	qh, _ := retrieve.Coverage(d.Concepts, held)
	set("question_held", qh)
	if len(a.Aspects) > 0 {
		ah, _ := retrieve.Coverage(a.Aspects, held)
		set("aspects_held", ah)
	}
	return x
}

// quotedSentence returns the analysed sentence of passage pi that q quotes:
// the one it starts in.
func (c *Composer) quotedSentence(pi int, q Sentence) (sentence, bool) {
	ss, ok := c.sents.Load(pi)
	if !ok {
		p, err := c.kv.Evidence(q.PassageID)
		if err != nil {
			return sentence{}, false
		}
		ss = c.sentences(pi, p.Text)
	}
	for _, s := range ss.([]sentence) {
		if s.start <= q.Start && q.Start < s.end {
			return s, true
		}
	}
	return sentence{}, false
}

// featureIndex is each feature's place in the vector.
var featureIndex = func() map[string]int {
	m := make(map[string]int, len(confidenceFeatures))
	for i, n := range confidenceFeatures {
		m[n] = i
	}
	return m
}()

// Confidence is the learned probability, in [0, 1], that an extractive
// answer holds most of what its question asks: a logistic regression over
// Features, trained by gen.go on the key-fact tuning sets and embedded as
// confidence_model.txt (see ConfidenceOf).
func (c *Composer) Confidence(a Answer, d Drafted) float64 {
	return ConfidenceOf(c.Features(a, d))
}

// ConfidenceOf is the confidence of an answer with the given features (see
// Composer.Features).
func ConfidenceOf(x []float64) float64 { return confidenceModel().Score(x) }

// BalancedConfidence is the cut-off cross-validation chose on the key-fact
// tuning sets: the confidence at or above which answering best tells good
// answers from bad (the mean of the shares of good answers kept and bad
// ones refused is highest). The README gives the trade-off at other
// cut-offs.
func BalancedConfidence() float64 { return confidenceModel().balanced }

//go:generate go run genwords.go
//go:generate go run gen.go

// confidenceText is the model as gen.go wrote it.
//
//go:embed confidence_model.txt
var confidenceText string

// confidenceModel is the embedded model, parsed once. The package's tests
// check the file, so a malformed one never ships.
var confidenceModel = sync.OnceValue(func() *confModel {
	m, cuts, err := logistic.Parse(confidenceText, confidenceFeatures, "balanced")
	if err != nil {
		panic("answer: confidence_model.txt: " + err.Error())
	}
	return &confModel{Model: m, balanced: cuts[0]}
})

// confModel is the confidence's logistic regression and its cut-off.
type confModel struct {
	logistic.Model
	balanced float64
}
