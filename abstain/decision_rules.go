package abstain

import (
	"regexp"
	"strings"
)

// The decision rules and the word lists they name.

// personal marks the asker, their body or someone close to them.
var personal = indexWords(words("i|i'm|im|i've|i'd|my|me|mine|myself|we|our|us|yo|mi|mis|tengo|estoy|nos|nuestro|nuestra|mio|mia|me|le|su|his|her|he|she|him"))

// firstPerson marks the asker.
var firstPerson = indexWords(words("i|i'm|im|i've|i'd|my|me|mine|myself|we|our|us|yo|mi|mis|tengo|estoy|nos|nuestro|nuestra"))

// propertyWords after "is it" ask about a disease, not a diagnosis: "I
// was diagnosed with rosacea; is it contagious?".
var propertyWords = indexWords(words("positive|negative|unhygienic|hygienic|antihigienico|higienico|outdated|obsolete|out of date|considered|classed|classified|regarded|counted|oversimplified|exaggerated|overblown|overstated|description|relacion|cuento|mito|right|proven|proved|established|contagious|infectious|catching|recognised|recognized|real|genuine|official|transmissible|hereditary|genetic|inherited|curable|treatable|common|rare|chronic|autoimmune|permanent|true|possible|related|linked|caused|known|preventable|reversible|lifelong|spreadable|spread|contagiosa|contagioso|hereditaria|hereditario|genetica|genetico|curable|comun|frecuente|cronica|cronico|autoinmune|permanente|cierto|verdad|the same|lo mismo|la misma|worth|true that|possible to|likely to|supposed|normal to|ok to|okay to|safe to|usual|typical|standard|reasonable|recommended|myth|fact|rule|legit|accurate|correct|wrong|right that|habitual|tipico|recomendable|mito|verdad que|normal que|para siempre|de por vida"))

// notDiagnosisWords after "is it" name a kind of thing or ask about a name,
// not a diagnosis: "my GP prescribed fucidin; is it an antibiotic?", "what
// is that called?".
var notDiagnosisWords = indexWords(words("antibiotic|antibiotics|steroid|steroids|antifungal|antiviral|antihistamine|drug|medicine|medication|brand|generic|prescription|vaccine|biologic|retinoid|immunosuppressant|painkiller|over the counter|otc|called|named|spelled|pronounced|used"))

// decisionRules are tried in order; the first that matches names the
// decision.
var decisionRules = []rule{
	// Diagnosis, first person.
	r("do_i_have", cross("do |did |could |might |may ", "i have|i've got"), `\b(do|did|could|might|may) (i|i've) (have|got)\b`).unlessCtx(rx(`^(why|how come) `)),
	r("am_i", words("am i "), `\bam i (having|allergic|infected|contagious|immune|getting|developing|reacting|sensitive|at risk)\b`),
	r("what_do_i_have", cross("what", " do | does | did | is | could |'s | might "), `\bwhat (do|does|did) (i|he|she|we|they|my \w+|his \w+|her \w+|the patient|this patient|this child|this baby|it) (have|has|got)\b|\bwhat('s| is| could be| could| might be)? (wrong with|going on with|up with|happening (to|with)|causing) (me|my|him|her|it|this|these|our)\b`),
	r("mean_i_have", words("mean"), `\bmeans? (that )?(i|he|she|we|my \w+|his \w+|her \w+) (have|has|had|am|is|need|needs|should)\b`),
	r("is_this_lesion", cross("is |are |could |might |does |do |can |would ", "this |that |these |those |my |his |her |our "), `\b(is|are|could|might|does|do|can|would) (this|that|these|those|my|his|her|our) (\w+ |[\w'-]+ ){0,3}`+lesionRE+`\b`).unlessCtx(anyOf{rx(`^(why|how come) |\b(is|are) (this|that|it|they) (\w+ )?(different|differ|the same|similar|like|related)\b`), matchFunc(productEffect)}),
	{name: "is_the_lesion_on_my", any: cross("is |are |could |might |would ", "the |this |that |these |those "), re: rx(`\b(is|are|could|might|would) (the|this|that|these|those) `), check: lesionThenOwner},
	{name: "what_is_this_lesion", any: words("what"), re: rx(`\bwhat('s| is| are| could| might| would| can)? (this|that|these|those|it|they)( \w+)?( \w+)?( be| is| are)?\b`), ctx: anyOf{lesionSet, rx(`\b(on|in) (my|his|her) ` + bodyRE)}, check: notGeneralWhatIs},
	r("could_my_x_be", cross("could |might |can |would |is |are ", "my |his |her |our "), `\b(could|might|can|would|is|are) (my|his|her|our) ([\w'-]+ ){1,3}(be )?(from|due to|caused by|because of|a sign of|a symptom of|related to|linked to|an allergy|a reaction|allergic|infected|the start of|the beginning of|from the)\b`),
	r("look_like", words("look|seem|sound|appear"), `\b(do|does|did) (this|that|these|my \w+|his \w+|her \w+|my [\w']+ \w+) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying|healthy|healed)\b`),
	{name: "does_it_look", any: words("look|seem|sound|appear"), re: rx(`\b(do|does|did) (it|they) (look|looks|seem|seems|sound|sounds|appear|appears) (like|infected|cancerous|malignant|normal|serious|dangerous|ok|okay|bad|suspicious|benign|worrying)\b`), ctx: firstPerson},
	r("opinion_tail", words("you think?|you say?|you reckon?"), `\b(do you think|you think|would you say|you reckon|do you reckon)\?`),
	r("opinion", words("u think|ya think|u reckon|ya reckon|you think|you say|you guess|you call|you consider|your opinion|your guess|your thoughts|thoughts?|your take|your view|you reckon"), `\b(you|u|ya) (think|reckon) (it|this|that|these|my|his|her|i|he|she|we|our)\b|\b(do|would|did|can) you (think|say|guess|call|consider|reckon|believe|suppose) (it|this|that|these|my|his|her|i|he|she|we|our|the \w+ (i|on my|in my|my|on his|on her|in his|in her))\b|\bwhat do you think (it|this|that|these|i|he|she|of (this|my|his|her)) (is|are|have|has)?|\b(your|any) (opinion|guess|thoughts|take|view)s?\b|\bthoughts\?`),
	{name: "is_it_disease", any: cross("is |could |might |would |are ", "it |this |that |they "), re: rx(`\b(is|could|might|would|are) (it|this|that|they) (just |really |maybe |possibly |likely |perhaps |actually |definitely |even )?(be )?(a |an )?([a-z'-]+)`), ctx: firstPerson, check: notProperty, unless: reGenericNormal},
	r("is_it_safe", cross("is |would |will ", "it |that "), `\b(is|would|will) (it|that) (be )?(safe|ok|okay|alright|all right|normal|fine|dangerous|bad|wise|a good idea|too late|too early|necessary|time|worth|serious|urgent|an emergency|something)\b`).withCtx(firstPerson).unlessCtx(anyOf{rx(`\b(is|would|will) (it|that) (be )?(safe|ok|okay|alright|all right|normal|fine|bad|wise|a good idea|necessary|worth it) (to|for) (use|apply|take|wear|go|get|have|be)\b( \w+)* (in|during|while|for|when|if|on) (pregnancy|general|children|kids|babies|people|adults|the sun|summer|winter)\b`), reGenericNormal}),
	// "Dad's heels are cracked and one has a black spot. He's diabetic. Is
	// this urgent?": the urgency of what is in front of the asker.
	r("is_this_urgent", words("urgent|emergency|serious|worrying"), `\b(is|was) (this|that|it) (urgent|an emergency|serious|worrying|an er thing|an a&e thing)\?`).withCtx(anyOf{personal, kinWords}),
	// "... getting bigger fast. Is this the kind that needs propranolol?"
	r("this_kind_needs", words("kind |type |sort |one |ones "), `\b(is|are) (this|that|these|those|it|they|mine|his|hers|ours) the (kind|type|sort|one|ones)( of [a-z]+)? (that|which) (needs?|requires?|gets?|should|must|has to|have to|calls? for|warrants?)\b`),
	// "is this shingles? band on left side of chest, burning": whether
	// what is in front of the asker, with a finding described, is a
	// condition.
	{name: "this_be_condition", any: cross("is |could |might |can |would ", "this |that "), fn: thisBeCondition, ctx: anyOf{lesionSet, bodySet}},
	// "stop minocycline b/c blue spots on shins?": a bare order put as a
	// question, with the finding that prompts it.
	{name: "bare_action_because", any: words("b/c|bc |because|due to|since|cause |cos |coz "), fn: bareActionBecause, ctx: anyOf{lesionSet, bodySet}},
	// "Got bitten in Thailand, now a painful sore with fever. Worth going to
	// a travel clinic today?": whether to seek care now.
	r("worth_going_now", words("today|tonight|now|right away|this week"), `\b(worth|need to|should i|should we|do i need to|do we need to|better to) (go|going|get|getting|head|heading) (in |down )?(to )?(a |an |the |my )?([a-z]+ ){0,2}(clinic|er|a&e|urgent care|doctor|gp|hospital|dermatologist|derm|emergency|walk-in)( [a-z]+)? (today|tonight|now|right away|this week)\b`).withCtx(anyOf{personal, kinWords, reImpliedFirstPerson, reTelegraphicFinding}),
	// "Canker sores every month for a year. Something I should get tested
	// for?", "¿me tengo que hacer algún estudio?": tests for the asker.
	r("tested_for_me", words("tested|checked|estudio|analisis|prueba|parche|falta"), `\b(something|anything) (i|we) (should|need to|ought to|must) (get|be) (tested|checked|screened|seen|looked at|biopsied)\b|\bme (tengo|tendria) que hacer (algun|alguna|algunos|un|una|unos|unas) (estudio|estudios|analisis|prueba|pruebas|biopsia)\b|\bme (haria|hace|hara) falta (un|una|algun|alguna|hacerme)\b`),
	// "I have rosacea - would a dermatologist okay me using retinol?": a
	// clinician's choice asked for the asker.
	r("would_a_derm", words("would a |would my |would the |would your "), `\bwould (a|my|the|your) (dermatologist|derm|doctor|gp|clinician|physician|specialist) (okay|ok|approve|allow|let|clear|sign off on) (me|him|her|us|my [\w'-]+|his [\w'-]+|her [\w'-]+)\b`),
	// "Strawberry mark on my newborn's eyelid growing fast. Does it need
	// propranolol?": whether what the asker describes needs treatment.
	r("does_it_need", words("need"), `\b(does|do|will|would) (it|this|that|they|these) (really |still |even |definitely )?need (to be )?(an? |some |the )?(treated|treatment|treating|removed|removing|cut out|cutting out|excised|biopsied|biopsy|antibiotics?|steroids?|propranolol|surgery|laser|cream|drugs|medication|medicine|stitches|draining|drained|freezing|frozen|checking|checked|seeing to|looking at)\b`).withCtx(anyOf{personal, kinWords, reTelegraphicFinding}),
	// "¿vale la pena que me haga un peeling ...?", "¿es mala idea en mi
	// caso?": a choice for the asker.
	r("es_vale_la_pena", words("vale la pena|mi caso|su caso"), `\bvale la pena que (me|le|nos) (haga|hagan|ponga|pongan|quite|quiten|trate|traten|opere|operen|tome|aplique)\b|\b(en|para) (mi|su) caso\b[^.]*\?|\?[^.]*\ben (mi|su) caso\b`),
	r("in_my_case", words("in my case|in his case|in her case|for my case"), `\b(in|for) (my|his|her) case\b`).withCheck(inQuestion),
	// "¿Y esta? es la que está al lado del lunar que te enseñé": a lesion
	// shown before.
	{name: "shown_lesion", any: words("showed|sent|ensene|mostre|mande|envie"), fn: shownLesion},
	r("es_para_mi", words("para mi|para ella|para su|para nos"), `\b(seguro|segura|recomendable|adecuado|adecuada|conveniente|peligroso|peligrosa|malo|mala|bueno|buena|mejor|necesario|necesaria|apropiado|apropiada|indicado|indicada|suficiente|demasiado fuerte|lo mejor|lo indicado) para (mi|mis|ella|nosotros|su [a-z]+|sus [a-z]+)\b`),
	// "Does my brother have lupus?": the diagnosis of someone close.
	r("does_person_have", cross("does |did |could |might |may ", "my |his |her |our "), `\b(does|did|could|might|may) (my|his|her|our) ([\w'-]+ )?(`+kinRE+`) (have|has|got)\b`),
	// "Could my swollen eyelids every morning be angioedema?": a lesion or a
	// part of the body, then what it could be.
	{name: "could_my_lesion_be", any: cross("could |might |would |may ", "my |his |her |our "), re: rx(`\b(could|might|would|may) (my|his|her|our) (([\w'-]+ ){1,5}?)be (a |an )?[a-z]`), check: lesionOrBodyIn(3), unless: rx(`\bbe (cured|treated|prevented|passed on|passed|inherited|spread|caught|contagious|hereditary|genetic)\b`)},
	// "Do the white patches on my son's face look like vitiligo to you?"
	{name: "do_the_lesion_look", any: cross("do |does |did ", "the |those |these "), re: rx(`\b(do|does|did) (the|those|these) `), check: lesionThenOwner, then: rx(`\b(look|looks|seem|seems|appear|appears) (like|infected|cancerous|malignant|normal|serious|suspicious|benign|worrying)\b`)},
	// "Wondering whether the lump behind my ear is a cyst or a lymph node."
	{name: "whether_lesion", any: cross("whether ", "the |this |that |these |those |my |his |her "), re: rx(`\bwhether (the|this|that|these|those|my|his|her) `), check: lesionThenOwnerOrMine},
	// "What's the right cream for the rash on the little one's cheeks?"
	{name: "best_for_the_lesion", any: words("best |right |correct |safest |strongest |ideal |proper "), re: rx(`\b(best|right|correct|safest|strongest|ideal|proper) ([a-z-]+ ){0,2}(to (use|put on|apply|give|try) )?(for|on) (the|this|that|these|those) `), check: lesionThenOwner},
	// "How much ivermectin would a 70 kg man like my father need?": a dose
	// for a person of a given weight.
	{name: "weight_dose", any: words("kg|kilo|lb|pound"), re: newFastREAt(`\b\d{1,3}(\.\d)? ?(kg|kgs|kilos?|lbs?|pounds)\b`, numberStarts), ctx: rx(`\b(dose|dosis|dosage|how much|how many|cuanto|cuanta|cuantos|cuantas|need|needs|give|necesita|le doy)\b`), unless: anyOf{rx(`\b(usual|usually|typical|typically|standard|habitual|normalmente|per kg|por kg|per kilo|por kilo|mg/kg)\b`), matchFunc(func(q string) bool {
		return !personal.MatchString(q) && !patientWords.MatchString(q) && !kinWords.MatchString(q)
	})}},
	// "Is my athlete's foot bad enough for tablets?"
	r("bad_enough", words("enough|bastante|suficientemente"), `\b(bad|severe|serious|big|deep|widespread|infected|advanced|extensive|large) enough (for|to)\b|\b(lo )?(bastante|suficientemente) (grave|malo|mala|extens[oa]|grande|profund[oa]) (para|como para)\b`).withCtx(rx(`\b(my|his|her|our|mi|mis|su|sus)\b`)),
	// "Would radiotherapy or surgery be better given his heart condition?",
	// "Finasteride or minoxidil for me?", "would dupilumab suit me better?":
	// options weighed for a person named in the same sentence.
	{name: "options_for_person", any: words(" or |suit"), fn: optionsForPerson},
	// "Would a person with my kind of beard loss benefit from steroid
	// injections?"
	r("benefit_from", words("benefit from"), `\b(would|could|might|will|do|does|did|can) ([\w'-]+ ){0,10}?benefit from\b`).withCheck(ownerInMatch),
	// "The warts on my fingers, would cantharidin be worth trying?", "...
	// crusty for months. Worth getting checked?"
	{name: "worth_trying", any: words("worth "), re: rx(`\bworth (trying|a try|a shot|doing|getting|having|seeing|checking|starting|using|taking|booking|going)\b`), check: worthForPerson},
	// "Would my cat's ringworm explain the circles on my son's arms?"
	r("explain_my", words("explain"), `\b(would|could|might|does|can|may) ([\w'-]+ ){1,4}explain (the|my|his|her|our|this|these|why) ([\w'-]+ ){0,4}?(my|his|her|our)\b`),
	// "I'm leaning toward just watching it. Is that reasonable?": a plan for
	// a person, then whether it is sound.
	{name: "plan_reasonable", any: words("considering|leaning|planning|thinking|going to|plan to|want to|intend|pensando|planteando|quiero"), re: rx(`\b(considering|leaning (toward|towards)|planning (to|on)|thinking (of|about)|going to|plan to|want to|intend to|pensando en|planteando|quiero)\b`), check: clinicalPlan, ctx: anyOf{personal, patientWords}, unless: reInstitution, then: rx(`\b(reasonable|sensible|a good idea|a good plan|wise|ok|okay|appropriate|razonable|sensato|buena idea)\?`)},
	// "Fine to put my 1% hydrocortisone on my eyelid eczema for a month?"
	r("ok_to_my", cross("ok |okay |safe |fine |alright |all right ", "to "), `\b(ok|okay|safe|fine|alright|all right) to (use|put|apply|take|give|keep|stop|start|skip|double|mix|combine|continue|pop|squeeze|inject|rub|leave|cover|layer|stack) ([\w%'.-]+ ){0,3}(my|his|her|our)\b`),
	r("ok_to_continue", cross("ok |okay |safe |fine |alright |all right ", "to "), `\b(ok|okay|safe|fine|alright|all right) to (carry on|continue|keep (going|using|taking|applying|on)|stop|restart|go on|go ahead|resume|trial|try|give)\b`).withCtx(anyOf{firstPerson, patientWords, kinWords}),
	r("safe_for_me", cross("for ", "me|my|him|her|us|our"), `\b(safe|ok|okay|right|suitable|appropriate|a good idea|too strong|too much|too little|enough|strong enough|good|best|better|dangerous|bad|necessary|needed|indicated|worth it|sensible|wise|reasonable|ideal|advisable|recommended|effective|worthwhile|the (right|best|better|safest|wisest|correct) (choice|option|call|one|thing|move|plan|treatment|dose|strength|idea|approach)|an? (good|sensible|wise|reasonable|safe|better|right|bad) (choice|option|call|one|thing|move|plan|treatment|dose|idea|approach))( of [a-z-]+( [a-z-]+)?)? for (me|my|him|her|us|our)\b`),
	r("candidate", words("candidate"), `\b(am i|is (he|she|my [\w'-]+|his [\w'-]+|her [\w'-]+)|would (i|he|she|my [\w'-]+) be|are (we|they)|could (i|he|she|my [\w'-]+) be) (a )?(good |suitable |possible |likely )?candidates? for\b`),
	r("why_my_lesion", words("why "), `\bwhy (has|have|is|are|does|do|did|won't|isn't|hasn't|will not|is not) (my|his|her|our) ([\w'-]+ ){1,3}(started|begun|begin|become|became|gone|turned|changed|grown|keep|keeps|kept|stopped|not|suddenly|still|heal|healing|clear|clearing|go away|spreading|bleeding|itching|getting)\b`).unlessCtx(rx(`\bwhy (does|do|did|is|has|would) (my|his|her|our) (doctor|gp|dermatologist|derm|nurse|pharmacist|consultant|specialist|surgeon|midwife|dentist) `)),
	r("anything_i_can", words("anything|something"), `\b(anything|something)( [a-z]+){0,2} (i|we|he|she|my [\w'-]+) (can|could|should|might) (use|take|try|put|apply|give|do)\b`).withCtx(rx(`\b(my|his|her|our|this|these)\b`)),
	r("something_to_worry", words("worry|worried|concern|alarm"), `\b(something|anything) to (worry|be worried|be concerned) about\b|\bshould (i|we) (be )?(worry|worried|concerned)\b|\b(do|should) i worry\b|\bam i (worried|right to worry)\b`).unlessCtx(reProductWorry),
	r("diagnose_me", words("diagnose|treat|assess|examine|evaluate|check|look at|identify|tell me what|rate|score|grade|stage|classify"), `\b(diagnose|treat|assess|examine|evaluate|check|look at|identify|rate|score|grade|stage|classify) (me|my|him|her|us)\b|\b(diagnose|assess|examine|evaluate|check|look at|identify) (this|that|these|those) (\w+ )?`+lesionRE+`\b|\btell me what (this|that|it|these|my [\w'-]+) (is|are)\b`),
	r("what_do_you_think", words("what do you think|what's your|que opinas|que piensas|que te parece|que le parece"), `\b(what do you think|what's your (take|opinion|view)|que opinas|que piensas|que te parece|que le parece)\b`).withCtx(rx(`\b(my|his|her|our|photo|picture|pic|image|mi|mis|su|foto|imagen)\b`)),
	{name: "diagnose_the", any: words("diagnose|identify|check|look at|examine|assess|evaluate"), re: rx(`\b(diagnose|identify|check|look at|examine|assess|evaluate) (the|this|that|these|those) `), check: lesionThenOwner},
	r("how_do_i_treat", cross("how ", "do i|should i|can i|could i|do we|should we|can we"), `\bhow (do|should|can|could) (i|we) (treat|get rid of|cure|heal|fix|stop|clear|manage|handle|soothe|calm) (the |this |these |that |my |his |her |our )`).withCtx(rx(`\b(my|his|her|our|this|these)\b`)).unlessCtx(newWordMap(setOf("in general|generally|usually|typically|en general"))),
	// Treatment and dose, first or third person.
	{name: "should_i", any: words("should |shouldn't "), re: rx(`\bshould(n't| not)? (i|we|he|she|they|my [\w'-]+|our [\w'-]+|his [\w'-]+|her [\w'-]+|the patient|this patient|this [\w'-]+|that [\w'-]+|the [\w'-]+ old|grandma|grandpa|mum|mom|dad)\b`), unless: anyOf{genericAdvice, reRoutineOrder, reProductWorry, rx(`\bshould (we|they) (all |always |generally |usually )?(wear|use|apply|reapply|avoid|know|learn|worry about|be worried about) (sunscreen|sun|spf|products|the sun)\b|\bhow should (i|we) (take|photograph|document|record|store|send|label|pack|carry) \b|\bif (someone|somebody|anyone|a family member|a housemate|a roommate|people|others|other people|alguien|a child|a baby|a person|a patient|an adult|a teenager|children|kids|patients|adults|you|your)\b`)}},
	r("should_it", words("should it |should they "), `\bshould (it|they) (come off|come out|be (removed|cut out|biopsied|excised|frozen|checked|treated|drained|popped|covered|lanced|looked at|seen|left|burst|taken off|tested))\b`).withCtx(wordSet(words("my|his|her|our|this|these"))),
	r("whether_should", words("should "), `\b(whether|if) ([\w'.-]+ ){1,6}should\b|\bshould (continue|stop|start|restart|switch|increase|decrease|taper|use|take|apply|keep|get|be (sent|seen|referred|admitted|biopsied|treated|started|stopped|excised|removed|given|tested)) (her|his|my|their|our|it|this|the)\b`),
	r("can_i_use", cross("can |could |may ", "i |my |he |she |we |his |her "), `\b(can|could|may) (i|we|he|she|(my|his|her) ([\w'-]+ )?[\w'-]+) (still |keep |continue |safely |just )?(use|using|take|taking|inject|injecting|stop|start|apply|put|give|double|combine|mix|skip|increase|decrease|drink|breastfeed|reuse|share|borrow|pop|squeeze|go back|return|swim|shave|wax|tan|go tanning|get a tattoo|get vaccinated|exercise|shower|bathe|wear|do|attend|play|go to|go swimming|go on|go away|travel|fly|have|pick|scratch|burst|lance|cut|freeze|treat|cover|leave|remove|wash|go (from|up|down|off)|move (up|to|from)|switch|drop|lower|raise|come off|taper|wait)\b`).unlessCtx(anyOf{genericAdvice, rx(`\bcan (i|we|you) (catch|get|spread|pass|give) (it|this|that|them|[\w-]+) (from|to|by)\b|\bcan i (get|catch|have) [\w-]+ (from|more than|again|twice|if)\b`)}),
	r("what_should_i", cross("should |can |do |could |would |must ", "i |we |he |she |they |my |his |her "), `\bwhat([\w' -]{0,25})? (should|can|do|could|would|must) (i|we|he|she|they|my [\w'-]+|his [\w'-]+|her [\w'-]+) (do|use|take|put|apply|try|give|start|get|ask|buy|switch|avoid|eat)\b`),
	{name: "what_should_vignette", any: words("what should "), re: rx(`\bwhat should (a|an|the|this|my|our|his|her) `), then: rx(`\b(do|take|use|try|receive|get|be (given|prescribed|started|treated))\b`), unless: rx(`\b(when|if|whenever) (a|an|someone|somebody|their|your|one|children|kids)\b`)},
	{name: "how_much_should", any: cross("how ", "much |many |often |long |far |soon |fast |quickly |slowly "), re: rx(`\bhow (much|many|often|long|far|soon|fast|quickly|slowly) `), then: rx(`\b(should|can|do|must|could) (i|we|he|she|my [\w'-]+)\b|\b(on|for|to|in) (my|his|her|our) [\w'-]+`), unless: reRoutineAmount},
	{name: "which_for_me", any: words("which "), re: rx(`\bwhich (\w+ )?(biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet|dressing|sunscreen|moisturizer|moisturiser|shampoo|option|one|test|tests|procedure|laser|product|antihistamine|cleanser|retinoid|regimen)s?\b`), then: wordSet(words("should|to start|to use|to choose|to give|to prescribe|for me|for my|for him|for her|for us|is best for me|would you|do i|can i|i should|suits me|suit me|suits him|suits her|suit him|suit her|suits my|suit my|works for me|work for me|works best for me|work best for me"))},
	{name: "recommend_for_me", any: words("recommend|prescribe|suggest|advise|give"), re: rx(`\b(recommend|prescribe|suggest|advise|give)\b`), then: wordSet(cross("for |to |on ", "me|my|him|her|us|our|this"))},
	r("would_you", words("would you|if it were|if this were|if you were|in my shoes|in my place"), `\bwould you (start|use|give|prescribe|treat|biopsy|excise|do|choose|recommend|go with|pick|try|operate|refer|switch|stop|continue|say|guess|call|consider|remove|freeze|send|admit|worry|be worried|be concerned)\b|\bif (it|this) were (you|your)\b|\bif you were (me|him|her|in)\b|\bin my (shoes|place)\b`),
	r("dose_weight", words("weigh|kg|kilo|lb|pounds|stone"), `\b(i|he|she|my [\w'-]+) (weigh|weighs)\b|\bweighs? (about |around )?\d+ ?(kg|kilos?|lbs?|pounds)\b|\b(i'm|im|i am|he's|she's|he is|she is) (about |around )?\d+ ?(kg|kgs|kilos?|lbs?|pounds|stone)\b`),
	r("or_choice", words("or "), `\b(or not|or wait|or watch|or leave|or keep|or see|or go|or stop|or continue|or switch|or just|or should|or is it|or something|or leave it|or cover|or let it)\b`).withCtx(personal).unlessCtx(reKindAsked),
	r("do_i_act", cross("do |shall ", "i |we "), `\b(do|shall) (i|we) (just |still |now |then )?(take|use|apply|skip|stop|continue|restart|double|keep|give|put|try|wait|drain|pop|leave|cover|cut|remove|squeeze|scratch|go (back|up|down|to)|see|call|increase|decrease|lower|raise|switch|change|treat|ice|bandage)\b[^.?]*\?`).withCheck(atClauseStart).unlessCtx(genericAdvice),
	r("restart_stop", words("restart|stop|start|continue|switch|increase|decrease|taper|double|keep using|keep taking"), `\b(restart|stop|start|continue|switch|increase|decrease|taper|double|keep using|keep taking) (it|my|his|her|the [\w'-]+ i)\b[^.]*\?`).withCtx(firstPerson),
	// Triage.
	r("need_drug", words("need|take|use|get|start"), `\b(do|does|will|would|should) (i|we|he|she|they|my [\w'-]+|his [\w'-]+|her [\w'-]+) (really |still |now |also |all |both |actually |definitely |even )?(need|take|use|get|start) (an? |some |the |oral |topical |iv |intravenous )?(stronger |weaker |different |new |another |better |prescription |more )?([a-z]*(cycline|mycin|cillin|azole|vir|virs|sone|olone|mab|inib|oxacin|ectin|ethrin|afine|oxin)|antivirals?|antifungals?|antihistamines?|antibiotics?|medication|medicine|pills|tablets|a cream|an ointment|creams?|ointments?|lotions?|shampoos?|drops|steroids?|prednisone|methotrexate|isotretinoin|accutane|epipens?|epi-pens?|adrenaline|auto-?injectors?)\b`),
	r("need_care", words("need"), `\b(do|does|will|would) (i|we|he|she|they|(both |all )?(my|his|her|our) [\w'-]+( [\w'-]+){0,3}|it|this|these|that) (really |still |now |also |all |both |actually |definitely |even )?need (an? |the |another )?(iv |intravenous |oral |stronger |more |different |eye |skin |hospital |district )?(anything|nurse|biopsy|re-excision|excision|wider excision|sentinel node biopsy|sentinel lymph node biopsy|mri|mri scan|ct|ct scan|ultrasound|imaging|blood tests?|bloods|patch tests?|patch testing|swab|culture|antibiotics?|stitches|surgery|treatment|treating|checking|looking at|removing|draining|lancing|freezing|cutting out|tests?|testing|steroids?|scan|x-ray|referral|appointment|doctor|dermatologist|specialist|tetanus shot|tetanus|shot|vaccine|injection|medical attention|urgent care|to (see|go|visit|call|worry|be seen|be checked|be treated|be biopsied|stop|start|take|switch|change|finish|complete|continue|keep|repeat|stay|treat|pause|hold|withhold|skip|come off|taper|reduce|get (it|this|that|them|checked|tested|seen|a|an|more)|have (it|this|that|them)))\b`),
	r("go_to_er", words("er|e.r.|hospital|emergency|a&e|urgent care|walk-in|doctor|dermatologist|gp|clinic|pediatrician"), `\b(go|goes|going|come|sent|taken|take (him|her|them|my \w+|our \w+)) to (the )?(er|e\.r\.|hospital|emergency( room| department)?|a&e|urgent care|walk-in|doctor|dermatologist|gp)\b[^.]*\?|\b(take|bring) (my|our|him|her|them) ([\w'-]+ )?to (a|an|the) (doctor|dermatologist|er|hospital|gp|urgent care|emergency|a&e|clinic|pediatrician)\b`).unlessCtx(reGeneralSigns),
	// Indirect ways of asking whether to act for a person: "is there any
	// point in me going back on doxy?", "would it be mad to keep the
	// hydrocortisone going?", "would cryo do instead?", "can it wait till
	// Monday?", "¿sería una locura dejar el metotrexato?".
	r("indirect_should", words("any point|would it be|reason to|instead|way to go|make sense|any need|can it wait|can this wait|can that wait|overreact|seria|vale la pena|merece la pena|esta bien que|me salto|le salto|le digo que|la mandamos|lo mandamos|mando a|seguir viniendo|seguir yendo"), `\b(is there (any|much) point (in )?(me |him |her |us |them |my [\w'-]+ )?(trying|going|starting|taking|using|getting|seeing|having|carrying on|continuing|keeping)|would it be (mad|crazy|silly|daft|stupid|overkill|too much|ok|okay|wrong|bad|wise|sensible|unreasonable) to|is (that|this|it) a (good )?reason to (stop|start|switch|see|go|change|come off|lower|reduce|increase|drop|cut)|would ([\w'-]+ ){1,3}(do|work|help) instead|would ([\w'-]+ ){1,3}be the way to go|would ([\w'-]+ ){1,4}make sense for (me|him|her|us|them|my|his|our)|any need (for (me|him|her|us|them) )?to (see|go|get|call|book|take)|can (it|this|that) wait|am i (overreacting|being paranoid)|seria (una locura|exagerado|exagerada|mala idea|buena idea|demasiado|peligroso) |(vale|merece) la pena (que )?(probar|ir|llevar|pedir|hacer|seguir|tomar|ponerme|ponerle|gastar)|esta bien que (siga|sigamos|deje|dejemos|use|tome|le ponga|le de|me ponga)|(me|le) salto (la|el|una) |le digo que (vaya|pida|se quite|deje)|(la|lo) mandamos (a casa|al colegio|al cole)|mando a (mi|su) [a-z]+ al?|puede seguir (viniendo|yendo))\b`).withCtx(anyOf{personal, kinWords, patientWords}),
	// "What would help my brother's cracked heels?": a treatment for one
	// person.
	r("what_helps_my", words("help |work for |clear |soothe |heal "), `\bwhat (would|will|could|can|might) (help|work for|clear|soothe|heal) (my|his|her|our) `),
	// "Too soon to dye my hair, 5 days into a flare?"
	r("too_soon_my", words("too soon|too early|too late"), `\btoo (soon|early|late) to [\w'-]+ (my|his|her|our)\b`),
	// "¿Cómo la bajo?": how to change a drug for oneself or a patient.
	r("es_como_la_bajo", words("como "), `\bcomo (la|lo|le|las|los|se la|se lo) (bajo|subo|quito|dejo|retiro|pongo|doy|aplico|tomo|reduzco|voy bajando)\b`),
	// "My toenails are going yellow and crumbly, what's wrong with them?"
	r("whats_wrong_with", words("wrong with|going on with"), `\bwhat'?s? ?(is )?(wrong|going on) with (it|them|this|these|my|his|her|our|him)\b`).withCtx(anyOf{personal, kinWords}),
	// "Am I ok to wrestle with a cold sore?", "is she ok to swim?"
	r("ok_to_act", cross("am i |is he |is she |are we |is my ", "ok to|okay to|alright to|safe to|fine to|allowed to"), `\b(am i|is (he|she)|are we|is (my|his|her|our) [\w'-]+) (ok|okay|alright|safe|fine|allowed) to\b`),
	// "...my nail: worth a biopsy?", "¿necesitaría biopsia?": whether one
	// lesion needs a procedure.
	r("worth_a_biopsy", words("biops|excision|removal|dermatoscop|dermoscop"), `\b(worth|warrant|warrants|merit|merits|need|needs|necesita|necesitaria|requiere|requeriria) (an? |una )?(biopsy|biopsia|excision|removal|dermoscopy|dermatoscopia)\b`).withCtx(anyOf{personal, kinWords}).withCheck(inQuestion),
	// "...has gone from flat to raised, does that mean melanoma?"
	r("does_that_mean", words("mean"), `\bdoes (that|this|it) mean (it'?s |it is |i have |he has |she has |i've got )?(an? )?[a-z]{4,}`).withCtx(anyOf{personal, kinWords}).unlessCtx(rx(`\bdoes (that|this|it) mean (i|you|we|he|she|they) (can|should|have to|need|must|will)\b|\bdoes (that|this|it) mean anything\b`)),
	// "Con el tratamiento me duelen las articulaciones. ¿Es motivo para
	// dejarlo?"
	r("es_motivo", words("motivo"), `\b(es|seria) (un )?motivo (para|de) (dejarlo|dejarla|dejar|parar|suspender|cambiar|ir|preocuparme|consultar)\b`).withCtx(personal),
	// "¿se puede reventar este grano?", "¿se le puede poner la crema al
	// bebé?": the impersonal form about one person or lesion.
	r("es_se_puede_mine", words("se puede|se le puede|se les puede"), `\bse (le |les )?puede (reventar|quitar|poner|dar|usar|cortar|operar|exprimir|pinchar|tapar|dejar|ir|seguir|echar|aplicar)\b`).withCtx(anyOf{personal, kinWords, reCaseShorthand, rx(`\b(este|esta|estos|estas) (grano|granito|lunar|bulto|quiste|mancha|verruga|ampolla|herida|costra|ronchas|granos|lunares)\b`)}),
	// "¿Me tienen que quitar más piel?", "¿mi nena puede ir al cole?"
	r("es_me_tienen", words("me tienen|le tienen|tendria que|tendrian que|tendre que|tendran que|habria que|puede ir|puede usar|puede tomar|puede seguir|puede volver|puede banarse|puede nadar"), `\b(me|le) tienen que (quitar|operar|reoperar|reintervenir|volver a operar|hacer|poner|dar|ampliar|cortar)\b|\b(me|le|nos) (lo |la |los |las )?(tendria|tendrian|tendre|tendran|habria) que (quitar|operar|hacer|poner|dar|ampliar|cortar|tratar|biopsiar|congelar|extirpar|drenar|recetar|cambiar)\b|\b(mi|su) [a-z]+ puede (ir|usar|tomar|seguir|volver|banarse|nadar)\b`),
	// "¿Usted cree que me deba hacer la biopsia?", "¿vos se los sacarías?":
	// the asker's or a child's procedure, asked of the reader.
	r("es_usted_cree", words("cree que|crees que|sacarias|sacaria|quitarias|quitaria|harias|haria|operarias"), `\b(usted|vos|tu)? ?(cree|crees|cres) que (me|le|lo|la|se) (deba|debo|deberia|convenga|haga|hagan|quite|quiten|saque|saquen|opere|operen)\b|\b(vos|usted|tu) (se los |se lo |se la |le |lo |la )?(sacarias|sacaria|quitarias|quitaria|harias|haria|operarias|operaria|pondrias|pondria|darias|daria)\b`).withCtx(anyOf{personal, kinWords}),
	// "...i'm stopping, right?": a decision announced for approval.
	r("announced_stop", words("stopping|starting|switching|going to stop|gonna stop"), `\b(i'm|im|i am) (stopping|starting|switching|going to stop|gonna stop|coming off|quitting)\b[^?]*\b(right|ok|okay|yes)\?`),
	// "Is 0.1% tretinoin too strong to start with for me?"
	r("too_strong_for_me", words("too strong|too weak|too much|too little"), `\btoo (strong|weak|much|little|harsh|mild) (to (start|use|begin)( with)? )?for (me|him|her|us|my)\b`),
	// "When do I drop to twice a week?": when to change one's own treatment.
	r("when_do_i_change", cross("when ", "do i|should i|can i|shall i|do we|should we|can we"), `\bwhen (do|should|can|shall) (i|we) (drop|stop|start|switch|reduce|taper|go back|restart|increase|come off|cut down|change)\b`),
	// "How long do I have to stay off work with shingles?": whether one
	// person may go to work, school or nursery.
	r("stay_off", words("off |away from |home from |out of "), `\b(do|does|should|must|can|will) (i|we|he|she|they|(my|our|his|her) [\w'-]+)( [\w'-]+)? (have to |need to |still )?(stay|keep|be kept|remain|go back|return) (off|away from|home from|out of|to) (work|school|nursery|daycare|day care|college|class|the gym|sport|swimming|football)\b`),
	// "... refusing bottles - when do we go in?": when to seek care for
	// someone.
	r("when_go_in", cross("when ", "do we|should we|do i|should i|must we|must i"), `\bwhen (do|should|must) (we|i) (go in|go to|take (him|her|them)|bring (him|her|them)|call (the|an|111|999|911)|ring)\b`),
	{name: "triage_question", fn: triageQuestion, ctx: anyOf{personal, wordSet(words("this|these")), kinWords}},
	{name: "clinician_plan", any: words("wants|suggest|recommend|advise|prescribe|propose|offer|put |start|quiere|propon|propus|recomend|recomiend|recet|mand"), re: rx(`\b(doctor|doc|gp|dermatologist|derm|consultant|nurse|paediatrician|pediatrician|pharmacist|surgeon|specialist|medico|medica|doctora|dermatologo|dermatologa|pediatra|enfermera|enfermero|farmaceutico|farmaceutica|especialista)('s)? (wants|suggested|suggests|recommended|recommends|advised|advises|prescribed|proposed|proposes|offered|offers|put|started|is putting|is starting|quiere|propone|propuso|recomendo|recomienda|receto|mando|le mando|me mando|ha mandado|le receto|me receto)\b`), then: rx(`\b(worth it|worth doing|worth trying|is (that|it|this) (really )?(right|ok|okay|safe|necessary|needed|wise|a good idea|sensible|the best|the right)|should (i|we|he|she)|do (i|we|they) (have to|need|really need)|does (he|she) (have to|need|really need)|should i agree|hace falta|merece la pena|vale la pena|le conviene|me conviene|es necesario|lo (dejo|acepto)|la (dejo|acepto)|deberia|debo|tiene que)\b`), unless: rx(`\b(why|how come|por que)\b`)},
	// Images.
	r("image", words("photo| pic|image| file|attach|upload|picture|foto|imagen|adjunt|enclos|snap|screenshot|screen shot"), `\b(attached|enclosed|uploaded|attach|upload) (photo|picture|image|pic|photograph|file|dermoscopy|scan|screenshot)s?\b|\b(photo|picture|image|pic|photograph|dermoscopy image|dermoscopic image|screenshot|screen shot)s? (is |are )?(attached|enclosed|uploaded|i (uploaded|sent|attached|shared|posted|took|included)|we (sent|uploaded|took))\b|\b(see|in|from|on|using|per|based on) (the|this|my|these) (photo|picture|image|pic|photograph|dermoscopy image|dermoscopic image|screenshot)s?\b|\b(this|my|these) (photo|picture|image|pic|photograph)s?\b|\b(i'?ve|i have|i) (attached|uploaded|enclosed)\b|\badjunto (una |la |el |dos |unas |mi |mis )?(foto|fotos|imagen|imagenes|fotografia|archivo)\b|\b(foto|fotos|imagen|imagenes|fotografia)s? (que )?(te |le |les )?(mando|envio|adjunto|subo|subi|mande|envie|adjunte|adjuntada|adjunta|paso)\b|\b(en|de) (la|esta|esa|mi) (foto|imagen|fotografia)\b|\b(te|le|les|os) (mando|envio|paso|adjunto|dejo|comparto) (una |la |unas |las )?(foto|fotos|imagen|imagenes)|\b(here'?s|here is|heres|sending|sent you|this is) (a |an |the |some )?(photo|picture|pic|image|snap)s?\b|\b(photo|picture|pic|image|close-up|closeup)s? of (my|his|her|our|the)\b|\bscreenshot (from|of) (my|his|her|our|the)\b`),
	// "Ve la foto: ¿este lunar de mi hombro tiene algo raro?": "ve" opens
	// its clause, unlike "se ve la foto".
	// "Look at the image, the edge is rolled and pearly. BCC?": an order to
	// look at an image, opening a clause.
	r("look_at_image", words("photo|pic|image|picture"), `\b(look at|check|view|open|see) (the|this|my|these|our) (photo|picture|image|pic|photograph)s?\b`).withCheck(atClauseStart),
	r("es_see_photo", words("foto|imagen"), `\b(ve|mira|mire|vea|fijate en|observa|observe) (la|esta|mi|las|estas|mis) (foto|fotos|imagen|imagenes|fotografia)\b`).withCheck(atClauseStart),
	// Case vignettes: an age or a framing, and a decision.
	{name: "vignette_age", any: words("old|y/o|yo|anos|meses|semanas|dias"), re: rx(`(year|yr|month|week|day|mo|wk)s?[ -]old\b|(y/o|yo)\b|(anos|meses|semanas|dias)\b`), check: agedPerson, then: vignetteAsks, unless: vignetteGeneric},
	{name: "vignette_framing", any: words("case|scenario|vignette|suppose|imagine|hypothetic|caso|escenario|supongamos|supon|imagina|pongamos"), re: rx(`\b(case|scenario|vignette|caso|escenario|clinical case|caso clinico)\s*:|\b(suppose|imagine|hypothetically|supongamos|supon|imagina|imaginemos|hipoteticamente|pongamos que) (a|an|una|un|that|que|my|mi|this|este|esta|el|la)\b`), then: rx(`\?`)},
	{name: "what_diagnosis", any: words("diagnosis|dx|next step|management|diagnostico|siguiente paso"), re: rx(`\b(what'?s|what is|whats|what would be|cual es|cual seria) (the|el) (most )?(likely |probable )?(diagnosis|dx|next step|best next step|next best step|management|diagnostico|siguiente paso)\b`), check: notOfFor},
	{name: "vignette_subject", fn: vignetteSubjectAsk},
	r("vignette_person", words("in his|in her|aged|of "), `\b`+personRE+` (in (his|her) (early |late |mid-)?\d0s|aged \d{1,3}|of \d{1,3})\b[^?]*\?`),
	r("pt_terse", words("pt|patient|paciente"), `\b(pt|patient|paciente)\.?:? \d{1,3} ?(y/?o|yo|years?|anos|f|m)\b[^?]*\?`),
	// Relatives and patients: the asker names the person, then a decision.
	{name: "my_person", any: words("my |our |mi |nuestro |nuestra "), re: rx(`\b(my|our|mi|nuestro|nuestra) (patient|child|son|daughter|baby|toddler|infant|husband|wife|partner|mother|father|mom|mum|dad|kid|kids|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|aunt|uncle|niece|nephew|teen|teenager|paciente|hijo|hija|bebe|nino|nina|esposo|esposa|marido|mujer|pareja|madre|padre|mama|papa|hermano|hermana|abuelo|abuela|nieto|nieta|amigo|amiga)\b`), then: rx(`\b(should|dose|dosage|how much|start|stop|switch|which (\w+ )?(biologic|drug|medication|medicine|cream|ointment|treatment|antibiotic|antifungal|steroid|dose|pill|tablet|dressing|sunscreen|moisturi[sz]er|shampoo|option|one|test|procedure|product|antihistamine|lotion|soap)|does (he|she|it) have|is (he|she)|will (he|she)|diagnosis|diagnose (it|him|her)|what to do|treat (it|him|her|this)|excis|biops|refer|monitor|watch|worried|worry|what (can|should|do) (i|we)|debo|deberia|le pongo|le doy|le aplico|la llevo|lo llevo|tiene que|necesita|puede (usar|tomar|ir)|que le|cuanto|cuanta|es grave|sera|next step|next line|next option)`), unless: anyOf{reProcessAsked, rx(`\bhow much (more|less|better|difference)\b|\b(cuanta|que) diferencia\b`), rx(`\b(was|were|has been|have been|got|fue|ha sido|esta) (just |recently |already )?(diagnosed|diagnosticad[oa])\b[^?]*\b(how|what|why|when|where|cuanto|como|que|por que)\b [^?]*(usually|typically|generally|normally|last|mean|suelen|normalmente|dura|duran)`), matchFunc(onlyWhyQuestions), newWordMap(setOf("in general|en general|por lo general"))}},
	// Terse questions after a personal description or a vignette:
	// "... under my thumbnail. Melanoma?", "70F, new ulcer on the shin.
	// Antibiotics?", "¿biopsia o vigilar?".
	// Its context is a vignette's subject or one of the alternatives of
	// \b(i|i'm|...|doc)\b|\b\d{1,3} ?(f|m|...)\b|...: for a yes or no, an
	// alternation is any of its parts, and the parts run cheapest first,
	// the words without an expression, the ages in digits from
	// ageDigitStarts.
	{name: "terse_question", fn: terseQuestion, ctx: anyOf{
		terseAskerWords,
		newFastREAt(`\b\d{1,3} ?(f|m|yo|y/o|yof|yom)\b|\b\d{1,3}[ -]?(year|yr|month|week|day)s?[ -]old\b`, ageDigitStarts).within(40),
		rx(`\b(hombre|mujer|varon|nino|nina|bebe|paciente) de \d{1,3}\b`),
		rx(`\b(teenager|teen|woman|man|boy|girl|child|infant|baby|toddler|resident|senora|senor|nino|nina|mujer|hombre|bebe|adolescente) (with|con|de)\b`),
		reCaseShorthand,
		kinWords,
		reImpliedFirstPerson,
		reTelegraphicFinding,
		vignetteSubject,
	}},
	// "nephew, 9, round bald patch with black dots. tinea capitis or
	// alopecia areata?", "79M care home, tense bullae... clobetasol or oral
	// pred?": a short choice after a particular person is described.
	{name: "final_choice", any: words(" or | o "), fn: finalChoice, unless: anyOf{reChoiceGeneral, reKindAsked, reRoutineOrder, reInteraction}},
	r("tell_me_if", words("tell me|let me know|dime|digame|decir si|decirme si"), `\b(tell me|let me know|dime|digame|decir|decirme) (if|whether|si) (my|this|that|these|his|her|it|i|mi|este|esta|esto|eso|es|tengo|lo|la|le)\b`),
	{name: "option_or_option", any: words(" or | o "), re: rx(`\b(biopsy|biopsia|excise|excision|extirpar|freeze|freezing|cryo|cryotherapy|crioterapia|surgery|cirugia|mohs|observe|observation|observar|watch|vigilar|monitor|wait|esperar|treat|tratar|antibiotics?|antibioticos?|steroids?|corticoides?|cream|crema|refer|derivar|referral|laser|remove|removal|quitar|leave it|dejarlo|topical|topico|oral|pills|pastillas|isotretinoin|isotretinoina|methotrexate|metotrexato|biologic|biologico|dupilumab|phototherapy|fototerapia|injections?|inyecciones|infiltraciones|infiltracion|radiotherapy|radioterapia|radiation)\b,? (or|o) (\w+ )?(biopsy|biopsia|excise|excision|extirpar|freeze|freezing|cryo|cryotherapy|crioterapia|surgery|cirugia|mohs|observe|observation|observar|watch|vigilar|monitor|wait|esperar|treat|tratar|antibiotics?|antibioticos?|steroids?|corticoides?|cream|crema|refer|derivar|referral|laser|remove|removal|quitar|leave it|dejarlo|topical|topico|oral|pills|pastillas|isotretinoin|isotretinoina|methotrexate|metotrexato|biologic|biologico|dupilumab|phototherapy|fototerapia|injections?|inyecciones|infiltraciones|infiltracion|radiotherapy|radioterapia|radiation|not|no|nothing|nada)\b[^.]*\?`), ctx: personal, unless: rx(`\b(when|how|why|what|difference|cuando|como|por que|diferencia)\b[^?]*\b(usually|generally|typically|chosen|preferred|decided|suele|suelen|se elige|se decide|en general)\b`)},
	// Spanish.
	r("es_is_short", words("es |sera |seria |son |puede ser|podria ser|soy |estoy "), `\b(es|sera|seria|seran|son|puede ser|podria ser) (solo |solamente |simplemente |nada mas que |quiza |acaso |tal vez )?(un |una |algo )?[a-z]+( [a-z]+)?\?|\b(soy|estoy) (alergic[oa]|contagios[oa]|infectad[oa]|inmune)\b`).withCtx(anyOf{personal, kinWords}).withCheck(atClauseStart).unlessCtx(rx(`\bes normal [a-z]+(ar|er|ir) |(es|son|sera|seria) (para siempre|de por vida|para toda la vida)|(es|son) (un |una )?(antibiotico|antibioticos|corticoide|corticoides|antifungico|antiviral|antihistaminico|medicamento|farmaco|generico|biologico|retinoide|vacuna|crema|pomada|marca)\b|(es|son|sera|seria) (un |una )?(contagios[oa]s?|hereditari[oa]s?|genetic[oa]s?|curable|comun|frecuente|cronic[oa]|autoinmune|permanente|cierto|verdad|lo mismo|normal que|bueno|malo para)\b`)),
	{name: "es_cuanto", any: words("cuant|hasta cuando"), re: rx(`\b(cuanto|cuanta|cuantos|cuantas|cada cuanto|cuanto tiempo|hasta cuando) `), then: rx(`\b(me|le|te|nos|les) |\b(mi|su|mis|sus) [a-z]+|\b(lo|la|los|las) (tomo|uso|aplico|sigo|dejo|pongo|llevo)\b`)},
	r("es_me_recomiendas", words("recomiend|recomendar|aconsej|sugier|recetari"), `\b(me|le|nos|les) (recomiendas|recomienda|recomiendan|recomendarias|recomendaria|aconsejas|aconseja|aconsejarias|sugieres|sugiere|recetarias|recetaria)\b`),
	r("es_que_tomo", words("tomo|uso|aplico|pongo|doy|necesito|echo|unto|compro|compramos|pido"), `\b(que|cuanta|cuanto|cuantas|cuantos|cual|cuales) [a-z ]{0,40}\b(tomo|uso|aplico|me pongo|me tomo|le doy|le pongo|me aplico|necesito|le echo|me echo|me unto|le unto|me compro|le compro|compro|compramos|le pido|me pido|pido)\b`).withCheck(verbNotNoun),
	r("es_que_puede_ser", words("puede ser|podria ser|sera esto|sera eso"), `\bque (puede|podria|pudiera) ser\b|\bque sera (esto|eso)\b`).withCtx(personal),
	r("es_weight", words("peso |pesa "), `\b(peso|pesa) (unos |alrededor de )?\d+ ?(kg|kilos?)\b`),
	{name: "es_tengo", any: words("tengo|tendre|tendria|tendra|tiene"), re: rx(`\b(tengo|tendre|tendria|tendra|tiene) ([a-z]+ ){0,3}[a-z]+\?`), check: tengoWhat},
	r("es_que_tengo", words("tengo|tiene|sera|es esto|es eso|me pasa|le pasa|me sale|le sale"), `\b(que|cual) (tengo|tiene mi \w+|tiene|sera|es esto|es eso|me pasa|le pasa|me sale|le sale|tengo en)\b|\b(tengo|tiene) algo (grave|malo|serio)\b`).withCheck(queAsks).withCtx(anyOf{personal, kinWords}).unlessCtx(reTermAsked),
	r("es_crees", words("crees|cree |creen|piensas|piensa |dirias|diria |opinas|opina "), `\b(crees|cree|creen|piensas|piensa|dirias|diria|opinas|opina) (usted |tu )?(que )?(es|sea|son|sean|tengo|tiene|puede|podria|deberia|debo|hay que|necesito|necesita|seria)\b`),
	r("es_this_lesion", words(" es| son| sera| parece| podria ser| puede ser| significa"), `\b(este|esta|estos|estas|ese|esa|mi|mis|el|la|los|las) (`+lesionES+`)\b( [a-z]+){0,8} (es|son|sera|seran|parece|parecen|podria ser|puede ser|significa)\b[^.]*\?`).withCtx(rx(`\b(este|esta|estos|estas|ese|esa|mi|mis|me|tengo|le|su)\b`)).unlessCtx(anyOf{matchFunc(onlyWhyQuestions), reKindAsked, rx(`\b(dijo|dice|ha dicho|dijeron|comento|explico|confirmo) que (mi|su|el|la|los|las) `)}),
	r("es_is_it", words("es |son |sera |seran |seria |puede ser|podria ser"), `\b(es|sera|seria|seran|son|puede ser|podria ser) (un |una )?(cancer|melanoma|benigno|benigna|maligno|maligna|grave|peligroso|peligrosa|normal|sarna|tina|psoriasis|eccema|eczema|herpes|infeccion|alergia|urticaria|vitiligo|hongos|un hongo|algo grave|algo malo|malo|preocupante)\b`).withCtx(personal).withCheck(atClauseStart).unlessCtx(rx(`\bes normal [a-z]+(ar|er|ir) `)),
	r("es_hace_falta", words("hace falta|es necesari|merece la pena|vale la pena|compensa"), `\b(hace falta|es necesario|es necesaria|merece la pena|vale la pena|compensa)( [a-z]+){0,3}\?`).withCtx(rx(`\b(mi|mis|me|le|su|sus|tengo)\b`)).withCheck(atClauseStart),
	// "mi pareja tiene molusco en la cara, ¿se lo tienen que quitar?",
	// "mi abuelo toma sintrom..., ¿se lo toma?": what to do for the person
	// named.
	r("es_se_lo", words("se lo |se la |se los |se las |se le |me lo |me la "), `\b(se (lo|la|los|las|le)|me (lo|la)) (tienen que|tiene que|toma|tomo|pongo|quito|quitan|quitamos|dejo|dejamos|doy|damos|aplico|ponemos|hacen|hago|cambio|cambiamos|reviento|revientan|pincho|corto)\b`).withCtx(anyOf{personal, kinWords}).withCheck(atClauseStart),
	// "¿me hago la depilación láser con la hidradenitis activa?": a
	// procedure for the asker.
	r("es_me_hago", words("me hago|me opero|me quito|me saco"), `\bme (hago|opero|quito|saco)\b`).withCheck(atClauseStart),
	r("es_puedo", words("puedo|podria|puede |podemos|pueden"), `\b(puedo|podria|podemos|puede (mi|su) \w+( de \d{1,3} (anos|meses))?|pueden (mis|sus) \w+) (seguir |dejar de |empezar a |volver a |usar y |tambien )?(seguir con|continuar con|juntar|meter|meterme|quitar|reventar|volar|viajar|subir|bajar|aumentar|reducir|doblar|duplicar|volver|usando|tomando|aplicando|aplicandome|poniendome|poniendole|dandole|esperar|aguantar|usar|tomar|aplicar|aplicarme|ponerme|poner|ponerle|darle|dar|mezclar|combinar|beber|tomarme|broncearme|depilarme|ir|banarme|nadar|hacerme|tatuarme|usarla|usarlo|tomarla|tomarlo|exponerme|tomar el sol|rascarme|reventar|quitarme|cortar|dejar|suspender|embarazarme|amamantar|dar el pecho|vacunarme|operarme)\b`).unlessCtx(anyOf{genericAdvice, rx(`\b(contagiarme|contagiar|pegar|transmitir)\b`)}),
	r("es_debo", words("debo|deberia|tengo que|necesito|hace falta|deberiamos|debemos|tenemos que|necesitamos|tiene que|necesita|debe "), `\b(debo|deberia|tengo que|necesito|hace falta que|deberiamos|debemos|tenemos que|necesitamos|tiene que|necesita|debe) (ya |urgentemente |de nuevo )?(tratarnos|tratarme|tratarlo|tratarla|tratarlos|usar|tomar|aplicar|ir|ver|pedir|dejar|suspender|parar|seguir|empezar|cambiar|consultar|acudir|preocuparme|preocuparse|hacerme|hacerse|operarme|operarse|llevar|llevarla|llevarlo|quitarme|quitarse|quitar(se|me)(lo|la|los|las)|faltar|quedarse en casa|quedarme en casa|llamar|avisar|biopsiar|tratar|tratarme|tratarlo|tratarla|vigilar|antibiotico|antibioticos|biopsia|una biopsia|cirugia|puntos|tratamiento|un dermatologo|un medico|al medico|al dermatologo|urgencias|a urgencias)\b`).withCheck(esModalPerson).unlessCtx(anyOf{genericAdvice, matchFunc(onlyWhyQuestions), rx(`\b(tengo que|debo|deberia|necesito) (usar|ponerme|aplicarme|llevar) (protector|crema solar|fotoprotector|sombrero|gafas)\b[^?]*\b(invierno|nublado|siempre|todos los dias|cada dia)\b|\b(tengo que|debo|deberia|necesito|hay que) (usar|ponerme|llevar) (chanclas|sandalias|zapatillas)\b`)}),
	r("es_que_le_pongo", words("pongo|doy|aplico|recomienda|recet|conviene|sirve|vendria|iria"), `\b(que|cual|cuanta|cuanto|cuantas|cuantos) ([a-z]+ ){0,3}(le|me|te|les) (pongo|doy|aplico|recomiendas|recomienda|recomiendan|receto|recetas|recetaria|conviene|convienen|sirve|sirven|vendria|irian|iria|pongo)\b`),
	r("es_conviene", words("conviene|basta|bastaria|alcanza|serviria|funcionaria|quitaria|curaria|ayudaria|quitara|curara|ira |iria|vendria"), `\b(me|le|les|nos) (conviene|convienen|convendria|basta|bastaria|alcanza|alcanzaria|serviria|funcionaria|quitaria|curaria|ayudaria|quitara|curara|ira bien|iria bien|iria mejor|irian mejor|vendria bien|vendria mejor|vendrian bien|vendrian mejor)\b`),
	r("es_le_sirve", words("sirve|servira|vale "), `\b(me|le|les|nos) (sirve|sirven|servira|vale) (a (mi|mis|su|sus) [a-z]+ )?(el|la|los|las|mi|mis|su|sus|esta|este|esa|ese)\b`).withCtx(rx(`\b(mi|mis|su|sus)\b`)),
	r("es_llevo", words("llev|voy|vamos|ir |acud|mand|acerc|traigo"), `\b(la|lo|le|los|las) (llevo|llevamos|mando|mandamos|acerco|acercamos) (ya |hoy |ahora |esta noche |manana )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|centro de salud)\b|\b(llevo|llevamos|mando|mandamos|acerco|acercamos|traigo) (ya |hoy |ahora )?(a )?(mi|mis|nuestro|nuestra|nuestros) [a-z]+ (ya |hoy |ahora )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|centro de salud)\b|\b(voy|vamos|acudo|acudimos|tiene que ir|debe ir|debo ir|tengo que ir|hay que llevarla|hay que llevarlo|necesito ir|necesita ir) (ya |hoy |urgentemente |corriendo )?(a|al) (urgencias|medico|hospital|dermatologo|pediatra|doctor|consulta|especialista|centro de salud)\b`),
	r("es_puede_esperar", words("esperar|aguantar"), `\b(puedo|podemos|puede|podria) (esperar|aguantar) (a|al|hasta)\b`).withCheck(esModalPerson),
	{name: "es_first_verb", any: words(esFirstVerbs), fn: esFirstVerb, unless: anyOf{rx(`\b(en general|normalmente|habitualmente|por lo general|de rutina|siempre|cualquier|cualquiera)\b`), reRoutineOrder}},
	r("es_que_hago", words("hago|hacemos|harias|haria|hacer|fuera|estuviera|en mi lugar|operaria|tratari|usari|empezari|recetari|biopsiari"), `\b(que|q) (hago|hacemos|harias|haria usted|haria|debo hacer|debemos hacer|le hago|me hago|puedo hacer|tengo que hacer)\b|\bsi (fuera|fueras|estuviera|estuvieras) (usted|tu|vos|en mi lugar)\b|\ben mi lugar\b|\b(operaria|tratarias|trataria|usarias|usaria|empezarias|empezaria|recetarias|recetaria|biopsiarias|biopsiaria)\b`),
	// "¿Mi hermano tiene lupus?"
	r("es_kin_tiene", words("tiene|tendra|tendria"), `\b(mi|su|nuestro|nuestra) (`+esKinRE+`) (tiene|tendra|tendria) ([a-z]+ ){0,2}[a-z]+\?`).withCheck(kinTieneWhat),
	// "¿Puede ser por el enalapril que se me hinche la lengua?"
	r("es_puede_ser_por", words("puede ser|podria ser|pudiera ser"), `\b(puede|podria|pudiera) ser (por|de|culpa de|a causa de|debido a|una reaccion a|alergia a|reaccion a) (el|la|los|las|mi|mis|un|una|esta|este|ese|esa) `).withCtx(rx(`\b(me|mi|mis|le|tengo)\b`)),
	// "Una amiga está embarazada y tiene sarna, ¿puede usar permetrina?":
	// the subject is a person named before.
	r("es_puede_usar", words("puede |podria |pueden |podrian "), `\b(puede|podria|pueden|podrian) (seguir |empezar a |volver a )?(usar|tomar|aplicar|aplicarse|ponerse|ir|banarse|nadar|amamantar|dar el pecho|vacunarse|operarse|seguir con|volver)\b`).withCheck(atClauseStart).withCtx(rx(`\b(mi|mis|su|sus|nuestro|nuestra|un amigo|una amiga|ella|el|mi paciente|la paciente|el paciente)\b`)).unlessCtx(rx(`\b(alguien|una persona|cualquier|cualquiera|la gente|las personas|los pacientes|las embarazadas|una embarazada|en general|normalmente|se puede)\b`)),
	// "¿Me drenan el quiste o me lo quitan entero?": what clinicians will do
	// to the asker.
	r("es_me_hacen", cross("me ", "lo |la |los |las |drenan|quitan|operan|congelan|queman|infiltran|pinchan|hacen|ponen|recetan|cortan|extirpan|biopsian|mandan|dan "), `\b(me) (lo |la |los |las )?(drenan|quitan|operan|congelan|queman|infiltran|pinchan|hacen|ponen|recetan|cortan|extirpan|biopsian|mandan|dan)\b[^.;]*\?`).withCheck(atClauseStart),
	// "Mi tía tiene una llaga que huele mal. ¿Hay que llamar al médico hoy?"
	r("es_hay_que", words("hay que"), `\bhay que (llamar|avisar|llevarla|llevarlo|llevarle|ir|acudir|consultar|quitarselo|quitarsela|quitarlo|quitarla|tratarlo|tratarla|tratarle|darle|ponerle|cambiarle|suspender|suspenderle|parar|dejar|operar|operarle|operarlo|operarla|biopsiar|pincharlo|drenarlo|drenar|vacunarlo|vacunarla|preocuparse|hacerle|hacer algo|ingresarla|ingresarlo)\b`).withCheck(atClauseStart).withCtx(rx(`\b(mi|mis|su|sus|le|me|tengo|nuestro|nuestra)\b`)),
	// "¿Cuánto tiempo sigo con el Efudix?": a duration in the first person.
	r("es_cuanto_sigo", words("cuant|hasta cuando"), `\b(cuanto tiempo|cuantos dias|cuantas semanas|cuantos meses|hasta cuando|cuanto|cuanta|cuantas|cuantos) (mas )?(sigo|tomo|uso|aplico|pongo|dejo|espero|continuo|debo|tengo que|necesito|puedo|seguimos|esperamos|dejamos|usamos|aplicamos|ponemos|damos|doy|le doy|le pongo|le aplico|me pongo|me aplico|me tomo|me dejo|le dejo|lo dejo|la dejo|mantengo|mantenemos)\b`),
	// "¿Es buena idea que mi hijo de 7 años empiece con dupilumab?"
	r("es_buena_idea_que", words(" que "), `\b(es|seria|sera) (buena idea|mala idea|recomendable|seguro|segura|peligroso|peligrosa|conveniente|necesario|prudente|sensato|mejor|normal|grave) que (mi|mis|su|sus|yo|me|le|nuestro|nuestra|nos)\b`),
	r("es_should_worry", words("preocup|grave|urgente"), `\b(deberia|debo|debemos|tengo que|hay que) preocupar(me|nos|se)\b|\bes (grave|urgente|preocupante)\b[^.]*\?|\b(me|nos) (preocupo|preocupamos)\b[^.]*\?`).withCtx(rx(`\b(mi|mis|me|tengo|le|su|sus)\b`)),
}

// kinRE names a person close to the asker, or a clinician's patient.
const kinRE = `son|daughter|baby|toddler|infant|newborn|husband|wife|partner|mother|father|mom|mum|dad|kid|boyfriend|girlfriend|friend|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|aunt|uncle|niece|nephew|teen|teenager|patient|child|little one`

// esKinRE is kinRE's Spanish counterpart.
const esKinRE = `nene|nena|hijo|hija|bebe|nino|nina|esposo|esposa|marido|mujer|pareja|madre|padre|mama|papa|hermano|hermana|abuelo|abuela|nieto|nieta|amigo|amiga|tio|tia|sobrino|sobrina|novio|novia|paciente`

// kinWords name a person close to the asker: "husband got stung, now hives
// everywhere. 999?".
var kinWords = newWordMap(func() map[string]bool {
	set := setOf(kinRE + "|" + esKinRE + "|" + moreKin)
	for _, w := range strings.Split(kinRE+"|"+moreKin, "|") {
		set[w+"'s"] = true // "mum's shingles", "hubby's rash"
	}
	// Bare "son" is also Spanish for "they are" ("¿qué sarpullidos son
	// motivo para ir a urgencias?"); "my son" is personal anyway, and "son,
	// 15, ..." is a case in shorthand (reCaseShorthand).
	delete(set, "son")
	return set
}())

// moreKin are relations and people in one's care that kinRE leaves out, as
// their own nouns are rarely used after "my".
const moreKin = "crio|cria|chaval|chavala|peque|grandad|granddad|alumno|alumna|nan|nana|gran|granny|nanna|hubby|missus|stepson|stepdaughter|coworker|co-worker|colleague|pupil|resident|wee one|nene|nena|nino|nina"

// patientWords name a clinician's patient.
var patientWords = indexWords(words("patient|pt|paciente|la paciente|el paciente"))

// bodySet holds the parts of the body of bodyRE and their plurals.
var bodySet = func() *wordMap {
	m := map[string]bool{}
	for _, w := range words(strings.Trim(bodyRE, "(?:)")) {
		m[w], m[w+"s"] = true, true
	}
	return newWordMap(m)
}()

// lesionOrBodyIn returns a check that group g of a match holds a lesion
// word or a part of the body: "could my swollen eyelids be ...".
func lesionOrBodyIn(g int) func(q string, m []int) bool {
	return func(q string, m []int) bool {
		if m[2*g] < 0 {
			return false
		}
		span := q[m[2*g]:m[2*g+1]]
		return lesionSet.MatchString(span) || bodySet.MatchString(span)
	}
}

// lesionThenOwnerOrMine vets "whether my ..." or "whether the ... on my
// ...": a lesion word owned by the asker or someone close.
func lesionThenOwnerOrMine(q string, m []int) bool {
	if lesionThenOwner(q, m) {
		return true
	}
	switch q[m[2]:m[3]] {
	case "my", "his", "her":
		rest := q[m[1]:]
		if e := strings.IndexAny(rest, "?.!;"); e >= 0 {
			rest = rest[:e]
		}
		return lesionSet.MatchString(firstWords(rest, 4)) || bodySet.MatchString(firstWords(rest, 4))
	}
	return false
}

// sentenceAround returns the sentence of q that holds q[i:j]: from the last
// stop before i to the first after j.
func sentenceAround(q string, i, j int) string {
	start := strings.LastIndexAny(q[:i], ".?!;") + 1
	end := len(q)
	if k := strings.IndexAny(q[j:], ".?!;"); k >= 0 {
		end = j + k
	}
	return q[start:end]
}

// particularPerson names one person by a definite article and an age or a
// word for a patient: "the 80-year-old in bed 4", "this patient".
var particularPerson = rx(`\b(the|this|that) (\d{1,3}[ -]?(year|yr|month|week)s?[ -]old|\d{1,3} ?(yo|y/o)|patient|man|woman|lady|gentleman|boy|girl|child|baby|infant|toddler|resident)\b`)

// personInSentence vets a match whose sentence names the person it is for.
func personInSentence(q string, m []int) bool {
	s := sentenceAround(q, m[0], m[1])
	return personal.MatchString(s) || particularPerson.MatchString(s)
}

// reOptionsFor, anchored at the word before " or " or at "suit", weighs
// options for someone: "radiotherapy or surgery be better", "finasteride or
// minoxidil for me?", "suit me better".
var reOptionsFor = regexp.MustCompile(`^(?:[a-z-]+ or (an? )?[a-z-]+( [a-z-]+)? (be |is |are )?(better|best|safer|preferable|more suitable|more appropriate)\b|suits? (me|him|her|us|my [\w'-]+) (better|best)\b|[a-z-]+ or [a-z-]+( [a-z-]+)? for (me|him|her|us|(my|his|her|our) [\w'-]+( [\w'-]+){0,2})\?)`)

// optionsForPerson reports whether q weighs options for a person named in
// the same sentence (personInSentence). The expression runs only from the
// word before each " or " and from each "suit".
func optionsForPerson(q string) bool {
	try := func(start int) bool {
		if start > 0 && isWordByte(q[start-1]) {
			return false
		}
		m := reOptionsFor.FindStringIndex(q[start:])
		return m != nil && personInSentence(q, []int{start, start + m[1]})
	}
	for off := 0; ; {
		k := strings.Index(q[off:], " or ")
		if k < 0 {
			break
		}
		k += off
		start := k
		for start > 0 && (isLower(q[start-1]) || q[start-1] == '-') {
			start--
		}
		if start < k && try(start) {
			return true
		}
		off = k + 1
	}
	for off := 0; ; {
		k := strings.Index(q[off:], "suit")
		if k < 0 {
			return false
		}
		if try(off + k) {
			return true
		}
		off += k + 1
	}
}

// reInstitution names an institution, whose plans are policy, not one
// person's care: "our clinic is considering offering laser".
var reInstitution = rx(`\b(our|my|the|this) (clinic|practice|hospital|department|service|surgery|school|company|team|ward|unit|pharmacy|trust)\b`)

// clinicalPlan vets a plan ("considering ...", "leaning toward ..."): up to
// the question, it names a treatment, a drug or watching and waiting.
func clinicalPlan(q string, m []int) bool {
	rest := q[m[1]:]
	if k := strings.IndexByte(rest, '?'); k >= 0 {
		rest = rest[:k]
	}
	return rePlanWords.MatchString(rest) || reDrugSuffix.MatchString(rest)
}

var (
	rePlanWords  = newWordMap(setOf("stop|stopping|start|starting|restart|switch|switching|watch|watching|wait|waiting|treat|treating|treatment|dose|daily|mg|cream|ointment|biopsy|excision|excise|remove|removing|taking|using|applying|tablets|tablet|pills|injection|injections|suppressive|therapy|drug|medication|antibiotics|steroids|dejar|empezar|tratamiento|dosis|crema|pastillas|esperar|vigilar|quitar|biopsia"))
	reDrugSuffix = rx(`[a-z]{3}(cycline|mycin|cillin|azole|ciclovir|clovir|sone|olone|mab|inib|oxacin|ectin|ethrin|afine|trexate|tinoin)\b`)
)

// ownerInMatch vets a match that names its person: "would someone with my
// kind of hair loss benefit from".
func ownerInMatch(q string, m []int) bool {
	return matchOwners.MatchString(q[m[0]:m[1]])
}

var matchOwners = indexWords(words("i|we|he|she|me|him|us|my|his|her|our|i'm|i've"))

// worthForPerson vets "worth trying": a person named in the same sentence,
// or a terse "Worth getting checked?" after a personal description.
func worthForPerson(q string, m []int) bool {
	if atClauseStart(q, m) {
		return personal.MatchString(q)
	}
	s := sentenceAround(q, m[0], m[1])
	return matchOwners.MatchString(afterDash(s))
}

// kinTieneWhat vets "¿mi hermano tiene X?": at a clause start, and X a
// diagnosis, not "que" (a duty, which other rules judge) or a cure.
func kinTieneWhat(q string, m []int) bool {
	if !atClauseStart(q, m) {
		return false
	}
	rest := q[m[2*3+1]:m[1]]
	w, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	switch strings.TrimSuffix(w, "?") {
	case "cura", "tratamiento", "solucion", "remedio", "vacuna", "arreglo", "que":
		return false
	}
	return true
}

// onlyWhyQuestions reports whether every question of q asks why, and there
// is one: "My teenager's dermatologist started him on isotretinoin. Why does
// it cause dry lips?" tells of a decision made and asks how a drug acts.
func onlyWhyQuestions(q string) bool {
	seen, other := false, false
	anyQuestion(withQuestionMark(q), ".:;!?", func(c string) bool {
		c = strings.TrimSpace(afterComma(questionSentence(c)))
		seen = true
		if !reWhy.MatchString(c) || reWhyDecision.MatchString(c) {
			other = true
			return true
		}
		return false
	})
	return seen && !other
}

// withQuestionMark returns q, ended with a question mark when it holds none:
// the last sentence of a question typed without one is the question.
func withQuestionMark(q string) string {
	if strings.IndexByte(q, '?') >= 0 {
		return q
	}
	return strings.TrimRight(q, " .!") + "?"
}

// questionSentence returns a question as anyQuestion gives it, from its last
// dash on, without the opening "¿" and surrounding spaces.
func questionSentence(c string) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(afterDash(c)), "¿"))
}

// afterComma returns what follows the last comma of s that a question word
// follows: "mi madre toma metotrexato, por que tiene que tomar acido folico".
func afterComma(s string) string {
	if i := strings.LastIndex(s, ", "); i >= 0 {
		if tail := strings.TrimPrefix(s[i+2:], "¿"); reWhy.MatchString(tail) {
			return tail
		}
	}
	return s
}

var (
	// reWhy asks why, or what a drug's usual effects are: questions about a
	// drug or a disease, not about what to do.
	reWhy         = rx(`^(why|how come|por que|porque) |^how does it work\b|^what are (the )?(usual|common|typical|main|known|possible|likely) (side effects|risks|adverse effects)\b`)
	reWhyDecision = rx(`\b(should|debo|deberia|debe|stop|start|switch|dejo|paro|cambio)\b`)
)

// esFirstVerbs are Spanish verbs in the first person, singular or plural,
// that open a question about what the asker does: "¿Cambio de crema?",
// "¿se las congelamos o esperamos?", "¿me alejo de ella?".
const esFirstVerbs = "derivo|derivamos|paso|receto|pauto|cambio|sigo|dejo|empiezo|tomo|uso|aplico|pongo|paro|suspendo|continuo|pido|repito|subo|bajo|aumento|reduzco|quito|corto|revento|exprimo|rasco|espero|vuelvo|me pongo|me aplico|me tomo|le pongo|le doy|le aplico|lo dejo|la dejo|me opero|me quito|le paso|le unto|le echo|me echo|me unto|le corto|le quito|echo|unto|lavo|tapo|cubro|vendo|pincho|doy|cambiamos|seguimos|dejamos|empezamos|subimos|bajamos|llevamos|esperamos|congelo|quemo|dreno|alejo|aparto|evito|beso|cojo|aviso|llamo al|llamo a|falto|congelamos|quemamos|quitamos|ponemos|damos|aplicamos|tratamos|operamos|paramos|suspendemos|usamos|pedimos|llamamos al|llamamos a|cortamos|drenamos|tapamos|cubrimos|lavamos|aumentamos|reducimos|probamos|pruebo|vigilo|vigilamos|observo|reviento|termino|terminamos|llamo ya|llamo hoy|llamo ahora|la llevo|lo llevo|le llevo|los llevo|las llevo"
