package answer

// alias gives a topic, by its name, everyday names that neither its passages
// nor the thesaurus give it, and family names that take in several topics.
type alias struct {
	target string
	names  []string
}

// aliases are DermLiving's own list, applied to whatever topics a version
// holds; a target the version lacks is skipped.
var aliases = []alias{
	{"Melanoma", []string{"skin cancer"}},
	{"Basal cell carcinoma", []string{"skin cancer"}},
	{"Squamous cell carcinoma", []string{"skin cancer"}},
}
