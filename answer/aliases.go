package answer

// alias gives a topic, by its name, everyday names that neither its passages
// nor the thesaurus may give it, and family names that take in several
// topics.
type alias struct {
	target string
	names  []string
}

// aliases are DermLiving's own list of common lay and older names, applied to
// whatever topics a version holds; a target the version lacks is skipped.
var aliases = []alias{
	{"Melanoma", []string{"skin cancer", "malignant melanoma"}},
	{"Basal cell carcinoma", []string{"skin cancer", "rodent ulcer", "BCC"}},
	{"Squamous cell carcinoma", []string{"skin cancer", "SCC"}},
	{"Actinic keratosis", []string{"solar keratosis", "sun spots", "sunspots"}},
	{"Herpes simplex", []string{"cold sores", "cold sore", "fever blisters", "herpes"}},
	{"Melanocytic nevi", []string{"moles", "mole", "naevi", "nevus", "naevus"}},
	{"Molluscum contagiosum", []string{"water warts", "molluscum"}},
	{"Pressure injuries", []string{"bed sores", "bedsores", "pressure sores", "pressure ulcers", "pressure ulcer"}},
	{"Seborrheic dermatitis", []string{"dandruff", "cradle cap"}},
	{"Seborrheic keratosis", []string{"seborrheic warts", "seborrhoeic warts", "barnacles"}},
	{"Cutaneous candidiasis", []string{"skin thrush", "yeast infection of the skin", "candida rash"}},
	{"Melasma", []string{"chloasma", "mask of pregnancy", "pregnancy mask"}},
	{"Androgenetic alopecia", []string{"male pattern baldness", "female pattern hair loss", "pattern baldness", "receding hairline", "thinning hair", "hair thinning"}},
	{"Alopecia areata", []string{"spot baldness", "patchy hair loss"}},
	{"Hyperhidrosis", []string{"excessive sweating", "heavy sweating", "sweaty palms", "sweaty hands", "sweaty feet"}},
	{"Irritant contact dermatitis", []string{"dishpan hands", "hand eczema", "irritant hand dermatitis"}},
	{"Allergic contact dermatitis", []string{"poison ivy rash", "nickel allergy", "contact allergy"}},
	{"Epidermoid cysts", []string{"sebaceous cyst", "sebaceous cysts"}},
	{"Head lice", []string{"nits", "lice"}},
	{"Tinea pedis", []string{"athlete's foot"}},
	{"Tinea corporis", []string{"ringworm"}},
	{"Tinea capitis", []string{"scalp ringworm", "ringworm of the scalp"}},
	{"Onychomycosis", []string{"toenail fungus", "nail fungus", "fungal nail infection"}},
	{"Common warts", []string{"warts", "verrucas"}},
	{"Keloids", []string{"keloid scar", "overgrown scar"}},
	{"Pityriasis rosea", []string{"christmas tree rash"}},
	{"Urticaria", []string{"hives", "nettle rash", "welts"}},
	{"Pruritus", []string{"itchy skin", "itching"}},
	{"Xerosis", []string{"dry skin"}},
	{"Diaper dermatitis", []string{"nappy rash", "diaper rash"}},
	{"Atopic dermatitis", []string{"eczema", "atopic eczema"}},
	{"Sunburn and sun protection", []string{"sun burn"}},
	{"Scabies", []string{"seven-year itch", "itch mites", "itch mite"}},
	{"Folliculitis", []string{"barber's itch", "razor bumps", "hot tub rash"}},
	{"Intertrigo", []string{"skin fold rash", "chafing", "chafing rash", "sweat rash"}},
}
