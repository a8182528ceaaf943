package retrieve

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/dermliving/dermliving/lexicon"
)

// Question analysis: concepts, their rarity weights, the fallback for words
// the index lacks, and coverage.

// DocFreq reports how many passages contain term in their text.
func (ix *Index) DocFreq(term string) int { return ix.fieldFreq(fieldText, term) }

// fieldFreq reports how many passages contain term in a field.
func (ix *Index) fieldFreq(field, term string) int {
	defer ix.recoverEngine(nil)
	key := field + "\x00" + term
	if v, ok := ix.df.Load(key); ok {
		return int(v.(uint64))
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return 0
	}
	ai, err := ix.idx.Advanced()
	if err != nil {
		return 0
	}
	r, err := ai.Reader()
	if err != nil {
		return 0
	}
	defer r.Close()
	tfr, err := r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
	if err != nil {
		return 0
	}
	n := tfr.Count()
	tfr.Close()
	ix.df.Store(key, n)
	return int(n)
}

// IDF is the BM25 inverse document frequency of term in the index's passages:
// ln(1 + (N - df + 0.5)/(df + 0.5)). A term no passage holds gets the highest
// value.
func (ix *Index) IDF(term string) float64 {
	return idf(ix.docCount, float64(ix.DocFreq(term)))
}

func idf(n, df float64) float64 {
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// Weighted is a question concept with its rarity weight.
type Weighted struct {
	lexicon.Concept
	// Weight is the concept's IDF: that of its most common way of writing,
	// where a multi-word way is as common as its rarest word.
	Weight float64
	// Known is true when some way of writing the concept occurs in the index.
	Known bool
	// Domain is true when the concept names something the knowledge is
	// about: a thesaurus term, a word of a source title, a word shaped like a
	// medical term, or a capitalised name the knowledge lacks. Other words
	// weigh half.
	Domain bool
	// Light is true when the question's wording uses the concept to say
	// what kind of answer it wants ("look like", "a sign of", "how long
	// does it last"), not what the answer is about; it weighs lightly.
	Light bool
}

// Analyze splits a question into weighted concepts. Filler concepts get weight
// zero.
func (ix *Index) Analyze(question string) []Weighted {
	cs := ix.an.Concepts(question, ix.th)
	names := ix.capitalised(question)
	out := make([]Weighted, len(cs))
	for i, c := range cs {
		c = ix.addVariants(c)
		w := Weighted{Concept: c}
		best := -1
		for _, alt := range c.Alternatives {
			m := -1
			for _, t := range alt {
				df := ix.DocFreq(t)
				if m < 0 || df < m {
					m = df
				}
			}
			best = max(best, m)
		}
		w.Known = best > 0
		w.Domain = !c.Filler && ((c.Group >= 0 && !ix.th.General(c.Group)) || lexicon.LooksMedical(c.Terms[0]) || ix.inSourceTitles(c) || (!w.Known && names.Has(c.Terms[0])))
		if !c.Filler {
			w.Weight = idf(ix.docCount, float64(max(best, 0)))
			// Rarity in a small reference corpus overstates general words
			// ("develop", "household"); words that name what the knowledge
			// is about keep their full weight.
			if !w.Domain {
				w.Weight *= generalWordWeight
			}
		}
		out[i] = w
	}
	// A word no passage holds weighs fully when it names something: a
	// thesaurus term, a word shaped like a medical term (rosacea, pemphigoid
	// gestationis) or a capitalised name inside a sentence (Merkel cell
	// carcinoma). Other unknown words are phrasing ("compared", "regain") and
	// weigh as much as the lightest known topic word.
	lightest := 0.0
	for _, w := range out {
		if w.Known && !w.Filler && (lightest == 0 || w.Weight < lightest) {
			lightest = w.Weight
		}
	}
	if lightest == 0 {
		lightest = 1
	}
	for i, w := range out {
		if !w.Known && !w.Filler && w.Group < 0 && !lexicon.LooksMedical(w.Terms[0]) && !names.Has(w.Terms[0]) {
			out[i].Weight = min(w.Weight, lightest)
		}
	}
	// What a question sets its point against ("tablets rather than
	// creams") is not what it asks about: such a word weighs less, unless
	// it also names the question's topic elsewhere.
	if m := contrastRE.FindAllStringSubmatchIndex(question, -1); m != nil {
		against := lexicon.TermSet{}
		rest := question
		for i := len(m) - 1; i >= 0; i-- {
			for _, t := range ix.an.Terms(question[m[i][2]:m[i][3]]) {
				against[t] = struct{}{}
			}
			rest = rest[:m[i][2]] + rest[m[i][3]:]
		}
		elsewhere := lexicon.NewTermSet(ix.an.Terms(rest))
		for i, w := range out {
			if !w.Filler && w.Group < 0 && against.Has(w.Terms[0]) && !elsewhere.Has(w.Terms[0]) {
				out[i].Weight *= contrastWeight
			}
		}
	}
	// "Are head lice a sign of poor cleanliness?" asks whether one thing
	// indicates another, not for the signs of a condition: "sign" is the
	// question's verb and would otherwise draw every "Signs and symptoms"
	// section. What is asked about stays: "Is itching a sign of scabies?"
	// still finds the scabies passage that names itching.
	if m := indicatorRE.FindStringSubmatchIndex(question); m != nil {
		ix.lighten(out, question[m[2]:m[3]], false)
	}
	// "What other health problems go along with psoriasis?" asks what
	// psoriasis is linked to: the words that ask for complications say
	// what kind of answer is wanted and are seldom the answer's own ("is
	// linked to psoriatic arthritis", "can threaten vision").
	for _, m := range associationRE.FindAllStringIndex(question, -1) {
		ix.lighten(out, question[m[0]:m[1]], false)
	}
	// "What does pityriasis rosea look like?" asks for its appearance:
	// "look like" says what kind of answer is wanted, and a sentence that
	// happens to say "may look gray" is no better an answer for it.
	// "How long does pityriasis rosea last?" asks for a duration: "last"
	// says so, and "if the rash lasts longer than three months" is no
	// better an answer for holding it.
	// "How do doctors remove an epidermoid cyst?" asks how it is done:
	// who does it is no part of the answer, and a sentence that happens to
	// name clinicians is no better an answer for it.
	for _, re := range []*regexp.Regexp{lookLikeRE, howLongRE, whereVerbRE, agentRE} {
		if m := re.FindStringSubmatchIndex(question); m != nil {
			ix.lighten(out, question[m[2]:m[3]], true)
		}
	}
	// Phrases that say what kind of answer is wanted (answerPhrases): a
	// sentence that happens to hold their words is no better an answer.
	for _, re := range answerPhrases {
		for _, m := range re.FindAllStringSubmatchIndex(question, -1) {
			if len(m) == 2 {
				ix.lighten(out, question[m[0]:m[1]], true)
				continue
			}
			// A phrase with groups reads only its groups' words
			// ("what part do hormones play": "part", "play").
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					ix.lighten(out, question[m[g]:m[g+1]], true)
				}
			}
		}
	}
	// "What are 3 signs of skin cancer?" asks for signs: how many is no
	// part of what is asked about.
	for _, m := range countAskRE.FindAllStringSubmatchIndex(question, -1) {
		count := lexicon.NewTermSet(ix.an.Terms(question[m[2]:m[3]]))
		for i, w := range out {
			if len(w.Terms) == 1 && count.Has(w.Terms[0]) {
				out[i].Filler, out[i].Weight = true, 0
			}
		}
	}
	// "What treatments are used for impetigo these days?" asks what is
	// done now: "these days" is no part of what is asked about, and a
	// sentence that says "within several days" is no better an answer.
	for _, m := range nowadaysRE.FindAllStringIndex(question, -1) {
		now := lexicon.NewTermSet(ix.an.Terms(question[m[0]:m[1]]))
		for i, w := range out {
			if !slices.ContainsFunc(w.Terms, func(t string) bool { return !now.Has(t) }) {
				out[i].Filler, out[i].Weight = true, 0
			}
		}
	}
	// "Where on the body does HS appear?" asks for places: "the body"
	// says so, and a sentence that says "body" is no better an answer.
	for _, m := range onTheBodyRE.FindAllStringIndex(question, -1) {
		ix.lighten(out, question[m[0]:m[1]], true)
	}
	// "got a bumpy itchy rash after a hot tub on holiday - what causes hot
	// tub rash?" asks what its question asks: the account's own words
	// (bumpy, holiday) weigh lightly, except those that name something the
	// knowledge is about, which the question may point back to ("a rodent
	// ulcer on his nose - what is that?").
	if tail, ok := QuestionAfterAccount(question); ok {
		asked := lexicon.NewTermSet(ix.an.Terms(tail))
		// Only a question that names its own topic ("what causes
		// psoriasis?") is not about the account's words; one that points
		// back ("what is that?", "how does the drug work?") is.
		namesOwn := false
		for _, w := range out {
			namesOwn = namesOwn || w.Domain && slices.ContainsFunc(w.Terms, asked.Has)
		}
		for i, w := range out {
			if !namesOwn || w.Filler || slices.ContainsFunc(w.Terms, asked.Has) {
				continue
			}
			out[i].Weight *= accountWeight
			out[i].Light = true
		}
	}
	return out
}

// accountThenQuestionRE is a statement followed by a question: its group
// is the question, from its question word to its end.
var accountThenQuestionRE = regexp.MustCompile(`(?i)(?:[.!:;]|\s[-–—]|,)\s+((?:what|what's|whats|how|why|when|where|who|which|is|are|does|do|can|could|will|would)\b[^.?!]*\??)\s*$`)

// openingQuestionRE opens a text with its question.
var openingQuestionRE = regexp.MustCompile(`(?i)^\W*(?:what|what's|whats|how|why|when|where|who|which|is|are|was|were|does|do|did|can|could|should|will|would|may|might)\b`)

// QuestionAfterAccount returns the question a text asks after an account
// of someone's case that asks nothing ("my grandad's doctor mentioned a rodent ulcer on his
// nose - what is that exactly?": "what is that exactly?"), or ok false when
// the text opens with its question, asks several, or holds no account.
func QuestionAfterAccount(text string) (string, bool) {
	if openingQuestionRE.MatchString(text) || strings.Count(text, "?") > 1 {
		return "", false
	}
	m := accountThenQuestionRE.FindStringSubmatchIndex(text)
	if m == nil || !accountRE.MatchString(text[:m[2]]) {
		return "", false
	}
	return text[m[2]:m[3]], true
}

// accountRE marks an account of what happened to someone, not a topic
// named before the question ("Dermatomyositis muscle weakness - how is it
// treated?"): a person, a verb of what happened ("went round the squad")
// or a time it happened ("last month").
var accountRE = regexp.MustCompile(`(?i)\b(?:i|i'm|im|i've|ive|i'd|my|me|we|our|us|he|she|his|her|him|they|their|them|got|had|have|has|was|were|noticed|mentioned|told|said|saw|seen|been|went|came|caught|started|began|appeared|spread|broke|popped|picked|yesterday|recently|last\s+(?:week|month|year|night|summer|winter|term))\b`)

// lighten weighs lightly the concepts of out written only with the words of
// span: words that say what kind of answer is wanted, not what it is about.
// light marks them Light too, when the answer's sentences seldom hold them
// as the answer ("look like", "last", "appear"), unlike words of a relation
// the answer states ("linked to", "a sign of").
func (ix *Index) lighten(out []Weighted, span string, light bool) {
	words := lexicon.NewTermSet(ix.an.Terms(span))
	for i, w := range out {
		if !w.Filler && len(w.Terms) > 0 && !slices.ContainsFunc(w.Terms, func(t string) bool { return !words.Has(t) }) {
			out[i].Weight *= indicatorWeight
			out[i].Light = out[i].Light || light
		}
	}
}

// thanOthersRE finds the others a question compares people with.
var thanOthersRE = regexp.MustCompile(`(?i)\bthan\s+(?:others|other\s+(?:people|kids|children|folks|adults)|most\s+(?:people|others)|everyone\s+else|anyone\s+else)\b`)

// everydayRE finds words that ask for what people do every day: self-care.
var everydayRE = regexp.MustCompile(`(?i)\b(?:day[-\s]to[-\s]day|every\s*day|daily\s+life|in\s+daily\s+life)\b`)

// PartPlayRE is the idiom of the part or role something plays; its groups
// are the idiom's own words.
var PartPlayRE = regexp.MustCompile(`(?i)\b(?:what|which)\s+(part|role)\s+(?:do|does|did|can|could|might|may)\s+(?:\w+\s+){1,3}?(play|plays|played)\b|\b(play|plays|played)\s+(?:a|any|some|the)\s+(?:\w+\s+)?(part|role)\b`)

// mattersWorseRE is the idiom of making things worse.
var mattersWorseRE = regexp.MustCompile(`(?i)\b(?:make|makes|making|made)\s+(?:matters|things)\s+(?:any\s+|even\s+|much\s+)?worse\b`)

// DangerSignsRE asks for the signs that call for a clinician, not for the
// condition's own ("the ABCDE warning signs of melanoma" are its symptoms).
var DangerSignsRE = regexp.MustCompile(`(?i)\b(?:danger\s+signs?|red\s+flags?)\b`)

// SeriousSignRE asks whether something is a sign of something serious.
var SeriousSignRE = regexp.MustCompile(`(?i)\b(?:a\s+)?signs?\s+of\s+(?:something|anything)\s+(?:more\s+)?(?:serious|worse|dangerous|bad|wrong)\b`)

// TriggerAskRE finds the verbs of a question that asks what sets a
// condition off, brings it on or makes it flare: what triggers it.
var TriggerAskRE = regexp.MustCompile(`(?i)\b(?:(?:set|sets|setting)\s+(?:\w+\s+)?off|(?:bring|brings|bringing|brought)\s+(?:\w+\s+)?on|(?:spark|sparks|kick|kicks)\s+(?:\w+\s+)?off)\b`)

// answerPhrases are the phrases Analyze weighs lightly and marks Light
// because they say what kind of answer is wanted, not what it is about; a
// phrase with groups only its groups' words:
//   - "Why do some people have many more moles than others?" compares
//     people: "others" is no part of the answer;
//   - "things you can do day to day" asks for self-care, not for "a day";
//   - "how do you know for sure, are nits enough" asks how certain a
//     finding is;
//   - "a sign of something serious", "danger signs" ask when to see a
//     clinician;
//   - "what part do hormones play" asks for a role ("part", "play");
//   - "does squeezing make matters worse" asks whether it worsens them;
//   - "what sets off cold sores" asks for triggers;
//   - "classic morphology + usual sites?" asks what lesions look like
//     and where;
//   - "how do lice pass from one child to the next?" asks for routes.
var answerPhrases = []*regexp.Regexp{thanOthersRE, everydayRE, sureRE, SeriousSignRE, DangerSignsRE, PartPlayRE, mattersWorseRE, TriggerAskRE, clinicalTermsRE, personToPersonRE}

// personToPersonRE finds the words of a question that ask how something
// passes between people ("from one child to the next"): who is no part of
// the answer, which names the routes.
var personToPersonRE = regexp.MustCompile(`(?i)\bfrom\s+(?:one\s+)?(?:person|child|kid|pupil|student|head|family\s+member|people|children|kids)\s+to\s+(?:another|the\s+next|the\s+other|others|person|child|kid|people|children|kids)\b`)

// clinicalTermsRE finds a clinician's words for the kind of answer wanted:
// "classic morphology" asks what lesions look like, "typical sites" or
// "predilection sites" where they appear; a sentence that says "a site of
// skin injury" is no better an answer for holding them.
var clinicalTermsRE = regexp.MustCompile(`(?i)\b(?:(?:classic|typical|usual)\s+)?(?:(?:skin\s+)?lesion\s+)?morpholog\w*|\b(?:typical|usual|common|commonest|classic|favou?rite|preferred|predilection)\s+(?:body\s+)?sites?\b|\bpredilection\b`)

// sureRE finds the words of a question that ask how certain something is
// ("for sure", "to be certain", "is one nit enough?"); its groups are those
// words.
var sureRE = regexp.MustCompile(`(?i)\b(?:((?:for|to\s+be)\s+(?:sure|certain|definite))\b|(enough)\s*(?:[?.,!;]|$|to\s+(?:tell|know|confirm|diagnose|say|be\s+sure)\b))`)

// countAskRE finds how many of a kind of answer a question asks for ("3
// signs", "five ways"); its group is the number.
var countAskRE = regexp.MustCompile(`(?i)\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:main|common|key|top|early|warning|best|simple|important|typical|different)\s+)?(?:signs?|symptoms?|ways?|tips?|things?|causes?|treatments?|types?|facts?|reasons?|examples?|options?|steps?|triggers?|questions?)\b`)

// nowadaysRE finds the words of a question that say "now" of what is
// usual or known ("these days", "nowadays", "in this day and age").
var nowadaysRE = regexp.MustCompile(`(?i)\b(?:these\s+days|nowadays|now\s+a\s+days|in\s+this\s+day\s+and\s+age|at\s+present|at\s+the\s+present\s+time|in\s+modern\s+times)\b`)

// onTheBodyRE finds the words that ask where on the body.
var onTheBodyRE = regexp.MustCompile(`(?i)\b(?:(?:on|of|over|across)\s+(?:the|your|my|their|his|her|a)\s+body|body\s+(?:parts?|areas?|sites?))\b`)

// howLongRE finds the verb of a question that asks how long something
// lasts.
var howLongRE = regexp.MustCompile(`(?i)\bhow\s+long\b[^?]{0,60}?\b(lasts?|go\s+on|stays?|persists?|hangs?\s+(?:about|around|on)|sticks?\s+around)\b`)

// whereVerbRE finds the verb of a question that asks where on the body
// something appears ("Where on the body does HS usually appear?"): the
// answer names places, whatever its verb.
var whereVerbRE = regexp.MustCompile(`(?i)^(?:\W*|[^?]{1,60}?\s)where\b[^?]{0,60}?\b(appears?|show\s+up|shows\s+up|occurs?|develops?|starts?|affects?|found)\b`)

// WhereVerb returns where the verb of a question that asks where something
// appears stands ("Where on the body does HS usually appear?"), or ok false.
// Such a verb says that places are wanted, not what the verb says.
func WhereVerb(question string) (start, end int, ok bool) {
	m := whereVerbRE.FindStringSubmatchIndex(question)
	if m == nil {
		return 0, 0, false
	}
	return m[2], m[3], true
}

// agentRE finds the clinician a question names as the one who does what it
// asks about ("How do doctors remove ...", "what do dermatologists use
// for ...").
var agentRE = regexp.MustCompile(`(?i)\b(?:how|what|when|why|which)\s+(?:\w+\s+)?(?:do|does|did|would|will|can|could|should|might|may)\s+(?:the\s+|most\s+|some\s+)?((?:doctors?|dermatologists?|derms?|clinicians?|gps?|physicians?|nurses?|specialists?|pharmacists?|surgeons?|medics?))\b`)

// lookLikeRE finds the words of a question that asks what something looks
// like.
var lookLikeRE = regexp.MustCompile(`(?i)^\W*what\s+(?:does|do|did|would|will|can|could|might|may)\s+[^?]{1,80}?\s+(look\s+like)\b`)

// describedShare is the share of passages that must name a topic of the
// thesaurus for the thesaurus to describe the knowledge.
const describedShare = 0.5

// thesaurusDescribes reports whether at least describedShare of the
// passages name a topic of the thesaurus (all the words of one way of
// writing a term that is not everyday vocabulary) in their text, section or
// source title. It holds for the dermatology knowledge the thesaurus was
// written for (over nine passages in ten of the sandbox's) and not for a
// corpus about other things, such as SciFact's research abstracts (about a
// third) or MedQuAD's health topics (about a fifth). Without a thesaurus,
// or when the engine fails, it reports false and true.
func (ix *Index) thesaurusDescribes() (described bool) {
	if ix.th == nil {
		return false
	}
	defer func() {
		if recover() != nil {
			described = true
		}
	}()
	var clauses []query.Query
	for g := range ix.th.Len() {
		if ix.th.General(g) {
			continue
		}
		for _, p := range ix.th.Group(g) {
			for _, f := range []string{fieldText, fieldSection, fieldTitle} {
				clauses = append(clauses, termsQuery(p.Terms, f, 1))
			}
		}
	}
	if len(clauses) == 0 {
		return false
	}
	req := bleve.NewSearchRequestOptions(query.NewDisjunctionQuery(clauses), 0, 0, false)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return true
	}
	res, err := ix.idx.SearchInContext(context.Background(), req)
	if err != nil {
		return true
	}
	return float64(res.Total) >= describedShare*ix.docCount
}

// associationRE finds the words of a question that ask what a condition
// leads to or goes with: its complications and linked conditions.
var associationRE = regexp.MustCompile(`(?i)\b(?:go(?:es)?\s+(?:along|together)\s+with|other\s+(?:health\s+)?(?:problems|conditions|diseases|illnesses)|health\s+problems|complications?|(?:can\s+)?lead\s+to|linked\s+(?:to|with)|associated\s+with|connected\s+(?:to|with)|(?:beyond|outside)\s+the\s+skin)\b`)

// indicatorRE finds the word of a yes-or-no question that asks whether one
// thing is a sign of another: "is X a sign of Y", "can X be a symptom of Y".
var indicatorRE = regexp.MustCompile(`(?i)^\W*(?:is|are|can|could|might|may|would|was|were)\b[^?]{1,80}?\b(?:a|an|the)\s+(?:(?:common|typical|early|possible|usual|sure|definite|warning)\s+)?(sign|symptom|indicator|marker)\s+(?:of|that)\b`)

// accountWeight is the share of its weight a word of an account before the
// question keeps: what the question asks decides.
const accountWeight = 0.05

// indicatorWeight is the share of its weight "sign" keeps in such a
// question.
const indicatorWeight = 0.2

// contrastRE finds the word a question sets its point against: the first
// word after "rather than", "instead of" or "as opposed to", past an
// article.
var contrastRE = regexp.MustCompile(`(?i)\b(?:rather\s+than|instead\s+of|as\s+opposed\s+to)\s+(?:(?:a|an|the|just|using|being|simply)\s+)*([\p{L}'-]+)`)

// contrastWeight is the share of its weight a word keeps when the question
// sets its point against it.
const contrastWeight = 0.5

// capitalRE finds a capitalised word that does not open a sentence.
var capitalRE = regexp.MustCompile(`[\p{Ll}\p{N},;:)]\s+(\p{Lu}[\p{L}\p{N}'-]+)`)

// capitalised returns the terms of capitalised words inside sentences.
func (ix *Index) capitalised(question string) lexicon.TermSet {
	set := lexicon.TermSet{}
	for _, m := range capitalRE.FindAllStringSubmatch(question, -1) {
		for _, t := range ix.an.Terms(m[1]) {
			set[t] = struct{}{}
		}
	}
	return set
}

// inSourceTitles reports whether some way of writing c occurs in a source
// title.
func (ix *Index) inSourceTitles(c lexicon.Concept) bool {
	for _, alt := range c.Alternatives {
		all := true
		for _, t := range alt {
			if ix.fieldFreq(fieldTitle, t) == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// Coverage is the rarity-weighted share of concepts matched by terms, and
// whether the anchor (the rarest concept the index knows) is among them.
func Coverage(concepts []Weighted, terms lexicon.TermSet) (cov float64, anchor bool) {
	return CoverageIn(concepts, terms, nil)
}

// CoverageIn is Coverage on the union of terms and more, without building
// it.
func CoverageIn(concepts []Weighted, terms, more lexicon.TermSet) (cov float64, anchor bool) {
	var total, got, anchorW float64
	anchorAt := -1
	for i, c := range concepts {
		if c.Filler {
			continue
		}
		total += c.Weight
		if c.Known && c.Weight > anchorW {
			anchorW, anchorAt = c.Weight, i
		}
	}
	if total == 0 {
		return 0, false
	}
	for i, c := range concepts {
		if c.Filler {
			continue
		}
		m := c.MatchedIn(terms, more)
		got += c.Weight * m
		if i == anchorAt && m == 1 {
			anchor = true
		}
	}
	return got / total, anchor
}

// generalWordWeight scales the weight of question words that are not domain
// terms.
const generalWordWeight = 0.5

// Bounds of the morphological fallback for words the index does not hold.
const (
	minVariantPrefix = 5
	maxVariants      = 3
)

// addVariants gives a single-word concept that no passage holds the indexed
// terms that share all but its last one or two letters ("reappli" finds
// "reappl", the stem of "reapplication"), where the stemmer treats forms of one
// word differently.
func (ix *Index) addVariants(c lexicon.Concept) lexicon.Concept {
	if len(c.Alternatives) != 1 || len(c.Terms) != 1 || ix.DocFreq(c.Terms[0]) > 0 {
		return c
	}
	t := c.Terms[0]
	for cut := 1; cut <= 2; cut++ {
		if len(t)-cut < minVariantPrefix {
			break
		}
		vs := ix.termsWithPrefix(t[:len(t)-cut], len(t)+2)
		if len(vs) > 0 {
			for _, v := range vs {
				c.Alternatives = append(c.Alternatives, []string{v})
			}
			return c
		}
	}
	return c
}

// termsWithPrefix lists up to maxVariants indexed terms of the passage text
// that start with prefix and are at most maxLen bytes long.
func (ix *Index) termsWithPrefix(prefix string, maxLen int) []string {
	defer ix.recoverEngine(nil)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.closed {
		return nil
	}
	ai, err := ix.idx.Advanced()
	if err != nil {
		return nil
	}
	r, err := ai.Reader()
	if err != nil {
		return nil
	}
	defer r.Close()
	d, err := r.FieldDictPrefix(fieldText, []byte(prefix))
	if err != nil {
		return nil
	}
	defer d.Close()
	var out []string
	for e, err := d.Next(); err == nil && e != nil && len(out) < maxVariants; e, err = d.Next() {
		if len(e.Term) <= maxLen {
			out = append(out, e.Term)
		}
	}
	return out
}
