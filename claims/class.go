package claims

import (
	_ "embed"
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the class check: whether the claim puts a drug (or any
// listed thing) in a class the span gives to others. "Biologic injections
// such as dupilumab, ..., oral JAK inhibitors, ..." names dupilumab's
// class; "Dupilumab is an oral JAK inhibitor" moves it to another item.

// classHeads are words that name any kind of remedy (classheads.txt).
//
//go:embed classheads.txt
var classHeadsText string

var classHeads = func() map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(classHeadsText) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = true
		}
	}
	return m
}()

// memberOpenerRE opens the members of a class: "C such as D", "C
// including D". ("Called" gives a name, not a member.)
var memberOpenerRE = regexp.MustCompile(`(?i),?\s*\b(?:such as|including|like|for example|e\.g\.)\s+`)

// classStartRE ends the phrase that names a class, looking back from its
// opener: clause punctuation, "include" or an earlier opener.
var classStartRE = regexp.MustCompile(`(?i)[;:,(]|\bincludes?\b|\bsuch as\b|\bincluding\b`)

// claimClassRE reads a claim that gives things a class: "D (and E) is/are
// (a, an, one of the) C ...". Group 1 is the subject, group 2 the class,
// up to a word that opens what the class does.
var claimClassRE = regexp.MustCompile(`(?i)^\s*([^,;:]+?)\s+(?:is|are)\s+((?:(?:a|an|the|one of the|among the|both|two|also)\s+)*)([^,;:.]+?)(?:\s+(?:that|which|who|used|given|applied|for|in|to|with|against|when)\b|[,;:.]|$)`)

// gradedRE finds words that grade an adjective, which a class does not
// hold.
var gradedRE = regexp.MustCompile(`(?i)\b(?:more|less|most|least|very|often|usually|common|rare)\b`)

// classOf is the class the span gives a member: the terms of the phrase
// that names the class.
type classOf struct {
	class, members lexicon.TermSet
}

// spanClasses returns the classes a span names with their members: the
// members run from the opener to the end of the list (a comma after an
// item joined by "and" or "or", or clause punctuation).
func (v *Lexical) spanClasses(span string) []classOf {
	var out []classOf
	for _, sent := range splitSentences(span) {
		for _, m := range memberOpenerRE.FindAllStringIndex(sent, -1) {
			before := sent[:m[0]]
			start := 0
			if bs := classStartRE.FindAllStringIndex(before, -1); len(bs) > 0 {
				start = bs[len(bs)-1][1]
			}
			class := lexicon.NewTermSet(v.unitTerms(before[start:]))
			rest := sent[m[1]:]
			end := len(rest)
			closing := false
			for i := 0; i < len(rest); i++ {
				c := rest[i]
				if c == ';' || c == ':' || c == '(' {
					end = i
					break
				}
				if c == ',' {
					if closing {
						end = i
						break
					}
					continue
				}
				if i == 0 || rest[i-1] == ' ' {
					w := firstWord(rest[i:])
					if w == "and" || w == "or" {
						closing = true
					}
				}
			}
			if o := memberOpenerRE.FindStringIndex(rest[:end]); o != nil {
				end = o[0]
			}
			members := lexicon.NewTermSet(v.unitTerms(rest[:end]))
			if len(class) > 0 && len(members) > 0 {
				out = append(out, classOf{class: class, members: members})
			}
		}
	}
	return out
}

// movedClass reports whether the claim gives a member of one of the span's
// classes (see spanClasses) a class word that its class lacks and that the
// span uses elsewhere ("Doxycycline is one of the diuretics" against
// "certain antibiotics such as doxycycline and some diuretics"). Words
// that name any remedy (classHeads) and the member's own words bind
// nothing.
func (v *Lexical) movedClass(claim, span string) bool {
	m := claimClassRE.FindStringSubmatch(claim)
	if m == nil {
		return false
	}
	subject := v.unitTerms(m[1])
	words := strings.Fields(m[3])
	// A class is a noun phrase: named after an article, or of two words
	// or more; a participle ("is caused by", "is known as dandruff") or a
	// graded adjective ("is more common") names none.
	if (m[2] == "" && len(words) < 2) || strings.HasSuffix(strings.ToLower(words[0]), "ed") || clauseVerbRE.MatchString(words[0]) || gradedRE.MatchString(m[3]) {
		return false
	}
	var class []string
	for _, w := range words {
		if classHeads[strings.ToLower(strings.Trim(w, `"'`))] {
			continue
		}
		class = append(class, v.unitTerms(w)...)
	}
	if len(subject) == 0 || len(class) == 0 {
		return false
	}
	spanTerms := lexicon.NewTermSet(v.unitTerms(span))
	own := lexicon.NewTermSet(subject)
	if v.movedAppositive(own, class, span, spanTerms) {
		return true
	}
	for _, k := range v.spanClasses(span) {
		member := false
		for _, t := range subject {
			if k.members.Has(t) && !k.class.Has(t) {
				member = true
			}
		}
		if !member {
			continue
		}
		for _, t := range class {
			if !k.class.Has(t) && !own.Has(t) && spanTerms.Has(t) {
				return true
			}
		}
	}
	return false
}

// appositiveRE finds a name described by an appositive: "omalizumab, a
// biologic injection, is ...". Group 1 is the name (up to three words
// after the last clause punctuation), group 2 the description.
var appositiveRE = regexp.MustCompile(`(?i)\b([\pL][\pL\d-]*(?:\s+[\pL][\pL\d-]*){0,2}),\s+(?:a|an)\s+([^,;:.()]{3,60}?)\s*(?:[,;:)]|\.(?:\s|$)|$)`)

// movedAppositive reports whether the claim gives its subject the class
// that an appositive of the span gives another name, while the span gives
// the subject no such class: "Ciclosporin is a biologic injection"
// against "omalizumab, a biologic injection, is an established option,
// and ciclosporin is sometimes used". Every class word of the claim must
// be the appositive's, and the subject must be named in the span.
func (v *Lexical) movedAppositive(subject lexicon.TermSet, class []string, span string, spanTerms lexicon.TermSet) bool {
	for t := range subject {
		if !spanTerms.Has(t) {
			return false
		}
	}
	moved := false
	for _, m := range appositiveRE.FindAllStringSubmatch(span, -1) {
		name := lexicon.NewTermSet(v.unitTerms(m[1]))
		desc := lexicon.NewTermSet(v.unitTerms(m[2]))
		all := true
		for _, t := range class {
			all = all && desc.Has(t)
		}
		if !all {
			continue
		}
		for t := range subject {
			if name.Has(t) {
				return false // the span gives the subject this class
			}
		}
		moved = true
	}
	return moved
}
