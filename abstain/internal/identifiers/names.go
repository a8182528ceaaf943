package identifiers

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dermliving/dermliving/abstain/internal/lex"
	"github.com/dermliving/dermliving/internal/fold"
)

// nameToken is one word of a candidate name, in offsets of the normalised text.
type nameToken struct {
	start, end int
	folded     string // lower case, no accents
	capital    bool   // starts with an upper-case letter
	initial    bool   // a single capital and a dot: "R."
}

// readWord reads the word at normalised offset i: letters with inner
// apostrophes or hyphens ("O'Brien", "Smith-Jones"), or an initial "R.".
func readWord(o string, i int) (nameToken, bool) {
	t := nameToken{start: i}
	j := i
	for j < len(o) {
		r, size := utf8.DecodeRuneInString(o[j:])
		switch {
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			j += size
			continue
		case (r == '\'' || r == '’' || r == '-') && j > i:
			if k := j + size; k < len(o) {
				if r2, _ := utf8.DecodeRuneInString(o[k:]); unicode.IsLetter(r2) {
					j = k
					continue
				}
			}
		}
		break
	}
	if j == i {
		return t, false
	}
	t.end = j
	first, _ := utf8.DecodeRuneInString(o[i:])
	t.capital = unicode.IsUpper(first)
	if t.capital && j-i == utf8.RuneLen(first) && j < len(o) && o[j] == '.' {
		t.initial = true
		t.end = j + 1
	}
	t.folded = strings.TrimSuffix(fold.Word(o[i:j]), "'s")
	if t.capital && !t.initial && !hasLower(o[i:j]) {
		t.capital = false // "HIV", "SSN": capitals are not a name
	}
	return t, true
}

func hasLower(s string) bool {
	for _, r := range s {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// nameConnectors join the parts of a name: "María de la Cruz", "van Gogh".
var nameConnectors = map[string]bool{
	"de": true, "del": true, "la": true, "van": true, "von": true, "da": true, "di": true,
	"du": true, "le": true, "dos": true, "das": true, "bin": true, "ibn": true, "al": true, "y": true,
}

// readName reads up to four capitalised name words at normalised offset i,
// skipping spaces; with lower set, a first word in lower case that is a
// known first name is read too ("my name is maria lopez").
func readName(o string, i int, lower bool) []nameToken {
	var toks []nameToken
	j := i
	for len(toks) < 4 {
		k := j
		for k < len(o) && (o[k] == ' ' || o[k] == '\t') {
			k++
		}
		if len(toks) > 0 && k == j && !(toks[len(toks)-1].initial) {
			break
		}
		t, ok := readWord(o, k)
		if !ok {
			break
		}
		switch {
		case t.capital:
		case len(toks) > 0 && nameConnectors[t.folded]:
			// A connector counts only before another capitalised word.
			n, ok := readWord(o, skipSpaces(o, t.end))
			if !ok || !n.capital || skipSpaces(o, t.end) == t.end {
				return toks
			}
			j = t.end
			continue
		case lower && len(toks) == 0 && firstNames[t.folded]:
		case lower && len(toks) == 1 && !toks[0].capital && !notNames[t.folded] && !commonLower[t.folded] && len(t.folded) > 1:
		default:
			return toks
		}
		if notNames[t.folded] && !t.initial {
			return toks
		}
		toks = append(toks, t)
		j = t.end
	}
	return toks
}

func skipSpaces(o string, i int) int {
	for i < len(o) && (o[i] == ' ' || o[i] == '\t') {
		i++
	}
	return i
}

// names finds people's names: after a cue (a title, "patient", "my name
// is", "my son"), or a known first name followed by a capitalised surname.
func (sc *scan) names() {
	o := sc.f.N
	done := -1
	for _, h := range sc.hits {
		if h.role != roleName {
			continue
		}
		i := sc.f.End(h.end)
		if i <= done {
			continue
		}
		// What may stand between the cue and the name.
		j := i
		sep := false
		for j < len(o) && strings.IndexByte(" \t:,-", o[j]) >= 0 {
			if o[j] == ':' || o[j] == ',' {
				sep = true
			}
			j++
		}
		if j == i && h.name != nameTitle && h.name != nameDoctor {
			continue // "Patientx"
		}
		if h.name == nameHeader && !sep && !accountCues[h.phrase] {
			continue
		}
		// A name whose capitals say nothing: "PATIENT DANIEL DUBOIS", "mr.
		// khan", "pT: nOaH mCdOnAlD".
		if w, ok := readWord(o, j); ok && !titleCase(o[w.start:w.end]) {
			if end, ok := sc.caselessName(h, j); ok {
				sc.addN(KindName, j, end, prioCue)
				done = end
				continue
			}
		}
		toks := readName(o, j, h.name == nameLabel)
		if len(toks) == 0 || !sc.acceptName(h, toks) {
			continue
		}
		start, end := toks[0].start, toks[len(toks)-1].end
		sc.addN(KindName, start, end, prioCue)
		done = end
	}
	sc.uncuedNames(done)
	sc.namesBeforeRelation()
}

// caselessTitles are the titles before a surname alone that a name whose
// capitals say nothing may follow: "mr khan", "sra. ruiz". "ms", "dr",
// "sr" and "don" need their dot (multiple sclerosis, "sr" tablets, "don
// gloves"); "senora" is also "a lady", "una señora mayor".
var caselessTitles = lex.SetOf("mr|mr.|mrs|mrs.|ms.|miss|mister|mx.|sr.|sra.|srta.|dr.|dra.|prof.")

// caselessNot are first names that are common words in lower case:
// "paciente mía de 70 años".
var caselessNot = lex.SetOf("mia|mio|tia|nina|nino|iris|bella|paz|hope")

// caselessName reads a name at normalised offset j after the cue h when
// its words' capitals say nothing: all upper or lower case, or changing
// inside a word. The first word must be a known first name that is no
// common word, or, after a title (caselessTitles), any word that is no
// common word; up to two more words that are no common words may follow,
// with connectors ("de la") between. It returns the name's end.
func (sc *scan) caselessName(h cueHit, j int) (int, bool) {
	o := sc.f.N
	t, ok := readWord(o, j)
	if !ok || titleCase(o[t.start:t.end]) {
		return 0, false
	}
	known := (firstNames[t.folded] || ambiguousNames[t.folded]) && !caselessNot[t.folded] && !eponyms[t.folded] && !notNames[t.folded] && !monthWord(t.folded)
	loose := (h.name == nameTitle || h.name == nameDoctor) && caselessTitles[h.phrase]
	if !known && !(loose && plainNameWord(t.folded)) {
		return 0, false
	}
	if ambiguousNames[t.folded] && !loose {
		// "grace", "will": a name with a surname after a strong cue.
		k := skipSpaces(o, t.end)
		w, ok := readWord(o, k)
		if h.name == nameWeak || k == t.end || !ok || !plainNameWord(w.folded) {
			return 0, false
		}
	}
	if h.name == nameDoctor && sc.historical(j) {
		return 0, false
	}
	end := t.end
	for n := 0; n < 2; {
		k := skipSpaces(o, end)
		if k == end {
			break
		}
		w, ok := readWord(o, k)
		if !ok {
			break
		}
		if nameConnectors[w.folded] {
			if nx, ok := readWord(o, skipSpaces(o, w.end)); ok && plainNameWord(nx.folded) && skipSpaces(o, w.end) > w.end {
				end = nx.end
				n++
				continue
			}
			break
		}
		if !plainNameWord(w.folded) || diseaseNouns[sc.wordAfter(w.end)] && eponyms[w.folded] {
			break
		}
		end = w.end
		n++
	}
	return end, true
}

// plainNameWord reports whether a folded word may be part of a name whose
// capitals say nothing: two letters or more, and no common word, term,
// eponym or month.
func plainNameWord(w string) bool {
	return len(w) >= 2 && !notNames[w] && !commonLower[w] && !surnameStop[w] && !diseaseNouns[w] && !eponyms[w] &&
		!monthWord(w) && !unitWords[w] && !fillerWords[w] && !historyVerbs[w]
}

// historyVerbs are the one-word historicalWords: verbs that make a
// name a figure of history.
var historyVerbs = lex.SetOf("discovered|discover|described|describe|invented|invent|developed|develop|pioneered|coined|founded|famous")

// titleCase reports whether a word is written as names are: a capital,
// then lower case (a capital after an apostrophe, a hyphen, "Mc" or "Mac"
// too: "O'Brien", "Smith-Jones", "McDonald").
func titleCase(w string) bool {
	first, size := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) {
		return false
	}
	rest := w[size:]
	if strings.HasPrefix(rest, "c") || strings.HasPrefix(rest, "ac") {
		// "Mc" and "Mac" may be followed by a capital.
		if i := strings.IndexFunc(rest, unicode.IsUpper); i > 0 && i <= 2 {
			rest = rest[i+1:]
		}
	}
	lower := false
	prev := rune(0)
	for _, r := range rest {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r) && prev != '\'' && prev != '’' && prev != '-':
			return false
		}
		prev = r
	}
	return lower || rest == ""
}

// reBeforeRelation is a first name and a surname before the writer's
// relation to them, in brackets or between commas: "grace novak (my
// neighbour)", "LUCAS RUIZ, MI VECINO,".
var reBeforeRelation = regexp.MustCompile(`\b([a-z][a-z'-]+) ([a-z][a-z'-]+) ?[(,] ?(?:my|mi|our|his|her|su|nuestra|nuestro) (?:` + relationNouns + `)\b`)

// namesBeforeRelation finds a known first name and a surname before the
// writer's relation to them, whatever their case ("grace" too: the
// relation says a person is named).
func (sc *scan) namesBeforeRelation() {
	s := sc.s
	if !strings.Contains(s, "(") && !strings.Contains(s, ",") {
		return
	}
	for _, m := range reBeforeRelation.FindAllStringSubmatchIndex(s, -1) {
		first, sur := s[m[2]:m[3]], s[m[4]:m[5]]
		if (firstNames[first] || ambiguousNames[first]) && !caselessNot[first] && !eponyms[first] && plainNameWord(sur) {
			sc.add(KindName, m[2], m[5], prioCheck)
		}
	}
}

// acceptName decides whether the words after a name cue are a name.
func (sc *scan) acceptName(h cueHit, toks []nameToken) bool {
	first, last := toks[0], toks[len(toks)-1]
	if notNames[first.folded] {
		return false
	}
	followedByTerm := diseaseNouns[sc.wordAfter(last.end)]
	anyEponym := false
	for _, t := range toks {
		if eponyms[t.folded] {
			anyEponym = true
		}
	}
	if len(toks) == 1 && first.initial {
		return false
	}
	switch h.name {
	case nameTitle:
		return !(anyEponym && followedByTerm)
	case nameDoctor:
		return !anyEponym && !followedByTerm && !sc.historical(first.start)
	case namePatient:
		if len(toks) == 1 && (eponyms[first.folded] || followedByTerm) {
			return false
		}
		return !followedByTerm || !anyEponym
	case nameLabel:
		return !(anyEponym && followedByTerm)
	case nameRelation:
		return !anyEponym && !followedByTerm
	case nameHeader:
		if firstNames[first.folded] && !anyEponym {
			return true
		}
		return len(toks) >= 2 && !anyEponym && !followedByTerm
	case nameWeak:
		return firstNames[first.folded] && !ambiguousNames[first.folded] && !eponyms[first.folded]
	}
	return false
}

// accountCues are header cues that name an account's holder without a colon
// or comma before the name: "user Greta Sample", "logged in as Ana Ruiz".
var accountCues = lex.SetOf("user|username|user name|usuario|usuaria|account holder|logged in as")

// wordAfter returns the folded word after normalised offset i, past spaces,
// an apostrophe-s and light punctuation.
func (sc *scan) wordAfter(i int) string {
	o := sc.f.N
	for i < len(o) && (o[i] == '\'' || o[i] == 's' && i > 0 && o[i-1] == '\'') {
		i++
	}
	if strings.HasPrefix(o[i:], "’s") {
		i += len("’s")
	}
	for i < len(o) && (o[i] == ' ' || o[i] == '-') {
		i++
	}
	t, ok := readWord(o, i)
	if !ok {
		return ""
	}
	return t.folded
}

// uncuedNames finds a known first name followed by a capitalised surname
// anywhere: "Lucy Demo (d.o.b. ...)". Names found after cues end at done.
func (sc *scan) uncuedNames(done int) {
	o := sc.f.N
	if !sc.may(hasUpperPair(o)) {
		return
	}
	for i := 0; i < len(o); {
		r, size := utf8.DecodeRuneInString(o[i:])
		if !unicode.IsUpper(r) || i > 0 && wordRuneBefore(o, i) {
			i += size
			continue
		}
		t, ok := readWord(o, i)
		if !ok {
			i += size
			continue
		}
		next := t.end
		if i < done || !t.capital || !firstNames[t.folded] || ambiguousNames[t.folded] || eponyms[t.folded] {
			i = next
			continue
		}
		toks := readName(o, t.end, false)
		if len(toks) == 0 || toks[0].initial {
			i = next
			continue
		}
		// The surname must not be a term, an eponym or a capitalised common
		// word; a name before a term ("Mary Joseph nodule") is an eponym.
		sur := toks[0]
		if eponyms[sur.folded] || notNames[sur.folded] || surnameStop[sur.folded] || monthWord(sur.folded) ||
			diseaseNouns[sc.wordAfter(toks[len(toks)-1].end)] || prevWordIs(o, i, "sister", "saint", "san", "santa", "st", "st.") {
			i = next
			continue
		}
		if sc.historical(i) {
			i = next
			continue
		}
		end := toks[len(toks)-1].end
		for k := 1; k < len(toks); k++ {
			if eponyms[toks[k].folded] || surnameStop[toks[k].folded] {
				end = toks[k-1].end
				break
			}
		}
		sc.addN(KindName, i, end, prioCheck)
		i = end
	}
}

// historicalWords in a sentence make a name a figure of history or the
// news rather than a person in care: "What did Paul Ehrlich discover?".
var historicalWords = []string{"who was", "who were", "discovered", "discover", "described", "describe", "invented", "invent", "named after", "developed", "develop", "pioneered", "coined", "nobel", "founded", "famous", "celebrity", "actress", "actor", "singer", "president", "quien fue", "descubrio", "describio", "invento", "desarrollo", "famosa", "famoso", "historia de"}

// historical reports whether the sentence around normalised offset i speaks
// of history or public figures.
func (sc *scan) historical(i int) bool {
	fi := sc.f.Folded(i)
	a, b := sentenceStart(sc.s, fi), sentenceEnd(sc.s, fi)
	return hasWord(sc.s[a:b], historicalWords...)
}

// hasUpperPair is a cheap necessary condition for an uncued name: two
// words that start with a capital.
func hasUpperPair(o string) bool {
	n := 0
	for i, r := range o {
		if unicode.IsUpper(r) && (i == 0 || !wordRuneBefore(o, i)) {
			if n++; n == 2 {
				return true
			}
		}
	}
	return false
}

// wordRuneBefore reports whether a letter or digit stands just before
// normalised offset i.
func wordRuneBefore(o string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(o[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' || r == '.' || r == '/' || r == '_'
}

// prevWordIs reports whether the word before normalised offset i is one of
// words (folded).
func prevWordIs(o string, i int, words ...string) bool {
	j := i
	for j > 0 && o[j-1] == ' ' {
		j--
	}
	k := j
	for k > 0 && o[k-1] != ' ' {
		k--
	}
	w := fold.Word(o[k:j])
	for _, x := range words {
		if w == x {
			return true
		}
	}
	return false
}

// diseaseNouns follow an eponym that names a sign, disease or tool: "Mary
// Joseph nodule", "Kaposi sarcoma", "Wood lamp".
var diseaseNouns = lex.SetOf("sign|signs|syndrome|syndromes|disease|diseases|nevus|naevus|nevi|naevi|phenomenon|lamp|light|surgery|sarcoma|thickness|level|levels|type|types|scale|classification|criteria|lines|line|nodule|nodules|spot|spots|patch|patches|striae|papules|papule|disorder|tumor|tumour|tumors|cell|cells|carcinoma|test|procedure|technique|boot|paste|solution|peel|ointment|paint|rule|folds|fold|granules|bodies|body|microabscesses|microabscess|angle|score|index|stain|smear|syndrom|sindrome|enfermedad|signo|nevo|lampara|cirugia|fenomeno|prueba|tumor|celulas|estrias|lineas|nodulo|escala|clasificacion|nodulos|manchas|mancha|granuloma|pigmentation|melanosis|keratosis|queratosis|dermatitis|dermatosis|acanthoma|ulcer|ulcera|gangrene|pustulosis|reaction|reaccion|effect|efecto|maneuver|maniobra|morbus|mole|lunar|wart|verruga|lupus|purpura|angioma|hemangioma|hair|hairs|pelo|pili|plexus|plan|regimen|therapy|terapia|triad|triada|ring|anillo|ratio|margin|margins|grade|grado|stage|estadio|staging|system|sistema")

// surnameStop are capitalised words that follow a first name without
// being a surname.
var surnameStop = lex.SetOf("and|or|the|of|for|with|in|on|at|by|to|is|was|has|had|said|says|asked|asks|told|wants|needs|thinks|will|would|can|could|should|may|might|must|did|does|do|who|which|that|what|when|where|why|how|university|hospital|clinic|medical|center|centre|health|healthcare|state|institute|foundation|beach|city|county|street|avenue|road|day|monday|tuesday|wednesday|thursday|friday|saturday|sunday|syndrome|disease|sign|cream|gel|ointment|lotion|tablets|capsules|spray|foam|shampoo|serum|sunscreen|spf|protocol|guidelines|guideline|society|association|academy|college|school|journal|review|trial|study|press|institute|lab|labs|laboratories|pharma|pharmaceuticals|inc|ltd|llc|corp|company|group|network|library|museum|church|hall|park|river|lake|mountain|island|islands|valley|bay|airport|station|center|centers|clinic|clinics|y|e|o|u|el|la|los|las|un|una|con|para|por|que|es|se|dermatology|dermatologia|dermatologist|dermatologo|skin|piel|care|cuidado|i|i'm|my|mi|su|medicine|medicina|cancer|melanoma|psoriasis|eczema|acne|rosacea|vitiligo|lupus|hospital|kingdom|america|africa|europe|asia|australia|spain|mexico|states|united|north|south|east|west|new|old|great|little|big|san|santa|saint|st|mount|lake|fort|port")

// notNames are capitalised words that follow a cue such as "Patient" or
// "Dr." without being a person's name: function words and verbs ("Patient
// Has ..."), the nouns of title-case headings ("Patient Information
// Leaflet") and descriptors ("Patient: Male, 45").
var notNames = lex.SetOf("google|health|questionnaire|global|assessment|access|protection|act|oriented|facing|advocate|perspective|perspectives|voices|voice|preference|preferences|priorities|app|apps|handbook|manual|tips|faq|faqs|fact|facts|sheet|sheets|booklet|brochure|video|videos|webinar|a|an|the|and|or|of|for|in|on|at|to|from|about|by|as|if|who|what|when|how|why|which|this|that|these|those|my|your|his|her|our|their|it|its|has|have|had|is|are|was|were|be|been|with|without|presents|presented|reports|reported|says|said|told|recommends|recommended|prescribed|prescribes|may|can|could|should|would|will|does|did|do|asks|asked|asking|wants|wanted|needs|needed|notes|noted|education|information|info|leaflet|leaflets|guide|guides|handout|handouts|care|safety|support|portal|resources|resource|forum|advocacy|advice|history|consent|notes|records|record|questions|question|visit|visits|appointment|appointments|male|female|man|woman|boy|girl|child|adult|infant|baby|age|aged|years|year|old|unknown|not|none|n/a|na|redacted|withheld|anonymous|anon|here|there|please|thanks|thank|hello|hi|dear|sir|madam|doctor|nurse|patient|patients|reported|outcome|outcomes|assistance|assistant|navigator|navigation|experience|experiences|centered|centred|friendly|satisfaction|rights|privacy|data|id|number|name|names|list|summary|story|stories|journey|self|group|groups|zero|one|two|three|four|five|six|seven|eight|nine|ten|first|second|third|last|next|new|all|any|some|each|every|no|yes|ok|okay|also|just|only|then|than|so|but|because|after|before|while|since|until|still|yet|again|here's|there's|i|i'm|me|we|you|he|she|they|him|them|us|am|el|la|los|las|un|una|de|del|y|o|que|con|sin|para|por|es|esta|este|tiene|pregunta|pregunto|quiere|consulta|masculino|femenino|varon|hombre|mujer|nino|nina|bebe|edad|anos|desconocido|anonimo|hola|gracias|dra|dr|mr|mrs|ms|sr|sra|md|phd|rn|np|pa|derm|dermatology|dermatologist|dermatologia|dermatologo|dermatologa|skin|clinic|clinica|hospital|center|centre|centro|office|team|staff|service|services|department|dept|unit|ward|room|bed|habitacion|cama|area|zone|based|education|materials|material|case|cases|study|report|note|letter|form|forms|chart|file|portal|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo|january|february|march|april|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|today|tomorrow|yesterday|hoy|manana|ayer|x|mrn|dob|ssn|zip|phone|email|fax|address|should|must|might|shall|need|please|kindly|regarding|re|fw|fwd|subject|asunto|question|query|help|ayuda|urgent|urgente|important|importante|home|casa|work|trabajo|rash|mole|eczema|psoriasis|acne|has|had|having|tiene|tenia|presenta|presento")

// commonLower are lower-case words that end a lower-case name after "my
// name is": "my name is maria and ...".
var commonLower = lex.SetOf("and|or|but|so|i|i'm|im|am|is|was|have|has|had|from|with|in|on|at|to|of|for|my|the|a|an|y|e|o|u|que|de|del|la|el|en|con|por|para|soy|tengo|tiene|quiero|quisiera|me|mi|es|and|too|also|here|please|thanks|thank|hello|hi|age|aged|years|anos|not|no|yes|si|this|that|it|who|what|how|why|when|where|vivo|tengo|mido|peso|sufro|padezco|estoy|have|need|want|would|like|wanted|am|just|only|really|currently|recently|will|can|could|should")
