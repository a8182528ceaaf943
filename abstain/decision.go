package abstain

// The clinical-decision screen runs rules over folded text (lower case, no
// accents, straight apostrophes, single spaces) after the neutralising
// rewrites below. A rule matches a question that asks for a decision about
// a particular person: their diagnosis, their treatment choice or dose, or
// their triage, in the first or third person, as a case vignette, or about
// an attached image. English and Spanish share the rules' structure.

// neutral rewrites phrases that look like a decision rule but ask for
// reference information, before the rules run.
var neutral = []struct {
	any  []string // as in rule
	re   *fastRE
	with string
}{
	// Explicit disclaimers: "I am not asking for a diagnosis".
	{words("not asking|no le pido|no te pido|no pido|no busco|not looking for|not seeking|no estoy pidiendo"), rx(`\b((i am|i'm|im) )?not (asking|looking|seeking) (you )?(for|about|to) (a |my |an )?(diagnos(e|is)|treatment|advice|medical advice|personal advice)( me| anything)?\b|\bno (le |te |les )?(pido|busco|estoy pidiendo) (un |ningun )?(diagnostico|tratamiento|consejo medico)\b`), " "},
	// "Do I have to wear sunscreen?" is a rule, not a diagnosis.
	{words("have to"), rx(`\bdo (i|we|you) (really |still |always |actually )?have to (wear|use|apply|reapply|put on|avoid|stay (in|out of the sun|indoors|inside|covered)|keep|throw|wash|replace|store|buy|shower|change|(remove|take off) (my |the |all )?(nail polish|nail varnish|makeup|make-up|jewellery|jewelry|contact lenses|contacts))\b`), "must one wear"},
	// "Do I need to see a dermatologist to get tretinoin?" asks how a drug
	// is obtained.
	{words("need"), rx(`\b(do|would) (i|we|you) (need|have) (to see |to get |to have )?(a |an )?(doctor|dermatologist|derm|gp|prescription|script|referral) (to|in order to|before i can|before you can) (get|buy|obtain|order|use)\b`), "is a prescription required to get"},
	// "Do all teenagers get blackheads, or is it just me?" asks whether
	// others share something.
	{words("just me|only me|solo a mi|solo yo"), rx(`\bor (is it|is that|am i|is this) (just|only) me\b|\bo (es|soy) (solo|solamente) (a mi|yo)\b`), "or is it common"},
	// "What should I bring to my first dermatology appointment?", "How
	// should I prepare for photodynamic therapy?", "should I avoid washing
	// my hair beforehand?": preparing for a visit, a test or a procedure.
	{cross("should |do |must |can ", "i |we "), rx(`\bwhat (should|do|must|can) (i|we) (bring|take along|wear|note down|note|write down|jot down|record|pack|mention)\b|\bhow (should|do|can|must) (i|we) (best )?prepare\b|\bshould (i|we) (avoid |skip |not )?(wash|washing|shave|shaving|remove|removing|wear|wearing|shower|showering|eat|eating|bring) ([\w']+ ){0,4}?(beforehand|before (the|my|a|an|our) ([\w-]+ ){0,2}(appointment|exam|examination|visit|test|procedure|consult|consultation|biopsy|check|surgery|session))\b`), "what is usual before a visit"},
	// "How do I take a clear picture of my scalp for an online consult?",
	// "should I include a ruler in photos?": how to take photographs.
	{words("photo|picture|pic|image|ruler"), rx(`\b(how (should|do|can|would) (i|we)|should (i|we)|what is the best way to|best way to|tips (for|on)) (take|taking|include|including|photograph|get|getting) (a |an |the |good |clear |better |some |sharp )?([a-z]+ )?(photo|photos|picture|pictures|pic|pics|image|images|ruler)( of)?\b`), "how does one photograph"},
	// "Is it too late to start wearing sunscreen?" asks about sun protection
	// in general, as "do I have to wear sunscreen" does.
	{words("too late to"), rx(`\bis it (ever )?too late to (start |begin )?(wear|wearing|use|using|apply|applying) (sunscreen|sunblock|spf|sun protection|a sunscreen)\b`), "is sun protection worthwhile"},
	// "When should I see a doctor about a mole?" asks when review is advisable
	// in general, not about one lesion.
	{words("when |cuando "), rx(`\bwhen (should|do|must|would|can) (i|you|one|someone|people|a person|we|parents) (see|visit|consult|call|go to|take (a|their) child to) (a|an|the) (doctor|clinician|physician|dermatologist|gp|professional|specialist|pediatrician|er|hospital) (about|for|with) (a|an)\b|\bcuando (hay que|se debe|debo|deberia|conviene) (ir|acudir|consultar) (al|a un|a una) (medico|dermatologo|especialista|urgencias)( por| con)? (un|una)\b`), "when is review advisable for a"},
	// "What should I know about biologics?" asks for information.
	{cross("should i |should we ", "know|learn|understand|read|ask|expect|look|watch|keep|consider"), rx(`\bshould (i|we) (know|learn|understand|read|expect|look for|look out for|watch out for|watch for|keep in mind|consider|ask about)\b|\bquestions? should (i|we) ask\b`), "is worth knowing"},
	// "What can I do to prevent sunburn?" asks for prevention in general.
	{words("do to prevent|do to avoid|do to reduce|do to lower|hacer para|how should i|how do i|how can i|how should we|how do we|how can we|how long should"), rx(`\bwhat (can|should|could) (i|we|one) do to (prevent|avoid|reduce the risk of|lower the risk of)\b|\bque (puedo|podemos|debo|se puede) hacer para (prevenir|evitar)\b|\bhow (should|do|can) (i|we) (apply|put on|reapply|store|wash|clean|layer)\b|\bhow long should (i|we|you|one) wait (between|before|after)\b`), "how to prevent"},
	// "Sunscreens expire; should they be thrown away?" is about things.
	{words("should they be |should it be "), rx(`\bshould (they|it) be (thrown|discarded|stored|kept in|refrigerated|replaced|reapplied|applied|worn|mixed|layered|shaken)\b`), "are things"},
	// "Can I catch ringworm from my cat?" asks how a disease spreads.
	{words("can |could "), rx(`\b(can|could) (i|we|you|my [\w'-]+) (catch|get|spread|pass on|give) [\w' -]{1,30} (from|to) (my|me|a|an|the|other|another|someone|people|his|her|him|us)\b`), "does one catch"},
	// "Mi dermatologo me receto X; como funciona?" and "my doctor prescribed
	// X; how does it work?" ask how a drug works.
	{words("how does|how do|como funciona|como actua"), rx(`\b(how (does|do) (it|they|this|that|[\w-]+) work|como (funciona|funcionan|actua|actuan))\b`), "how does it work"},
	// "GP says my son has molluscum. Is it a virus?", "a mi hija le
	// diagnosticaron vitíligo, ¿es autoinmune?": a diagnosis a clinician
	// made, told before a question about the disease. The rewrite keeps the
	// disease and drops the person, so that only a question about that
	// person ("should we treat it?") still makes a decision.
	{words("diagnos|says|said|told|thinks|confirmed|dijo|dicho|dijeron|dice |confirmo|explico"), rx(`\b(my |our |the |his |her |a )?(gp|doctor|doc|dermatologist|derm|nurse|paediatrician|pediatrician|consultant|specialist|physician|dr)( has| just)? (says|said|told (me|us|him|her|them)|thinks|confirmed|diagnosed) (that )?(i|we|he|she|they|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `))( [\w'-]+)? (has|have|had|has got|have got|is|are|was) |\b(i|we|he|she|they) (was|were|have been|'ve been|has been) told (that )?(i|we|he|she|they) (have|has|had) |\b(they|he|she|the (report|biopsy|results?|lab|test)) (said|say|says|told (me|us)|shows?|showed|came back( as)?) (that )?(i|we|he|she|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `)) (has|have|had|is|was) |\b(i|we|he|she|they|(my|our|his|her) ([\w'-]+ )?(` + kinRE + `))( [\w'-]+)? (was|were|has been|have been|got|had been|'ve been) (just |recently |finally |officially |already )?diagnosed (with|as having) |\b(mi |el |la |su )?(medico|medica|doctor|doctora|dermatologo|dermatologa|pediatra|enfermera|enfermero|especialista)( me| le| nos| les)? (dijo|ha dicho|dice|confirmo|diagnostico|explico)( a (mi|su|nuestro|nuestra) [a-z]+)? que (tengo|tiene|tienen|tenemos|es|son) |\b(a (mi|su|nuestro|nuestra) [a-z]+ )?(me|le|les|nos) (diagnosticaron|han diagnosticado|dijeron que (tengo|tiene|es)|han dicho que (tengo|tiene|es)) `), "diagnosed with "},
}

// IsClinicalDecision reports whether question asks for a decision about a
// particular person: a diagnosis, a treatment choice or dose, or triage,
// including third-person and case-vignette framings and references to an
// image, in English or Spanish. Reference questions that only look similar
// ("should sunscreen be reapplied every two hours?", "do I have to wear
// sunscreen in winter?") are not decisions. Hand-written rules decide
// first, unless a small learned model (decision_features.go) is sure the
// question is a reference one; a question no rule matches is a decision
// when the model is confident it is one.
func IsClinicalDecision(question string) bool {
	return isDecision(question, true)
}

// isDecision is IsClinicalDecision; with precheck false it runs every rule's
// expression, which tests compare against.
func isDecision(question string, precheck bool) bool {
	return decisionRule(question, precheck) != ""
}

// reExplicitlyGeneral marks a question its writer says is general: "general
// q for my salon's FAQ", "for a training slide", "para un ejemplo de clase".
// No hand-written rule overrules that; the model still may.
var reExplicitlyGeneral = rx(`\b(general (q|question|query)|asking (in general|generally|for general knowledge)|for (a|an|my|our) (salon'?s? )?(faq|leaflet|article|essay|class|lecture|presentation|training|poster|exam|quiz)|(training|teaching) (slide|example|purposes)|(class|textbook|generic|worked) example|for a generic example|pregunta general|(un|como) ejemplo de clase|para (un|el) (folleto|articulo|trabajo|examen)|en terminos generales)\b`)

// decisionModelRule is the Rule of a decision that no hand-written rule
// matched but the learned model (decision_features.go) did.
const decisionModelRule = "decision_model"

// decisionRule returns the name of the first decision rule that matches
// question, unless the learned model scores the question below its veto;
// or decisionModelRule when no rule matches but the model scores the
// question at or above its threshold; or "".
func decisionRule(question string, precheck bool) string {
	q := foldText(question)
	n, held := neutralize(q, precheck)
	if rule := matchRules(n, held, precheck); rule != "" && !reExplicitlyGeneral.MatchString(q) {
		if scoreNeutralized(n) < decisionModelVeto {
			return "" // the model is sure the rule misread a reference question
		}
		return rule
	}
	// Everyday care asked about in general ("should I use a separate towel
	// for my face?") is a family the rules know well and the model, which
	// weighs "should I" and "my face" heavily, does not: it is not the
	// model's to overrule.
	if genericAdvice.MatchString(n) {
		return ""
	}
	if scoreNeutralized(n) >= decisionModelThreshold {
		return decisionModelRule
	}
	return ""
}

// neutralize applies the neutral rewrites to folded question q, and with
// precheck returns the rules whose literals the result holds.
func neutralize(q string, precheck bool) (string, ruleMask) {
	// One pass finds the literals of the rewrites and of the rules; a
	// rewrite that changes q calls for another.
	var held ruleMask
	if precheck {
		held = ruleLiterals.rulesIn(q)
	}
	for i, n := range neutral {
		if !precheck || held.has(neutralBit(i)) {
			if r := n.re.replaceAll(q, n.with); r != q {
				q = r
				if precheck {
					held = ruleLiterals.rulesIn(q)
				}
			}
		}
	}
	return q, held
}

// matchRules returns the name of the first rule that matches neutralized
// question q, running with precheck only the rules held names.
func matchRules(q string, held ruleMask, precheck bool) string {
	for i := range decisionRules {
		if (!precheck || held.has(i)) && decisionRules[i].match(q) {
			return decisionRules[i].name
		}
	}
	return ""
}
