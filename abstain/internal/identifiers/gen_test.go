package identifiers

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/abstain/internal/labelled"
)

// The generated identifier set: every identifier kind in varied phrasing
// (English and Spanish carriers, cue words and formats) and position (start,
// middle, end), with valid check digits where the kind has them, and
// negatives that must find nothing: dermatology numbers, invalid check
// digits, invalid SSN areas, eponyms. Every value is made up; phone numbers
// use 555 and drama ranges, e-mail and URLs example domains, IP addresses the
// documentation ranges.
//
//	go test ./abstain/internal/identifiers/ -run TestGenerateIdentifiers -update
//
// rewrites testdata/identifiers.jsonl; without -update the test checks
// that the committed file is what the generator makes.
var update = flag.Bool("update", false, "rewrite the generated sets: testdata/identifiers.jsonl (TestGenerateIdentifiers), testdata/adversarial.jsonl (TestGenerateAdversarial)")

const identifiersPath = "testdata/identifiers.jsonl"

// checkGenerated checks that path holds gen, one JSON value a line, and
// rewrites it first with -update; test names the test that does so.
func checkGenerated[T any](t *testing.T, path, test string, gen []T) {
	t.Helper()
	var buf bytes.Buffer
	for _, g := range gen {
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test ./abstain/internal/identifiers/ -run %s -update", err, test)
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Errorf("%s is not what the generator makes: run go test ./abstain/internal/identifiers/ -run %s -update", path, test)
	}
}

func TestGenerateIdentifiers(t *testing.T) {
	gen := generateIdentifiers()
	checkGenerated(t, identifiersPath, "TestGenerateIdentifiers", gen)
	// The set covers every kind, holds at least 2,000 inputs, and each
	// positive's offsets slice a value.
	perKind := map[string]int{}
	for _, g := range gen {
		perKind[g.Kind]++
		if g.Kind != "" && (g.Start < 0 || g.End > len(g.Text) || g.Start >= g.End) {
			t.Errorf("%s: offsets [%d,%d) out of range", g.ID, g.Start, g.End)
		}
	}
	if len(gen) < 2000 {
		t.Errorf("%d generated inputs, want at least 2000", len(gen))
	}
	for _, k := range AllKinds() {
		if perKind[string(k)] < 60 {
			t.Errorf("kind %s: %d generated inputs, want at least 60", k, perKind[string(k)])
		}
	}
	if perKind[""] < 200 {
		t.Errorf("%d negatives, want at least 200", perKind[""])
	}
}

// rng is splitmix64: small, and the same on every platform and Go release.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

func pick[T any](r *rng, xs []T) T { return xs[r.intn(len(xs))] }

func (r *rng) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.intn(10))
	}
	return string(b)
}

// luhnDigit returns the check digit that makes payload+digit pass Luhn.
func luhnDigit(payload string) byte {
	for d := byte('0'); d <= '9'; d++ {
		if luhn(payload + string(d)) {
			return d
		}
	}
	panic("unreachable")
}

// wrongLast replaces the last character of a valid value with another digit.
func wrongLast(v string) string {
	last := v[len(v)-1]
	d := byte('0' + (int(last-'0')+3)%10)
	if last < '0' || last > '9' {
		d = '7'
	}
	return v[:len(v)-1] + string(d)
}

// Carriers: questions an identifier is put before, inside or after.
var (
	carriersEN = []string{
		"What causes atopic dermatitis to flare?",
		"How is scabies usually treated?",
		"Is psoriasis contagious?",
		"What does a seborrheic keratosis look like?",
		"How does tretinoin work?",
		"Why do hives come and go?",
		"What is the ABCDE rule for moles?",
		"How long does shingles last?",
		"What are common triggers of rosacea?",
		"How should sunscreen be applied?",
	}
	carriersES = []string{
		"¿Qué es la dermatitis atópica?",
		"¿Cómo se trata la sarna?",
		"¿La psoriasis es contagiosa?",
		"¿Qué aspecto tiene una queratosis seborreica?",
		"¿Cómo funciona la tretinoína?",
		"¿Por qué aparecen y desaparecen las ronchas?",
		"¿Qué es la regla ABCDE de los lunares?",
		"¿Cuánto dura el herpes zóster?",
		"¿Qué desencadena la rosácea?",
		"¿Cómo se aplica el protector solar?",
	}
)

// segment is a phrase holding one identifier: text before, the value, text
// after.
type segment struct{ pre, value, post string }

// place puts a segment at the start, middle or end of a carrier question.
func place(r *rng, lang string, sg segment, pos int) (text string, start, end int) {
	carriers := carriersEN
	if lang == "es" {
		carriers = carriersES
	}
	c := pick(r, carriers)
	phrase := sg.pre + sg.value + sg.post
	var prefix, suffix string
	switch pos {
	case 0: // start
		suffix = ". " + c
		if strings.HasSuffix(phrase, ".") || strings.HasSuffix(phrase, ":") || strings.HasSuffix(phrase, ")") {
			suffix = " " + c
		}
	case 1: // middle
		prefix = pick(r, []string{"Hello. ", "Hi, quick question. ", "Thanks in advance. "})
		if lang == "es" {
			prefix = pick(r, []string{"Hola. ", "Buenas, una consulta. ", "Gracias de antemano. "})
		}
		suffix = ". " + c
	default: // end
		prefix = c + " "
	}
	text = prefix + phrase + suffix
	start = len(prefix) + len(sg.pre)
	return text, start, start + len(sg.value)
}

func generateIdentifiers() []labelled.Generated {
	r := &rng{s: 20261130}
	var out []labelled.Generated
	add := func(kind Kind, lang, note string, sg segment) {
		pos := len(out) % 3
		text, s, e := place(r, lang, sg, pos)
		out = append(out, labelled.Generated{
			ID: fmt.Sprintf("g%04d", len(out)+1), Text: text, Kind: string(kind), Start: s, End: e,
			Lang: lang, Note: note + [...]string{", at the start", ", in the middle", ", at the end"}[pos],
		})
	}
	neg := func(lang, note, text string) {
		out = append(out, labelled.Generated{ID: fmt.Sprintf("g%04d", len(out)+1), Text: text, Lang: lang, Note: note})
	}
	for i := 0; i < 110; i++ {
		genName(r, add, i)
		genDOB(r, add, i)
		genDate(r, add, i)
		genAge(r, add, i)
		genPhone(r, add, i)
		genFax(r, add, i)
		genEmail(r, add, i)
		genURL(r, add, i)
		genIP(r, add, i)
		genSSN(r, add, i)
		genMRN(r, add, i)
		genHealthPlan(r, add, i)
		genAccount(r, add, i)
		genCard(r, add, i)
		genLicence(r, add, i)
		genVehicle(r, add, i)
		genDevice(r, add, i)
		genAddress(r, add, i)
		genZIP(r, add, i)
	}
	genNegatives(r, neg)
	// Ages in words come after the first set, from their own generator, so
	// that the first set's inputs keep their ids and values.
	rw := &rng{s: 89}
	for i := 0; i < 110; i++ {
		genAgeWords(rw, add, i)
	}
	genAgeWordNegatives(rw, neg)
	return out
}

type adder func(kind Kind, lang, note string, sg segment)

var (
	genFirst = []string{"Maria", "John", "Lucía", "Peter", "Ana", "James", "Sofia", "Carlos", "Emma", "José", "Fatima", "Liam", "Elena", "Ahmed", "Grace", "Priya", "Wei", "Olga", "Kofi", "Chloe", "Mateo", "Isabel", "Hannah", "Diego", "Noah", "Aisha", "Lucas", "Camila", "Thomas", "Rocío", "Oliver", "Zainab", "Marta", "Daniel", "Nicole", "Javier", "Ruth", "Santiago", "Leila", "Beatriz"}
	// genFirstRare are first names the screen's list lacks: uncued full
	// names with them are expected misses, and show the list's limit.
	genFirstRare = []string{"Thandiwe", "Oluwadamilare", "Bartholomew", "Saoirse", "Ximeno", "Eulalia"}
	genSurname   = []string{"Example", "Sample", "Demo", "Placeholder", "García", "Smith", "Nguyen", "Okafor", "Kowalski", "Rossi", "Müller", "O'Brien", "Smith-Jones", "López", "Fernández", "Chen", "Patel", "Khan", "Johansson", "Dubois", "Silva", "Fakerson", "Testman", "Ejemplo", "Muestra", "Ficticio", "Pérez García", "McDonald", "Novak", "Haddad"}
)

func genFullName(r *rng) string { return pick(r, genFirst) + " " + pick(r, genSurname) }

func genName(r *rng, add adder, i int) {
	v := genFullName(r)
	sur := pick(r, genSurname)
	type tpl struct {
		lang, pre, post, note string
		surnameOnly           bool
	}
	tpls := []tpl{
		{"en", "Patient ", " has a scaly rash", "name after 'Patient'", false},
		{"en", "My name is ", " and I have eczema", "self-introduction", false},
		{"en", "Mr. ", " asked about his psoriasis", "surname after 'Mr.'", true},
		{"en", "Mrs. ", " wants a leaflet", "full name after 'Mrs.'", false},
		{"en", "Ms. ", " is asking for her daughter", "surname after 'Ms.'", true},
		{"en", "Dr. ", " referred me", "treating doctor's name after 'Dr.'", false},
		{"en", "Name: ", "", "form field", false},
		{"en", "my son ", " has warts", "child's name after 'my son'", false},
		{"en", "my wife ", " keeps getting cold sores", "relative's name after 'my wife'", false},
		{"en", "Pt: ", ", follow-up visit", "name after 'Pt:'", false},
		{"en", "From: ", "", "e-mail header", false},
		{"en", "I'm ", " and I have acne", "self-introduction with a known first name", false},
		{"en", "", " (my neighbour) asked me this", "full name without a cue", false},
		{"es", "Me llamo ", " y tengo psoriasis", "name after 'me llamo'", false},
		{"es", "Paciente ", " con dermatitis", "name after 'Paciente'", false},
		{"es", "Sr. ", " pregunta por su eccema", "surname after 'Sr.'", true},
		{"es", "Sra. ", " quiere información", "full name after 'Sra.'", false},
		{"es", "Nombre: ", "", "form field in Spanish", false},
		{"es", "mi hija ", " tiene eccema", "child's name after 'mi hija'", false},
		{"es", "Soy la Dra. ", " y necesito un resumen", "name after 'Dra.'", false},
		{"es", "", " (mi vecina) me pidió preguntar", "full name without a cue, Spanish carrier", false},
	}
	t := tpls[i%len(tpls)]
	if t.surnameOnly {
		v = sur
	}
	if t.pre == "" && i%37 == 12 {
		v = pick(r, genFirstRare) + " " + pick(r, genSurname) // a name the list lacks
	}
	if t.pre == "I'm " {
		v = pick(r, genFirst)
	}
	add(KindName, t.lang, t.note, segment{t.pre, v, t.post})
}

var (
	monthsEN = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	monthsES = []string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"}
)

// genDateValue makes a date in one of the common numeric or written forms.
func genDateValue(r *rng, lang string, withYear bool) string {
	d, m := 1+r.intn(28), 1+r.intn(12)
	y := 1925 + r.intn(95)
	if !withYear {
		if lang == "es" {
			return fmt.Sprintf("%d de %s", d, monthsES[m-1])
		}
		return fmt.Sprintf("%s %d", monthsEN[m-1], d)
	}
	if lang == "es" {
		return pick(r, []string{
			fmt.Sprintf("%d de %s de %d", d, monthsES[m-1], y),
			fmt.Sprintf("%02d/%02d/%d", d, m, y),
			fmt.Sprintf("%d-%d-%d", d, m, y),
			fmt.Sprintf("%d %s %d", d, monthsES[m-1], y),
		})
	}
	return pick(r, []string{
		fmt.Sprintf("%02d/%02d/%d", m, d, y),
		fmt.Sprintf("%d/%d/%02d", m, d, y%100),
		fmt.Sprintf("%d-%02d-%02d", y, m, d),
		fmt.Sprintf("%02d.%02d.%d", d, m, y),
		fmt.Sprintf("%s %d, %d", monthsEN[m-1], d, y),
		fmt.Sprintf("%d %s %d", d, monthsEN[m-1], y),
		fmt.Sprintf("%s. %d, %d", monthsEN[m-1][:3], d, y),
		fmt.Sprintf("the %d%s of %s %d", d, ordinal(d), monthsEN[m-1], y),
	})
}

func ordinal(d int) string {
	switch {
	case d%10 == 1 && d != 11:
		return "st"
	case d%10 == 2 && d != 12:
		return "nd"
	case d%10 == 3 && d != 13:
		return "rd"
	}
	return "th"
}

func genDOB(r *rng, add adder, i int) {
	cues := []struct{ lang, pre, post, note string }{
		{"en", "DOB ", "", "after 'DOB'"},
		{"en", "DOB: ", "", "after 'DOB:'"},
		{"en", "date of birth ", "", "after 'date of birth'"},
		{"en", "I was born on ", "", "after 'born on'"},
		{"en", "my birthday is ", "", "after 'birthday'"},
		{"en", "(d.o.b. ", ")", "in brackets after 'd.o.b.'"},
		{"en", "born ", " in Ohio", "after 'born'"},
		{"es", "fecha de nacimiento: ", "", "after 'fecha de nacimiento'"},
		{"es", "nacido el ", "", "after 'nacido el'"},
		{"es", "nací el ", "", "after 'nací el'"},
		{"es", "F. nac. ", "", "after 'F. nac.'"},
	}
	c := cues[i%len(cues)]
	add(KindDateOfBirth, c.lang, "date of birth "+c.note, segment{c.pre, genDateValue(r, c.lang, i%9 != 4), c.post})
}

func genDate(r *rng, add adder, i int) {
	cues := []struct{ lang, pre, post, note string }{
		{"en", "I was admitted on ", "", "admission date"},
		{"en", "seen on ", " by the nurse", "visit date"},
		{"en", "discharged ", "", "discharge date"},
		{"en", "the biopsy was taken on ", "", "biopsy date"},
		{"en", "my appointment is on ", "", "appointment date"},
		{"en", "Encounter ", ", follow-up", "encounter date"},
		{"en", "my rash started on ", "", "onset date with the asker"},
		{"es", "ingresó el ", "", "admission date in Spanish"},
		{"es", "me vieron en consulta el ", "", "visit date in Spanish"},
		{"es", "la biopsia se tomó el ", "", "biopsy date in Spanish"},
		{"es", "me dieron el alta el ", "", "discharge date in Spanish"},
	}
	c := cues[i%len(cues)]
	add(KindDate, c.lang, c.note, segment{c.pre, genDateValue(r, c.lang, i%7 != 3), c.post})
}

func genAge(r *rng, add adder, i int) {
	n := 90 + r.intn(18)
	tpls := []struct{ lang, pre, format, post, note string }{
		{"en", "my grandmother is ", "%d", " and itchy", "'is N' after a relative"},
		{"en", "I am ", "%d years old", "", "'I am N years old'"},
		{"en", "a ", "%d-year-old", " woman in my care", "'N-year-old'"},
		{"en", "my father turned ", "%d", " last week", "'turned N'"},
		{"en", "patient aged ", "%d", "", "'aged N'"},
		{"en", "she is ", "%d", " and frail", "'she is N'"},
		{"en", "", "%d yo", " F with bullae", "vignette shorthand"},
		{"es", "mi abuela tiene ", "%d años", "", "'tiene N años'"},
		{"es", "tengo ", "%d años", "", "'tengo N años'"},
		{"es", "un hombre de ", "%d años", " con ampollas", "'hombre de N años'"},
		{"es", "mi padre cumplió ", "%d años", "", "'cumplió N'"},
	}
	t := tpls[i%len(tpls)]
	add(KindAgeOver89, t.lang, "age over 89, "+t.note, segment{t.pre, fmt.Sprintf(t.format, n), t.post})
}

// enNumberWords spells n, from 20 to 110, in English: "ninety-two", "one
// hundred and three"; hyphens joins every part with hyphens, as in
// "one-hundred-and-three-year-old", and a selects "a hundred".
func enNumberWords(n int, hyphens, a bool) string {
	ones := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	tens := []string{2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}
	var w string
	switch {
	case n < 100:
		w = tens[n/10]
		if n%10 != 0 {
			w += "-" + ones[n%10]
		}
	default:
		w = "one hundred"
		if a {
			w = "a hundred"
		}
		if n > 100 {
			w += " and " + ones[n-100]
		}
	}
	if hyphens {
		w = strings.ReplaceAll(w, " ", "-")
	}
	return w
}

// esNumberWords spells n, from 20 to 110, in Spanish before "años":
// "noventa y un", "cien", "ciento dos".
func esNumberWords(n int) string {
	ones := []string{"", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"}
	tens := []string{2: "veinte", 3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta", 8: "ochenta", 9: "noventa"}
	switch {
	case n == 100:
		return "cien"
	case n > 100:
		return "ciento " + ones[n-100]
	case n%10 == 0:
		return tens[n/10]
	}
	return tens[n/10] + " y " + ones[n%10]
}

// genAgeWords makes ages over 89 written in words, and the words for them.
func genAgeWords(r *rng, add adder, i int) {
	n := 90 + r.intn(21)
	en := enNumberWords(n, false, r.intn(3) == 0)
	if r.intn(2) == 0 && n < 100 {
		en = strings.Replace(en, "-", " ", 1) // "ninety two"
	}
	tpls := []struct{ lang, pre, value, post, note string }{
		{"en", "my grandmother is ", en, " and itchy", "'is' and an age in words after a relative"},
		{"en", "I am ", en + " years old", "", "'I am ... years old' in words"},
		{"en", "a ", enNumberWords(n, true, false) + "-year-old", " woman in my care", "a hyphenated age in words"},
		{"en", "my father turned ", en, " last week", "'turned' and an age in words"},
		{"en", "patient aged ", en, "", "'aged' and an age in words"},
		{"en", "she's ", en, " and frail", "a contracted 'is' and an age in words"},
		{"en", "my great-aunt, ", en, ", has shingles", "an age in words set off by commas"},
		{"en", "at ", en, " my grandfather still gets sunburnt", "'at' and an age in words, a person after it"},
		{"en", "my mother, who is ", en, ", has a leg ulcer", "'who is' and an age in words"},
		{"en", "my ", pick(r, []string{"nonagenarian", "centenarian"}), " neighbour has a scaly patch", "a word for an age over 89"},
		{"es", "mi abuela tiene ", esNumberWords(n) + " años", "", "'tiene ... años' in words"},
		{"es", "tengo ", esNumberWords(n) + " años", "", "'tengo ... años' in words"},
		{"es", "un hombre de ", esNumberWords(n) + " años", " con ampollas", "'hombre de ... años' in words"},
		{"es", "mi padre cumplió ", esNumberWords(n) + " años", "", "'cumplió ... años' in words"},
		{"es", "mi tía, de ", esNumberWords(n) + " años", ", tiene úlceras", "'de ... años' in words set off by commas"},
		{"es", "mi bisabuela es ", pick(r, []string{"centenaria", "nonagenaria"}), "", "a word for an age over 89, in Spanish"},
	}
	t := tpls[i%len(tpls)]
	add(KindAgeOver89, t.lang, "age over 89 in words, "+t.note, segment{t.pre, t.value, t.post})
}

// genAgeWordNegatives makes ages up to 89 in words, ages of a group and
// numbers in words that measure something: none is an identifier.
func genAgeWordNegatives(r *rng, neg func(lang, note, text string)) {
	for i := 0; i < 20; i++ {
		n := 60 + r.intn(30)
		neg("en", "age up to 89 in words", fmt.Sprintf("My mother is %s and itchy. What helps dry skin?", enNumberWords(n, false, false)))
		article := "A"
		if n/10 == 8 {
			article = "An"
		}
		neg("en", "age up to 89 in words, hyphenated", fmt.Sprintf("%s %s-year-old asked how moles change with age; how do they?", article, enNumberWords(n, true, false)))
		neg("es", "age up to 89 in words", fmt.Sprintf("Mi abuela tiene %s años; ¿es normal la piel seca?", esNumberWords(n)))
	}
	for _, f := range []struct{ lang, note, text string }{
		{"en", "a decade of a group", "Why do people in their nineties bruise so easily?"},
		{"en", "centenarians as a group", "Do centenarians get fewer melanomas than younger adults?"},
		{"en", "nonagenarians as a group", "How should skin care change for nonagenarians in care homes?"},
		{"en", "an age as a threshold", "Is ninety too old for Mohs surgery?"},
		{"en", "a percentage in words", "Is the cream ninety percent water?"},
		{"en", "a percentage in words after 'I'm'", "I'm ninety percent sure it is eczema; what does eczema look like?"},
		{"en", "minutes in words", "She waited ninety minutes at the clinic; is that usual for dermatology?"},
		{"en", "a group over an age in words", "Adults aged ninety and over need gentle cleansers?"},
		{"es", "an age of a group in words", "¿Las personas de noventa años cicatrizan más despacio?"},
		{"es", "grams in words", "¿Dura un mes un tubo de cien gramos de crema?"},
		{"es", "a count in words", "¿Por qué más de cien pacientes tuvieron urticaria con ese fármaco?"},
		{"es", "centenarians as a group", "¿Por qué los centenarios tienen menos cáncer de piel?"},
	} {
		neg(f.lang, "not an identifier: "+f.note, f.text)
	}
}

// genNANP makes a 555 telephone number in a North American format.
func genNANP(r *rng) string {
	area := 200 + r.intn(700)
	if area >= 800 && area/10%10 == area%10 {
		area++ // toll-free lines (800, 833 … 888) belong to organisations
	}
	a, b := fmt.Sprint(area), "555"
	c := r.digits(4)
	if r.intn(2) == 0 {
		a, b = "555", fmt.Sprintf("01%d", r.intn(10))
	}
	return pick(r, []string{
		fmt.Sprintf("(%s) %s-%s", a, b, c),
		fmt.Sprintf("%s-%s-%s", a, b, c),
		fmt.Sprintf("%s.%s.%s", a, b, c),
		fmt.Sprintf("%s %s %s", a, b, c),
		fmt.Sprintf("+1 %s %s %s", a, b, c),
		fmt.Sprintf("1-%s-%s-%s", a, b, c),
		fmt.Sprintf("+1 (%s) %s-%s", a, b, c),
		fmt.Sprintf("%s-%s-%sx%d", a, b, c, 1+r.intn(999)),
	})
}

func genIntlPhone(r *rng) string {
	return pick(r, []string{
		"+44 20 7946 0" + r.digits(3),
		"020 7946 0" + r.digits(3),
		"+34 6" + r.digits(2) + " " + r.digits(3) + " " + r.digits(3),
		"6" + r.digits(2) + " " + r.digits(3) + " " + r.digits(3),
		"91 " + r.digits(3) + " " + r.digits(2) + " " + r.digits(2),
		"+52 55 " + r.digits(4) + " " + r.digits(4),
		"06 " + r.digits(2) + " " + r.digits(2) + " " + r.digits(2) + " " + r.digits(2),
		"0044 20 7946 0" + r.digits(3),
		"(02) 9" + r.digits(3) + " " + r.digits(4),
	})
}

func genPhone(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "call me at ", "", "after 'call me at'"},
		{"en", "my cell is ", "", "after 'my cell is'"},
		{"en", "Tel: ", "", "after 'Tel:'"},
		{"en", "", " is my number", "before 'is my number'"},
		{"en", "text ", " with the answer", "after 'text'"},
		{"en", "phone ", "", "after 'phone'"},
		{"en", "reach me on ", " ext. 12", "with an extension"},
		{"es", "mi teléfono es ", "", "after 'mi teléfono es'"},
		{"es", "llámame al ", "", "after 'llámame al'"},
		{"es", "móvil ", "", "after 'móvil'"},
	}
	t := tpls[i%len(tpls)]
	v := genNANP(r)
	if t.lang == "es" || i%4 == 3 {
		v = genIntlPhone(r)
	}
	if i%10 == 9 {
		v = "555-01" + r.digits(2) // seven digits need the cue
		t = tpls[2]
	}
	add(KindPhone, t.lang, "phone "+t.note, segment{t.pre, v, t.post})
}

func genFax(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "fax ", "", "after 'fax'"},
		{"en", "Fax: ", "", "after 'Fax:'"},
		{"en", "please fax it to ", "", "after 'fax it to'"},
		{"en", "fax number ", "", "after 'fax number'"},
		{"en", "our office fax is ", "", "after 'fax is'"},
		{"es", "número de fax ", "", "after 'número de fax'"},
		{"es", "Fax ", ", a la atención de la enfermera", "after 'Fax'"},
		{"es", "envíenlo al fax ", "", "after 'al fax'"},
	}
	t := tpls[i%len(tpls)]
	v := genNANP(r)
	if t.lang == "es" && i%2 == 0 {
		v = genIntlPhone(r)
	}
	add(KindFax, t.lang, "fax "+t.note, segment{t.pre, v, t.post})
}

func asciiName(s string) string {
	return strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "ü", "u", "'", "", " ", "", "-", "").Replace(strings.ToLower(s))
}

func genEmail(r *rng, add adder, i int) {
	f, s := asciiName(pick(r, genFirst)), asciiName(pick(r, genSurname))
	v := pick(r, []string{f + "." + s, f + s, f[:1] + s, f + "_" + s + fmt.Sprint(r.intn(99)), f + "+derm"}) + "@" + pick(r, []string{"example.com", "example.org", "example.net", "mail.example.com", "clinic.example.co.uk"})
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "email me at ", "", "after 'email me at'"},
		{"en", "", " wrote:", "before 'wrote:'"},
		{"en", "contact: ", "", "after 'contact:'"},
		{"en", "my address is ", "", "after 'my address is'"},
		{"en", "<", ">", "in angle brackets"},
		{"es", "escríbeme a ", "", "after 'escríbeme a'"},
		{"es", "mi correo es ", "", "after 'mi correo es'"},
	}
	t := tpls[i%len(tpls)]
	add(KindEmail, t.lang, "e-mail "+t.note, segment{t.pre, v, t.post})
}

func genURL(r *rng, add adder, i int) {
	f, s := asciiName(pick(r, genFirst)), asciiName(pick(r, genSurname))
	id := r.digits(5)
	urls := []string{
		"https://portal.example.com/patient/" + id,
		"https://example.org/users/" + f + s,
		"https://photos.example.net/u/" + f[:1] + s + "/mole.jpg",
		"https://www.instagram.com/" + f + "." + s,
		"http://example.com/~" + f,
		"https://example.com/diary/" + f + "-" + s,
		"https://mychart.example.org/results?patient_id=" + id,
		"www.example.com/profile/" + id,
		"https://www.facebook.com/" + f + "." + s + "." + id,
		"https://example.net/share/" + f + "-skin-photos",
	}
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "see ", "", "after 'see'"},
		{"en", "my photos are at ", "", "after 'my photos are at'"},
		{"en", "", " has my pictures", "at the start of a clause"},
		{"en", "here is my profile: ", "", "after 'my profile:'"},
		{"es", "mis fotos están en ", "", "after 'mis fotos están en'"},
		{"es", "mi perfil: ", "", "after 'mi perfil:'"},
	}
	t := tpls[i%len(tpls)]
	add(KindURL, t.lang, "personal URL "+t.note, segment{t.pre, urls[i%len(urls)], t.post})
}

func genIP(r *rng, add adder, i int) {
	v := pick(r, []string{"192.0.2.", "198.51.100.", "203.0.113."}) + fmt.Sprint(1+r.intn(254))
	if i%5 == 4 {
		v = fmt.Sprintf("2001:db8::%x", 1+r.intn(0xfffe))
	}
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "my IP is ", "", "after 'my IP is'"},
		{"en", "I'm writing from ", " at home", "from a home address"},
		{"en", "logged in from ", " on my laptop", "a login address"},
		{"en", "IP address ", " (mine)", "after 'IP address'"},
		{"es", "escribo desde la IP ", " de mi casa", "Spanish, home"},
		{"es", "mi IP es ", "", "after 'mi IP es'"},
	}
	t := tpls[i%len(tpls)]
	add(KindIPAddress, t.lang, "IP address "+t.note, segment{t.pre, v, t.post})
}

func genSSNValue(r *rng) string {
	for {
		a := r.digits(3)
		g := r.digits(2)
		s := r.digits(4)
		if validSSN(a + g + s) {
			return a + "-" + g + "-" + s
		}
	}
}

func genSSN(r *rng, add adder, i int) {
	v := genSSNValue(r)
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "My SSN is ", "", "dashed after 'SSN'"},
		{"en", "SSN ", "", "bare digits after 'SSN'"},
		{"en", "social security number: ", "", "spaced after 'social security number'"},
		{"en", "", " is my social", "dashed without a cue before it"},
		{"en", "ssn#", "", "after 'ssn#'"},
		{"es", "mi número de seguro social es ", "", "Spanish cue"},
		{"es", "NSS ", "", "after 'NSS'"},
	}
	t := tpls[i%len(tpls)]
	switch t.note {
	case "bare digits after 'SSN'", "after 'ssn#'":
		v = strings.ReplaceAll(v, "-", "")
	case "spaced after 'social security number'":
		v = strings.ReplaceAll(v, "-", " ")
	}
	add(KindSSN, t.lang, "SSN "+t.note, segment{t.pre, v, t.post})
}

func genMRN(r *rng, add adder, i int) {
	v := pick(r, []string{r.digits(8), r.digits(7), "A-" + r.digits(7), r.digits(2) + "-" + r.digits(2) + "-" + r.digits(4), r.digits(4) + "-" + r.digits(4), "MR" + r.digits(6), r.digits(10)})
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "MRN ", "", "after 'MRN'"},
		{"en", "MRN: ", "", "after 'MRN:'"},
		{"en", "medical record number ", "", "after 'medical record number'"},
		{"en", "chart #", "", "after 'chart #'"},
		{"en", "patient ID ", "", "after 'patient ID'"},
		{"en", "[MRN#", "]", "in a bracketed tag"},
		{"en", "hospital number ", "", "after 'hospital number'"},
		{"en", "my medical record number is ", "", "after 'is'"},
		{"es", "NHC ", "", "after 'NHC'"},
		{"es", "número de historia clínica ", "", "after 'número de historia clínica'"},
		{"es", "expediente ", "", "after 'expediente'"},
	}
	t := tpls[i%len(tpls)]
	add(KindMRN, t.lang, "record number "+t.note, segment{t.pre, v, t.post})
}

// genMBI makes a Medicare Beneficiary Identifier in the CMS format.
func genMBI(r *rng) string {
	letters := "ACDEFGHJKMNPQRTUVWXY"
	alnum := letters + "0123456789"
	b := []byte{
		byte('1' + r.intn(9)), letters[r.intn(len(letters))], alnum[r.intn(len(alnum))], byte('0' + r.intn(10)),
		letters[r.intn(len(letters))], alnum[r.intn(len(alnum))], byte('0' + r.intn(10)),
		letters[r.intn(len(letters))], letters[r.intn(len(letters))], byte('0' + r.intn(10)), byte('0' + r.intn(10)),
	}
	return string(b)
}

func genHealthPlan(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "member ID ", "", "after 'member ID'"},
		{"en", "policy number ", "", "after 'policy number'"},
		{"en", "Medicare MBI ", "", "an MBI after its cue"},
		{"en", "my Medicare number is ", "", "an MBI after 'Medicare number is'"},
		{"en", "", " is on my Medicare card", "an MBI without a cue before it"},
		{"en", "Medicaid ID ", "", "after 'Medicaid ID'"},
		{"en", "insurance ID: ", "", "after 'insurance ID:'"},
		{"en", "group number ", "", "after 'group number'"},
		{"es", "tarjeta sanitaria ", "", "after 'tarjeta sanitaria'"},
		{"es", "número de afiliación ", "", "after 'número de afiliación'"},
		{"es", "póliza ", "", "after 'póliza'"},
	}
	t := tpls[i%len(tpls)]
	v := pick(r, []string{"W" + r.digits(9), "HPX-" + r.digits(4) + "-" + r.digits(4), r.digits(10), "XYZ" + r.digits(8), "MNPX" + r.digits(12)})
	if strings.Contains(t.note, "MBI") {
		v = genMBI(r)
		if i%2 == 0 {
			v = v[:4] + "-" + v[4:7] + "-" + v[7:]
		}
	}
	add(KindHealthPlan, t.lang, "health plan number "+t.note, segment{t.pre, v, t.post})
}

// genIBAN makes an IBAN with valid check digits, grouped in fours.
func genIBAN(r *rng) string {
	country := pick(r, []string{"ES", "DE", "GB", "FR", "NL", "IT", "PT"})
	n := ibanLengths[country] - 4
	var bban string
	switch country {
	case "GB":
		bban = "NWBK" + r.digits(n-4)
	case "NL":
		bban = "ABNA" + r.digits(n-4)
	case "IT":
		bban = "X" + r.digits(n-1)
	default:
		bban = r.digits(n)
	}
	for cd := 2; cd <= 98; cd++ {
		v := country + fmt.Sprintf("%02d", cd) + bban
		if validIBAN(v) {
			var b strings.Builder
			for i := 0; i < len(v); i += 4 {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(v[i:min(i+4, len(v))])
			}
			return b.String()
		}
	}
	panic("no IBAN check digits")
}

func genAccount(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "account number ", "", "after 'account number'"},
		{"en", "acct #", "", "after 'acct #'"},
		{"en", "IBAN ", "", "an IBAN after 'IBAN'"},
		{"en", "", " was debited", "an IBAN without a cue"},
		{"en", "bank account: ", "", "after 'bank account:'"},
		{"es", "cuenta ", "", "an IBAN after 'cuenta'"},
		{"es", "número de cuenta ", "", "after 'número de cuenta'"},
	}
	t := tpls[i%len(tpls)]
	v := r.digits(8 + r.intn(5))
	if strings.Contains(t.note, "IBAN") {
		v = genIBAN(r)
	}
	add(KindAccount, t.lang, "account number "+t.note, segment{t.pre, v, t.post})
}

// genCardValue makes a card number of a major scheme with a valid check
// digit, grouped as the scheme prints it.
func genCardValue(r *rng) string {
	var p string
	n := 16
	switch r.intn(4) {
	case 0:
		p = "4"
	case 1:
		p = fmt.Sprint(51 + r.intn(5))
	case 2:
		p, n = pick(r, []string{"34", "37"}), 15
	default:
		p = "6011"
	}
	payload := p + r.digits(n-1-len(p))
	v := payload + string(luhnDigit(payload))
	sep := pick(r, []string{" ", "-", ""})
	if n == 15 {
		return v[:4] + sep + v[4:10] + sep + v[10:]
	}
	return v[:4] + sep + v[4:8] + sep + v[8:12] + sep + v[12:]
}

func genCard(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "my card ", " was charged", "after 'my card'"},
		{"en", "credit card number ", "", "after 'credit card number'"},
		{"en", "I paid with ", "", "without a card cue"},
		{"en", "Visa ", "", "after 'Visa'"},
		{"es", "pagué con la tarjeta ", "", "after 'tarjeta'"},
		{"es", "", " es mi tarjeta", "without a cue before it"},
	}
	t := tpls[i%len(tpls)]
	add(KindCard, t.lang, "card number "+t.note, segment{t.pre, genCardValue(r), t.post})
}

// genNPI makes an NPI with a valid check digit (Luhn with prefix 80840).
func genNPI(r *rng) string {
	p := string(byte('1'+r.intn(2))) + r.digits(8)
	return p + string(luhnDigit("80840"+p))
}

// genDEA makes a DEA number with a valid check digit.
func genDEA(r *rng) string {
	first := "ABCDFGMPR"[r.intn(9)]
	second := byte('A' + r.intn(26))
	d := r.digits(6)
	odd := int(d[0]-'0') + int(d[2]-'0') + int(d[4]-'0')
	even := int(d[1]-'0') + int(d[3]-'0') + int(d[5]-'0')
	return string([]byte{first, second}) + d + fmt.Sprint((odd+2*even)%10)
}

func genLicence(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "NPI ", "", "an NPI after 'NPI'"},
		{"en", "my NPI number is ", "", "an NPI after 'NPI number is'"},
		{"en", "DEA number ", "", "a DEA number after its cue"},
		{"en", "", " is my DEA", "a DEA number without a cue before it"},
		{"en", "medical license number ", "", "after 'medical license number'"},
		{"en", "driver's license ", "", "after 'driver's license'"},
		{"en", "licence #", "", "after 'licence #'"},
		{"es", "cédula profesional ", "", "after 'cédula profesional'"},
		{"es", "número de colegiado ", "", "after 'número de colegiado'"},
		{"es", "licencia de conducir ", "", "after 'licencia de conducir'"},
	}
	t := tpls[i%len(tpls)]
	var v string
	switch {
	case strings.Contains(t.note, "NPI"):
		v = genNPI(r)
	case strings.Contains(t.note, "DEA"):
		v = genDEA(r)
	default:
		v = pick(r, []string{"D" + r.digits(7), r.digits(8), "MD" + r.digits(6), r.digits(7), "B" + r.digits(3) + "-" + r.digits(4)})
	}
	add(KindLicence, t.lang, "licence number "+t.note, segment{t.pre, v, t.post})
}

// genVIN makes a 17-character VIN with a valid check digit.
func genVIN(r *rng) string {
	const chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
	b := make([]byte, 17)
	for i := range b {
		b[i] = chars[r.intn(len(chars))]
	}
	b[0] = '1'
	for d := 0; d <= 10; d++ {
		if d == 10 {
			b[8] = 'X'
		} else {
			b[8] = byte('0' + d)
		}
		if validVIN(string(b)) {
			return string(b)
		}
	}
	panic("no VIN check digit")
}

func genVehicle(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "my car's VIN is ", "", "a VIN after 'VIN is'"},
		{"en", "VIN: ", "", "a VIN after 'VIN:'"},
		{"en", "", " is on my car's title", "a VIN without a cue before it"},
		{"en", "licence plate ", "", "a plate after 'licence plate'"},
		{"en", "license plate number ", "", "a plate after 'license plate number'"},
		{"es", "mi coche tiene la matrícula ", "", "a plate after 'matrícula'"},
		{"es", "número de bastidor ", "", "a VIN after 'número de bastidor'"},
	}
	t := tpls[i%len(tpls)]
	v := genVIN(r)
	if strings.Contains(t.note, "plate") {
		v = pick(r, []string{fmt.Sprintf("%d%s%s", r.intn(10), "XYZ", r.digits(3)), r.digits(4) + " BCD", "ABC-" + r.digits(4), "7" + "KLM" + r.digits(3), r.digits(4) + " " + "FHK"})
	}
	add(KindVehicle, t.lang, "vehicle identifier "+t.note, segment{t.pre, v, t.post})
}

func genIMEI(r *rng) string {
	p := "35" + r.digits(12)
	return p + string(luhnDigit(p))
}

func genMAC(r *rng) string {
	parts := make([]string, 6)
	for i := range parts {
		parts[i] = fmt.Sprintf("%02X", r.intn(256))
	}
	parts[0], parts[1], parts[2], parts[3] = "00", "00", "5E", "00"
	if r.intn(2) == 0 {
		return strings.Join(parts, "-")
	}
	return strings.Join(parts, ":")
}

func genDevice(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "IMEI ", "", "an IMEI after its cue"},
		{"en", "my phone (IMEI ", ") took the photos", "an IMEI in brackets"},
		{"en", "MAC ", "", "a MAC after 'MAC'"},
		{"en", "my tracker's address ", "", "a MAC after a plain cue"},
		{"en", "pump serial number ", "", "a serial after 'serial number'"},
		{"en", "S/N ", "", "a serial after 'S/N'"},
		{"es", "número de serie ", "", "a serial after 'número de serie'"},
		{"es", "dirección MAC ", "", "a MAC after 'dirección MAC'"},
	}
	t := tpls[i%len(tpls)]
	var v string
	switch {
	case strings.Contains(t.note, "IMEI"):
		v = genIMEI(r)
	case strings.Contains(t.note, "MAC"):
		v = genMAC(r)
	default:
		v = pick(r, []string{"PMP-" + r.digits(8), "SN" + r.digits(9), r.digits(10), "X7-" + r.digits(6)})
	}
	add(KindDevice, t.lang, "device identifier "+t.note, segment{t.pre, v, t.post})
}

func genAddress(r *rng, add adder, i int) {
	streets := []string{"Maple", "Placeholder", "Oak Hill", "Elm", "Cedar", "Sample", "Lincoln", "Riverside", "North Main"}
	suffixes := []string{"Street", "St.", "Avenue", "Ave", "Road", "Rd", "Lane", "Drive", "Boulevard", "Court", "Way"}
	callesES := []string{"Calle Mayor", "Calle del Sol", "Avenida de la Constitución", "C/ Ejemplo", "Paseo de la Castellana", "Plaza de España", "Calle de Alcalá"}
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "I live at ", "", "after 'I live at'"},
		{"en", "my address is ", "", "after 'my address is'"},
		{"en", "send it to ", ", Springfield", "without a cue"},
		{"en", "", " is where I live", "at the start of a clause"},
		{"en", "P.O. Box ", "", "a post office box"},
		{"es", "vivo en la ", "", "after 'vivo en'"},
		{"es", "mi dirección es ", "", "after 'mi dirección es'"},
		{"es", "", ", 3º B", "a Spanish street and floor"},
	}
	t := tpls[i%len(tpls)]
	v := fmt.Sprintf("%d %s %s", 1+r.intn(9000), pick(r, streets), pick(r, suffixes))
	if i%6 == 1 {
		v += ", Apt " + fmt.Sprint(1+r.intn(30)) + pick(r, []string{"A", "B", ""})
	}
	switch {
	case t.lang == "es":
		v = fmt.Sprintf("%s %d", pick(r, callesES), 1+r.intn(200))
	case t.pre == "P.O. Box ":
		v, t.pre = "P.O. Box "+fmt.Sprint(1+r.intn(9999)), ""
	}
	add(KindAddress, t.lang, "street address "+t.note, segment{t.pre, v, t.post})
}

func genZIP(r *rng, add adder, i int) {
	tpls := []struct{ lang, pre, post, note string }{
		{"en", "ZIP ", "", "after 'ZIP'"},
		{"en", "my zip code is ", "", "after 'zip code is'"},
		{"en", "Springfield, IL ", "", "after a city and state"},
		{"en", "we moved to ", " (zip)", "before '(zip)'"},
		{"en", "postcode ", "", "a UK postcode"},
		{"en", "Austin, TX ", "", "ZIP+4 after a city and state"},
		{"es", "código postal ", "", "after 'código postal'"},
		{"es", "C.P. ", "", "after 'C.P.'"},
	}
	t := tpls[i%len(tpls)]
	v := fmt.Sprintf("%05d", 1000+r.intn(98000))
	switch t.note {
	case "a UK postcode":
		v = pick(r, []string{"SW1A 1AA", "EC1A 1BB", "W1A 0AX", "M1 1AE", "B33 8TH", "CR2 6XH"})
	case "ZIP+4 after a city and state":
		v += "-" + r.digits(4)
	}
	add(KindZIP, t.lang, "ZIP or postal code "+t.note, segment{t.pre, v, t.post})
}

// genNegatives makes texts that must find nothing.
func genNegatives(r *rng, neg func(lang, note, text string)) {
	fixed := []struct{ lang, note, text string }{
		{"en", "SPF number", "Is SPF 50 much better than SPF 30?"},
		{"en", "strength", "How strong is 0.1% tacrolimus ointment?"},
		{"en", "dose", "Is 40 mg of prednisone a high dose?"},
		{"en", "ICD-10 code", "Which condition does ICD-10 L20.9 describe?"},
		{"en", "CPT codes", "What distinguishes CPT 11102, 11104 and 11106?"},
		{"en", "duration", "Why is the cream applied for 3 weeks?"},
		{"en", "Fitzpatrick type", "Does Fitzpatrick type IV skin tan easily?"},
		{"en", "PASI score", "What does PASI 75 at week 16 mean?"},
		{"en", "wavelength", "Why is 311 nm narrowband UVB used?"},
		{"en", "NDC code", "Does NDC 0168-0055-60 identify the drug or the person?"},
		{"en", "HPV types", "Do HPV 16 and 18 cause skin warts?"},
		{"en", "age range", "Is melanoma common in people aged 20 to 29?"},
		{"en", "population over 90", "Why do people over 90 get skin tears?"},
		{"en", "age up to 89", "I am 89. What sun-safety tips apply to me?"},
		{"en", "vignette age", "How is eczema managed in a 45-year-old?"},
		{"en", "bare year", "What did Stevens and Johnson describe in 1922?"},
		{"en", "awareness day", "Is World Psoriasis Day on October 29 every year?"},
		{"en", "room number", "Room 12: what is the Braden scale?"},
		{"en", "bed number", "The patient in bed 4 asked about pressure sores."},
		{"en", "version", "Does version 2.6.3 of the leaflet mention scabies?"},
		{"en", "ratio", "Why is a 1:1000 dilution of epinephrine used?"},
		{"en", "eponym after Dr.", "Dr. Mohs developed a surgery for skin cancer."},
		{"en", "eponym", "What does a Wood lamp show?"},
		{"en", "eponym", "What is Sweet syndrome?"},
		{"en", "eponym", "What is a Sister Mary Joseph nodule?"},
		{"en", "eponym", "Can tattoos trigger psoriasis through the Koebner phenomenon?"},
		{"en", "eponym and measurement", "What changes between a Breslow thickness of 0.8 mm and 1.2 mm?"},
		{"en", "eponym", "Was the Spitz nevus named after Dr. Sophie Spitz?"},
		{"en", "eponym", "Who was Moriz Kaposi?"},
		{"en", "eponym", "Is Clark's nevus the same as a dysplastic nevus?"},
		{"en", "eponym", "What is extramammary Paget disease?"},
		{"en", "eponym", "Who tends to get Grover disease?"},
		{"en", "eponym", "What is a Becker nevus?"},
		{"en", "eponym", "How is Bowen disease treated?"},
		{"en", "eponym", "What is the Darier sign?"},
		{"en", "eponym", "What is the Nikolsky sign?"},
		{"en", "eponym", "How is Stevens-Johnson syndrome treated?"},
		{"en", "general URL", "Is the page at https://www.example.org/diseases/acne reliable?"},
		{"en", "clinic server IP", "Our clinic's EHR server is at 192.0.2.10; what is a dermatofibroma?"},
		{"en", "cue without a name", "Patient asks: why does psoriasis itch?"},
		{"en", "cue without a name", "Name: not given. Question: what causes hives?"},
		{"en", "title without a name", "Mrs. ... (I'll leave her name out) asked about steroids."},
		{"en", "heading", "Patient Information Leaflet: eczema"},
		{"en", "dosing range", "SPF 30-50 for ages 2-12?"},
		{"en", "ages as a group", "Adults aged 90 and over need gentle cleansers?"},
		{"es", "SPF number", "¿El FPS 50 protege mucho más que el FPS 30?"},
		{"es", "ICD-10 codes", "¿Qué diagnósticos corresponden a los códigos CIE-10 L20.9 y L30.9?"},
		{"es", "concentration", "¿Por qué la permetrina al 5% se deja de 8 a 14 horas?"},
		{"es", "age up to 89", "Mi abuelo tiene 85 años y muchas queratosis. ¿Son frecuentes?"},
		{"es", "population over 90", "¿Por qué las personas mayores de 90 años tienen la piel fina?"},
		{"es", "eponym", "¿En qué consiste la cirugía de Mohs?"},
		{"es", "eponym", "¿Qué es el sarcoma de Kaposi?"},
		{"es", "eponym", "¿Para qué sirve la lámpara de Wood?"},
		{"es", "room number", "Habitación 12: ¿para qué sirve la escala de Braden?"},
		{"es", "wavelength", "¿Para qué se usa la fototerapia de 311 nm?"},
		{"es", "duration", "¿Por qué se aplica la crema durante 2 semanas?"},
	}
	for _, f := range fixed {
		neg(f.lang, "not an identifier: "+f.note, f.text)
	}
	// Numbers with invalid check digits or SSA areas, in many draws.
	for i := 0; i < 40; i++ {
		card := strings.NewReplacer(" ", "", "-", "").Replace(genCardValue(r))
		neg("en", "card number with a wrong check digit", fmt.Sprintf("Is %s a lot code on the sunscreen tube?", wrongLast(card)))
		vin := genVIN(r)
		bad := []byte(vin)
		if bad[8] == '0' {
			bad[8] = '5'
		} else {
			bad[8] = '0'
		}
		neg("en", "VIN with a wrong check digit", fmt.Sprintf("The kit says %s on the box; is it latex free?", bad))
		neg("en", "NPI with a wrong check digit", fmt.Sprintf("NPI %s is printed on the old form; what is NPI for?", wrongLast(genNPI(r))))
		neg("en", "DEA number with a wrong check digit", fmt.Sprintf("Catalogue code %s: is isotretinoin controlled?", wrongLast(genDEA(r))))
		area := pick(r, []string{"000", "666", fmt.Sprint(900 + r.intn(100))})
		neg("en", "SSN shape with an area the SSA never issues", fmt.Sprintf("Lot %s-%s-%s of the cream was recalled; why?", area, r.digits(2), r.digits(4)))
		neg("es", "SSN shape with an invalid group", fmt.Sprintf("El lote %03d-00-%s del gel, ¿caduca?", 100+r.intn(500), r.digits(4)))
		iban := strings.ReplaceAll(genIBAN(r), " ", "")
		neg("en", "IBAN with wrong check digits", fmt.Sprintf("Is %s00%s a valid product code?", iban[:2], iban[4:]))
		neg("en", "IMEI with a wrong check digit", fmt.Sprintf("The UV meter box shows %s; does UV index matter in winter?", wrongLast(genIMEI(r))))
		neg("en", "dose and duration", fmt.Sprintf("Is %d mg twice daily for %d weeks a usual course?", 10*(1+r.intn(50)), 1+r.intn(12)))
		neg("es", "dose and duration", fmt.Sprintf("¿Son normales %d mg al día durante %d semanas?", 5*(1+r.intn(40)), 1+r.intn(12)))
	}
	for i := 0; i < 20; i++ {
		neg("en", "age up to 89 as a group or example", fmt.Sprintf("Can a %d-year-old get melanoma?", 18+r.intn(71)))
		neg("en", "strength and SPF", fmt.Sprintf("Is %d.%d%% hydrocortisone with SPF %d okay for kids?", r.intn(3), 1+r.intn(9), 15+5*r.intn(8)))
	}
}

// TestGeneratedValues checks the generators' valid values against the
// checks the screen uses, and their invalid variants against them too.
func TestGeneratedValues(t *testing.T) {
	r := &rng{s: 7}
	for i := 0; i < 200; i++ {
		// Failures name the kind and the draw, never the value.
		if c := strings.NewReplacer(" ", "", "-", "").Replace(genCardValue(r)); !validCard(c) || validCard(wrongLast(c)) {
			t.Fatalf("card, draw %d: valid %v, wrong last valid %v", i, validCard(c), validCard(wrongLast(c)))
		}
		if v := genNPI(r); !validNPI(v) || validNPI(wrongLast(v)) {
			t.Fatalf("NPI, draw %d", i)
		}
		if v := genDEA(r); !validDEA(v) || validDEA(wrongLast(v)) {
			t.Fatalf("DEA, draw %d", i)
		}
		if v := genVIN(r); !validVIN(v) {
			t.Fatalf("VIN, draw %d", i)
		}
		if v := genIMEI(r); !validIMEI(v) || validIMEI(wrongLast(v)) {
			t.Fatalf("IMEI, draw %d", i)
		}
		if v := strings.ReplaceAll(genIBAN(r), " ", ""); !validIBAN(v) {
			t.Fatalf("IBAN, draw %d", i)
		}
		if v := genMBI(r); !validMBI(v) {
			t.Fatalf("MBI, draw %d", i)
		}
		if v := strings.ReplaceAll(genSSNValue(r), "-", ""); !validSSN(v) {
			t.Fatalf("SSN, draw %d", i)
		}
		if v := strings.NewReplacer(".", "", "-", "").Replace(advRUT(r, "es")); !validRUT(v) || validRUT(wrongLast(v)) {
			t.Fatalf("RUT, draw %d", i)
		}
	}
	if _, err := os.Stat(filepath.Join("testdata")); err != nil {
		t.Fatal(err)
	}
}
