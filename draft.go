package dermliving

import (
	"context"
	"regexp"
	"slices"

	"github.com/dermliving/dermliving/answer"
	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/internal/askprobe"
	"github.com/dermliving/dermliving/lexicon"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/tools"
)

// draftFor returns the draft sentences to verify and the answer's mode: a
// scripted draft, a Generator's, the version's curated draft for the
// question, or sentences extracted from the passages.
func draftFor(ctx context.Context, question string, kv *evidence.Version, passages []evidence.Passage, runner *tools.Runner, cfg *request) ([]string, string, error) {
	// A scripted generator's tool requests; a denied or failed tool does not
	// stop the answer, and every request is recorded by the runner.
	for _, r := range cfg.requests {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		_, _ = runner.Run(ctx, r)
	}
	switch {
	case cfg.draft != nil:
		return splitDraft(Draft{Sentences: cfg.draft}), ModeGenerated, nil
	case cfg.generator != nil:
		d, err := cfg.generator.Generate(ctx, GenerateRequest{Question: question, Passages: passages, Tools: runner})
		if err != nil {
			return nil, "", err
		}
		return splitDraft(d), ModeGenerated, nil
	}
	if d, ok := kv.CuratedDraft(question); ok {
		return splitDraft(Draft{Sentences: d}), ModeCurated, nil
	}
	return extractParts(ctx, question, kv, passages, cfg)
}

// extractParts answers a question that asks several things in turn ("What
// causes intertrigo and what are its symptoms?") part by part: each part,
// read with the question's focus (see answer.Composer.Parts), is retrieved
// and extracted on its own, and the answer takes the first part's
// sentences, then each later part's, up to answer.MaxSentences. A question
// of one part is extracted whole (see extract).
func extractParts(ctx context.Context, question string, kv *evidence.Version, passages []evidence.Passage, cfg *request) ([]string, string, error) {
	concepts := cfg.concepts
	if concepts == nil || cfg.analysed != question {
		concepts = cfg.ix.Analyze(question)
	}
	whole := cfg.comp.Compose(question, concepts, hitsOf(passages, cfg.scores))
	parts := cfg.comp.Parts(whole, question)
	if len(parts) < 2 || cfg.retriever != nil {
		out := extract(question, kv, passages, cfg.scores, cfg, &whole)
		return cfg.confident(ctx, whole, concepts, passages, out, 1), ModeExtractive, nil
	}
	have := make(map[string]bool, len(passages))
	for _, p := range passages {
		have[p.ID] = true
	}
	scores := cfg.scores
	extracted := map[string]claims.Support{}
	var out []string
	for i, part := range parts {
		ps, _, err := cfg.retrieve(ctx, part, kv)
		if err != nil {
			return nil, "", err
		}
		got := extract(part, kv, ps, cfg.scores, cfg, nil)
		// Each later part adds what it alone can: up to its share of
		// what room is left.
		room := answer.MaxSentences - len(out)
		if left := len(parts) - i; left > 1 {
			room = max(1, min(room, (room+left-1)/left))
		}
		for _, s := range got {
			if room == 0 {
				break
			}
			if _, dup := extracted[s]; dup {
				continue
			}
			out = append(out, s)
			extracted[s] = cfg.extracted[s]
			room--
		}
	}
	// Every passage quoted is one the answer is verified and cited
	// against, whichever part's retrieval found it.
	for _, p := range cfg.extra {
		have[p.ID] = true
	}
	for _, s := range out {
		if id := extracted[s].PassageID; !have[id] {
			if p, err := kv.Evidence(id); err == nil {
				cfg.extra = append(cfg.extra, p)
				have[id] = true
			}
		}
	}
	cfg.scores, cfg.extracted = scores, extracted
	return cfg.confident(ctx, whole, concepts, passages, out, len(parts)), ModeExtractive, nil
}

// confident returns the extracted sentences out, or none when the answer's
// confidence (answer.Composer.Confidence) is below the caller's minimum
// (WithMinConfidence). whole is the composer's answer to the whole
// question, concepts the question's analysis, passages those retrieved for
// it and parts the number of parts it was answered in. The confidence is
// computed only when a minimum is set, or when the context carries a probe
// (internal/askprobe) to record it in.
func (cfg *request) confident(ctx context.Context, whole answer.Answer, concepts []retrieve.Weighted, passages []evidence.Passage, out []string, parts int) []string {
	probe := askprobe.From(ctx)
	if len(out) == 0 || cfg.minConfidence <= 0 && probe == nil {
		return out
	}
	quoted := make([]answer.Sentence, len(out))
	for i, s := range out {
		sup := cfg.extracted[s]
		quoted[i] = answer.Sentence{PassageID: sup.PassageID, Start: sup.Start, End: sup.End, Text: s}
	}
	x := cfg.comp.Features(whole, answer.Drafted{Concepts: concepts, Hits: hitsOf(passages, cfg.scores), Quoted: quoted, Corrected: cfg.spellCorrected, Parts: parts})
	conf := answer.ConfidenceOf(x)
	if probe != nil {
		*probe = askprobe.Probe{Scored: true, Features: x, Confidence: conf, Match: whole.Match}
	}
	if conf < cfg.minConfidence {
		return nil
	}
	return out
}

// hitsOf returns the passages as retrieval hits with their scores.
func hitsOf(passages []evidence.Passage, scores map[string]float64) []retrieve.Hit {
	hits := make([]retrieve.Hit, len(passages))
	for i, p := range passages {
		hits[i] = retrieve.Hit{ID: p.ID, Score: scores[p.ID]}
	}
	return hits
}

// splitDraft turns a draft into claim sentences: each given sentence, or the
// text, is split again so that every claim is one sentence.
func splitDraft(d Draft) []string {
	parts := d.Sentences
	if len(parts) == 0 {
		parts = []string{d.Text}
	}
	var out []string
	for _, p := range parts {
		for _, s := range claims.Split(p) {
			if c := claims.Clean(s.Text); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// extract returns sentences taken verbatim from the passages, and records in
// cfg.extracted where each one stands.
//
// Package answer reads the question first: what it is about (its focus,
// spelling slips forgiven) and what it asks. A question about something the
// version lacks gets no sentences. The sentences then come from passages of
// the focus only: the retrieved ones, or, when retrieval found none of the
// focus, every passage of it. Questions, headings, boilerplate and sentences
// that need the one before them are never quoted. A question that asks
// several things at once gets, for each kind of answer the first sentences
// lack, the composer's best sentence from a passage that holds it. Passages
// cited that retrieval did not return are added to cfg.extra.
//
// composed, when not nil, is the composer's answer to the question from
// these passages, already made.
func extract(question string, kv *evidence.Version, passages []evidence.Passage, scores map[string]float64, cfg *request, composed *answer.Answer) []string {
	concepts := cfg.concepts
	if concepts == nil || cfg.analysed != question {
		concepts = cfg.ix.Analyze(question)
	}
	comp := cfg.comp
	var a answer.Answer
	if composed != nil {
		a = *composed
	} else {
		a = comp.Compose(question, concepts, hitsOf(passages, scores))
	}
	if len(a.Focus) == 0 {
		return nil
	}
	// Sentences come from passages of the focus only, whether the question
	// names it or the composer found it and a sentence of it that answers (a
	// question that names no topic is answered from the topic whose
	// passages answer it best, which need not be that of the best retrieved
	// passage).
	inFocus := passages
	{
		var kept []evidence.Passage
		for _, p := range passages {
			if comp.InFocus(a, p.ID) {
				kept = append(kept, p)
			}
		}
		if a.Named || len(kept) > 0 && len(a.Sentences) > 0 {
			inFocus = kept
		}
	}
	// A question whose opening settles the kind of answer ("What are the
	// symptoms of X?") is answered from its topic's section of that kind.
	section := comp.SectionFor(a, question)
	if len(section.IDs) > 0 {
		inFocus = nil
		for _, id := range section.IDs {
			if p, err := kv.Evidence(id); err == nil {
				inFocus = append(inFocus, p)
			}
		}
	}
	// What a question asks besides its focus and kind of answer narrows a
	// whole section's sentences; a question that asks several things at
	// once has its other parts among them, so none narrows it.
	aspects := a.Aspects
	if a.Multi {
		aspects = nil
	}
	in := make([]claims.ExtractInput, len(inFocus))
	for i, p := range inFocus {
		src, _ := kv.Source(p.SourceID, p.SourceVersion)
		in[i] = claims.ExtractInput{Passage: claims.Passage{ID: p.ID, Text: p.Text}, Title: src.Title, Section: p.Locator.Section, Score: scores[p.ID], Whole: section.Whole, Aspects: aspects, Multi: a.Multi,
			Quotable: func(start, end int) bool { return comp.Quotable(p.ID, p.Text, start, end) }}
	}
	var ex []claims.Extracted
	if len(in) > 0 {
		ex = lexicalVerifier(kv, cfg.ix).ExtractFor(question, comp.WithFocusNames(a, concepts), in)
	}
	if !a.Multi && len(a.Sentences) > 0 && (len(section.IDs) == 0 && composerAnswers(cfg.ix, comp, question, concepts, ex, a) ||
		len(section.IDs) > 0 && slices.Contains(section.IDs, a.Sentences[0].PassageID) && composerTriggers(question, ex, a)) {
		ex = make([]claims.Extracted, 0, len(a.Sentences))
		for _, s := range a.Sentences {
			// Within the section the question's opening asks for.
			if len(section.IDs) > 0 && !slices.Contains(section.IDs, s.PassageID) {
				continue
			}
			ex = append(ex, claims.Extracted{PassageID: s.PassageID, Start: s.Start, End: s.End, Text: s.Text})
		}
	}
	var out []string
	cfg.extracted = map[string]claims.Support{}
	have := make(map[string]bool, len(passages))
	for _, p := range passages {
		have[p.ID] = true
	}
	add := func(id string, start, end int, text string) {
		if _, dup := cfg.extracted[text]; dup {
			return
		}
		out = append(out, text)
		cfg.extracted[text] = claims.Support{PassageID: id, Start: start, End: end}
		if !have[id] {
			if p, err := kv.Evidence(id); err == nil {
				cfg.extra = append(cfg.extra, p)
				have[id] = true
			}
		}
	}
	// A question that compares two topics ("irritant vs allergic contact
	// dermatitis") is answered first by the sentences that set one
	// against the other.
	for i, s := range a.Contrasts() {
		if i == maxContrasts {
			break
		}
		add(s.PassageID, s.Start, s.End, s.Text)
	}
	var got answer.Intent
	used := map[string]bool{}
	for _, e := range ex {
		if len(out) == answer.MaxSentences {
			break
		}
		add(e.PassageID, e.Start, e.End, e.Text)
		got |= comp.Sections(e.PassageID)
		used[e.PassageID] = true
	}
	// When extraction found nothing quotable in the section the question's
	// opening asks for, the section's first quotable sentences answer it.
	if len(out) == 0 && len(section.IDs) > 0 {
		for _, s := range comp.Opening(section.IDs[0], openingSentences) {
			add(s.PassageID, s.Start, s.End, s.Text)
		}
		if len(out) > 0 {
			return out
		}
	}
	if len(out) == 0 {
		for _, s := range a.Sentences {
			// A question whose opening settles the kind of answer is not
			// answered from another kind's section when its own holds
			// nothing quotable ("What are the symptoms of X?" by how X is
			// diagnosed).
			if len(section.IDs) > 0 && !slices.Contains(section.IDs, s.PassageID) {
				continue
			}
			add(s.PassageID, s.Start, s.End, s.Text)
			if len(out) == answer.MaxSentences {
				break
			}
		}
		return out
	}
	// A question that compares two topics ("irritant vs allergic contact
	// dermatitis") is answered from each: a topic no sentence is from
	// gets the composer's best sentence of it.
	if topics := a.ForTopics(); len(topics) > 1 {
		quoted := map[string]bool{}
		for _, s := range out {
			quoted[comp.Topic(cfg.extracted[s].PassageID)] = true
		}
		for _, s := range topics {
			if len(out) == answer.MaxSentences {
				break
			}
			if t := comp.Topic(s.PassageID); !quoted[t] {
				add(s.PassageID, s.Start, s.End, s.Text)
				quoted[t] = true
			}
		}
	}
	// So is one that compares groups or forms within its topic ("in men
	// compared with women"): each gets the composer's best sentence of it.
	for _, s := range a.ForAspects() {
		if len(out) == answer.MaxSentences {
			break
		}
		add(s.PassageID, s.Start, s.End, s.Text)
	}
	if a.Multi {
		for b := answer.Intent(1); b < answer.YesNo; b <<= 1 {
			if len(out) == answer.MaxSentences {
				break
			}
			if a.Intent&b == 0 || got&b != 0 {
				continue
			}
			s, ok := a.ForIntent(b)
			if !ok || used[s.PassageID] {
				continue
			}
			add(s.PassageID, s.Start, s.End, s.Text)
			got |= comp.Sections(s.PassageID)
			used[s.PassageID] = true
		}
	}
	return out
}

// composerAnswers reports whether the composer's sentences answer the
// question better than extraction's ex. Extraction weighs the question's
// words and the kind of answer its wording asks for (an organism for
// "which bacteria", a duration for "how long"); the composer weighs the
// words with the kind of answer asked and the question's context (see
// answer.Composer.Compose). Extraction's answer stands when its best
// sentence holds clearly more of what the question asks (its concepts,
// without those that only say what kind of answer is wanted, see
// answer.Composer.Phrasing) than each of the composer's: "How is cradle cap
// usually managed?" is better answered by a sentence that names cradle cap
// than by the general treatment of seborrheic dermatitis. Before that, a
// question some sentences settle best (what sets its topic off, how it
// spreads, whether it is contagious: answer.Settlers) is answered by the
// composer's sentence that settles it when no extracted one does
// (composerTriggers), and after it one that names an acronym by the
// sentence that spells it out. Otherwise a question that asks for a kind
// of answer ("What warning signs mean impetigo needs urgent care?", "Where
// does seborrheic dermatitis show up?") is answered by the composer's
// sentences when they are of that kind (by their passage's section or
// their own words) and extraction's are not, or when they alone hold a
// kind with sections of its own among two or more asked; or, for a question
// that asks where, who gets it or which other conditions go with it, when
// the composer's best sentence names morePlaces more places, groups or
// conditions.
//
// The converse does not hold: a composer's sentence that holds more of
// the question's words is no better answer to "What bacteria cause
// impetigo?" than extraction's that names the bacteria.
func composerAnswers(ix *retrieve.Index, comp *answer.Composer, question string, concepts []retrieve.Weighted, ex []claims.Extracted, a answer.Answer) bool {
	// "Face goes red in the wind. What sets off rosacea?" asks for
	// triggers, whatever else of the question an overview sentence holds.
	if composerTriggers(question, ex, a) {
		return true
	}
	var asked []retrieve.Weighted
	focusWeight, total := 0.0, 0.0
	for _, w := range concepts {
		if w.Light || w.Filler || comp.Phrasing(w.Concept) {
			continue
		}
		total += w.Weight
		// Part of a name of the focus is held by every sentence of the
		// focus, whether it writes "candida" or "candidiasis".
		if comp.PartOfFocusName(a, w.Concept) {
			focusWeight += w.Weight
			continue
		}
		asked = append(asked, w)
	}
	an := ix.Analyzer()
	covOf := func(text string) float64 {
		if total == 0 {
			return 0
		}
		c, _ := retrieve.Coverage(asked, lexicon.NewTermSet(an.Terms(text)))
		return (c*(total-focusWeight) + focusWeight) / total
	}
	top := a.Sentences[0]
	own, best := 0.0, 0.0
	for _, s := range a.Sentences {
		own = max(own, covOf(s.Text))
	}
	for _, e := range ex {
		best = max(best, covOf(e.Text))
	}
	if best > own+clearlyMore {
		return false
	}
	// An acronym the question names is answered by the sentence that
	// spells it out.
	if answer.Expands(question, top.Text) && !slices.ContainsFunc(ex, func(e claims.Extracted) bool { return answer.Expands(question, e.Text) }) {
		return true
	}
	typed := a.Intent &^ (answer.YesNo | answer.Definition)
	if typed == 0 {
		// "What are exclamation mark hairs?" is answered by the sentence
		// that says what they are, not by one that names them in passing.
		return a.Intent&answer.Definition != 0 && answer.Defines(question, top.Text) &&
			!slices.ContainsFunc(ex, func(e claims.Extracted) bool { return answer.Defines(question, e.Text) })
	}
	answers := func(id, text string) bool { return comp.Sections(id)&typed != 0 || answer.Holds(typed, text) }
	if !answers(top.PassageID, top.Text) {
		return false
	}
	// Kinds of answer that have sections of their own (treatment,
	// self-care, diagnosis, when to see a clinician) are answered from
	// them: an extracted sentence of another section does not answer by a
	// word of the kind ("early treatment of cutaneous lupus" in when to
	// seek review).
	exAnswers := func(e claims.Extracted) bool {
		if sec := comp.Sections(e.PassageID); sec != 0 {
			return sec&typed != 0 || answer.Holds(typed&^sectionKinds, e.Text)
		}
		return answers(e.PassageID, e.Text)
	}
	if !slices.ContainsFunc(ex, exAnswers) {
		return true
	}
	// "How does it spread, and what stops it spreading?" asks two kinds,
	// one with sections of its own (self-care): the answer that holds it
	// besides every kind the other holds answers it.
	if typed.Count() >= 2 && typed&sectionKinds != 0 {
		var own, theirs answer.Intent
		for _, s := range a.Sentences {
			own |= kindsHeld(comp, typed, s.PassageID, s.Text)
		}
		for _, e := range ex {
			theirs |= kindsHeld(comp, typed, e.PassageID, e.Text)
		}
		if theirs&^own == 0 && (own&^theirs)&sectionKinds != 0 {
			return true
		}
	}
	// "How is bullous pemphigoid treated?" asks for the whole of a kind
	// with sections of its own, which a topic may tell over several
	// passages (first-line creams in one, steroid-sparing medicines and
	// biologics in the next): the composer's sentences, all of the
	// section, answer it when they draw on more of its passages than
	// extraction's.
	if typed&sectionKinds == typed && a.Intent&answer.YesNo == 0 && rangeAskedRE.MatchString(question) && !firstLineRE.MatchString(question) {
		sectionPassages := func(ids []string) int {
			seen := map[string]bool{}
			for _, id := range ids {
				if comp.Sections(id)&typed != 0 {
					seen[id] = true
				}
			}
			return len(seen)
		}
		var own, theirs []string
		all := true
		for _, s := range a.Sentences {
			own = append(own, s.PassageID)
			all = all && comp.Sections(s.PassageID)&typed != 0
		}
		for _, e := range ex {
			theirs = append(theirs, e.PassageID)
		}
		if all && sectionPassages(own) > sectionPassages(theirs) {
			return true
		}
	}
	// namesMore reports whether the composer's best sentence names
	// morePlaces more of what count counts than each extracted one.
	namesMore := func(count func(string) int) bool {
		n := count(top.Text)
		return !slices.ContainsFunc(ex, func(e claims.Extracted) bool { return count(e.Text)+morePlaces > n })
	}
	switch {
	// "Where does vitiligo show up?" is answered best by the sentence that
	// names the most places: extraction's may name two in passing.
	case a.Intent&answer.Location != 0:
		return namesMore(answer.Sites)
	// "Who tends to get X?" likewise by the sentence that names the most
	// groups of people ("in babies, ..." names one in passing).
	case a.Intent&answer.Risk != 0:
		return namesMore(answer.Groups)
	// "Which other health problems are linked with X?" by the sentence
	// that names the most other conditions; not a yes-or-no question,
	// which names the condition it asks about ("Is X linked to cancer?").
	case a.Intent&answer.Complications != 0 && a.Intent&answer.YesNo == 0:
		return namesMore(answer.Conditions)
	}
	return false
}

// kindsHeld returns the kinds of answer in typed that a sentence holds:
// those of its passage's section, and the others by its wording. A kind
// with sections of its own is held only by its section.
func kindsHeld(comp *answer.Composer, typed answer.Intent, passageID, text string) answer.Intent {
	sec := comp.Sections(passageID)
	held := sec & typed
	for k := answer.Intent(1); k <= typed; k <<= 1 {
		if typed&k != 0 && held&k == 0 && (sec == 0 || k&sectionKinds == 0) && answer.Holds(k, text) {
			held |= k
		}
	}
	return held
}

// composerTriggers reports whether the question asks what sets its topic
// off ("What sets off cold sores?") and the composer's best sentence names
// triggers while no extracted sentence does: the sentence of triggers
// answers it better than one of the cause.
//
// So with a question of how its topic spreads ("How does impetigo
// spread?") and the sentence naming the routes, not one saying that it is
// contagious; and with one of whether it is contagious ("Is scalp ringworm
// catching?") and the sentence that says so.
func composerTriggers(question string, ex []claims.Extracted, a answer.Answer) bool {
	return slices.ContainsFunc(answer.Settlers(question, a.Intent), func(settles func(string) bool) bool {
		return settles(a.Sentences[0].Text) && !slices.ContainsFunc(ex, func(e claims.Extracted) bool { return settles(e.Text) })
	})
}

// rangeAskedRE asks for the range of a kind of answer rather than one:
// "what treatments", "treatment options", "which creams", "ways to",
// "from creams up to tablets".
var rangeAskedRE = regexp.MustCompile(`(?i)\b(?:options|treatments|therapies|medicines|medications|remedies|ways|(?:what|which)\s+(?:creams|products|drugs|tablets)|from\s+(?:\w+\s+){1,3}(?:up\s+)?to\b)`)

// firstLineRE asks for the first or usual answer of a kind ("the usual
// treatment", "first-line", "the standard treatment"), which the first
// passage of its section gives.
var firstLineRE = regexp.MustCompile(`(?i)\b(?:first|usual|usually|standard|main|typical|typically|initial|mainstay)\b`)

// maxContrasts is how many sentences that set one topic against another
// open the answer to a question that compares them.
const maxContrasts = 3

// sectionKinds are the kinds of answer a topic has sections of its own for,
// whose answers come from those sections (see composerAnswers).
const sectionKinds = answer.Treatment | answer.SelfCare | answer.Diagnosis | answer.SeeClinician

// morePlaces is how many more body sites (groups of people, other
// conditions) the composer's sentence must name than each extracted one for
// it to answer a question that asks where (who gets it, what goes with it).
const morePlaces = 2

// clearlyMore is how much more of the question one answer's best sentence
// must hold than the other's to stand on that alone (see composerAnswers):
// a common word ("skin") is not enough.
const clearlyMore = 0.25

// openingSentences is how many of a section's first sentences answer a
// question whose opening asks for that section when extraction finds none.
const openingSentences = 2

// verifierKey stores the default verifier with its version.
type verifierKey struct{}

// lexicalVerifier is the version's default verifier: the lexical verifier
// over its analyzer, thesaurus and term rarity, kept with the version so that
// its analysis of passages is reused across questions.
func lexicalVerifier(kv *evidence.Version, ix *retrieve.Index) *claims.Lexical {
	return kv.Derived(verifierKey{}, func() any {
		v := claims.NewLexical(ix.Analyzer(), ix.Thesaurus(), ix.IDF)
		v.Usage = usageOf(kv, ix)
		return v
	}).(*claims.Lexical)
}

// usageOf is the version's usage of its words (see claims.Usage): its
// passages, read on first use, and its topics' names.
func usageOf(kv *evidence.Version, ix *retrieve.Index) *claims.Usage {
	var names lexicon.TermSet
	if comp, err := answer.For(kv); err == nil {
		names = comp.NameTerms()
	}
	return claims.NewUsage(ix.Analyzer(), func() []string {
		var texts []string
		for p := range kv.All() {
			texts = append(texts, p.Text)
		}
		return texts
	}, names)
}
