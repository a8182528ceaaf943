package identifiers

import (
	"slices"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// cueRole says what a cue phrase announces.
type cueRole uint8

const (
	roleValue   cueRole = iota + 1 // a value of the cue's kind follows
	roleDOB                        // a date of birth is near
	roleDate                       // a date of care (admission, visit) is near
	rolePhone                      // a telephone number follows or is near
	roleFax                        // a fax number follows or is near
	roleZIP                        // a ZIP or postal code follows (or precedes)
	roleAddress                    // a street address follows
	roleName                       // a person's name follows
	roleRef                        // a reference number that is no identifier follows (NDC, lot, CPT)
)

// valueKind is how the value after a roleValue cue is read.
type valueKind uint8

const (
	valID      valueKind = iota + 1 // letters and digits with at least min digits
	valSocial                       // an SSN, or a national social security number
	valCard                         // a payment card number
	valAccount                      // an IBAN, a card number or an account number
	valNPI                          // an NPI
	valDEA                          // a DEA number
	valLicence                      // a DEA number, an NPI or another licence number
	valVIN                          // a vehicle identification number
	valPlate                        // a licence plate
	valIMEI                         // an IMEI
	valMAC                          // a MAC address
	valSerial                       // a device serial number, IMEI or MAC
	valRUT                          // a Chilean RUT or RUN, with its check digit
)

// nameCue is the kind of cue before a name; it sets how much evidence the
// words after it need to be taken for a name.
type nameCue uint8

const (
	nameTitle    nameCue = iota + 1 // Mr., Mrs., Ms., Sr., Sra.: any capitalised surname
	nameDoctor                      // Dr., Dra., Prof.: not an eponym's originator
	namePatient                     // patient, pt, paciente
	nameLabel                       // "Name:", "my name is", "me llamo"
	nameRelation                    // "my son", "mi hija"
	nameHeader                      // "From:", "Subscriber:": two capitalised words or a known first name
	nameWeak                        // "I'm", "soy", "Dear", "hola": a known first name
)

// cueDef is one cue phrase, folded (lower case, no accents), matched as
// whole words.
type cueDef struct {
	phrase string
	role   cueRole
	kind   Kind
	val    valueKind
	min    int // fewest digits a valID value holds
	name   nameCue
}

// cueHit is a cue found in a folded text.
type cueHit struct {
	*cueDef
	start, end int
}

func valueCues(kind Kind, val valueKind, min int, phrases string) []cueDef {
	var out []cueDef
	for _, p := range strings.Split(phrases, "|") {
		out = append(out, cueDef{phrase: p, role: roleValue, kind: kind, val: val, min: min})
	}
	return out
}

func roleCues(role cueRole, kind Kind, phrases string) []cueDef {
	var out []cueDef
	for _, p := range strings.Split(phrases, "|") {
		out = append(out, cueDef{phrase: p, role: role, kind: kind})
	}
	return out
}

func nameCues(nc nameCue, phrases ...string) []cueDef {
	var out []cueDef
	for _, p := range phrases {
		out = append(out, cueDef{phrase: p, role: roleName, kind: KindName, name: nc})
	}
	return out
}

// relationNouns are the people a writer names after "my": "my son Liam".
const relationNouns = "son|daughter|child|kid|baby|boy|girl|husband|wife|partner|spouse|boyfriend|girlfriend|fiance|fiancee|mother|mom|mum|mommy|mother-in-law|father|dad|daddy|father-in-law|brother|sister|grandmother|grandma|granny|grandfather|grandpa|granddaughter|grandson|aunt|uncle|cousin|niece|nephew|friend|neighbour|neighbor|colleague|coworker|roommate|patient|client|stepson|stepdaughter|twin|toddler|teen|teenager|hijo|hija|hijos|nino|nina|bebe|esposo|esposa|marido|mujer|pareja|novio|novia|madre|mama|padre|papa|hermano|hermana|abuelo|abuela|nieto|nieta|tio|tia|primo|prima|sobrino|sobrina|amigo|amiga|vecino|vecina|paciente|companero|companera|suegra|suegro"

func relationCues() []cueDef {
	var out []cueDef
	for _, poss := range []string{"my", "our", "his", "her", "mi", "nuestro", "nuestra", "su"} {
		for _, n := range strings.Split(relationNouns, "|") {
			out = append(out, cueDef{phrase: poss + " " + n, role: roleName, kind: KindName, name: nameRelation})
		}
	}
	return out
}

var cueTable = slices.Concat(
	valueCues(KindMRN, valID, 4, "mrn|m.r.n.|m.r.n|medical record|medical records|medical record number|medical record no|medical records number|med rec|med rec no|record number|record no|record #|records number|patient id|patient number|patient no|patient #|pt id|pt #|hospital number|hospital no|hospital id|hosp no|unit number|nhc|historia clinica|numero de historia|numero de historia clinica|n de historia|no de historia|numero de expediente|expediente|expediente clinico|encounter number|encounter no|encounter id|visit number|visit id|accession number|accession no|case number|case no|chart number|chart no|chart #|chart id|id de paciente|numero de paciente|numero de registro|registro|file number|file no"),
	// Record numbers under other cues: a hospital's ("hosp# A12-3456-789"),
	// a patient reference ("Pt ref no. 7734-AB-2210"), a unit record
	// (Australia), a CHI number (Scotland), an electronic record; in
	// Spanish a "historia", a "ficha" (Chile) or a "prontuario".
	valueCues(KindMRN, valID, 4, "hosp|hosp #|hosp id|hosp number|hosp record|hospital #|hospital record|hospital record number|pt ref|pt ref no|pt ref #|pt reference|pt reference no|patient ref|patient ref no|patient ref #|patient reference|patient reference no|patient reference number|ur number|ur no|urn|chi number|chi no|emr|emr #|emr no|emr number|emr id|ehr id|ehr no|ehr number|medical id|health record number|numero de ficha|n de ficha|no de ficha|ficha clinica|numero de prontuario|prontuario|registro medico|registro clinico|expediente medico|id paciente|paciente id|paciente no|paciente #"),
	valueCues(KindMRN, valID, 5, "chart|record|case|file|historia|hc|h.c.|h.c|ficha|folio"),
	valueCues(KindHealthPlan, valID, 4, "member id|member number|member no|member #|subscriber id|subscriber number|subscriber no|policy number|policy no|policy #|policy id|insurance id|insurance number|insurance no|insurance card|insurance policy|health plan|health plan id|health plan number|plan id|plan number|group number|group no|group #|group id|medicare|medicare number|medicare no|medicare id|medicare card|medicaid|medicaid number|medicaid no|medicaid id|mbi|beneficiary id|beneficiary number|hicn|tarjeta sanitaria|tarjeta sanitaria individual|tsi|cip|codigo cip|numero de afiliacion|numero de afiliado|afiliacion|afiliado|numero de poliza|poliza|numero de socio|numero de asegurado|tarjeta de salud|tarjeta del seguro|carnet de salud|nhs number|nhs no|health card|health insurance|insurance|member|subscriber|policy|group|plan|seguro medico"),
	valueCues(KindAccount, valAccount, 4, "account number|account no|account #|acct|acct no|acct #|a/c|bank account|billing account|billing number|numero de cuenta|cuenta bancaria|iban|cuenta|account"),
	valueCues(KindCard, valCard, 12, "card|card number|card no|credit card|debit card|tarjeta|tarjeta de credito|tarjeta de debito|numero de tarjeta|visa|mastercard|amex|american express"),
	valueCues(KindLicence, valNPI, 10, "npi|npi number|npi no|npi #|national provider identifier|national provider id"),
	valueCues(KindLicence, valDEA, 7, "dea|dea number|dea no|dea #|dea registration|dea registration number"),
	valueCues(KindLicence, valLicence, 4, "licence|license|licence number|license number|licence no|license no|licence #|license #|lic|lic no|lic #|medical licence|medical license|state license|state licence|driver's license|driver's licence|drivers license|drivers licence|driving licence|driving license|dl|dl #|dl no|certificate|certificate number|certificate no|cert no|cert #|board certification number|cedula profesional|cedula|numero de colegiado|colegiado|n de colegiado|no de colegiado|licencia|numero de licencia|licencia medica|permiso de conducir|carnet de conducir|carne de conducir|licencia de conducir|dni|nie|nif|passport|passport number|passport no|pasaporte|numero de pasaporte|curp|rfc|national id|id card|id number|documento de identidad|cedula de identidad"),
	// The Chilean RUT (RUN for a person) is the national identity number a
	// record is filed under: read with its check digit.
	valueCues(KindLicence, valRUT, 7, "rut|r.u.t.|r.u.t|run|r.u.n.|r.u.n|rol unico tributario|rol unico nacional|rut del paciente|run del paciente"),
	valueCues(KindVehicle, valVIN, 4, "vin|vin number|vin no|vin #|vehicle identification number|numero de bastidor|bastidor|chassis number"),
	valueCues(KindVehicle, valPlate, 1, "licence plate|license plate|number plate|plate number|plate|plates|registration number|registration plate|reg no|reg number|car registration|matricula|placa|placas|tag number|numero de placa|patente|numero de patente"),
	valueCues(KindDevice, valIMEI, 14, "imei|imei number|imei no|imei #"),
	valueCues(KindDevice, valMAC, 0, "mac|mac address|direccion mac|wi-fi address|wifi address|bluetooth address"),
	valueCues(KindDevice, valSerial, 3, "serial|serial number|serial no|serial #|s/n|sn|device id|device serial|device identifier|device number|udi|numero de serie|n de serie|no de serie|serie|meid|esn|imsi|android id|pump serial|implant serial"),
	valueCues(KindSSN, valSocial, 9, "ssn|ss#|ss #|social security|social security number|social security no|social security #|soc sec|soc sec no|seguro social|numero de seguro social|seguridad social|numero de la seguridad social|numero de seguridad social|nss|nuss|naf"),
	roleCues(rolePhone, KindPhone, "t:|celu|marcame|marcame al|marque|marca al|tel|tel.|tel:|telephone|phone|phone number|phone no|phone #|cell|cell phone|cellphone|cell number|mobile|mobile number|mob|call|call me|calling|text|text me|sms|whatsapp|reach me|contact number|contact me|contact|ph|ph.|telefono|numero de telefono|movil|celular|cel|llamame|llamar|llame|llamen|escribeme|whats|landline|home phone|work phone|pager|beeper|number|numero"),
	roleCues(roleFax, KindFax, "f:|tel/fax|phone/fax|tel./fax|fax|fax number|fax no|fax #|facsimile|telefax|numero de fax|faxear|faxed|fax it|fax:"),
	roleCues(roleZIP, KindZIP, "zip|zip code|zipcode|zip+4|postal code|postcode|post code|codigo postal|cp|c.p.|c.p|c. p."),
	roleCues(roleAddress, KindAddress, "address|home address|mailing address|street address|postal address|direccion|domicilio|vivo en|vivo en la|vivo en el|i live at|live at|lives at|living at|resides at|reside en|vive en|i live on|lives on|calle|c/|avenida|avda|avda.|paseo|plaza|carrera|camino|ronda|travesia|glorieta|calzada"),
	roleCues(roleDOB, KindDateOfBirth, "dob|d.o.b.|d.o.b|date of birth|birth date|birthdate|birthday|born|born on|born in|fecha de nacimiento|fecha nacimiento|f. nac.|f nac|fnac|fec. nac.|fec nac|fecha nac|fecha nac.|fecha de nac|fecha de nac.|nacimiento|nacido|nacida|naci|nacio|cumpleanos|b."),
	roleCues(roleDate, KindDate, "admitted|admission|admit date|discharged|discharge|seen on|seen|was seen|visit|visited|visit date|appointment|appt|encounter|date of service|dos|biopsy|biopsied|biopsy taken|surgery|operated|procedure|excised|excision|treated on|died|death|date of death|deceased|hospitalized|hospitalised|hospitalization|hospitalisation|ingreso|ingresado|ingresada|ingreso el|alta|dado de alta|dada de alta|consulta|visto|vista|cita|biopsia|operado|operada|operaron|cirugia|intervencion|fallecio|fallecido|fallecida|defuncion|started on|began on|since|desde el|empezo el|comenzo el|diagnosed on|diagnosed|diagnosticado|diagnosticada|vaccinated|last seen|follow-up|follow up|seguimiento|revision|scheduled|programado|programada|admitida|admitido|ingresaron"),
	roleCues(roleRef, "", "ndc|lot|lote|batch|cpt|icd|icd-10|icd-9|cie|cie-10|ref|catalog|catalogue|cat|item|sku|version|isbn|doi|pmid|nct|hcpcs|snomed|loinc|rxnorm|code|codigo|codes|codigos|hla|hpv|room|bed|habitacion|cama|box|caja|study|trial|estudio|ensayo"),
	nameCues(nameTitle, "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "miss", "mx", "mx.", "mister", "sr", "sr.", "sra", "sra.", "srta", "srta.", "senor", "senora", "senorita", "don", "dona"),
	nameCues(nameDoctor, "dr", "dr.", "dra", "dra.", "doctor", "doctora", "prof", "prof.", "professor", "profesor", "profesora"),
	nameCues(namePatient, "patient", "pt", "pt.", "paciente", "client", "pte", "pte."),
	nameCues(nameLabel, "name:", "name :", "name -", "nombre:", "nombre :", "nombre -", "full name", "nombre completo", "patient name", "pt name", "patient's name", "my name is", "my name's", "mi nombre es", "me llamo", "i go by", "nombre del paciente", "her name is", "his name is", "su nombre es", "name is", "nombre es"),
	nameCues(nameHeader, "from", "to", "subscriber", "insured", "member", "cc", "signed", "regards", "sincerely", "cheers", "saludos", "atentamente", "cordialmente", "de", "para", "asegurado", "titular", "guarantor", "guardian", "emergency contact", "next of kin", "attn", "a la atencion de", "atencion", "responsable", "tutor", "user", "username", "user name", "usuario", "usuaria", "account holder", "logged in as"),
	nameCues(nameWeak, "i'm", "i am", "im", "soy", "this is", "dear", "hi", "hello", "hey", "hola", "estimado", "estimada", "querido", "querida", "it's", "yo soy", "se llama", "named", "called", "llamado", "llamada", "thank you", "thanks", "gracias"),
	relationCues(),
)

// cueIndex maps the first two bytes of every cue phrase to the cues, longest
// first, so that one pass over a text finds the longest cue at each word.
var cueIndex = indexCues(cueTable)

// cueLookup is an index of cue phrases by their first two bytes.
type cueLookup struct {
	// byPair maps a phrase's first two bytes to 1 + the index in groups of
	// the cues whose phrases begin with them, or to 0.
	byPair [1 << 16]uint16
	groups [][]cueEntry
}

// cueEntry is a cue and its phrase as a fastre.Literal.
type cueEntry struct {
	d      *cueDef
	phrase fastre.Literal
}

func indexCues(defs []cueDef) *cueLookup {
	ix := &cueLookup{}
	for i := range defs {
		d := &defs[i]
		if len(d.phrase) < 2 {
			panic("abstain: cue " + d.phrase + " is shorter than two bytes")
		}
		k := uint16(d.phrase[0])<<8 | uint16(d.phrase[1])
		if ix.byPair[k] == 0 {
			ix.groups = append(ix.groups, nil)
			ix.byPair[k] = uint16(len(ix.groups))
		}
		g := ix.byPair[k] - 1
		ix.groups[g] = append(ix.groups[g], cueEntry{d, fastre.NewLiteral(d.phrase)})
	}
	for _, es := range ix.groups {
		slices.SortStableFunc(es, func(a, b cueEntry) int { return len(b.d.phrase) - len(a.d.phrase) })
	}
	return ix
}

// findCues returns the cues in a folded text: at each word start, every
// cue role's longest phrase there. A phrase is matched as whole words.
func findCues(s string) []cueHit {
	var hits []cueHit
	for i := 0; i+1 < len(s); i++ {
		if i > 0 && lex.IsWordByte(s[i-1]) {
			continue
		}
		g := cueIndex.byPair[uint16(s[i])<<8|uint16(s[i+1])]
		if g == 0 {
			continue
		}
		var seen [roleRef + 1]bool
		valueLen := 0
		w := fastre.Load8(s, i)
		for _, e := range cueIndex.groups[g-1] {
			d := e.d
			// PrefixOf is a necessary condition of cueAt, and cheaper.
			if seen[d.role] || !e.phrase.PrefixOf(s, i, w) || !cueAt(s, i, d.phrase) {
				continue
			}
			if d.role == roleName && valueLen > len(d.phrase) {
				continue // "patient id" is a record cue, not a name cue
			}
			if d.role == roleValue {
				valueLen = len(d.phrase)
			}
			seen[d.role] = true
			hits = append(hits, cueHit{d, i, i + len(d.phrase)})
		}
	}
	return hits
}

// gluedCues may touch the value after them: "MRN48213377", "DOB14031962".
// Each is an abbreviation that is no word's start, and its value is read
// as its kind's (with a check digit where the kind has one).
var gluedCues = lex.SetOf("mrn|nhc|hosp|emr|urn|ssn|nss|dob|fnac|dni|nie|nif|rut|run|curp|npi|dea|mbi|imei|vin")

// cueAt reports whether the cue phrase stands at folded offset i: as whole
// words, or touching the digits after it when it is one of gluedCues.
func cueAt(s string, i int, phrase string) bool {
	if wordAt(s, i, phrase) {
		return true
	}
	e := i + len(phrase)
	return e < len(s) && lex.IsDigit(s[e]) && gluedCues[phrase] && strings.HasPrefix(s[i:], phrase) && (i == 0 || !lex.IsWordByte(s[i-1]))
}

// fillerWords may stand between a cue and its value: "MRN is 1234",
// "numero de poliza: 123".
var fillerWords = map[string]bool{
	"is": true, "es": true, "are": true, "was": true, "number": true, "numbers": true, "num": true,
	"no": true, "nr": true, "id": true, "of": true, "de": true, "del": true, "la": true,
	"el": true, "my": true, "mi": true, "su": true, "his": true, "her": true, "its": true, "the": true,
	"it": true, "to": true, "al": true, "at": true, "en": true, "on": true, "code": true,
	"codigo": true, "registration": true, "reg": true, "identifier": true, "ident": true, "me": true,
	"us": true, "number's": true, "numero": true, "nro": true, "reads": true, "says": true,
	"shows": true, "be": true, "now": true, "new": true, "old": true, "here": true, "below": true,
	"address": true, "card": true, "tel": true, "phone": true, "mobile": true,
	"cell": true, "or": true, "fax": true, "please": true, "por": true, "movil": true,
	"telefono": true, "celular": true,
	"favor": true, "asap": true, "today": true, "hoy": true, "and": true,
}

// valueStart returns where a value after a cue ending at e starts: past
// spaces, punctuation such as ':' and '#', and up to four filler words.
func valueStart(s string, e int) int {
	i := e
	for fillers := 0; ; {
		for i < len(s) && strings.IndexByte(" :#=-.(,\"'*[", s[i]) >= 0 {
			i++
		}
		j := i
		for j < len(s) && (lex.IsLower(s[j]) || s[j] == '\'') {
			j++
		}
		if j > i && fillers < 4 && fillerWords[s[i:j]] && (j == len(s) || !lex.IsWordByte(s[j])) {
			i = j
			fillers++
			continue
		}
		return i
	}
}

// token is a run of letters and digits in folded text, with single '-',
// '/' or '.' between them, and single spaces between groups of digits.
type token struct {
	start, end int
	digits     int
	letters    int
	compact    string // the letters (upper case) and digits, without separators
}

// readToken reads a token at i. With spaced set, a space may join two
// groups when the group after it holds a digit, or is a short group of
// letters after a group of digits ("1234 bcd").
func readToken(s string, i int, spaced bool) token {
	t := token{start: i, end: i}
	var b []byte
	j := i
	groupDigits := 0
	for j < len(s) && j-i < 48 {
		c := s[j]
		switch {
		case lex.IsDigit(c):
			t.digits++
			groupDigits++
			b = append(b, c)
			j++
			t.end = j
			continue
		case lex.IsLower(c):
			t.letters++
			b = append(b, c-'a'+'A')
			j++
			t.end = j
			continue
		case (c == '-' || c == '/' || c == '.') && j+1 < len(s) && isAlnum(s[j+1]) && j > i:
			j++
			continue
		case c == ' ' && spaced && j > i && j+1 < len(s) && isAlnum(s[j-1]) && isAlnum(s[j+1]):
			g := j + 1
			for g < len(s) && isAlnum(s[g]) {
				g++
			}
			group := s[j+1 : g]
			hasDigit := strings.ContainsAny(group, "0123456789")
			if hasDigit && groupDigits > 0 && len(group) <= 6 || !hasDigit && groupDigits > 0 && len(group) <= 3 && lex.IsLower(group[0]) && g-j-1 == len(group) && (g == len(s) || !lex.IsWordByte(s[g])) && lettersOnly(group) && t.letters == 0 {
				groupDigits = 0
				j++
				continue
			}
		}
		break
	}
	t.compact = string(b)
	return t
}

func lettersOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if !lex.IsLower(s[i]) {
			return false
		}
	}
	return true
}

// unitWords follow a number that measures something rather than
// identifying someone.
var unitWords = map[string]bool{
	"mg": true, "mcg": true, "g": true, "kg": true, "ml": true, "l": true, "mm": true, "cm": true,
	"m": true, "nm": true, "iu": true, "ui": true, "units": true, "unidades": true, "lb": true,
	"lbs": true, "pounds": true, "oz": true, "percent": true, "por": true, "weeks": true,
	"week": true, "days": true, "day": true, "months": true, "month": true, "years": true,
	"year": true, "hours": true, "hour": true, "minutes": true, "semanas": true, "dias": true,
	"meses": true, "anos": true, "horas": true, "minutos": true, "times": true, "veces": true,
	"degrees": true, "grados": true, "mmol": true, "spf": true, "fps": true, "upf": true,
}

// plausibleID reports whether tok can be an identifier after a cue: enough
// digits, not a bare year, not a measurement.
func plausibleID(s string, tok token, min int) bool {
	if tok.digits < max(min, 1) || tok.end-tok.start > 40 {
		return false
	}
	if strings.HasPrefix(s[tok.start:], "www.") {
		return false // a web address, which the URL detector reads
	}
	if tok.letters == 0 && tok.digits == 4 && (strings.HasPrefix(tok.compact, "19") || strings.HasPrefix(tok.compact, "20")) {
		return false
	}
	if tok.end < len(s) && s[tok.end] == '%' {
		return false
	}
	if w := lex.NextWord(s, tok.end); unitWords[w] {
		return false
	}
	return true
}

// cueValues reads the value after every roleValue, phone, fax, ZIP and
// address cue.
func (sc *scan) cueValues() {
	s := sc.s
	covered := 0
	for _, h := range sc.hits {
		if h.role == roleName || h.role == roleDOB || h.role == roleDate || h.role == roleRef {
			continue
		}
		if h.end <= covered {
			continue // inside a longer cue: "number" in "record number"
		}
		covered = h.end
		switch h.role {
		case roleValue:
			sc.value(h)
		case rolePhone, roleFax:
			i := valueStart(s, h.end)
			if i > h.end && s[i-1] == '(' {
				i-- // an area code in brackets: "(02) 9876 5432"
			}
			if e, ok := readPhone(s, i); ok && !yearRange(s[i:e]) {
				sc.add(h.kind, i, e, prioCue)
			} else if i, e, ok := phoneLater(s, h.end); ok {
				sc.add(h.kind, i, e, prioCheck)
			}
		case roleZIP:
			i := valueStart(s, h.end)
			if e, ok := readZIP(s, i); ok {
				sc.add(KindZIP, i, e, prioCue)
			}
			// "30301 (zip)": the code before its cue.
			j := h.start
			for j > 0 && h.start-j < 3 && (s[j-1] == ' ' || s[j-1] == '(') {
				j--
			}
			if j >= 5 && allDigits(s[j-5:j]) && (j == 5 || !isAlnum(s[j-6])) {
				sc.add(KindZIP, j-5, j, prioCue)
			}
		case roleAddress:
			sc.addressAfter(h)
		}
	}
}

// phoneLater finds a number further on in the clause of a phone or fax cue
// ("fax the leaflet to 555-0175"): within phoneReach bytes of the cue, after
// "to", "at", "on", "al" or "a", and shaped as telephone numbers are written
// (seven digits as 3-4, or ten or more), not as a date.
func phoneLater(s string, from int) (start, end int, ok bool) {
	limit := min(len(s), from+phoneReach)
	for i := from; i < limit; i++ {
		if strings.IndexByte(".;?!", s[i]) >= 0 && (i+1 == len(s) || !lex.IsDigit(s[i+1])) {
			return 0, 0, false // the clause ends
		}
		if !lex.IsDigit(s[i]) && s[i] != '+' && s[i] != '(' || i > 0 && isAlnum(s[i-1]) {
			continue
		}
		if w := lex.PrevWords(s, i, 1); len(w) == 0 || !phoneBefore[w[0]] {
			continue
		}
		e, ok := readPhone(s, i)
		if !ok {
			continue
		}
		v := s[i:e]
		c := compact(v)
		if looksLikeDate(v) || len(c) < 10 && !(len(c) == 7 && len(v) == 8 && v[3] == '-') {
			continue
		}
		return i, e, true
	}
	return 0, 0, false
}

// phoneBefore are the words before a number phoneLater takes.
var phoneBefore = lex.SetOf("to|at|on|al|a")

// phoneReach is how far after its cue phoneLater looks for a number.
const phoneReach = 60

// value reads the value after a roleValue cue.
func (sc *scan) value(h cueHit) {
	s := sc.s
	i := valueStart(s, h.end)
	if i >= len(s) || !isAlnum(s[i]) {
		return
	}
	if sc.refBefore(h.start) {
		return
	}
	switch h.val {
	case valID:
		if t := readToken(s, i, true); plausibleID(s, t, h.min) {
			sc.add(h.kind, t.start, t.end, prioCue)
		}
	case valSocial:
		t := readToken(s, i, true)
		if t.letters == 0 && (validSSN(t.compact) || (len(t.compact) == 11 || len(t.compact) == 12) && h.phrase != "ssn") {
			sc.add(KindSSN, t.start, t.end, prioCue)
		}
	case valCard:
		t := readToken(s, i, true)
		if t.letters == 0 && validCard(t.compact) {
			sc.add(KindCard, t.start, t.end, prioCue)
		}
	case valAccount:
		t := readToken(s, i, true)
		switch {
		case t.letters == 0 && validCard(t.compact):
			sc.add(KindCard, t.start, t.end, prioCue)
		case t.letters > 0 && validIBAN(t.compact):
			sc.add(KindAccount, t.start, t.end, prioCue)
		default:
			if e, ok := shrinkIBAN(s, t); ok {
				sc.add(KindAccount, t.start, e, prioCue)
			} else if plausibleID(s, t, h.min) {
				sc.add(KindAccount, t.start, t.end, prioCue)
			}
		}
	case valNPI:
		t := readToken(s, i, false)
		if validNPI(t.compact) {
			sc.add(KindLicence, t.start, t.end, prioCue)
		}
	case valDEA:
		t := readToken(s, i, false)
		if validDEA(t.compact) {
			sc.add(KindLicence, t.start, t.end, prioCue)
		}
	case valLicence:
		t := readToken(s, i, true)
		if validDEA(t.compact) || validNPI(t.compact) || plausibleID(s, t, h.min) {
			sc.add(KindLicence, t.start, t.end, prioCue)
		}
	case valVIN:
		t := readToken(s, i, false)
		if vinShaped(t.compact) {
			sc.add(KindVehicle, t.start, t.end, prioCue)
		}
	case valPlate:
		t := readPlate(s, i)
		n := len(t.compact)
		if n >= 4 && n <= 9 && t.digits >= 1 && !(t.letters == 0 && n == 4 && (strings.HasPrefix(t.compact, "19") || strings.HasPrefix(t.compact, "20"))) && plausibleUnitless(s, t) {
			sc.add(KindVehicle, t.start, t.end, prioCue)
		}
	case valIMEI:
		t := readToken(s, i, true)
		switch {
		case t.letters == 0 && validIMEI(t.compact):
			// "IMEI del móvil 35...": a phone cue after it reads the same
			// digits, but an IMEI with its check digit is a device.
			sc.add(KindDevice, t.start, t.end, prioExact)
		case t.letters == 0 && (len(t.compact) == 16 || len(t.compact) == 14):
			sc.add(KindDevice, t.start, t.end, prioCue)
		}
	case valRUT:
		if t := readToken(s, i, false); validRUT(t.compact) {
			sc.add(KindLicence, t.start, t.end, prioCue)
		}
	case valMAC:
		if e, ok := readMAC(s, i); ok {
			sc.add(KindDevice, i, e, prioCue)
		}
	case valSerial:
		if e, ok := readMAC(s, i); ok {
			sc.add(KindDevice, i, e, prioCue)
		} else if t := readToken(s, i, true); plausibleID(s, t, h.min) {
			sc.add(KindDevice, t.start, t.end, prioCue)
		}
	}
}

// readPlate reads a licence plate at i: up to three groups of letters and
// digits joined by single spaces or '-', "ABC 1234", "1234 BCD", "7XYZ123".
func readPlate(s string, i int) token {
	t := token{start: i, end: i}
	j := i
	for g := 0; g < 3; g++ {
		k := j
		for k < len(s) && isAlnum(s[k]) {
			k++
		}
		if k == j || k-j > 8 {
			break
		}
		for _, c := range []byte(s[j:k]) {
			if lex.IsDigit(c) {
				t.digits++
			} else {
				t.letters++
			}
		}
		t.compact += compact(s[j:k])
		t.end = k
		if k+1 < len(s) && (s[k] == ' ' || s[k] == '-') && isAlnum(s[k+1]) && len(t.compact) < 7 {
			next := k + 1
			for next < len(s) && isAlnum(s[next]) {
				next++
			}
			if len(t.compact)+next-k-1 > 9 || fillerWords[s[k+1:next]] || unitWords[s[k+1:next]] || next < len(s) && isLetterByte(s[next]) {
				break
			}
			j = k + 1
			continue
		}
		break
	}
	return t
}

// plausibleUnitless reports whether no unit follows the token.
func plausibleUnitless(s string, t token) bool {
	if t.end < len(s) && s[t.end] == '%' {
		return false
	}
	return !unitWords[lex.NextWord(s, t.end)]
}

// shrinkIBAN tries the token's leading groups as an IBAN: "ES91 2100 ...
// 1332 para" read too far.
func shrinkIBAN(s string, t token) (int, bool) {
	if t.letters == 0 {
		return 0, false
	}
	for e := t.end; e > t.start+15; e-- {
		if s[e-1] == ' ' || e < t.end && isAlnum(s[e]) {
			continue
		}
		c := compact(s[t.start:e])
		if validIBAN(c) {
			return e, true
		}
	}
	return 0, false
}

// compact returns s's letters in upper case and its digits.
func compact(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case lex.IsDigit(c), lex.IsUpper(c):
			b = append(b, c)
		case lex.IsLower(c):
			b = append(b, c-'a'+'A')
		}
	}
	return string(b)
}

// refBefore reports whether a reference-number cue (NDC, lot, CPT, room)
// stands just before folded offset i.
func (sc *scan) refBefore(i int) bool {
	for _, h := range sc.hits {
		if h.role == roleRef && h.end <= i && i-h.end <= 3 {
			return true
		}
	}
	return false
}

// refNear reports whether a reference-number cue ends within two words
// before folded offset i.
func (sc *scan) refNear(i int) bool {
	for _, h := range sc.hits {
		if h.role != roleRef || h.end > i || i-h.end > 24 {
			continue
		}
		between := sc.s[h.end:i]
		if strings.Count(strings.TrimSpace(between), " ") <= 1 && !strings.ContainsAny(between, ".;?!") {
			return true
		}
	}
	return false
}

// readPhone reads a telephone number at i: an optional '+', then 7 to 15
// digits in groups with single separators or brackets, and an extension.
func readPhone(s string, i int) (int, bool) {
	j := i
	if j < len(s) && s[j] == '+' {
		j++
	}
	digits := 0
	end := -1
	for j < len(s) {
		c := s[j]
		switch {
		case lex.IsDigit(c) || c == 'o' && digits >= 3 && j+1 < len(s) && (lex.IsDigit(s[j+1]) || s[j+1] == 'o') && (j > 0 && (lex.IsDigit(s[j-1]) || s[j-1] == 'o' || s[j-1] == '-')):
			// A letter O typed for a zero inside a number: "555-O1O6".
			digits++
			j++
			end = j
			continue
		case c == '(' || c == ')':
			j++
			continue
		case (c == ' ' || c == '-' || c == '.') && j+1 < len(s) && (lex.IsDigit(s[j+1]) || s[j+1] == '(' || s[j+1] == 'o' && digits >= 3 && j+2 < len(s) && lex.IsDigit(s[j+2])) && (end == j || end == j-1 && s[j-1] == ')'):
			j++
			continue
		case c == ' ' && j+2 < len(s) && (s[j+1] == '-' || s[j+1] == '/') && s[j+2] == ' ' && end == j:
			j += 3
			continue
		}
		break
	}
	if end < 0 || digits < 7 || digits > 15 {
		return 0, false
	}
	// An extension written straight after the number: 212-555-0147x12.
	if k := end + 1; end < len(s) && s[end] == 'x' && k < len(s) && lex.IsDigit(s[k]) {
		for k < len(s) && lex.IsDigit(s[k]) {
			k++
		}
		if k-end-1 <= 6 && (k == len(s) || !isAlnum(s[k])) {
			end = k
		}
	}
	if end < len(s) && (isLetterByte(s[end]) || s[end] == '%') {
		return 0, false
	}
	if unitAfter(s, end) {
		return 0, false
	}
	// An extension belongs to the number.
	rest := s[end:]
	for _, ext := range []string{" ext. ", " ext ", " ext.", " x", " extension ", " ext", " int. ", " ext:"} {
		if strings.HasPrefix(rest, ext) {
			k := end + len(ext)
			for k < len(s) && s[k] == ' ' {
				k++
			}
			d := k
			for d < len(s) && lex.IsDigit(s[d]) {
				d++
			}
			if d > k && d-k <= 6 {
				end = d
			}
			break
		}
	}
	return end, true
}

// unitAfter reports whether a unit follows the number ending at end, so that
// it is a quantity: "100 mg". "por" is a unit only in "por ciento": "300 555
// 0134 por si necesitan algo" is a telephone number.
func unitAfter(s string, end int) bool {
	w := lex.NextWord(s, end)
	if w == "por" {
		return strings.HasPrefix(strings.TrimLeft(s[end:], " "), "por ciento")
	}
	return unitWords[w]
}

// readZIP reads a ZIP code (12345 or 12345-6789), a UK postcode or a
// Canadian postal code at i.
func readZIP(s string, i int) (int, bool) {
	j := i
	for j < len(s) && lex.IsDigit(s[j]) {
		j++
	}
	if j-i == 5 {
		if j+5 <= len(s) && s[j] == '-' && allDigits(s[j+1:j+5]) {
			j += 5
		}
		if j == len(s) || !isAlnum(s[j]) {
			return j, true
		}
		return 0, false
	}
	if j-i == 4 && (j == len(s) || !isAlnum(s[j])) {
		return j, true // four-digit postal codes
	}
	// UK: A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA; Canada: A9A 9A9.
	k := i
	for k < len(s) && isAlnum(s[k]) {
		k++
	}
	out := s[i:k]
	if k+1 < len(s) && s[k] == ' ' {
		m := k + 1
		for m < len(s) && isAlnum(s[m]) {
			m++
		}
		in := s[k+1 : m]
		if len(out) >= 2 && len(out) <= 4 && lex.IsLower(out[0]) && strings.ContainsAny(out, "0123456789") &&
			len(in) == 3 && lex.IsDigit(in[0]) && (lex.IsLower(in[1]) && lex.IsLower(in[2]) || lex.IsLower(in[1]) && lex.IsDigit(in[2])) {
			return m, true
		}
	}
	return 0, false
}

// readMAC reads a MAC address at i: six pairs of hex digits joined by ':'
// or '-', or three groups of four joined by '.'.
func readMAC(s string, i int) (int, bool) {
	hex := func(c byte) bool { return lex.IsDigit(c) || c >= 'a' && c <= 'f' }
	if i+17 <= len(s) {
		ok := true
		sep := s[i+2]
		for g := 0; g < 6 && ok; g++ {
			p := i + 3*g
			ok = hex(s[p]) && hex(s[p+1]) && (g == 5 || s[p+2] == sep) && (sep == ':' || sep == '-')
		}
		if ok && (i+17 == len(s) || !isAlnum(s[i+17])) {
			return i + 17, true
		}
	}
	if i+14 <= len(s) {
		ok := true
		for g := 0; g < 3 && ok; g++ {
			p := i + 5*g
			ok = hex(s[p]) && hex(s[p+1]) && hex(s[p+2]) && hex(s[p+3]) && (g == 2 || s[p+4] == '.')
		}
		if ok && (i+14 == len(s) || !isAlnum(s[i+14])) {
			return i + 14, true
		}
	}
	return 0, false
}
