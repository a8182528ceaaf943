package answer

import (
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/claims"
	"github.com/dermliving/dermliving/lexicon"
)

// sentence is one sentence of a passage that may be quoted as a claim.
type sentence struct {
	start, end int // byte offsets in the passage text
	terms      lexicon.TermSet
	anaphoric  bool   // opens with a word that points back ("This", "These")
	conditions int    // how many other conditions it names, when it holds complications
	junk       bool   // never a claim: a question, heading, list or boilerplate
	index      int    // position in the passage
	cues       Intent // the kinds of answer its words hold, read once
	sites      int    // how many different body sites it names, counted once
	groups     int    // how many different marks of who gets a condition it holds
}

// boilerplateRE matches sentences that point elsewhere or introduce a list
// rather than say something about the topic.
var boilerplateRE = regexp.MustCompile(`(?i)(?:\bMedlinePlus\b|\bPDQ\b|\bGARD\b|\bOrphanet\b|\bGeneReviews\b|\bGenetics\s+Home\s+Reference\b|\bGenetic\s+Testing\s+Registry\b|\bHuman\s+Phenotype\s+Ontology\b|\bClinicalTrials\.gov\b|\bOMIM\b|\bNCI'?s\b|\bcontact\s+(?:us|the\s+center)\b|\bclick\b|\bwebsite\b|\bweb\s+site\b|\bhttps?://|\bwww\.|\bsee\s+the\s+following\b|\bthe\s+following\s+(?:list|resources?|summar\w*|sections?|organizations?|links?|PDQ)\b|\bsee\s+(?:the\s+)?(?:section|summary|list)\b|\blearn\s+more\b|\bread\s+(?:more\s+)?about\b|\bthese\s+resources\b|\bresources\s+(?:below|above|listed)\b|\bfor\s+more\s+information\b|\bmore\s+information\s+(?:about|on|is)\b|\bis\s+(?:listed|provided)\s+below\b|\bfrequency\s+of\s+the\s+(?:signs|symptoms)\b|\bapproximate\s+number\s+of\s+patients\b|\bpercentages?\s+based\s+on\b|\bmay\s+not\s+be\s+the\s+whole\s+story\b|\bthis\s+(?:fact\s+sheet|page|summary|section|list)\b|\blinks?\s+to\b|\bshown\s+(?:below|above)\b|\blisted\s+(?:below|above)\b)`)

// anaphorRE opens a sentence that needs the one before it to make sense.
var anaphorRE = regexp.MustCompile(`^(?:This|These|That|Those|It|Its|They|Their|Them|Such|Here|Both\s+(?:are|were|can|may|have|of\s+(?:these|them|which))|The\s+(?:latter|former|same)|In\s+(?:these|this|such|those)\s+(?:cases?|people|patients|instances|situations)|As\s+a\s+result|Because\s+of\s+this|For\s+this\s+reason)\b`)

// listIntroRE finds a list introduced inside a sentence ("the following
// are proposed criteria: 1.") or a numbered item's marker ending it.
var listIntroRE = regexp.MustCompile(`(?i)\bthe\s+following\b[^.]*:|:\s*\d+\.?\s*$|\s-\s(?-i:[A-Z])[^.]*\s-\s`)

// listLeadRE ends a sentence that only introduces a list.
var listLeadRE = regexp.MustCompile(`(?:\binclude|\bincludes|\bfollowing|\bare|\bas\s+follows|\bsuch\s+as|:)\s*[:.]?\s*$`)

// splitPassage splits a passage into sentences, trims headings glued to a
// sentence's start ("Key Points - Adult ALL is ..."), and marks those that
// may not be quoted.
func splitPassage(an *lexicon.Analyzer, text string) []sentence {
	var out []sentence
	for i, s := range claims.Split(text) {
		start, end := s.Start, s.End
		body := text[start:end]
		// A short heading before " - " is no part of the sentence.
		if j := strings.Index(body, " - "); j > 0 && j < 40 && !strings.ContainsAny(body[:j], ".,;:") && len(strings.Fields(body[:j])) <= 4 {
			start += j + 3
			body = text[start:end]
		}
		words := strings.Fields(body)
		st := sentence{start: start, end: end, index: i, terms: lexicon.NewTermSet(an.Terms(body))}
		switch {
		case strings.HasSuffix(strings.TrimRight(body, `"')`), "?"):
			st.junk = true
		case len(words) < 5:
			st.junk = true
		case strings.Count(body, " - ") >= 2 || strings.HasPrefix(body, "- ") || strings.Contains(body, ": -"):
			st.junk = true
		case listLeadRE.MatchString(strings.TrimRight(body, ".")) && strings.HasSuffix(strings.TrimSpace(body), ":"):
			st.junk = true
		case listIntroRE.MatchString(body):
			st.junk = true
		case boilerplateRE.MatchString(body):
			st.junk = true
		case !strings.ContainsAny(body, "abcdefghijklmnopqrstuvwxyz"):
			st.junk = true
		}
		st.anaphoric = anaphorRE.MatchString(body)
		st.cues = cuedIntents(allIntents, body)
		if st.cues&Location != 0 {
			st.sites = distinctSites(body)
		}
		if st.cues&Risk != 0 {
			st.groups = distinctGroups(body)
		}
		if st.cues&Complications != 0 {
			st.conditions = distinctConditions(body)
		}
		out = append(out, st)
	}
	return out
}
