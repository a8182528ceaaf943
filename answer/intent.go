package answer

import (
	"math/bits"
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/internal/wordre"
	"github.com/dermliving/dermliving/retrieve"
)

// Intent is a set of kinds of answer a question asks for.
type Intent uint32

// The kinds of answer.
const (
	Definition Intent = 1 << iota
	Cause
	Symptoms
	Location
	Duration
	Treatment
	SelfCare
	Contagion
	Risk
	Complications
	Prognosis
	Diagnosis
	SeeClinician
	Research
	YesNo
)

// allIntents is every kind of answer.
const allIntents = Definition | Cause | Symptoms | Location | Duration | Treatment | SelfCare | Contagion | Risk | Complications | Prognosis | Diagnosis | SeeClinician | Research | YesNo

var intentNames = []string{"definition", "cause", "symptoms", "location", "duration", "treatment", "selfcare", "contagion", "risk", "complications", "prognosis", "diagnosis", "see_clinician", "research", "yesno"}

// String lists the kinds in the set, joined by "+".
func (i Intent) String() string {
	var parts []string
	for b := range intentNames {
		if i&(1<<b) != 0 {
			parts = append(parts, intentNames[b])
		}
	}
	return strings.Join(parts, "+")
}

// Count is the number of kinds in the set.
func (i Intent) Count() int { return bits.OnesCount32(uint32(i)) }

// intentRule is one cue in a question's wording for a kind of answer.
type intentRule struct {
	intent Intent
	re     *wordre.Regexp // runs only at the words where a match can begin
}

// intentRules read a question's wording. They are cues, not grammar: a
// question may ask for several kinds ("what does it look like and where?").
var intentRules = []intentRule{
	{Definition, wordre.MustCompile(`(?i)^\W*(?:what\s+(?:is|are)\b(?:\s+\(are\))?|what's|whats|wat\s+is|define|definition|meaning\s+of|tell\s+me\s+about|explain|describe|info\s+(?:on|about)|what\s+(?:does|do)\s+.{1,60}\s+mean\b)`)},
	// "xerosis meaning in simple words": a search-engine definition.
	{Definition, wordre.MustCompile(`(?i)\bmeaning\s*(?:\?|$|,|\.|\s+(?:in|and|for|please)\b)`)},
	{Cause, wordre.MustCompile(`(?i)\b(?:what\b[^?.]{0,30}?\bbehind\b|culprits?\b|caus\w*|trigger\w*|flare\w*|why\b|reason|worse\w*|worsen\w*|aggravat\w*|(?:bring|brings|bringing|brought)\s+(?:\w+\s+)?on\b|(?:set|sets|setting)\s+(?:\w+\s+)?off\b|lead\w*\s+to|result\s+from|due\s+to|giv\w*\s+rise\s+to|gave\s+rise\s+to|genetic|inherit\w*|hereditary|runs?\s+in\s+famil\w*|what\s+makes|(?:medicines?|medications?|drugs?|tablets?|pills?)\s+(?:\w+\s+){0,2}?(?:make|makes|made)\b|what\s+is\s+it\s+(?:in|about)\b|gives?\s+(?:people|you|someone|them|kids|children)\b|how\s+do\s+(?:you|people|they)\s+get|how\s+does\s+\w+\s+(?:get|start|develop))`)},
	{Symptoms, wordre.MustCompile(`(?i)\b(?:(?:blisters?|rash(?:es)?|spots?|patch(?:es)?|lesions?|lumps?|bumps?|sores?|plaques?|scales?)\b[^?.]{0,60}?\b(?:differ\w*|different|diff|compare\w*|vs\.?|versus)\b|(?:differ\w*|difference|diff)\b[^?.]{0,40}?\b(?:blisters?|rash(?:es)?|spots?|patch(?:es)?|lesions?|lumps?|bumps?|sores?|plaques?)\b|symptom\w*|signs?\b|look\w*\s+(?:like|different|differ\w*|similar)|how\s+(?:does|do|can|would)\s+.{1,40}\s+look\b|appear(?:ance|s)?\b(?:\s+like)?|feel\w*\s+like|what\s+does\s+.{1,40}\s+(?:look|feel)|recogni[sz]e|tell\s+if|spot\b|itch\w*|present\w*|show(?:s|ing)?\s+(?:it|them)sel(?:f|ves)|hurts?\b|hurting\b|painless|morpholog\w*)`)},
	{Location, wordre.MustCompile(`(?i)(?:^\W*where\b|\bwhereabouts\b|\bwhere\s+(?:on|does|do|is|are|can)\b|\b(?:which|what)\s+(?:part|area|site|place)s?\b|\bwhat\s+(?:part|area)s?\s+of\s+the\s+body|\bbody\s+parts?\b|\bon\s+which\b|\b(?:typical|usual|common|commonest|classic|favou?rite|preferred|predilection)\s+(?:body\s+)?sites?\b|\bpredilection\b|\bdistribution\b)`)},
	{Duration, wordre.MustCompile(`(?i)\b(?:how\s+long|how\s+often|(?:hang|hangs|hanging)\s+(?:about|around|on)\b|(?:stick|sticks|sticking)\s+around\b|how\s+many\s+(?:days|weeks|months|years)|how\s+quickly|how\s+soon|how\s+fast|last\b|lasts\b|duration|go\s+away\s+on\s+its\s+own|clear\s+up\s+on|until\s+(?:it|they)\s+(?:go|clear|heal))`)},
	{Treatment, wordre.MustCompile(`(?i)\b(?:treat\w*|(?:what|anything)\s+(?:is\s+|'s\s+)?available\b|(?:what(?:'s|s|\s+is|\s+gets|\s+was)?|anything|what\s+can\s+be|how\s+much\s+can\s+be)\s+(?:be\s+)?done\s+(?:for|about|to\s+help|with)\b|what\s+can\s+be\s+done|can\s+anything\s+be\s+done|therap\w*|medic(?:ine|ation|ated)\w*|cures?\b|works?\s+(?:for|on|against)\b|(?:which|what)\s+(?:\w+\s+){1,2}(?:actually\s+|really\s+|best\s+)?work\b|worked\s+(?:for|on|against)\b|stop(?:s|ped|ping)?\s+(?:using|taking|the\s+treatment|treatment)|gives?\s+(?:it|them)\s+up|giving\s+(?:it|them)\s+up|keeps?\s+the\s+(?:benefit|results?|effects?|gains?)|manag\w*|remed\w*|drugs?\b|options?\b|get\s+rid|rid\s+of|(?:give|gives|given|prescribe\w*)\s+(?:\w+\s+){0,3}for\b|(?:best|good|better)\s+(?:for|on|against)\b|(?:do|does|did)\s+(?:any|much)\s+good|(?:be|get|gets|got|been)\s+fixed|fix(?:es)?\s+(?:it|them|this|that)\b|help\w*\s+(?:with|for|clear)|what\s+helps|removal|remove\w*|(?:taken|take|takes|taking|cut|cutting|cuts)\s+(?:\w+\s+)?out\b|creams?\b|ointments?\b|tablets?\b|pills?\b|antibiotic\w*|surgery|procedures?|(?:deal|deals|dealt|dealing)\s+with|(?:is|are)\s+(?:\w+\s+)?handled|tried\s+(?:first|next)|(?:first|next)\s+(?:thing\s+)?(?:to\s+)?try\b)`)},
	{SelfCare, wordre.MustCompile(`(?i)\b(?:prevent\w*|check\w*\s+(?:your|one's|their|my|his|her)\s+own\s+skin|self[-\s]?exam\w*|self[-\s]?check\w*|(?:stop|keep)\w*\s+(?:\w+\s+){1,5}(?:from\s+)?(?:coming\s+back|returning|recurring)|avoid\w*|self[-\s]?care|at\s+home|home\s+care|protect\w*|reduce\s+the\s+(?:risk|chance)|lower\s+the\s+(?:risk|chance)|stop\s+(?:it|them|\w+)\s+from|keep\s+from|what\s+(?:stops|prevents|keeps\s+\w+\s+(?:away|off|at\s+bay))\b|(?:keep|keeps|stay|stays)\s+clear\s+of|what\s+can\s+(?:i|you|u|people|one|a\s+person|someone|they|we|patients?|sufferers)\s+do|do\s+for\s+(?:themselves|yourself|myself|ourselves|himself|herself)\b|tips?\b|routine|daily\s+care|day[-\s]to[-\s]day|every\s*day\s+(?:life|care|habits?)|things\s+(?:you|i|people|we|one)\s+can\s+do|look\s+after|care\s+for|soothe|ease|relieve|lifestyle|(?:what|things?|foods?)\s+(?:(?:is|are)\s+(?:\w+\s+)?)?to\s+eat\b|what\s+(?:foods?|to\s+eat)\b|(?:foods?|drinks?)\s+to\s+avoid\b)`)},
	{Contagion, wordre.MustCompile(`(?i)\b(?:contagious|infectious|catch\w*|caught|how\s+(?:do|does|can)\s+(?:you|people|they|someone|kids|children)\s+get\b|pick(?:ed|s)?\s+up|spread\w*|transmit\w*|transmission|pass\w*\s+(?:on|to|around|round|between)|(?:pass\w*|go(?:es)?|mov\w*|jump\w*|get|gets)\s+from\s+(?:one\s+)?(?:person|child|kid|pupil|student|head|people|children|kids)\b|from\s+one\s+(?:person|child|kid|pupil|student|head)\s+to\s+(?:another|the\s+next|the\s+other)|give\s+it\s+to|share|sharing|communicable|(?:go|goes|going|get|gets|went)\s+back\s+to\s+(?:school|nursery|daycare|work|class)|return\w*\s+to\s+(?:school|nursery|daycare|work)|(?:off|away\s+from)\s+(?:school|nursery|daycare|work)\b|stay\s+(?:home|off)\b)`)},
	{Risk, wordre.MustCompile(`(?i)(?:^\W*who\b|\bwho\s+(?:gets|is|are|can|gets)\b|\brisk\b|\bmore\s+likely|\bprone\b|\bat\s+risk|\bhow\s+common|\bcommon\s+in\b|\bage\s+group|\bchildren\b|\bkids\b|\bbabies\b|\binfants?\b|\belderly\b|\bolder\s+(?:people|adults)|\bwomen\b|\bmen\b|\bfrequen\w*|\bsusceptib\w*|\b(?:people|folks?|those|anyone|someone|persons?)\s+(?:with|who\s+have)\s+(?:\w+\s+){0,2}skin\b|\b(?:which|what)\s+(?:kinds?|sorts?|types?|groups?)\s+of\s+(?:people|persons?|patients|folks?)\b)`)},
	{Complications, wordre.MustCompile(`(?i)\b(?:complication\w*|go(?:es)?\s+along\s+with|linked\s+(?:to|with)|associated\s+with|other\s+(?:health\s+)?(?:problems|conditions|diseases)|lead\s+to|dangerous|serious|harm\w*|scarring|scarred|leav\w*\s+(?:a\s+|any\s+|permanent\s+)?scars?|(?:cause|causes|give|gives)\s+(?:a\s+|any\s+)?scars?|damage\b|long[-\s]term\s+effects?|side[-\s]effects?|adverse\s+effects?|problems?\s+(?:can|does|do)|affect\s+the\s+(?:eyes?|body|organs?)|what\s+(?:can|could|does|do|will|would)\s+(?:\w+\s+){1,5}do\s+to\b|what\s+(?:can|could|will|would|might|may)\s+happen|what\s+happens\s+(?:if|when)\b|(?:used|use|using|applied|applying|put\s+on)\s+(?:for\s+)?(?:too\s+long|too\s+much|too\s+often|for\s+(?:a\s+)?long\s+(?:time|periods?))|overus\w*|long[-\s]term\s+use)`)},
	{Prognosis, wordre.MustCompile(`(?i)\b(?:permanent\w*|disappear\w*|on\s+(?:its|their)\s+own|(?:clear|clears|settle|settles|heal|heals|go|goes)\s+(?:up\s+)?(?:by|of)\s+(?:itself|themselves)|forever|lifelong|life-long|outlook|prognosis|cur(?:e|ed|able)\b|go\s+away|goes\s+away|(?:these|they|it|this|those|them)\s+(?:usually\s+|ever\s+|eventually\s+|normally\s+|just\s+)?go\s*(?:\?|$|once\b|when\b|after\b|by\s+(?:itself|themselves)|with\s+time)|clear\s+up|come\s+back|comes\s+back|coming\s+back|more\s+than\s+once|a\s+second\s+time|recur\w*|return\w*|(?:grow|grows|grew|growing)\s+back|regrow\w*|chronic|heal(?:s|ed|ing)?\b|fade|improve\w*|get\s+better|outgrow\w*|wears?\s+off|for\s+good|(?:anything|something|much)\s+to\s+worry\s+about|worth\s+worrying|leaves?\s+(?:your|the|my|their)\s+(?:body|system)|stays?\s+in\s+(?:your|the|my|their)\s+(?:body|system))`)},
	{Diagnosis, wordre.MustCompile(`(?i)\b(?:diagnos\w*|tests?\b|testing|biops\w*|confirm\w*|examin\w*|detect\w*|identif\w*|tell\s+(?:apart|the\s+difference)|to\s+be\s+(?:sure|certain)\b|(?:tell|know|say)\s+(?:\w+\s+)?(?:by|from)\s+looking|scrap\w*|swab\w*|dermoscop\w*|blood\s+test|criteria|how\s+(?:do|does|can|would|will)\s+(?:you|u|they|doctors?|clinicians?|one|we|i)\s+(?:know|tell|be\s+sure)\b)`)},
	{SeeClinician, wordre.MustCompile(`(?i)\b(?:when\s+(?:should|to|is\s+it\s+(?:worth|time)|does\s+\w+\s+need)|worth\s+(?:getting|having|being)\s+(?:looked|checked|seen)|(?:looked\s+at|checked|seen|examined)\s+by\s+(?:a|an|the|your)\s+(?:doctor|gp|clinician|dermatologist|professional|specialist)|(?:shown|show|showing)\s+(?:\w+\s+)?to\s+(?:a|an|the|your)\s+(?:doctor|gp|clinician|dermatologist|nurse|pharmacist|professional|specialist)|checked|check\s+(?:it|them|up)|see\s+(?:a|an|the|your|someone)\s+(?:doctor|clinician|physician|dermatologist|gp|professional|specialist)|gp\b|seek\s+(?:help|care|medical)|urgent\w*|emergenc\w*|(?:when|should|need)\b[^?]{0,40}\bworr(?:y|ied|ying)|sign\s+of\s+(?:something|anything)\s+(?:serious|worse|more\s+serious|dangerous)|worr(?:y|ied|ying)\s+(?:if|when)|concern\w*|warning\s+signs?|danger\s+signs?|red\s+flags?|medical\s+(?:help|attention|advice|care|review|assessment))`)},
	{Research, wordre.MustCompile(`(?i)\b(?:research\w*|clinical\s+trials?|(?:new|experimental)\s+(?:treatments?|therap\w*)\s+(?:being|under)|being\s+(?:studied|investigated|tested))\b`)},
	{YesNo, wordre.MustCompile(`(?i)^\W*(?:is|are|does|do|can|could|will|would|should|has|have|was|were|did|may|might|must)\b`)},
}

// stopReturnRE asks how to stop a condition coming back.
var stopReturnRE = wordre.MustCompile(`(?i)\b(?:stop\w*|prevent\w*|keep\w*|avoid\w*)\s+(?:\w+\s+){1,5}(?:from\s+)?(?:coming\s+back|returning|recurring)\b`)

// warningSignsRE names the signs that call for a clinician.
var warningSignsRE = wordre.MustCompile(`(?i)\b(?:warning\s+signs?|red\s+flags?|danger\s+signs?|signs?\s+(?:that|which)\s+(?:\w+\s+){0,4}(?:needs?|means?|calls?\s+for)\s+(?:\w+\s+){0,2}(?:doctor|clinician|gp|medical|urgent|emergency))\b`)

// careRE names care by a clinician.
var careRE = wordre.MustCompile(`(?i)\b(?:doctor|gp|clinician|dermatologist|medical|urgent|emergency|hospital|a&e|er|seen|checked|looked\s+at)\b`)

// whyPracticeRE asks why people should do something: use, put on, apply,
// wear, avoid or keep ("why should you avoid scratching?").
var whyPracticeRE = wordre.MustCompile(`(?i)\bwhy\s+(?:should|must|do|would|ought|are)\s+(?:people|persons?|you|someone|somebody|one|patients?|kids|children|parents|they|we|i|he|she|it|adults|babies)\b[^?.]{0,60}?\b(?:use|using|put|putting|apply|applying|wear|wearing|avoid|avoiding|keep|keeping|cover|covering|stay|staying|protect|protecting|told\s+to|advised\s+to|need\s+to)\b`)

// moreWorryRE asks why something is more serious for some people.
var moreWorryRE = wordre.MustCompile(`(?i)\bwhy\b[^?]{0,60}?\b(?:more\s+(?:of\s+a\s+)?(?:worry|concern|problem|serious|dangerous|risky|worrying|concerning)|matters?\s+more|worse\s+for)\b`)

// whereFromRE asks where something comes from: its cause.
var whereFromRE = wordre.MustCompile(`(?i)\bwhere\s+(?:does|do|did|can|could|would|might)\b[^?]{0,60}?\b(?:come|comes|coming|came)\s+from\b`)

// whereCaughtRE asks where a condition is caught or picked up.
// jobWorkRE finds "work" as a job: "lines of work", "kind of work", "at
// work".
var jobWorkRE = regexp.MustCompile(`(?i)\b(?:(?:lines?|kinds?|types?|sorts?|fields?|places?)\s+of\s+work|at\s+work|(?:their|your|his|her|my|whose)\s+work)\b`)

// complicationsOfRE asks what a condition leads to: "What complications
// can shingles cause?", "which problems can it lead to".
var complicationsOfRE = wordre.MustCompile(`(?i)\b(?:complications?|problems?|health\s+problems?|conditions?|issues?|consequences?)\b[^?.]{0,60}\b(?:cause|lead\s+to|result\s+in|bring\s+on|bring\s+about|give\s+rise\s+to)\s*\??\s*$`)

var whereCaughtRE = wordre.MustCompile(`(?i)\bwhere\b.{0,60}\b(?:caught|catch\w*|pick(?:ed|s)?\s+up|get\s+it|got\s+it|spread\w*|transmit\w*)`)

// peopleRE names people in a question: who gets a condition, rather than
// where it appears.
var peopleRE = wordre.MustCompile(`(?i)(?:^\W*who\b|\bwho\s+(?:gets|is|are|can)\b|\b(?:children|kids|babies|infants?|elderly|older|women|men|ages?|people|persons?|adults|teenagers|adolescents|patients)\b)`)

// symptomsBesidesItchRE is the Symptoms rule without its words of itching.
var symptomsBesidesItchRE = wordre.MustCompile(`(?i)\b(?:symptom\w*|signs?\b|look\w*\s+(?:like|different|differ\w*|similar)|how\s+(?:does|do|can|would)\s+.{1,40}\s+look\b|appear(?:ance|s)?\b(?:\s+like)?|feel\w*\s+like|what\s+does\s+.{1,40}\s+(?:look|feel)|recogni[sz]e|tell\s+if|spot\b|present\w*)`)

// riskWordRE asks who gets a condition or how likely it is, beyond naming
// people.
var riskWordRE = regexp.MustCompile(`(?i)(?:^\W*who\b|\bwho\s+(?:gets|is|are|can)\b|\brisk\b|\bmore\s+likely|\bprone\b|\bhow\s+common|\bcommon\s+in\b|\bage\s+group|\bfrequen\w*|\bsusceptib\w*)`)

// relativeWhoRE is a relative clause of a person: "someone who is
// bedbound".
var relativeWhoRE = regexp.MustCompile(`(?i)\b(?:someone|somebody|anyone|anybody|everyone|people|person|persons|those|patients?|residents?|children|kids|adults|women|men)\s+who\s+(?:is|are|gets|get|can|has|have)\b`)

// behindPlaceRE is "behind" a place on the body, no cause.
var behindPlaceRE = regexp.MustCompile(`(?i)\bbehind\s+(?:the|my|his|her|your|their|one's|a|an)\s+(?:\w+\s+)?(?:ears?|knees?|neck|head|eyes?|nose|earlobes?|legs?|arms?)\b`)

// falseCue is a phrase that holds a cue word of kinds of answer but asks
// for none of them; it applies only when one of the kinds in need is
// asked for (need 0: always).
type falseCue struct {
	re    *regexp.Regexp
	kinds []Intent
	need  Intent
}

// falseCues are the phrases classify reads past (see onlyBy). "A sign of
// something serious" is read so only beside a request for when to see a
// clinician.
var falseCues = []falseCue{
	{behindPlaceRE, []Intent{Cause}, 0},
	{retrieve.SeriousSignRE, []Intent{Symptoms, Complications}, SeeClinician},
	{relativeWhoRE, []Intent{Risk}, 0},
	{catchFireRE, []Intent{Contagion}, 0},
	{medicineCausesRE, []Intent{Treatment}, 0},
	{overuseRE, []Intent{Treatment}, Complications},
	{spreadOnBodyRE, []Intent{Contagion}, 0},
	{causedEffectRE, []Intent{Symptoms}, Cause},
	{afterTreatmentRE, []Intent{Treatment}, 0},
	{sunCreamRE, []Intent{Treatment}, 0},
}

// sunCreamRE names sunscreen in everyday words ("sun cream", "sun
// lotion"): a means of protection, not a treatment's cream.
var sunCreamRE = regexp.MustCompile(`(?i)\bsun\s*(?:creams?|lotions?|block|screen)\b`)

// afterTreatmentRE sets a question after a treatment ("If someone has had
// one basal cell carcinoma removed, are they more likely to get
// another?"): what it asks comes after.
var afterTreatmentRE = regexp.MustCompile(`(?i)^\W*(?:if|once|after|when|since)\s+(?:someone|somebody|you|a\s+person|people|they|he|she|i|we)\s+(?:has|have|had|'ve|'s|'d)\s+(?:had\s+|been\s+)?(?:\w+\s+){0,5}?(?:removed|treated|cut\s+out|excised|frozen|operated\s+on)\b`)

// medicineCausesRE asks which medicines bring a condition on ("Which
// medications can make you burn more easily?"): a cause, not a treatment.
var medicineCausesRE = regexp.MustCompile(`(?i)\b(?:medicines?|medications?|drugs?|tablets?|pills?)\s+(?:\w+\s+){0,2}?(?:make|makes|made|cause|causes|caused|trigger|triggers|bring\s+on|brings\s+on)\b`)

// overuseRE is a medicine used too long or too much ("if steroid creams
// are used for too long"): beside a request for what can happen, it names
// what causes the harm, not a request for treatment.
var overuseRE = regexp.MustCompile(`(?i)\b(?:creams?|ointments?|gels?|lotions?|steroids?|medicines?|medications?|tablets?|pills?|drugs?)\s+(?:are\s+|is\s+|get\s+|gets\s+)?(?:used|applied|put\s+on|taken)\s+(?:for\s+)?(?:too\s+long|too\s+much|too\s+often|(?:a\s+)?long\s+(?:time|periods?))|\boverus\w*\s+(?:of\s+)?(?:\w+\s+){0,2}?(?:creams?|ointments?|gels?|lotions?|steroids?|medicines?|medications?|tablets?|pills?|drugs?)\b`)

// spreadOnBodyRE is a condition spreading over the skin of one person
// ("does vitiligo just keep spreading forever?"): its course, not
// contagion.
var spreadOnBodyRE = regexp.MustCompile(`(?i)\b(?:keeps?|kept|keeping|carr(?:y|ies)\s+on|goes\s+on|go\s+on)\s+spreading\b|\bspread\w*\s+(?:forever|further|more\s+and\s+more|all\s+over|over\s+(?:the|my|his|her|their|your)\s+(?:body|skin|face))`)

// causedEffectRE is what a cause brings on, named after its verb ("what
// is it in poison ivy that gives people that itchy rash?"): beside a
// request for the cause, the rash is what is explained, not a request
// for symptoms.
var causedEffectRE = regexp.MustCompile(`(?i)\b(?:gives?|giving|gave|causes?|causing|caused|brings?\s+on|bringing\s+on|triggers?|triggering|sets?\s+off)\s+(?:\w+\s+){0,4}?(?:rash(?:es)?|itch\w*|blisters?|spots?|bumps?|hives|welts?|lumps?)\b`)

// ruleOf is each kind's rule in intentRules.
var ruleOf = func() map[Intent]*wordre.Regexp {
	m := map[Intent]*wordre.Regexp{}
	for _, r := range intentRules {
		if _, ok := m[r.intent]; !ok {
			m[r.intent] = r.re
		}
	}
	return m
}()

// onlyBy reports whether the question asks for kind k only through a
// phrase re finds: without the phrase, k's rule no longer matches.
func onlyBy(in, k Intent, question string, re *regexp.Regexp) bool {
	return in&k != 0 && re.MatchString(question) && !ruleOf[k].MatchString(re.ReplaceAllString(question, " "))
}

// ratherThanRE is the alternative a question sets aside, to the end of its
// clause: "rather than simply treated at home".
var ratherThanRE = regexp.MustCompile(`(?i)\b(?:rather\s+than|instead\s+of)\b[^?.;!]*`)

// catchFireRE is catching fire, no word of contagion.
var catchFireRE = regexp.MustCompile(`(?i)\b(?:catch\w*|caught)\s+(?:on\s+)?fire\b`)

// whatRE opens a question that asks about a topic in general.
var whatRE = regexp.MustCompile(`(?i)^\W*(?:what|tell|info|explain|describe|overview)\b`)

// pronounQuestionRE is a question that asks only what a pronoun stands for
// ("What are they?", "what is that exactly?").
var pronounQuestionRE = regexp.MustCompile(`(?i)^\W*(?:what|which)\s+(?:are|is|were|was)\s+(?:they|it|those|these|that|this|them)(?:\s+(?:exactly|then|please))?\W*$`)

// Classify returns the kinds of answer the question's wording asks for. A
// question whose wording names none asks what its topic is.
func Classify(question string) Intent {
	// "got an itchy rash after a hot tub - what causes hot tub rash?" asks
	// what the question after the account asks: the account's words (itchy,
	// rash) describe, they do not ask.
	if tail, ok := retrieve.QuestionAfterAccount(question); ok {
		in := classify(tail)
		// "I was told there are accepted criteria for diagnosing X. What
		// are they?" asks, with its pronoun, what the account names:
		// the account's words then say what kind of answer is wanted.
		if pronounQuestionRE.MatchString(tail) {
			if whole := classify(question); whole&^(YesNo|Definition) != 0 {
				return whole
			}
		}
		if in&^YesNo != 0 {
			return in
		}
		// A yes-or-no question of its own after the account ("My father
		// takes blood pressure pills. Is it true the ACE inhibitor can
		// make angioedema swelling?") asks no kind of answer the
		// account's words name (pills are no request for treatment).
		if in == YesNo && strings.Count(strings.TrimSpace(tail), " ") >= 4 {
			return in
		}
	}
	return classify(question)
}

// classify is Classify for one question.
func classify(question string) Intent {
	// "How do you actually get warts?" asks what "How do you get warts?"
	// does.
	question = hedgeRE.ReplaceAllString(question, "")
	// "When ought it be shown to a doctor rather than treated at home?"
	// asks when to see a doctor: the alternative set aside asks nothing.
	if rest := ratherThanRE.ReplaceAllString(question, " "); rest != question {
		if in := classify(rest); in&^YesNo != 0 {
			return in
		}
	}
	var in Intent
	for _, r := range intentRules {
		if r.re.MatchString(question) {
			in |= r.intent
		}
	}
	if in == 0 && whatRE.MatchString(question) {
		in |= Definition
	}
	// "How do you stop it coming back?" asks how to prevent it, not
	// whether it returns.
	if in&SelfCare != 0 && in&Prognosis != 0 && stopReturnRE.MatchString(question) {
		in &^= Prognosis
	}
	// "Which lines of work put a person most at risk?" asks who gets it:
	// "work" there is a job, not what works.
	if in&Treatment != 0 && jobWorkRE.MatchString(question) && !ruleOf[Treatment].MatchString(jobWorkRE.ReplaceAllString(question, " ")) {
		in &^= Treatment
	}
	// "What complications can shingles lead to?" asks what shingles
	// causes, not what causes shingles.
	if in&Complications != 0 && in&Cause != 0 && complicationsOfRE.MatchString(question) {
		in &^= Cause
	}
	// "Where is tinea pedis usually picked up?" asks where it is caught,
	// not where on the body it appears.
	if in&Location != 0 && in&Contagion != 0 && whereCaughtRE.MatchString(question) {
		in &^= Location
	}
	// "Where does onychomycosis come from?" asks what causes it, not where
	// on the body it appears.
	if in&Location != 0 && whereFromRE.MatchString(question) {
		in = in&^Location | Cause
	}
	// "What warning signs mean impetigo needs urgent medical care?" asks
	// when to see a clinician: its signs are the reasons to, not the
	// condition's symptoms.
	if in&SeeClinician != 0 && in&Symptoms != 0 && (careRE.MatchString(question) || retrieve.DangerSignsRE.MatchString(question)) {
		if rest := warningSignsRE.Plain().ReplaceAllString(question, " "); rest != question && !ruleOf[Symptoms].MatchString(rest) {
			in &^= Symptoms
		}
	}
	// "Why must people with vitiligo put sun cream on the white patches?"
	// asks the reason for a practice, which the sentence advising it
	// gives, not what causes the condition.
	if in&Cause != 0 && whyPracticeRE.MatchString(question) {
		in = in&^Cause | SelfCare
	}
	// "Why is onychomycosis more of a worry for people with diabetes?"
	// asks what it can lead to, not what causes it.
	if in&Cause != 0 && moreWorryRE.MatchString(question) {
		in = in&^Cause | Complications
	}
	// "Where on the body does X usually appear?" asks where, not what it
	// looks like: the verb of a where-question is no request for symptoms.
	if in&Location != 0 && in&Symptoms != 0 {
		if start, end, ok := retrieve.WhereVerb(question); ok {
			rest := question[:start] + question[end:]
			if !ruleOf[Symptoms].MatchString(rest) {
				in &^= Symptoms
			}
		}
	}
	// "Which parts of the body are most prone to X?" asks where, not who:
	// a word of risk beside a question of place asks who only when it
	// names people.
	if in&Location != 0 && in&Risk != 0 && !peopleRE.MatchString(question) {
		in &^= Risk
	}
	// "How does X look different in men and women?" asks what it looks
	// like: people named beside another kind of answer ask who gets it
	// only with a word of risk ("who", "prone", "more likely").
	if in&Risk != 0 && in&^(Risk|YesNo|Definition) != 0 && !riskWordRE.MatchString(question) {
		in &^= Risk
	}
	// "Any tips to stop itching at night?" asks how to ease the itch: a
	// word of itching beside a request for help (or for when to see a
	// clinician) names what is to be helped, not a request for symptoms.
	if in&Symptoms != 0 && in&(SelfCare|Treatment|SeeClinician) != 0 && !symptomsBesidesItchRE.MatchString(retrieve.SeriousSignRE.ReplaceAllString(question, " ")) {
		in &^= Symptoms
	}
	// "What part do hormones play?" asks for a role in the cause, not for
	// a part of the body.
	if onlyBy(in, Location, question, retrieve.PartPlayRE) {
		in = in&^Location | Cause
	}
	// Phrases that hold a kind's cue word but ask nothing of that kind:
	// "the lump behind the ear" (cause), "a sign of something serious"
	// (symptoms, complications: it asks when to see a clinician),
	// "someone who is bedbound" (who gets it), "catch fire" (contagion).
	for _, f := range falseCues {
		if f.need == 0 || in&f.need != 0 {
			for _, k := range f.kinds {
				if onlyBy(in, k, question, f.re) {
					in &^= k
				}
			}
		}
	}
	// "What is the treatment for X?" asks for the treatment, not what
	// treatment is.
	if in&Definition != 0 && in&^(Definition|YesNo) != 0 {
		in &^= Definition
	}
	return in
}

// sectionIntents is what kinds of answer a section holds: the sandbox's
// section names and MedQuAD's question types.
func sectionIntents(section string) Intent {
	s := strings.ToLower(section)
	var in Intent
	has := func(words ...string) bool { return containsAny(s, words) }
	if has("overview", "information", "about", "what is") {
		in |= Definition | Risk | Location | Prognosis | Contagion | Duration
	}
	if has("cause", "trigger", "genetic", "inherit", "risk") {
		in |= Cause | Risk | Contagion
	}
	if has("symptom", "sign", "appearance", "stages") {
		in |= Symptoms | Location | Duration
	}
	if has("diagnos", "exams", "test") {
		in |= Diagnosis
	}
	if has("treatment", "therapy", "management") {
		in |= Treatment
	}
	if has("self-care", "prevention", "prevent", "care", "protection", "cleansing", "emollient", "moisturis", "sunscreen") {
		in |= SelfCare
	}
	if has("clinician", "doctor", "considerations") {
		in |= SeeClinician
	}
	if has("frequency", "susceptibility") {
		in |= Risk
	}
	if has("outlook", "prognosis") {
		in |= Prognosis | Duration
	}
	if has("research", "clinical trial") {
		in |= Research
	}
	if has("complication") {
		in |= Complications
	}
	return in
}

// cueRE marks a sentence that holds the kind of answer an intent asks for.
var cueRE = map[Intent]*regexp.Regexp{
	Duration:      regexp.MustCompile(`(?i)\b(?:\d+|one|two|three|four|five|six|seven|eight|ten|several|few|many)\s+(?:to\s+\w+\s+)?(?:hours?|days?|weeks?|months?|years?)\b|\b(?:within|lasts?|lasting|resolv\w*|clears?|clear\w*|heals?|fades?|self-limiting|lifelong|persist\w*|chronic|recurr?\w*)\b`),
	Contagion:     regexp.MustCompile(`(?i)\b(?:contagious|infectious|spread\w*|catch\w*|caught|transmit\w*|passed|pass\w*\s+(?:on|to|between)|direct\s+contact|sharing|stay\s+(?:away|off|home)|return\s+to\s+(?:school|nursery|work))\b`),
	Risk:          groupRE,
	Prognosis:     regexp.MustCompile(`(?i)\b(?:permanent\w*|progressive|disappear\w*|on\s+(?:its|their)\s+own|grow\s+back|regrow\w*|regrowth|resolv\w*|clear\w*|cure\w*|curable|lifelong|long-term|recur\w*|come\s+back|comes\s+back|remission|outlook|prognosis|improv\w*|persist\w*|fade\w*|go\s+away|goes\s+away|spontaneous\w*|for\s+life|dormant|benign|harmless|non-?cancerous)\b`),
	Cause:         regexp.MustCompile(`(?i)\b(?:caus\w*|trigger\w*|due\s+to|result\w*\s+(?:from|of)|linked|develops?\s+(?:when|from|because)|arises?\s+(?:from|when)|stems?\s+from|leads?\s+to|worsen\w*|aggravat\w*|flare\w*|bring\s+on|mutation\w*|inherit\w*|genetic)\b`),
	Treatment:     regexp.MustCompile(`(?i)\b(?:treat\w*|therap\w*|cream\w*|ointment\w*|medicine\w*|medication\w*|tablets?|antibiotic\w*|antiviral\w*|antifungal\w*|steroid\w*|corticosteroid\w*|surgery|surgical|excision|removal|cryotherapy|laser|injection\w*|options?)\b`),
	SelfCare:      regexp.MustCompile(`(?i)\b(?:avoid\w*|prevent\w*|protect\w*|keep\w*|wear\w*|wash\w*|moistur\w*|emollient\w*|sunscreen\w*|gentle|clean\w*|dry\w*|cover\w*|help\w*|reduce\w*|lower\w*)\b`),
	Symptoms:      regexp.MustCompile(`(?i)\b(?:symptom\w*|signs?|appear\w*|look(?:s|ed|ing)?\s+(?:like|similar|different|unlike|normal|unusual|atypical|infected|clear|brown|gr[ae]y|white|purple|dull|dry|red|pink|dark|pale|yellow|black|blue|shiny)|red|itch\w*|patch\w*|bump\w*|blister\w*|scal(?:e|es|ed|y|ier|ing|iness)|rash\w*|pain\w*|swell\w*|spots?|lesion\w*|plaques?|flak\w*|crust\w*|raised|cause\w*)\b`),
	Complications: regexp.MustCompile(`(?i)\b(?:complication\w*|lead\s+to|can\s+cause|scar\w*|infection\w*|serious|damage|spread\w*|risk|associated\s+with|linked\s+(?:to|with)|threaten\w*|life-threatening)\b`),
	Diagnosis:     regexp.MustCompile(`(?i)\b(?:diagnos\w*|tests?|biops\w*|examin\w*|confirm\w*|scrap\w*|swab\w*|microscop\w*|culture|dermoscop\w*|look\w*\s+at)\b`),
	SeeClinician:  regexp.MustCompile(`(?i)\b(?:clinician|doctor|review|seek|urgent\w*|prompt\w*|advisable|warrant\w*|medical\s+(?:attention|advice|review|help)|assessment|worthwhile|checked|examined)\b`),
	Research:      regexp.MustCompile(`(?i)\b(?:research\w*|clinical\s+trials?|stud(?:y|ies|ied|ying)|investigat\w*|scientists?|researchers?)\b`),
	Definition:    regexp.MustCompile(`(?i)\b(?:is\s+an?|are\s+an?|are\s+\w+\s+that|is\s+the|is\s+a\s+common|refers?\s+to|called|known\s+as|means?)\b`),
}

// groupRE marks a sentence that says who gets a condition: a group of
// people, an age or a descent, or how common it is among them. "The most
// common form of X" says nothing of who gets X.
var groupRE = regexp.MustCompile(`(?i)\b(?:children|adults|infants|babies|teenagers|adolescents|older|elderly|women|men|people\s+(?:with|who|of)|age|descent|ancestry|ethnic\w*|populations?|common\s+(?:in|among)|more\s+common|risks?\s+(?:of|factors?|is|are|in|for|increases?|rises?)|(?:raised|higher|increased|greater|lower|reduced)\s+(?:risk|chance)|likely)\b`)

// conditionRE marks another condition named in a sentence: a disease, a
// syndrome, an inflammation in "-itis", an infection, a cancer.
var conditionRE = regexp.MustCompile(`(?i)\b(?:[a-z]+itis|[a-z]+\s+disease|disease|syndrome|cancers?|carcinoma|melanoma|lymphoma|depression|anxiety|diabetes|obesity|infections?|ulcers?|scarring|neuralgia|cellulitis|sepsis|dehydration|hair\s+loss|vision\s+loss)\b`)

// distinctConditions is how many different conditions a sentence names.
func distinctConditions(sentence string) int { return distinctMatches(conditionRE, sentence) }

// Conditions is how many different other conditions the sentence names
// (a disease, a syndrome, an infection, a cancer).
func Conditions(sentence string) int { return distinctConditions(sentence) }

// Groups is how many different marks of who gets a condition the sentence
// holds (groups of people, ages, descent, how common among them).
func Groups(sentence string) int { return distinctGroups(sentence) }

// distinctGroups is how many different marks of who gets a condition a
// sentence holds.
func distinctGroups(sentence string) int { return distinctMatches(groupRE, sentence) }

// bodySiteRE marks a sentence that names a place on the body.
var bodySiteRE = regexp.MustCompile(`(?i)\b(?:face|scalp|cheeks?|nose|forehead|chin|lips?|mouth|eyes?|eyelids?|ears?|earlobes?|jaw|jawline|neck|chest|breasts?|back|trunk|abdomen|belly|arms?|armpits?|elbows?|wrists?|hands?|palms?|fingers?|fingertips?|nails?|legs?|knees?|thighs?|shins?|ankles?|feet|foot|soles?|toes?|groin|buttocks?|genitals?|genital|skin\s+folds?|folds|body|limbs?|shoulders?|hairline|eyebrows?|beard|underarms?|between\s+the\s+toes|sun-exposed|one\s+side)\b`)

// Sites is how many different body sites a sentence names.
func Sites(sentence string) int { return distinctSites(sentence) }

// distinctSites is how many different body sites a sentence names.
func distinctSites(sentence string) int { return distinctMatches(bodySiteRE, sentence) }

// distinctMatches is how many different words or phrases (case aside) re
// finds in the sentence.
func distinctMatches(re *regexp.Regexp, sentence string) int {
	seen := map[string]bool{}
	for _, m := range re.FindAllString(sentence, -1) {
		seen[strings.ToLower(m)] = true
	}
	return len(seen)
}

// Holds reports whether the sentence holds an answer of one of the kinds in
// in, by its words: a body site for Location, a time for Duration, and so on.
func Holds(in Intent, sentence string) bool { return cuedIntents(in, sentence) != 0 }

// cuedIntents returns the kinds in in whose answers the sentence holds.
func cuedIntents(in Intent, sentence string) Intent {
	var out Intent
	if in&Location != 0 && bodySiteRE.MatchString(sentence) {
		out |= Location
	}
	for k, re := range cueRE {
		if in&k != 0 && re.MatchString(sentence) {
			out |= k
		}
	}
	return out
}

// containsAny reports whether s holds one of words.
func containsAny(s string, words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return strings.Contains(s, w) })
}
