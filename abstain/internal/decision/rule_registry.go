package decision

import "github.com/dermliving/dermliving/abstain/internal/lex"

// What rule files may name: the parts of the clinical-decision rules that
// are Go code. A rule file names them; adding a rule that needs only a
// pattern, word lists and these touches nothing but its rule file.

// goRule is a rule written in Go: its function, and the literals of which
// every question it matches holds one.
type goRule struct {
	fn  func(q string) bool
	any []string
}

// goRules are the rules written in Go, by the name a rule file gives them
// ("go NAME").
var goRules = map[string]goRule{
	"this_be_condition":   {thisBeCondition, cross("is |could |might |can |would ", "this |that ")},
	"bare_action_because": {bareActionBecause, words("b/c|bc |because|due to|since|cause |cos |coz ")},
	"shown_lesion":        {shownLesion, words("showed|sent|ensene|mostre|mande|envie")},
	"options_for_person":  {optionsForPerson, words(" or |suit")},
	"triage_question":     {triageQuestion, nil},
	"vignette_subject":    {vignetteSubjectAsk, nil},
	"terse_question":      {terseQuestion, nil},
	"final_choice":        {finalChoice, words(" or | o ")},
	"es_first_verb":       {esFirstVerb, words(esFirstVerbs)},
	"urgent_sign":         {urgentSignNow, nil},
}

// ruleChecks vet a match of a rule's expression ("check NAME").
var ruleChecks = map[string]func(q string, m []int) bool{
	"aged_person":               agedPerson,
	"at_clause_start":           atClauseStart,
	"clinical_plan":             clinicalPlan,
	"es_modal_person":           esModalPerson,
	"in_question":               inQuestion,
	"kin_tiene_what":            kinTieneWhat,
	"lesion_or_body_in_3":       lesionOrBodyIn(3),
	"lesion_then_owner":         lesionThenOwner,
	"lesion_then_owner_or_mine": lesionThenOwnerOrMine,
	"not_general_what_is":       notGeneralWhatIs,
	"not_of_for":                notOfFor,
	"not_property":              notProperty,
	"owner_in_match":            ownerInMatch,
	"que_asks":                  queAsks,
	"tengo_what":                tengoWhat,
	"verb_not_noun":             verbNotNoun,
	"worth_for_person":          worthForPerson,
}

// ruleMatchers are matchers written in Go or shared with Go code ("@NAME").
var ruleMatchers = map[string]matcher{
	"personal":             personal,
	"first_person":         firstPerson,
	"kin":                  kinWords,
	"patient":              patientWords,
	"lesion":               lesionSet,
	"body":                 bodySet,
	"generic_advice":       genericAdvice,
	"product_worry":        reProductWorry,
	"generic_normal":       reGenericNormal,
	"kind_asked":           reKindAsked,
	"institution":          reInstitution,
	"general_signs":        reGeneralSigns,
	"routine_order":        reRoutineOrder,
	"routine_amount":       reRoutineAmount,
	"implied_first_person": reImpliedFirstPerson,
	"telegraphic_finding":  reTelegraphicFinding,
	"case_shorthand":       reCaseShorthand,
	"term_asked":           reTermAsked,
	"vignette_generic":     vignetteGeneric,
	"vignette_asks":        vignetteAsks,
	"choice_general":       reChoiceGeneral,
	"interaction":          reInteraction,
	"terse_asker":          terseAskerWords,
	"vignette_subject":     vignetteSubject,
	"process_asked":        reProcessAsked,
	"product_effect":       matchFunc(productEffect),
	"only_why_questions":   matchFunc(onlyWhyQuestions),
	"names_no_person":      namesNoPerson,
	"terse_context":        terseContextMatcher,
}

// ruleStarts say where an expression's matches may start ("re@NAME"),
// when that is a kind of position rather than a literal.
var ruleStarts = map[string]func(s string) []int{
	"numbers":    lex.NumberStarts,
	"age_digits": ageDigitStarts,
}

// ruleFragments are pattern fragments defined in Go ("{NAME}"); others
// are in rules/lists.rules.
var ruleFragments = map[string]string{
	"lesion":   lesionRE,
	"body":     bodyRE,
	"person":   personRE,
	"lesionES": lesionES,
}
