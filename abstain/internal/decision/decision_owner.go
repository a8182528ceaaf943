package decision

import (
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// Whose question it is: everyday care asked in general, what the asker
// owns, drugs and findings named.

// reGenericAdvice is a first-person question about using a product in
// general: "should I wear sunscreen indoors?", "can I use retinol and
// vitamin C together?".
var reGenericAdvice = rx(`\b(should|can|could|may|do) (i|we) (still |really |also )?(wear|use|apply|reapply|mix|combine|layer|put on|exfoliate|moisturi[sz]e|wash|shower|bathe|swim|tan|go in the sun|go outside|shave|wax|change|replace|share|clean|need to wear|need to use|need to apply)\b|\b(debo|deberia|puedo|podemos|tengo que) (usar|ponerme|aplicarme|aplicar|mezclar|combinar|lavarme|ducharme|banarme|nadar|exfoliarme|hidratarme|depilarme|cambiar|compartir|limpiar|lavar)\b`)

// ownedWords in a question tie it to someone's own body or care.
var ownedWords = indexWords(words("my|mine|his|her|our|i'm|im|i've|i'd|me|he|she|him|we're|mi|mis|me|le|su|sus|tengo|estoy|tiene"))

// otherOwners tie a question to someone other than the asker, or state the
// asker's condition, whatever follows them.
var otherOwners = indexWords(words("his|her|he|she|him|we're|i've|i'd|le|su|sus|tengo|estoy|tiene"))

// genericAdvice reports whether q asks how to use a product or go about
// everyday care in general: reGenericAdvice, with no drug named, and nothing
// that ties it to the asker's condition beyond the "I" of the question and
// a part of the body ("should I use a separate towel for my face?", "should
// I wear a hat even when I'm wearing SPF 50?"). A finding, a relative or a
// drug of the asker's ("my rash", "my son", "my cream") does.
var genericAdvice = matchFunc(func(q string) bool {
	if !reGenericAdvice.MatchString(q) {
		return false
	}
	if otherOwners.MatchString(q) || ownsFinding(q) || drugNamed(q) {
		return false
	}
	// "I have", "I had", "I am" state the asker's condition.
	return !reStatesCondition.MatchString(q) && !reImState.MatchString(q)
})

// reImState states the asker's condition with "I'm": pregnant, allergic,
// on a drug.
var reImState = rx(`\b(i'm|im|i am) (pregnant|breastfeeding|nursing|allergic|on|taking|being treated|having|recovering|immunosuppressed|diabetic)\b`)

// ownsFinding reports whether one of the asker's words (my, our, mi, mis,
// I'm) owns something other than a part of the body or an everyday thing:
// "my rash", "my melasma", "my 18 month old", "my EpiPen", "I'm looking
// after", rather than "my face", "my own scalp", "my pillowcase". Or
// whether the asker cares for someone else.
func ownsFinding(q string) bool {
	if reCaring.MatchString(q) {
		return true
	}
	ws := strings.FieldsFunc(q, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'' || r == '-') })
	for i, w := range ws {
		if !askerOwners[w] {
			continue
		}
		k := i + 1
		for k < len(ws) && ownedModifiers[ws[k]] {
			k++
		}
		if w == "i'm" || w == "im" {
			if k < len(ws) && !routineAfterIm[ws[k]] {
				return true
			}
			continue
		}
		if k < len(ws) && !routineOwned[ws[k]] && !bodySet.Has(ws[k]) {
			return true
		}
	}
	return false
}

// reCaring names someone in the asker's care.
var reCaring = rx(`\b(looking after|caring for|care for|taking care of|my (patient|client|resident)s?|the (patient|client|resident))\b`)

// askerOwners are the asker's words that may own a finding.
var askerOwners = lex.SetOf("my|mine|our|i'm|im|mi|mis|nuestro|nuestra")

// ownedModifiers may stand between an owner and what it owns.
var ownedModifiers = lex.SetOf("own|usual|daily|regular|new|old|fresh|clean|favourite|favorite|whole|entire|current|propia|propio|nueva|nuevo")

// routineOwned are everyday things and parts of the body, beyond bodyRE's,
// that the asker may own in a general question: "my pillowcase", "my
// razor blade", "my foundation".
var routineOwned = lex.SetOf("hair|nails|nail|lips|skin|scalp|towel|towels|washcloth|flannel|pillowcase|pillowcases|pillow|sheets|bedding|razor|razors|blade|blades|clothes|clothing|shoes|socks|hat|hats|foundation|makeup|make-up|moisturiser|moisturizer|sunscreen|cleanser|serum|routine|skincare|shampoo|conditioner|soap|brush|brushes|sponge|sponges|gym|pool|glasses|sunglasses|polish|toothbrush|tattoo|piercing|cortaunas|toalla|toallas|funda|almohada|cara|pelo|piel|manos|pies|labios|rostro|cuerpo|maquillaje|protector|crema|champu|rutina|cuchilla|maquinilla")

// routineAfterIm may follow "I'm" in a general question: "even when I'm
// wearing SPF 50", "I'm prone to breakouts", "I'm going to the beach".
var routineAfterIm = lex.SetOf("wearing|using|going|prone|outside|outdoors|out|at|in|a|an|the|careful|curious|wondering|planning|trying|doing|swimming|travelling|traveling|working|running|training|new|not|just|always|often|sure|told|asking")

// drugWords name treatments.
var drugWords = lex.SetOf("cream|creams|ointment|ointments|medication|medications|medicine|medicines|meds|pills|pill|tablets|tablet|prescription|antibiotic|antibiotics|steroid|steroids|retinoid|retinoids|biologic|biologics|antifungal|antihistamine|antihistamines|injection|injections|isotretinoin|accutane|tretinoin|methotrexate|hydrocortisone|clobetasol|tacrolimus|pimecrolimus|dupilumab|spironolactone|finasteride|minoxidil|ivermectin|permethrin|crema|pomada|pastillas|medicamento|medicacion|antibiotico|antibioticos|corticoide|corticoides|isotretinoina|metotrexato")

// drugWord reports whether w names a treatment: one of drugWords, or a
// drug known by its ending (drugSuffixes).
func drugWord(w string) bool {
	if drugWords[w] {
		return true
	}
	for _, suf := range drugSuffixes {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// drugSuffixes end the names of common drug classes: doxycycline,
// erythromycin, fluconazole, adalimumab, prednisolone, cortisone.
var drugSuffixes = []string{"cycline", "mycin", "cillin", "azole", "mab", "olone", "sone", "inib", "ciclina", "micina", "azol"}

// drugNamed reports whether q names a drug.
func drugNamed(q string) bool {
	for _, w := range strings.FieldsFunc(q, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if drugWord(w) {
			return true
		}
	}
	return false
}

// Taking a drug ("while on isotretinoin", "tomando isotretinoína"), a
// drug prescribed to the asker ("la tretinoína que me recetaron") or being
// pregnant states the asker's condition too; using a product ("while using
// retinol") does not.
var reStatesCondition = rx(`\bi (have|had|am|was|got|get|developed|noticed|found)\b|\bwhile (on|taking|breastfeeding|nursing|pregnant) |\b(tomando|mientras tomo|en tratamiento con|estando embarazada|estoy embarazada)\b|\bque me (recetaron|receto|han recetado|mandaron|mando|ha mandado|puso|pusieron|dieron)\b`)

// reGenericNormal asks whether something is usual for a kind of thing or
// person: "is it normal for creams to separate?", "is it safe for kids to
// swim with warts?".
var reGenericNormal = rx(`\b(is|are) (it|that|this) (normal|common|usual|typical|ok|okay|safe|fine) for (a |an )?[a-z]{2,}s to\b`)
