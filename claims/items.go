package claims

import (
	"regexp"
	"strings"

	"github.com/dermliving/dermliving/lexicon"
)

// This file holds the list-item check: whether the claim gives the
// description the span attaches to one item of a list ("photodynamic
// therapy, in which a light-sensitising cream is activated by light"; "the
// outer thighs (holster sign)"; "corticosteroid injections sometimes used
// for thick lesions") to another item of the same list.

// listItem is one item of a list in a sentence: its head (the words that
// name it) and the descriptions attached to it (a parenthesis, a relative
// clause, a participle phrase, a name given with "called").
type listItem struct {
	head lexicon.TermSet
	atts []lexicon.TermSet
	sent int // the sentence it is in
	// context is set on the words before a list opener ("treatments
	// include", "areas such as"), which name no item.
	context bool
	// text is the piece that names the item.
	text string
}

// itemDelimRE splits a sentence into list pieces: clause punctuation, the
// conjunctions of a list and the words that open one. Group 1 matches the
// openers.
var itemDelimRE = regexp.MustCompile(`(?i)[,;:]|\b(includes?|including|such as|along with|as well as|for example|e\.g\.)\b|\b(?:and|or)\b`)

// attOpenRE matches a piece that describes the item before it: a relative
// clause, a name or a participle phrase.
var attOpenRE = regexp.MustCompile(`(?i)^(?:in which|which|who|whose|(?:\w+ly |sometimes |often |also |mainly |mostly )?(?:called|known as|termed|referred to as|used|given|applied|taken|seen|found)\b)`)

// listAttRE matches a participle phrase, which may describe a whole list
// ("..., usually applied to the rash"), where a relative clause ("in
// which ...") or a name describes the item next to it.
var listAttRE = regexp.MustCompile(`(?i)^(?:\w+ly |sometimes |often |also |mainly |mostly )?(?:used|given|applied|taken)\b`)

// innerAttRE finds a description inside a piece, after the words that name
// the item: "thickened leathery skin called lichen simplex chronicus",
// "gliptins used for diabetes".
var innerAttRE = regexp.MustCompile(`(?i)\s(?:which|who|whose|called|known as|(?:\w+ly |sometimes |often |also |mainly |mostly )?(?:used (?:for|in|to|on|as)|given (?:for|to|as)|applied (?:to|at|on)))\b`)

// listAppositiveRE matches a piece that opens with an indefinite article: after
// a list's last item, an appositive that describes it.
var listAppositiveRE = regexp.MustCompile(`(?i)^an?\s+\pL`)

// relOpenRE finds the relative pronoun that opens a relative clause.
var relOpenRE = regexp.MustCompile(`(?i)\b(?:that|which|who|whose)\b`)

// namedRE finds a participle that gives a name ("a finding called the
// Nikolsky sign"), a relative clause without its pronoun.
var namedRE = regexp.MustCompile(`(?i)\b(?:called|known as|termed)\b`)

// appositive reports whether piece is an appositive: it opens with an
// indefinite article (listAppositiveRE) and holds no verb of a clause
// before any relative clause or naming participle (namedRE: "an early
// pressure injury may appear as ..." is a clause of its own).
func appositive(piece string) bool {
	if !listAppositiveRE.MatchString(piece) {
		return false
	}
	if m := relOpenRE.FindStringIndex(piece); m != nil {
		piece = piece[:m[0]]
	}
	if m := namedRE.FindStringIndex(piece); m != nil {
		piece = piece[:m[0]]
	}
	return !clauseVerbCues.in(piece)
}

// determinerRE opens a piece that names a thing: an article or a
// possessive before its noun.
var determinerRE = regexp.MustCompile(`(?i)^(?:a|an|the|its|their|his|her|this|that|these|those|some|any|another)\s`)

// leadRE strips the words that join an item to its list.
var leadRE = regexp.MustCompile(`(?i)^(?:(?:and|or|with|plus|then)\s+)+`)

// andOrRE matches a delimiter that joins words within a phrase.
var andOrRE = regexp.MustCompile(`(?i)^(?:and|or)$`)

// parenRE finds a parenthesis.
var parenRE = regexp.MustCompile(`\(([^()]*)\)`)

// sentenceEndRE ends a sentence.
var sentenceEndRE = regexp.MustCompile(`[.!?](?:\s|$)`)

// listItems splits text into sentences and each sentence into the items of
// its lists, with their descriptions (see listItem). The words before a
// list opener ("treatments include", "areas such as") name no item.
func (v *Lexical) listItems(text string) []listItem {
	var out []listItem
	for si, sent := range splitSentences(text) {
		// Parentheses describe the piece they follow; mark where each
		// stood and take it out of the text.
		var parens []string
		sent = parenRE.ReplaceAllStringFunc(sent, func(m string) string {
			parens = append(parens, m[1:len(m)-1])
			return " \x00" + string(rune('0'+len(parens)-1)) + " "
		})
		var items []listItem
		inAtt := false // the last piece opened a description
		opened := false
		// listStart is the first item after the last opener, and
		// itemDelim the delimiter before the last item.
		listStart, itemDelim := 0, ""
		// attFrom is the first item the last description describes.
		attFrom := 0
		last, prev := 0, ""
		// lastHead is the text of the last item's name.
		lastHead := ""
		// add takes a piece and the delimiter before it.
		add := func(piece string, delim string) {
			piece = strings.TrimSpace(piece)
			var ps []string
			for strings.Contains(piece, "\x00") {
				i := strings.Index(piece, "\x00")
				k := int(piece[i+1] - '0')
				if k >= 0 && k < len(parens) {
					ps = append(ps, parens[k])
				}
				piece = piece[:i] + piece[min(i+2, len(piece)):]
			}
			piece = strings.TrimSpace(leadRE.ReplaceAllString(strings.TrimSpace(piece), ""))
			describe := func(it *listItem, s string) {
				if ts := v.unitTerms(s); len(ts) > 0 {
					it.atts = append(it.atts, lexicon.NewTermSet(ts))
				}
			}
			switch {
			case piece == "" && len(items) > 0:
			case piece == "":
				return
			case len(items)-listStart >= 2 && delim == "," && andOrRE.MatchString(itemDelim) && listAttRE.MatchString(piece):
				// A participle phrase after the comma that closes a list
				// ("creams such as A, B and other azoles, usually applied
				// to the rash") describes the list's items together.
				for k := listStart; k < len(items); k++ {
					describe(&items[k], piece)
				}
				inAtt, attFrom = true, listStart
			case delim == "," && appositive(piece) && !items[len(items)-1].context && (clauseVerbRE.MatchString(lastHead) || len(items)-listStart == 1 || len(items)-listStart >= 2 && andOrRE.MatchString(itemDelim)):
				// An appositive after a lone item ("tinea cruris, a
				// fungal infection, ...") or after the comma that closes
				// a list ("tinea cruris, inverse psoriasis and
				// erythrasma, a bacterial infection that glows
				// coral-red") describes the item before it; after a
				// clause ("rubbing can cause the top layer to shear off,
				// a finding called ...") it describes what the clause
				// says, and names no item of its own.
				describe(&items[len(items)-1], piece)
				inAtt, attFrom = true, len(items)-1
			case len(items) > 0 && (attOpenRE.MatchString(piece) || (inAtt && andOrRE.MatchString(delim) && len(v.unitTerms(piece)) <= 2 && !innerAttRE.MatchString(piece))):
				// A description goes on over "and" and "or" while what
				// follows is a word or two ("which is red and scaly"),
				// describing what it began on.
				from := len(items) - 1
				if inAtt && !attOpenRE.MatchString(piece) {
					from = min(attFrom, from)
				}
				for k := from; k < len(items); k++ {
					describe(&items[k], piece)
				}
				inAtt, attFrom = true, from
			default:
				head := piece
				var att string
				if m := innerAttRE.FindStringIndex(piece); m != nil {
					head, att = piece[:m[0]], piece[m[0]:]
				}
				it := listItem{head: lexicon.NewTermSet(v.unitTerms(head)), sent: si, text: head}
				lastHead = head
				if att != "" {
					describe(&it, att)
				}
				inAtt, attFrom = att != "", len(items)
				items = append(items, it)
				itemDelim = delim
			}
			if len(items) > 0 {
				for _, p := range ps {
					describe(&items[len(items)-1], p)
				}
			}
		}
		for _, m := range itemDelimRE.FindAllStringSubmatchIndex(sent, -1) {
			add(sent[last:m[0]], prev)
			prev = sent[m[0]:m[1]]
			if m[2] >= 0 {
				if !opened {
					// The words before the first opener name no item.
					for k := range items {
						items[k].context = true
					}
					inAtt = false
				}
				opened = true
				listStart = len(items)
			}
			last = m[1]
		}
		add(sent[last:], prev)
		if !opened && len(items) > 1 && len(items[0].head) > shortUnit {
			// The first piece of a list no opener starts holds the clause
			// the list stands in ("X can cause scratch wounds, ..."): it
			// names no item of its own.
			items[0].context = true
		}
		out = append(out, items...)
	}
	return out
}

// splitSentences splits text at sentence ends.
func splitSentences(text string) []string {
	var out []string
	last := 0
	for _, m := range sentenceEndRE.FindAllStringIndex(text, -1) {
		out = append(out, text[last:m[0]])
		last = m[1]
	}
	if strings.TrimSpace(text[last:]) != "" {
		out = append(out, text[last:])
	}
	return out
}

// movedDescription reports whether the claim gives the description the span
// attaches to one item of a list to another item of that list: some piece
// of the claim (an item of its own lists, or the whole claim when it lists
// nothing) holds the description of span item j, lacks a word of j's name,
// and names another item i of j's sentence by a word no other part of the
// sentence has ("imiquimod, ... and photodynamic therapy, in which a
// light-sensitising cream is activated by light" against "in imiquimod
// treatment a light-sensitising cream is activated by light").
func (v *Lexical) movedDescription(claim, span string) bool {
	si := v.cache.spanItems(v, span)
	described := false
	for _, it := range si {
		if len(it.atts) > 0 && !it.context {
			described = true
			break
		}
	}
	if !described || len(si) < 2 {
		return false
	}
	var pieces []lexicon.TermSet
	ci := v.listItems(claim)
	list := false
	for k, it := range ci {
		// A lone word after a clause ("intradermal nevi are dome-shaped
		// and soft") is the clause's predicate going on, not an item of
		// its own: it joins the clause's piece, which then names what
		// the clause describes by all its words. A word after a
		// determiner ("comes from a condition or a medicine") names a
		// thing, and stays an item.
		if k > 0 && len(it.head) == 1 && len(it.atts) == 0 && len(ci[k-1].head) > shortUnit && it.sent == ci[k-1].sent && !determinerRE.MatchString(it.text) {
			for t := range it.head {
				pieces[len(pieces)-1][t] = struct{}{}
			}
			continue
		}
		p := lexicon.NewTermSet(nil)
		for t := range it.head {
			p[t] = struct{}{}
		}
		for _, a := range it.atts {
			for t := range a {
				p[t] = struct{}{}
			}
		}
		if len(it.head) <= shortUnit && len(ci) > 1 {
			list = true
		}
		pieces = append(pieces, p)
	}
	if !list {
		for _, part := range sideParts(claim) {
			pieces = append(pieces, lexicon.NewTermSet(v.unitTerms(part)))
		}
	}
	var seq []string
	claimSeq := func() []string {
		if seq == nil {
			seq = v.an.Terms(claim)
		}
		return seq
	}
	for j, jt := range si {
		if len(jt.atts) == 0 || jt.context {
			continue
		}
		// Words that stand anywhere else in the sentence mark nothing.
		elsewhere := func(t string, skip int, self lexicon.TermSet) bool {
			for k, o := range si {
				if o.sent != jt.sent {
					continue
				}
				if k != skip && o.head.Has(t) {
					return true
				}
				for _, a := range o.atts {
					if k != skip || !sameSet(a, self) {
						if a.Has(t) {
							return true
						}
					}
				}
			}
			return false
		}
		for _, att := range jt.atts {
			var own []string
			for t := range att {
				if !jt.head.Has(t) && !elsewhere(t, j, att) {
					own = append(own, t)
				}
			}
			if len(own) == 0 {
				continue
			}
			for _, p := range pieces {
				held := 0
				for _, t := range own {
					if p.Has(t) {
						held++
					}
				}
				if held < len(own) && (len(own) < 4 && !v.heldRarest(p, own, held) || held < len(own)-1) {
					continue
				}
				lacks := false
				for t := range jt.head {
					if !att.Has(t) && !p.Has(t) {
						lacks = true
						break
					}
				}
				if !lacks || v.namesItem(p, jt, att, elsewhere, j) && !v.renamesKind(claimSeq(), si, j, att, elsewhere) {
					continue
				}
				for i, it := range si {
					if i == j || it.sent != jt.sent || it.context {
						continue
					}
					if v.holdsDescription(p, si, i) {
						// The claim describes i as the span does.
						continue
					}
					for t := range it.head {
						if p.Has(t) && !jt.head.Has(t) && !att.Has(t) && !elsewhere(t, i, nil) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// namesItem reports whether the claim piece p names item it (index j of
// its sentence) itself: p holds at least half, and at least
// minNamingTerms, of the words of its name that stand nowhere else in the
// sentence and not in its description att. A claim that keeps the item
// by most of its own words, and its description with it, moves nothing,
// though it leaves a word of the name out ("poison oak cause it through
// an oily resin called urushiol"; "daily suppressive antivirals ...
// reduce the number of outbreaks" for "daily suppressive antiviral
// treatment, which can reduce the number of outbreaks").
func (v *Lexical) namesItem(p lexicon.TermSet, it listItem, att lexicon.TermSet, elsewhere func(t string, skip int, self lexicon.TermSet) bool, j int) bool {
	own, held := 0, 0
	for t := range it.head {
		if att.Has(t) || v.lightTerms.Has(t) || elsewhere(t, j, nil) {
			continue
		}
		own++
		if p.Has(t) {
			held++
		}
	}
	return held >= minNamingTerms && 2*held >= own
}

// minNamingTerms is the least number of an item's own words a claim piece
// must hold to name it: one word of a name ("injections" of "corticosteroid
// injections") may be kept while the rest is put for another item's
// ("tacrolimus injections").
const minNamingTerms = 2

// sameSet reports whether a and b are the same set (the same map).
func sameSet(a, b lexicon.TermSet) bool {
	if a == nil || b == nil {
		return false
	}
	for t := range a {
		if !b.Has(t) {
			return false
		}
	}
	return len(a) == len(b)
}

// holdsDescription reports whether p holds a word of a description of item
// i of items that no other part of its sentence has.
func (v *Lexical) holdsDescription(p lexicon.TermSet, items []listItem, i int) bool {
	for _, att := range items[i].atts {
	terms:
		for t := range att {
			if !p.Has(t) || items[i].head.Has(t) {
				continue
			}
			for k, o := range items {
				if o.sent != items[i].sent {
					continue
				}
				if k != i && o.head.Has(t) {
					continue terms
				}
				for _, a := range o.atts {
					if k != i && a.Has(t) {
						continue terms
					}
				}
			}
			return true
		}
	}
	return false
}

// unlikeWhichRE finds a thing set off by "unlike" and the relative clause
// that says what holds of it ("X can occur in anyone, unlike Y, which
// requires prior sensitisation"): group 1 is the thing, group 2 the
// clause.
var unlikeWhichRE = regexp.MustCompile(`(?i)\bunlike\s+([^,;.]+?),\s*(?:which|who)\s+([^,;.]+)`)

// unlikeRE finds a claim's phrase "unlike Y", to its clause's end.
var unlikeRE = regexp.MustCompile(`(?i)\bunlike\s+[^,;.]+`)

// movedUnlike reports whether the claim gives what the span's relative
// clause says of a thing set off by "unlike" to the other thing, setting
// that thing off itself: "X requires prior sensitisation, unlike Y"
// against "X can occur in anyone, unlike Y, which requires prior
// sensitisation". The claim's "unlike" phrase names Y by a word the rest
// of the claim lacks, and the rest holds every word of the clause but
// one (and at least one). A claim that turns the contrast round ("Unlike
// X, Y requires prior sensitisation") names Y outside the phrase.
func (v *Lexical) movedUnlike(claim, span string) bool {
	loc := unlikeRE.FindStringIndex(claim)
	if loc == nil || !strings.Contains(span, "nlike") {
		return false
	}
	// A claim that keeps the relative clause on its "unlike" phrase
	// ("..., unlike Y, which requires prior sensitisation") keeps it on
	// Y: the clause is the phrase's.
	end := loc[1]
	if m := unlikeWhichRE.FindStringIndex(claim); m != nil && m[0] == loc[0] {
		end = m[1]
	}
	phrase := lexicon.NewTermSet(v.unitTerms(claim[loc[0]:end]))
	rest := lexicon.NewTermSet(v.unitTerms(claim[:loc[0]] + " " + claim[end:]))
	for _, m := range unlikeWhichRE.FindAllStringSubmatch(span, -1) {
		named := false
		for _, t := range v.unitTerms(m[1]) {
			if phrase.Has(t) && !rest.Has(t) {
				named = true
			} else if rest.Has(t) && !phrase.Has(t) {
				named = false
				break
			}
		}
		if !named {
			continue
		}
		clause := v.unitTerms(m[2])
		held := 0
		for _, t := range clause {
			if rest.Has(t) {
				held++
			}
		}
		if held > 0 && held >= len(clause)-1 {
			return true
		}
	}
	return false
}

// heldRarest reports whether p, holding held of the description words
// own, lacks only one of them, and that one the commonest: a claim that
// keeps a short description by its rarest words with its verb
// paraphrased ("kills head lice by coating them" for dimeticone's "work
// by coating the lice") still takes it. Without a rarity every word
// weighs alike, and every word must be held.
//
// A name given to the item ("called nits", "also called solar
// keratosis") is no such description: a claim that names the item by it
// ("Nits are tiny oval specks ...") keeps it on the item, and leaves out
// only the participle.
func (v *Lexical) heldRarest(p lexicon.TermSet, own []string, held int) bool {
	if v.rarity == nil || held == 0 || held < len(own)-1 {
		return false
	}
	for _, t := range own {
		if v.namingTerms.Has(t) {
			return false
		}
	}
	least := -1.0
	for _, t := range own {
		if p.Has(t) && (least < 0 || v.rarity(t) < least) {
			least = v.rarity(t)
		}
	}
	for _, t := range own {
		if !p.Has(t) && v.rarity(t) >= least {
			return false
		}
	}
	return true
}

// renamesKind reports whether the claim (its terms seq) names item j's
// kind by another item's word: a word that only item i of j's sentence
// has stands just before a word of j's name, as it does in i's own name
// ("flat warts on the soles of the feet" where the span lists "plantar
// warts on the soles of the feet (often called verrucas), flat warts and
// ..."). The claim then keeps j's other words for i, and names i, not j;
// items listed side by side ("poison ivy and poison oak") are no such
// naming.
func (v *Lexical) renamesKind(seq []string, si []listItem, j int, att lexicon.TermSet, elsewhere func(t string, skip int, self lexicon.TermSet) bool) bool {
	for i, it := range si {
		if i == j || it.sent != si[j].sent || it.context {
			continue
		}
		own := v.an.Terms(it.text)
		for k := 0; k+1 < len(seq); k++ {
			w, h := seq[k], seq[k+1]
			if !it.head.Has(w) || si[j].head.Has(w) || att.Has(w) || elsewhere(w, i, nil) || !si[j].head.Has(h) {
				continue
			}
			// The word names i's kind as i itself does: "flat warts".
			for q := 0; q+1 < len(own); q++ {
				if own[q] == w && own[q+1] == h {
					return true
				}
			}
		}
	}
	return false
}
