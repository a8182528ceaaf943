package lexicon

import (
	"strings"
)

// Normalize folds text (see Fold) and maps British spellings to American
// ones, so that "localised", "naevus", "oedema" and "colour" match
// "localized", "nevus", "edema" and "color". Like Fold it is for matching
// only; index and queries go through the same mapping, so two words meet only
// when they are spellings of one word.
func Normalize(s string) string {
	f := Fold(s)
	var b []byte // the rewritten text, once a word changes
	last := 0    // f[last:] is not yet copied into b
	for i := 0; i < len(f); {
		if !isLower(f[i]) {
			i++
			continue
		}
		j := i
		for j < len(f) && isLower(f[j]) {
			j++
		}
		if j-i >= 4 && mayBeBritish(f[i:j]) {
			if a := americanize(f[i:j]); a != f[i:j] {
				b = append(append(b, f[last:i]...), a...)
				last = j
			}
		}
		i = j
	}
	if b == nil {
		return f
	}
	return string(append(b, f[last:]...))
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// mayBeBritish is a cheap test for a word americanize may change.
func mayBeBritish(w string) bool {
	return strings.Contains(w, "is") || strings.Contains(w, "ae") || strings.Contains(w, "oe") ||
		strings.HasSuffix(w, "our") || strings.HasSuffix(w, "ours") || strings.Contains(w, "oured") ||
		strings.Contains(w, "ourat") || strings.HasSuffix(w, "tre") || strings.HasSuffix(w, "tres") ||
		strings.HasSuffix(w, "ogue") || w == "moustache"
}

// ourWords are the -our words whose American spelling drops the u.
var ourWords = map[string]string{
	"colour": "color", "colours": "colors", "coloured": "colored", "discoloured": "discolored", "discolouration": "discoloration",
	"tumour": "tumor", "tumours": "tumors", "behaviour": "behavior", "behaviours": "behaviors",
	"odour": "odor", "odours": "odors", "favour": "favor", "humour": "humor", "labour": "labor", "vapour": "vapor",
	"centre": "center", "centres": "centers", "litre": "liter", "litres": "liters", "fibre": "fiber", "fibres": "fibers",
	"catalogue": "catalog", "moustache": "mustache",
}

// isExceptions end in -ise in both spellings.
var isExceptions = map[string]bool{
	"rise": true, "wise": true, "otherwise": true, "likewise": true, "exercise": true, "advise": true, "supervise": true,
	"surprise": true, "promise": true, "noise": true, "premise": true, "raise": true, "praise": true, "expertise": true,
	"franchise": true, "merchandise": true, "compromise": true, "televise": true, "devise": true, "revise": true,
	"concise": true, "precise": true, "excise": true, "incise": true, "poise": true, "bruise": true, "cruise": true,
	"arise": true, "clockwise": true, "disguise": true, "despise": true, "chemise": true, "demise": true, "paradise": true,
	"enterprise": true, "improvise": true, "comprise": true, "apprise": true, "guise": true, "anise": true, "reprise": true,
	"treatise": true, "prise": true,
}

func americanize(w string) string {
	if a, ok := ourWords[w]; ok {
		return a
	}
	// ae and oe in medical words: haem, anaem, naev, paediatr, oedema, diarrhoea.
	if strings.Contains(w, "ae") || strings.Contains(w, "oe") {
		for _, p := range [][2]string{{"haem", "hem"}, {"anaem", "anem"}, {"leukaem", "leukem"}, {"naev", "nev"},
			{"paed", "ped"}, {"aesthe", "esthe"}, {"oedem", "edem"}, {"oesoph", "esoph"}, {"diarrhoea", "diarrhea"},
			{"foet", "fet"}, {"coeliac", "celiac"}, {"haematoma", "hematoma"}, {"aetiolog", "etiolog"}, {"caesar", "cesar"},
			{"septicaem", "septicem"}, {"ischaem", "ischem"}, {"oestrogen", "estrogen"}, {"gynaec", "gynec"}} {
			w = strings.Replace(w, p[0], p[1], 1)
		}
	}
	for _, suf := range []string{"isation", "isations", "ised", "ises", "ising", "ise"} {
		stem, ok := strings.CutSuffix(w, suf)
		if !ok || len(stem) < 3 {
			continue
		}
		if isExceptions[stem+"ise"] {
			return w
		}
		return stem + "iz" + suf[2:]
	}
	return w
}

// EditDistance is the optimal string alignment distance between a and b,
// in characters (edits: insert, delete, substitute, swap two neighbours), or
// limit+1 once it exceeds limit. Spelling correction in English and Spanish
// reads names through it.
func EditDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
