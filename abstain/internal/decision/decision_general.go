package decision

import (
	"fmt"
	"regexp"
	"strings"
)

// General questions after an account of a particular person: "My
// granddaughter's friend has a round bald patch her mother called 'spot
// baldness'. What is spot baldness, and is it catching?" tells of a person,
// then asks about a named thing in general. The rules of generalFile say
// when what is asked is general (see that file); generalAsked reads them.

// generalFile holds the rules of general questions after an account.
const generalFile = "rules/general.rules"

// The whole-question rules of generalFile, by name; the others are clause
// rules.
const (
	generalAsksOfPerson = "asks_of_person"
	generalNamedThing   = "named_thing"
	generalNameGiven    = "name_given"
	generalOwnedFinding = "owned_finding"
	generalDiagnosis    = "diagnosis_given"
	generalWhatIsIt     = "what_is_it" // a clause rule that needs name_given
)

// generalRules are generalFile's rules: the whole-question ones by name,
// the clause rules in file order.
var generalRules = func() (g struct {
	whole   map[string]*rule
	clauses []ruleSpec
}) {
	g.whole = map[string]*rule{}
	for _, s := range mustParseRuleFile(generalFile) {
		if s.rewrite {
			panic(fmt.Sprintf("abstain: %s:%d: rewrite %s belongs in %s", s.file, s.line, s.name, rewriteFile))
		}
		switch s.name {
		case generalAsksOfPerson, generalNamedThing, generalNameGiven, generalOwnedFinding, generalDiagnosis:
			r := s.rule
			g.whole[s.name] = &r
		default:
			g.clauses = append(g.clauses, s)
		}
	}
	for _, name := range []string{generalAsksOfPerson, generalNamedThing, generalNameGiven, generalOwnedFinding, generalDiagnosis} {
		if _, ok := g.whole[name]; !ok {
			panic("abstain: no rule " + name + " in " + generalFile)
		}
	}
	return g
}()

// generalPerson is a word that names a person in a clause of what is
// asked.
var generalPerson = indexWords(words("my|mine|his|her|hers|him|he|she|he's|she's|i|i'm|im|i've|i'd|me|myself|we|we're|our|ours|us|you|your|yours|himself|herself"))

// generalPointsBack points back at something told before: "it", "that",
// "those", "that kind of".
var generalPointsBack = regexp.MustCompile(`\b(it|its|it's|this|that|these|those|they|them|their|such)\b`)

// generalDummyIt is an "it" that points at nothing: "is it usual for acne
// to ...".
var generalDummyIt = regexp.MustCompile(`^is it (usual|common|typical|normal) for `)

// generalLead is a marker of generality that opens a sentence, kept with
// the clause after its comma: "in general, can hair grow back ...".
var generalLead = regexp.MustCompile(`^(in general|generally|generally speaking|as a rule|typically|usually|normally)$`)

// generalClauseSep splits a sentence of what is asked into its clauses.
var generalClauseSep = regexp.MustCompile(`,? and |, | - | — |—|; `)

// generalAsked reports whether neutralised question q, after whatever
// account it gives, asks only general questions: every clause of every
// sentence that ends in "?" is matched by a clause rule of generalFile,
// names no person, and, when it points back, the question names the thing
// (see generalFile).
func generalAsked(q string) bool {
	if strings.IndexByte(q, '?') < 0 || Language(q) == "es" || generalRules.whole[generalAsksOfPerson].match(q) {
		return false
	}
	clauses := generalClauses(q)
	if len(clauses) == 0 {
		return false
	}
	pointsBack, named, whatIsIt := false, false, false
	for _, c := range clauses {
		if c == "" || generalPerson.MatchString(c) {
			return false
		}
		rule := ""
		for _, s := range generalRules.clauses {
			if s.match(c) {
				rule = s.name
				break
			}
		}
		switch {
		case rule == "":
			return false
		case rule == generalWhatIsIt:
			whatIsIt = true
		case generalPointsBack.MatchString(generalDummyIt.ReplaceAllString(c, "")):
			pointsBack = true
		default:
			named = true
		}
	}
	if whatIsIt {
		if !generalRules.whole[generalNameGiven].match(q) || generalRules.whole[generalOwnedFinding].match(q) {
			return false
		}
		named = true // by the name given to it
	}
	if !pointsBack || named {
		return true
	}
	// What points back at a finding on someone's body ("his eczema is
	// weeping. Is it usually infected?") needs a name given to it, not only
	// a condition named.
	if generalRules.whole[generalOwnedFinding].match(q) {
		return generalRules.whole[generalNameGiven].match(q) || generalRules.whole[generalDiagnosis].match(q)
	}
	return generalRules.whole[generalNamedThing].match(q)
}

// generalClauses returns the clauses of the sentences of q that end in "?".
func generalClauses(q string) []string {
	var clauses []string
	anyQuestion(q, ".!?;:", func(s string) bool {
		s = strings.TrimSpace(strings.TrimLeft(s, " ¿\"'(-"))
		parts := generalClauseSep.Split(s, -1)
		for i := 0; i < len(parts); i++ {
			p := strings.TrimSpace(parts[i])
			if generalLead.MatchString(p) && i+1 < len(parts) {
				parts[i+1] = p + ", " + parts[i+1]
				continue
			}
			clauses = append(clauses, p)
		}
		return false
	})
	return clauses
}
