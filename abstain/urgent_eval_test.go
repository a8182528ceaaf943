package abstain

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
	"github.com/dermliving/dermliving/abstain/internal/screentest"
)

// The twelfth round's figures, which TestEval logs beside the screens':
// urgent recall (a question labelled urgent that Decide marks Urgent),
// urgent flags on the look-alikes (family urgent_lookalike) and on every
// other question, and the screens' labels per family (urgent,
// urgent_lookalike, outside, product, product_person, child_treatment,
// child_reference), per split, for the development splits together and
// the held-out ones together. Held-out splits give figures only; with
// -eval.misses development splits list the ids they get wrong.

// The urgent goals, on the held-out splits that carry urgent labels: recall
// on the urgent questions, and no urgent flag on a look-alike. The floors,
// enforced when all those splits are read, guard regressions.
//
// Round 1 wrote the signs from dev12; holdout12, measured once at its end,
// gave urgent recall 0.802 (65/81) and 1 look-alike of 81 flagged. Round 2
// read holdout12 (now a tuning split) and widened the signs to the kinds of
// wording it missed (81/81 and 0/81 after); holdout13, written blind for
// round 2 and measured once at its end, gave 0.783 (94/120) and 3 of 120
// look-alikes flagged: the widening did not carry to new wording, and the
// goals are not met. The floors sit just below round 2's held-out figures.
//
// Round 3 read holdout13 (its figures above are round 2's) and dev13,
// written for round 3, and rebuilt the signs around shared vocabularies
// (fragments of urgent.rules: a fever, faintness, hives, a trigger),
// indirect descriptions (a simile about the throat, chest or breathing, a
// face "like a balloon"), typo mending, and a check for signs asked about
// in anyone; after it: holdout13 120/120 and 0/120, dev13 197/197 and
// 0/192 (the round-2 rules: 153/197 and 6/192). Two probes of dev13,
// each written after a revision and measured once before their misses
// were fixed, got 49/60 (0/59 look-alikes flagged) and 21/26 (2/26): new
// wording is still missed about one time in five. holdout14, written blind
// for round 3 by another author asked for unusual styles (portal messages,
// texts, forum posts at night, indirect descriptions), measured once at
// its end, gave 0.700 (84/120) and 2 of 120 look-alikes flagged: rules
// written from the sets in hand reach about 0.7 to 0.8 of a new author's
// urgent questions, well short of the goal. The floors sit just below
// round 3's held-out figures.
//
// Round 4 added a learned reader of urgent signs beside the rules
// (urgent_model.txt, trained on the tuning splits and urgent_train.jsonl,
// its threshold chosen by leaving one split out so that it flags no
// look-alike the rules do not). Measured once at its end: holdout14 0.742
// (89/120, round 3's rules alone: 0.700) with 2 of 120 look-alikes
// flagged, and holdout15, written blind for round 4, 0.875 (105/120) with
// 2 of 120 flagged; together 0.808 (194/240) and 4 of 240.
//
// Round 5 read holdout15 (now a tuning split) and widened the signs to
// the kinds of wording it missed (bruise-like marks, spots that "don't
// change" when pressed, "dropped to the floor", lips going purple, the
// uvula, a tongue "taking up too much room", "gasp for air", redness
// spreading "in a few hours" or "since breakfast"; a drug started "last
// month" no longer makes the sentence past, doubt ("not sure if") is no
// hypothesis, a story is no person, "no se me hincha" is denied), and the
// learned reader was retrained on it. Measured once at its end: holdout16,
// written blind for round 5, 0.900 (108/120) with 2 of 120 look-alikes
// flagged; holdout14 0.800 (96/120) with 2; together 0.850 (204/240) and
// 4 of 240. The floors, over the held-out splits together, sat just below
// (0.84 and 4).
//
// Round 6 read holdout16 (now a tuning split, and one the learned reader
// trains on) and widened the signs to the kinds of wording it missed and
// flagged (doubt in Spanish, "no problem to breathe", breathing said fine,
// what a medicine "can cause", a sign then denied, a hoarse voice or a hand
// at the throat after a trigger, understated or noisy breathing, blisters
// on the lips or inside the mouth, skin that comes away at a touch,
// redness over a whole limb or growing in size); holdout14 is the one
// held-out split left, so the floors are its own, just below its round-5
// figures (0.800, 96/120, and 2 of 120 flagged). Its round-6 figure is in
// testdata/screens/HISTORY.md.
//
// holdout17, written blind after round 6 by a fifth author asked for every
// family of sign (eye-socket infection and serious burns among them) and
// for buried, understated and indirect wording, was measured once after
// round 6: 0.717 (86/120) with 2 of 120 look-alikes flagged; with
// holdout14, 0.775 (186/240) and 4 of 240. The floors, over both, sat just
// below (0.76 and 4).
//
// Round 7 read holdout17 (now a tuning split, and one the learned reader
// trains on) and widened the signs to the kinds of wording it missed and
// flagged, among them two families no rule covered before (serious burns,
// deep or large or with smoke and a hoarse voice; swelling around the eye
// with a fever and painful eye movement, double vision or a bulging eye),
// and adrenaline just given, pain out of proportion, a very unwell person
// with a rash or a red limb; tuning splits 813/813 urgent and 0/808
// look-alikes flagged after it. holdout14, again the one held-out split
// with urgent labels, measured once at its end: 0.808 (97/120) with 2 of
// 120 look-alikes flagged, below its round-6 figure (0.833, 100/120); the
// retrained reader's threshold rose (0.9983 -> 0.9993), and which change
// lost the three questions was not looked at, as holdout14's questions stay
// unread. holdout18, written blind after round 7 by a sixth author over
// every family of sign, was measured once after it: 0.867 (104/120) with
// no look-alike flagged; with holdout14, 0.838 (201/240) and 2 of 240. The
// floors, over both held-out splits, sat just below (0.82 and 2).
//
// Round 8 read holdout18 (now a tuning split, and one the learned reader
// trains on) and widened the signs to the kinds of wording it missed.
// holdout14 is again the one held-out split with urgent labels, so the
// floors are its own, just below its round-7 figures (0.808, 97/120, and 2
// of 120 flagged); its round-8 figure is measured once after the round and
// recorded in testdata/screens/HISTORY.md. It was 0.825 (99/120) with 2 of
// 120 flagged; holdout19, written blind after round 8 by a seventh author
// over every family of sign, was measured once after it: 0.708 (85/120)
// with no look-alike flagged; with holdout14, 0.767 (184/240) and 2 of 240.
// The floors, over both held-out splits, sat just below (0.76 and 2).
//
// Round 9 read holdout19 (now a tuning split, and one the learned reader
// trains on) and widened the signs to the kinds of wording it missed.
// holdout14 is again the one held-out split with urgent labels, so the
// floors are its own, just below its round-8 figures (0.825, 99/120, and 2
// of 120 flagged); its round-9 figure is measured once after the round and
// recorded in testdata/screens/HISTORY.md. It was 0.858 (103/120) with 2 of
// 120 flagged; holdout20, written blind after round 9 by an eighth author
// (every family of sign, hurried phone messages, signs mentioned in
// passing or without medical words, two people in one message), was
// measured once after it: 0.875 (105/120) with no look-alike flagged; with
// holdout14, 0.867 (208/240) and 2 of 240. The floors, over both held-out
// splits, sat just below (0.85 and 2).
//
// Round 10 reads holdout20 (now a tuning split, and one the learned reader
// trains on) and a probe of our own (probe21), and widens the signs to the
// kinds of wording they missed. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, just below its round-9
// figures (0.858, 103/120, and 2 of 120 flagged): 0.85 and 2; its round-10
// figure is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.875 (105/120) with 2 of 120
// flagged; holdout21, written blind after round 10 by a ninth author (long
// messages with several worries, a nurse or pharmacist quoted, care homes,
// minimising, English and Spanish mixed, Spanish without accents), was
// measured once after it: 0.942 (113/120) with no look-alike flagged; with
// holdout14, 0.908 (218/240) and 2 of 240. The floors, over both held-out
// splits, sat just below (0.90 and 2).
//
// Round 11 reads holdout21 (now a tuning split, and one the learned reader
// trains on) and a probe of our own (probe22), and widens the signs to the
// kinds of wording they missed. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, just below its round-10
// figures (0.875, 105/120, and 2 of 120 flagged): 0.87 and 2; its round-11
// figure is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.867 (104/120) with 2 of 120
// flagged; holdout22, written blind after round 11 by a tenth author, with
// look-alikes made as close to the urgent lines as the author could (the
// same words, the sign past, denied, resolved, hypothetical or a story's),
// was measured once after it: 0.883 (106/120) with 2 of 120 look-alikes
// flagged; together, 0.875 (210/240) and 4 of 240. The floors, over both
// held-out splits, sat at those figures (0.87 and 4).
//
// Round 12 reads holdout22 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, just below its round-11
// figures (0.867, 104/120, and 2 of 120 flagged): 0.86 and 2; its round-12
// figure is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.875 (105/120) with 2 of 120
// flagged; holdout23, written blind after round 12 by an eleventh author
// (symptom forms and pharmacy chats with field-like fragments,
// temperatures and times in numbers, babysitters and grandparents, night
// shifts, farms and travel, English from Scotland, Canada, the
// Philippines, Kenya, Singapore and the US South, Spanish from seven
// countries; a third of the urgent lines tricky and half the look-alikes
// as close to an urgent line as possible), was measured once after it:
// 0.933 (112/120) with 2 of 120 look-alikes flagged; together, 0.904
// (217/240) and 4 of 240. The floors, over both held-out splits, sat at
// those figures (0.90 and 4).
//
// Round 13 reads holdout23 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged, with care for the kinds of look-alike
// the new sets still flag (hearsay of a past episode, a sign in someone
// else's story, a hypothesis). holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, just below its round-12
// figures (0.875, 105/120, and 2 of 120 flagged): 0.87 and 2; its round-13
// figure is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.883 (106/120) with 2 of 120
// flagged; holdout24, written blind after round 13 by a twelfth author
// (voice-assistant dictation, teenagers about a friend, adult children
// about a parent far away, gym staff, hairdressers, baby forums, signs
// told by comparison; English from Wales, New Zealand, Ghana, Pakistan,
// Jamaica and the US Midwest, Spanish from the Caribbean, Central America,
// Madrid and Galicia and US bilinguals), was measured once after it: 0.900
// (108/120) with 3 of 120 look-alikes flagged; together, 0.892 (214/240)
// and 5 of 240. The floors, over both held-out splits, sat at those figures
// (0.89 and 5).
//
// Round 14 reads holdout24 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, just below its round-13
// figures (0.883, 106/120, and 2 of 120 flagged): 0.88 and 2; its round-14
// figure is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.883 (106/120) with 2 of 120
// flagged, unchanged; holdout25, written blind during round 14 by a
// thirteenth author (a scout leader, a dance teacher, a delivery driver, a
// foster parent, a prison officer, a lifeguard, a farm worker, a translator
// relaying a relative, a teen about a sibling, an elderly man who
// understates; English from Ireland, South Africa, India, Australia, the
// US Northeast and Trinidad, Spanish from Colombia, Argentina, Mexico,
// Andalusia, the Canaries, Puerto Rico and Bolivia; 40 of the 120 urgent
// lines tricky), was measured once after it: 0.858 (103/120) with 1 of 120
// look-alikes flagged; together, 0.871 (209/240) and 3 of 240. The floors,
// over both held-out splits, sat at those figures (0.87 and 3).
//
// Round 15 reads holdout25 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, at its round-14 figures
// (0.883, 106/120, and 2 of 120 flagged): 0.88 and 2; its round-15 figure
// is measured once after the round and recorded in
// testdata/screens/HISTORY.md. It was 0.883 (106/120) with 2 of 120
// flagged, unchanged; no new blind set was written, so the floors stay
// holdout14's (0.88 and 2).
//
// holdout26, written blind during round 15 by a fourteenth author (a
// night-shift security guard, a yoga instructor, a bus driver, a nanny, a
// plumber, a grandfather texting slowly, a mother of twins typing
// one-handed; English from Scotland, Wales, Nigeria, the Philippines,
// Canada, Singapore and the US South, Spanish from Chile, Peru, Venezuela,
// Uruguay, Ecuador, Madrid and Asturias and US bilinguals), was measured
// once after it: 0.867 (104/120) with 2 of 120 look-alikes flagged;
// together with holdout14, 0.875 (210/240) and 4 of 240. The floors, over
// both held-out splits, sat at those figures (0.87 and 4).
//
// Round 16 reads holdout26 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, at its round-15 figures
// (0.883, 106/120, and 2 of 120 flagged): 0.88 and 2; its round-16 figure
// is to be measured once by the lead after the round and recorded in
// testdata/screens/HISTORY.md. On the tuning splits the round took
// holdout26 from 108/120 (the reader retrained on it) to 120/120 urgent and
// from 2 to 0 of 120 look-alikes flagged (rules alone 93 -> 120), the other
// tuning splits unchanged (1953/1953 and 0/1948 together), among the kinds a
// new sign (cleaning products mixed and their fumes breathed with a
// cough), Scots spellings, a sign told in fragments, and a first-aid
// course's question read as no person. Measured once after the round
// (2026-12-03): holdout14 0.892 (107/120) with 2 of 120 flagged (0.883 and
// 2 before).
//
// holdout27, written blind during round 16 by a fifteenth author (a ferry
// deckhand, a dinner lady, a taxi dispatcher, an au pair, a football coach,
// a care-home night assistant, a beekeeper, a gamer, a great-aunt, a
// roofer, a festival steward, a new father; English from Ireland, Jamaica,
// India, South Africa, Australia, New Zealand and the American Midwest,
// Spanish from Mexico, Colombia, Argentina, Cuba, the Dominican Republic,
// Bolivia, Andalusia and the Canary Islands and US bilinguals), was
// measured once after it: 0.867 (104/120) with 1 of 120 look-alikes
// flagged; together with holdout14, 0.879 (211/240) and 3 of 240. The
// floors, over both held-out splits, sat at those figures (0.87 and 3).
//
// Round 17 reads holdout27 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, at its round-16 figures
// (0.892, 107/120, and 2 of 120 flagged): 0.89 and 2; its round-17 figure
// is to be measured once by the lead after the round and recorded in
// testdata/screens/HISTORY.md. A new blind set (urgent28), when it is
// added as a held_out split, joins holdout14 under these floors, which
// are then set again over both.
//
// Measured once after round 17 (2026-12-03): holdout14 0.908 (109/120)
// with 2 of 120 look-alikes flagged (0.892 and 2 before); holdout28
// (urgent28, written blind during round 17 by a sixteenth author: a
// lifeguard, a school bus driver, a warehouse picker, a grandmother
// babysitting twins, a scout leader, a tattoo artist, a hospital porter, a
// fisherman, a neighbour's carer; English from Scotland, Wales, Nigeria,
// Ghana, the Philippines, Singapore, Canada and the American South, Spanish
// from Peru, Chile, Venezuela, Puerto Rico, Guatemala, Uruguay, Madrid,
// Galicia and US bilinguals), read for the first time, 0.917 (110/120) with
// 1 of 120 flagged; together 0.912 (219/240) and 3 of 240. The floors, over
// both held-out splits, sat at those figures (0.91 and 3). Measured once
// after round 30 (general questions set in the asker's work or memory),
// both were unchanged.
//
// Round 18 reads holdout28 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it and the other tuning splits missed and flagged. holdout14 is
// again the one held-out split with urgent labels, so the floors are its
// own, at its last measured figures (0.908, 109/120, and 2 of 120
// flagged): 0.90 and 2; its round-18 figure is to be measured once by the
// lead after the round and recorded in testdata/screens/HISTORY.md. A new
// blind set, when it is added as a held_out split, joins holdout14 under
// these floors, which are then set again over both.
//
// Measured once after round 18 (2026-12-03): holdout14 0.908 (109/120)
// with 2 of 120 look-alikes flagged, unchanged; holdout29 (urgent29,
// written blind during round 18 by a seventeenth author: a ski
// instructor, a delivery van driver, a nursery nurse, a soup-kitchen
// volunteer, a football coach, a beekeeper, a hotel night receptionist, a
// nail technician, a crofter, a flight attendant, a great-uncle; English
// from Ireland, the North of England, Kenya, India, South Africa, Jamaica,
// New Zealand and Appalachia, Spanish from Monterrey, Medellín, Córdoba,
// Cuba, Ecuador, Bolivia, Andalusia, the Canaries and US bilinguals), read
// for the first time, 0.892 (107/120) with 2 of 120 flagged (every one of
// its urgent lines refused, 13 without the urgent message); together 0.900
// (216/240) and 4 of 240. The floors, over both held-out splits, sat at
// those figures (0.90 and 4).
//
// Round 19 reads holdout29 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it and the other tuning splits missed and flagged. holdout14 is
// again the one held-out split with urgent labels, so the floors are its
// own, at its last measured figures (0.908, 109/120, and 2 of 120
// flagged): 0.90 and 2; its round-19 figure is to be measured once by the
// lead after the round and recorded in testdata/screens/HISTORY.md. A new
// blind set, when it is added as a held_out split, joins holdout14 under
// these floors, which are then set again over both.
//
// Measured once after round 19 (2026-12-03): holdout14 0.900 (108/120)
// with 2 of 120 look-alikes flagged (one urgent line fewer than after
// round 18); holdout30 (urgent30, written blind during round 19 by an
// eighteenth author: a lighthouse tour guide, a postwoman, a childminder,
// a mosque caretaker, a rugby physio, a gardener, a late-shift bartender,
// a dog groomer, a PhD student, a shepherd, a cruise ship steward, a
// retired miner; English from Wales, the Scottish Highlands, Uganda,
// Pakistan, Zimbabwe, Trinidad, Australia and Louisiana, Spanish from
// Mexico City, Arequipa, Valparaíso, the Dominican Republic, Honduras,
// Paraguay, Asturias, Murcia and US bilinguals), read for the first time,
// 0.942 (113/120) with none of 120 flagged (every one of its urgent lines
// refused, 7 without the urgent message); together 0.921 (221/240) and 2
// of 240. The floors, over both held-out splits, sat at those figures
// (0.92 and 2).
//
// Round 20 reads holdout30 (now a tuning split, and one the learned reader
// trains on) and a probe of our own (probe23: a plain sentence about a
// condition or other people before an urgent decision told in fragments,
// and its look-alikes), closes the gap found after round 33 (such a
// sentence kept the signs after it from being read), and widens the
// signs, and the rewrites that blank a sign past, denied, resolved,
// hypothetical or a story's, to the kinds of wording the tuning splits
// missed and flagged. holdout14 is again the one held-out split with
// urgent labels, so the floors are its own, at its last measured figures
// (0.900, 108/120, and 2 of 120 flagged): 0.90 and 2; its round-20 figure
// is to be measured once by the lead after the round and recorded in
// testdata/screens/HISTORY.md. A new blind set, when it is added as a
// held_out split, joins holdout14 under these floors, which are then set
// again over both.
//
// Measured once after round 20 (2026-12-03): holdout14 0.917 (110/120)
// with 2 of 120 look-alikes flagged (0.900 and 2 before); holdout31
// (urgent31, written blind during round 20 by a nineteenth author: a
// market trader, a swimming teacher, a care-home night nurse, a taxi
// driver, a new grandmother, a student nurse, a chef, a removal man, a
// hill walker, a pharmacist's assistant relaying a customer, a teenager
// about a brother; English from Cornwall, Glasgow, Lagos, Manila,
// Toronto, Texas and Karachi, Spanish from Guadalajara, Bogotá,
// Santiago, Lima, Havana, Seville, Valencia and US bilinguals), read for
// the first time, 0.808 (97/120) with 3 of 120 flagged (every one of its
// urgent lines refused, 23 without the urgent message); together 0.863
// (207/240) and 5 of 240. The floors, over both held-out splits, sat at
// those figures (0.86 and 5).
//
// Round 21 reads holdout31 (now a tuning split, and one the learned reader
// trains on) and widens the signs, and the rewrites that blank a sign
// past, denied, resolved, hypothetical or a story's, to the kinds of
// wording it missed and flagged, with no new flag and no urgent line lost
// on the other tuning splits. holdout14 is again the one held-out split
// with urgent labels, so the floors are its own, at its last measured
// figures (0.917, 110/120, and 2 of 120 flagged): 0.91 and 2; its round-21
// figure is to be measured once by the lead after the round and recorded
// in testdata/screens/HISTORY.md. A new blind set, when it is added as a
// held_out split, joins holdout14 under these floors, which are then set
// again over both. Measured once after round 21 (2026-12-03): holdout14
// 0.917 (110/120) with 2 of 120 look-alikes flagged, unchanged.
//
// Screens round 37 (no urgent widening; a decision beside statements of
// other people is read without them) ends the wait of holdout32 (urgent32,
// written blind after round 21 by a twentieth author and sealed): added as
// a held_out split and measured once after round 37 (2026-12-03),
// holdout14 0.917 (110/120) with 2 of 120 flagged, unchanged; holdout32,
// read for the first time, 0.925 (111/120) with 6 of 120 look-alikes
// flagged (every one of its urgent lines refused, 9 without the urgent
// message); together 0.921 (221/240) and 8 of 240. The floors, over both
// held-out splits, sit at those figures (0.92 and 8).
const (
	goalUrgentRecall    = 0.98
	goalLookalikeFlags  = 0
	floorUrgentRecall   = 0.92
	floorLookalikeFlags = 8
)

// familyOrder is the order families are logged in.
var familyOrder = []string{"urgent", "urgent_lookalike", "outside", "product", "product_person", "child_treatment", "child_reference"}

// urgentScores counts the twelfth round's figures.
type urgentScores struct {
	recall, lookalikes, others screentest.Ratio // urgent flagged; look-alikes flagged; other questions flagged
	families                   map[string]*classScores
	misses                     []string
}

func newUrgentScores() *urgentScores { return &urgentScores{families: map[string]*classScores{}} }

// add scores one question.
func (u *urgentScores) add(q labelled.Question) {
	d := Decide(q.Text)
	got := "reference"
	if d.Reason.Valid() {
		got = d.Reason.String()
	}
	switch {
	case q.Urgent:
		u.recall.N++
		if d.Urgent {
			u.recall.Hit++
		} else {
			u.misses = append(u.misses, q.ID+"(urgent missed)")
		}
	case q.Family == "urgent_lookalike":
		u.lookalikes.N++
		if d.Urgent {
			u.lookalikes.Hit++
			u.misses = append(u.misses, q.ID+"(look-alike flagged: "+d.Sign+")")
		}
	default:
		u.others.N++
		if d.Urgent {
			u.others.Hit++
			u.misses = append(u.misses, q.ID+"(flagged: "+d.Sign+")")
		}
	}
	f := u.families[q.Family]
	if f == nil {
		f = newClassScores()
		u.families[q.Family] = f
	}
	f.add(q, got, nil)
}

func (u *urgentScores) merge(o *urgentScores) {
	for _, p := range [][2]*screentest.Ratio{{&u.recall, &o.recall}, {&u.lookalikes, &o.lookalikes}, {&u.others, &o.others}} {
		p[0].Hit += p[1].Hit
		p[0].N += p[1].N
	}
	for fam, c := range o.families {
		if u.families[fam] == nil {
			u.families[fam] = newClassScores()
		}
		u.families[fam].merge(c)
	}
}

// urgentRound holds the twelfth round's figures of the splits read:
// development and held-out apart.
type urgentRound struct {
	dev, heldOut         *urgentScores
	devRead, heldOutRead []string
}

func newUrgentRound() *urgentRound {
	return &urgentRound{dev: newUrgentScores(), heldOut: newUrgentScores()}
}

// addSplit scores and logs a split whose questions carry families; other
// splits are left alone.
func (r *urgentRound) addSplit(t *testing.T, split string, qs []labelled.Question) {
	t.Helper()
	if !slices.ContainsFunc(qs, func(q labelled.Question) bool { return q.Family != "" }) {
		return
	}
	u := newUrgentScores()
	for _, q := range qs {
		u.add(q)
	}
	u.log(t, split)
	if *evalMisses && devSplit(split) {
		t.Logf("%s urgent misses: %s", split, strings.Join(u.misses, " "))
	}
	if heldOutSplit(split) {
		r.heldOut.merge(u)
		r.heldOutRead = append(r.heldOutRead, split)
	} else {
		r.dev.merge(u)
		r.devRead = append(r.devRead, split)
	}
}

// log logs one set of figures.
func (u *urgentScores) log(t *testing.T, title string) {
	t.Helper()
	t.Logf("%s: urgent recall %s (goal %.2f); urgent flags on look-alikes %s (goal %d), on other questions %s",
		title, u.recall, goalUrgentRecall, u.lookalikes, goalLookalikeFlags, u.others)
	for _, fam := range familyOrder {
		c := u.families[fam]
		if c == nil {
			continue
		}
		var parts []string
		for _, want := range labels {
			for _, got := range labels {
				if n := c.counts[[2]string{want, got}]; n > 0 {
					parts = append(parts, fmt.Sprintf("%s->%s %d", short(want), short(got), n))
				}
			}
		}
		t.Logf("  %-17s %s", fam, strings.Join(parts, ", "))
	}
}

// log logs the development and held-out figures together and checks the
// held-out ones against the urgent floors when every held-out split with
// urgent labels among the default splits was read.
func (r *urgentRound) log(t *testing.T) {
	t.Helper()
	if len(r.devRead) > 0 {
		r.dev.log(t, "urgent and reason families, development splits together ("+strings.Join(r.devRead, ", ")+")")
	}
	if len(r.heldOutRead) == 0 {
		return
	}
	r.heldOut.log(t, "urgent and reason families, held-out splits together ("+strings.Join(r.heldOutRead, ", ")+")")
	if len(r.heldOutRead) < len(urgentHeldOutSplits) {
		return
	}
	if rc := r.heldOut.recall; rc.Value() < goalUrgentRecall {
		t.Logf("goal not met: held-out urgent recall %s < %.2f", rc, goalUrgentRecall)
	}
	if r.heldOut.lookalikes.Hit > goalLookalikeFlags {
		t.Logf("goal not met: held-out look-alikes flagged urgent %s > %d", r.heldOut.lookalikes, goalLookalikeFlags)
	}
	if rc := r.heldOut.recall; rc.Value() < floorUrgentRecall {
		t.Errorf("held out: urgent recall %s fell below the floor %.2f", rc, floorUrgentRecall)
	}
	if r.heldOut.lookalikes.Hit > floorLookalikeFlags {
		t.Errorf("held out: %s look-alikes flagged urgent, more than %d", r.heldOut.lookalikes, floorLookalikeFlags)
	}
}

// urgentHeldOutSplits are the held-out splits after heldOutFloorRound:
// those that carry urgent labels.
var urgentHeldOutSplits = func() []string {
	var out []string
	for _, split := range strings.Split(defaultSplits, ",") {
		if heldOutSplit(split) && !flooredSplit(split) {
			out = append(out, split)
		}
	}
	return out
}()
