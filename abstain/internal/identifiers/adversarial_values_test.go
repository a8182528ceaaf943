package identifiers

import (
	"fmt"
	"strings"
)

// The cue variants of the adversarial set, by kind, with the value forms
// written after them. Every value is made up as in identifiers.jsonl.

var (
	enDayWords   = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh", "twenty-eighth"}
	esDayWords   = []string{"", "primero", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho"}
	romanNumeral = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"}
)

// enYearWords spells a year from 1925 to 2025 as it is said: "nineteen
// sixty-two", "nineteen oh five", "two thousand and three", "twenty
// twenty-one".
func enYearWords(y int) string {
	switch {
	case y >= 2000 && y < 2010:
		return "two thousand and " + enSmall(y%10)
	case y >= 2010:
		return "twenty " + enSmall(y%100)
	case y%100 < 10:
		return "nineteen oh " + enSmall(y%10)
	}
	return "nineteen " + enSmall(y%100)
}

// enSmall spells 1 to 99 in English.
func enSmall(n int) string {
	small := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	if n < 20 {
		return small[n]
	}
	tens := []string{2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}[n/10]
	if n%10 == 0 {
		return tens
	}
	return tens + "-" + small[n%10]
}

// esYearWordsOf spells a year from 1925 to 2025 in Spanish: "mil
// novecientos sesenta y dos", "dos mil cinco".
func esYearWordsOf(y int) string {
	head := "mil novecientos"
	if y >= 2000 {
		head = "dos mil"
	}
	if y%100 == 0 {
		return head
	}
	return head + " " + esSmall(y%100)
}

// esSmall spells 1 to 99 in Spanish.
func esSmall(n int) string {
	units := []string{"", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"}
	if n < 30 {
		return []string{"", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve"}[n]
	}
	tens := []string{3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta", 8: "ochenta", 9: "noventa"}[n/10]
	if n%10 == 0 {
		return tens
	}
	return tens + " y " + units[n%10]
}

// advDate makes a full date from year lo to hi in one of the forms clinical
// notes and letters use; words allows dates in words.
func advDate(r *rng, lang string, lo, hi int, words bool) string {
	d, m, y := 1+r.intn(28), 1+r.intn(12), lo+r.intn(hi-lo+1)
	mon := monthsEN[m-1]
	if lang == "es" {
		mon = monthsES[m-1]
	}
	forms := []string{
		fmt.Sprintf("%02d/%02d/%d", d, m, y),
		fmt.Sprintf("%02d/%02d/%d", m, d, y),
		fmt.Sprintf("%d-%02d-%02d", y, m, d),
		fmt.Sprintf("%d.%d.%d", d, m, y),
		fmt.Sprintf("%02d%s%d", d, strings.ToUpper(mon[:3]), y),
		fmt.Sprintf("%02d-%s-%d", d, mon[:3], y),
		fmt.Sprintf("%s-%02d-%d", mon[:3], d, y),
		fmt.Sprintf("%02d%02d%d", d, m, y),
		fmt.Sprintf("%d%02d%02d", y, m, d),
		fmt.Sprintf("%d.%s.%d", d, romanNumeral[m], y),
		fmt.Sprintf("%d-%s-%d", d, strings.ToLower(romanNumeral[m]), y),
		fmt.Sprintf("%d %s %d", d, mon, y),
		fmt.Sprintf("%s %d, %d", mon, d, y),
	}
	if lang == "es" {
		forms = append(forms, fmt.Sprintf("%d de %s de %d", d, mon, y), fmt.Sprintf("%d/%s/%d", d, romanNumeral[m], y))
	}
	if words {
		if lang == "es" {
			forms = append(forms,
				fmt.Sprintf("%s de %s de %s", esDayWords[d], mon, esYearWordsOf(y)),
				fmt.Sprintf("%s de %s de %d", esDayWords[d], mon, y))
		} else {
			forms = append(forms,
				fmt.Sprintf("the %s of %s, %s", enDayWords[d], mon, enYearWords(y)),
				fmt.Sprintf("%s %s, %s", mon, enDayWords[d], enYearWords(y)),
				fmt.Sprintf("%d%s %s %d", d, ordinal(d), mon, y))
		}
	}
	return pick(r, forms)
}

func advDOB(r *rng, lang string) string { return advDate(r, lang, 1925, 2015, true) }

// digitsFirst makes a value form start with a digit, for a cue written
// touching its value ("DOB14MAR1962", "MRN48213377").
func digitsFirst(value func(*rng, string) string) func(*rng, string) string {
	return func(r *rng, lang string) string {
		for {
			if v := value(r, lang); v[0] >= '0' && v[0] <= '9' {
				return v
			}
		}
	}
}
func advCare(r *rng, lang string) string { return advDate(r, lang, 2000, 2025, false) }

func advAge(r *rng, lang string) string { return fmt.Sprint(90 + r.intn(18)) }

func advPhone(r *rng, lang string) string {
	if lang == "es" || r.intn(3) == 0 {
		return genIntlPhone(r)
	}
	return genNANP(r)
}

func advEmail(r *rng, lang string) string {
	f, s := asciiName(pick(r, genFirst)), asciiName(pick(r, genSurname))
	user := pick(r, []string{f + "." + s, f + s + fmt.Sprint(10+r.intn(89)), f[:1] + s, f + "_" + s, f + fmt.Sprint(1950+r.intn(60))})
	dom := pick(r, []string{"example", "example-mail", "clinic.example"})
	tld := pick(r, []string{"com", "org", "net"})
	switch r.intn(6) {
	case 0:
		return user + " (at) " + dom + " (dot) " + tld
	case 1:
		return user + " [at] " + dom + "." + tld
	}
	return user + "@" + dom + "." + tld
}

func advURL(r *rng, lang string) string {
	f, s := asciiName(pick(r, genFirst)), asciiName(pick(r, genSurname))
	id := r.digits(5 + r.intn(3))
	return pick(r, []string{
		"https://portal.example.com/patient/" + id,
		"https://example.org/users/" + f + s + fmt.Sprint(r.intn(99)),
		"https://photos.example.net/u/" + f[:1] + s + "/rash-" + r.digits(2) + ".jpg",
		"https://www.instagram.com/" + f + "." + s + r.digits(2),
		"https://mychart.example.org/results?patient_id=" + id,
		"www.example.com/profile/" + id,
		"https://drive.example.com/share/" + f + "-" + id,
	})
}

func advIP(r *rng, lang string) string {
	if r.intn(5) == 0 {
		return fmt.Sprintf("2001:db8::%x", 1+r.intn(0xfffe))
	}
	return pick(r, []string{"192.0.2.", "198.51.100.", "203.0.113."}) + fmt.Sprint(1+r.intn(254))
}

func advSSN(r *rng, lang string) string {
	v := genSSNValue(r)
	switch r.intn(3) {
	case 0:
		return strings.ReplaceAll(v, "-", "")
	case 1:
		return strings.ReplaceAll(v, "-", " ")
	}
	return v
}

// advNSS makes a Spanish social security number: 12 digits, grouped
// 2-8-2 or not.
func advNSS(r *rng, lang string) string {
	v := fmt.Sprintf("%02d", 1+r.intn(52)) + r.digits(8) + r.digits(2)
	if r.intn(2) == 0 {
		return v[:2] + "/" + v[2:10] + "/" + v[10:]
	}
	return v
}

func advMRN(r *rng, lang string) string {
	return pick(r, []string{
		r.digits(8), r.digits(7), "A" + r.digits(2) + "-" + r.digits(4) + "-" + r.digits(3), r.digits(4) + "-" + pick(r, []string{"AB", "CD", "XK"}) + "-" + r.digits(4),
		r.digits(2) + "-" + r.digits(2) + "-" + r.digits(4), "MR" + r.digits(6), "00" + r.digits(6), r.digits(10),
	})
}

func advPlan(r *rng, lang string) string {
	return pick(r, []string{"W" + r.digits(9), "HPX-" + r.digits(4) + "-" + r.digits(4), r.digits(10), "XYZ" + r.digits(8), r.digits(3) + " " + r.digits(3) + " " + r.digits(4)})
}

func advMBI(r *rng, lang string) string {
	v := genMBI(r)
	if r.intn(2) == 0 {
		return v[:4] + "-" + v[4:7] + "-" + v[7:]
	}
	return v
}

func advTSI(r *rng, lang string) string {
	return pick(r, []string{"BBBB" + r.digits(12), "MNPX" + r.digits(12), r.digits(8) + "X"})
}

func advAccount(r *rng, lang string) string { return r.digits(8 + r.intn(5)) }
func advIBAN(r *rng, lang string) string    { return genIBAN(r) }
func advCard(r *rng, lang string) string    { return genCardValue(r) }
func advNPI(r *rng, lang string) string     { return genNPI(r) }
func advDEA(r *rng, lang string) string     { return genDEA(r) }

func advLicence(r *rng, lang string) string {
	return pick(r, []string{"D" + r.digits(7), r.digits(8), "MD" + r.digits(6), "B" + r.digits(3) + "-" + r.digits(4), "X" + r.digits(7) + "L"})
}

// advDNI makes a Spanish DNI with its letter.
func advDNI(r *rng, lang string) string {
	n := 10000000 + r.intn(89999999)
	return fmt.Sprintf("%08d%c", n, "TRWAGMYFPDXBNJZSQVHLCKE"[n%23])
}

// advRUT makes a Chilean RUT with its check digit, dotted or not.
func advRUT(r *rng, lang string) string {
	body := fmt.Sprint(5000000 + r.intn(20000000))
	for _, dv := range "0123456789K" {
		if validRUT(body + string(dv)) {
			if r.intn(2) == 0 {
				n := len(body)
				return body[:n-6] + "." + body[n-6:n-3] + "." + body[n-3:] + "-" + string(dv)
			}
			return body + "-" + string(dv)
		}
	}
	panic("no RUT check digit")
}

func advVIN(r *rng, lang string) string { return genVIN(r) }

func advPlate(r *rng, lang string) string {
	return pick(r, []string{fmt.Sprintf("%dXYZ%s", r.intn(10), r.digits(3)), r.digits(4) + " BCD", "ABC-" + r.digits(4), "7KLM" + r.digits(3), "AB-" + r.digits(2) + "-CD"})
}

func advIMEI(r *rng, lang string) string {
	v := genIMEI(r)
	if r.intn(2) == 0 {
		return v[:2] + "-" + v[2:8] + "-" + v[8:14] + "-" + v[14:]
	}
	return v
}

func advMAC(r *rng, lang string) string { return genMAC(r) }

func advSerial(r *rng, lang string) string {
	return pick(r, []string{"PMP-" + r.digits(8), "SN" + r.digits(9), r.digits(10), "X7-" + r.digits(6)})
}

func advStreet(r *rng, lang string) string {
	if lang == "es" {
		return fmt.Sprintf("%s %d", pick(r, []string{"Calle Mayor", "Calle del Sol", "Avenida de la Constitución", "C/ Ejemplo", "Paseo de la Castellana", "Calle de Alcalá"}), 1+r.intn(200))
	}
	v := fmt.Sprintf("%d %s %s", 1+r.intn(9000), pick(r, []string{"Maple", "Placeholder", "Oak Hill", "Elm", "Cedar", "Sample", "Riverside"}), pick(r, []string{"Street", "St.", "Avenue", "Ave", "Road", "Rd", "Lane", "Drive"}))
	if r.intn(4) == 0 {
		v += ", Apt " + fmt.Sprint(1+r.intn(30))
	}
	return v
}

func advZIP(r *rng, lang string) string {
	switch r.intn(5) {
	case 0:
		return fmt.Sprintf("%05d-%s", 1000+r.intn(98000), r.digits(4))
	case 1:
		return pick(r, []string{"SW1A 1AA", "EC1A 1BB", "W1A 0AX", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT"})
	}
	return fmt.Sprintf("%05d", 1000+r.intn(98000))
}

// tpl makes templates of one language and value form from cues written
// "pre…post" (or "pre" alone), separated by "|".
func tpl(lang string, value func(*rng, string) string, cues string) []advTemplate {
	var out []advTemplate
	for _, c := range strings.Split(cues, "|") {
		pre, post, _ := strings.Cut(c, "…")
		out = append(out, advTemplate{lang, pre, post, value})
	}
	return out
}

func concat(ts ...[]advTemplate) []advTemplate {
	var out []advTemplate
	for _, t := range ts {
		out = append(out, t...)
	}
	return out
}

var advTemplates = map[Kind][]advTemplate{
	KindName: concat(
		tpl("en", func(r *rng, _ string) string { return genFullName(r) }, "Patient: |PATIENT |Pt. |Pt name: |Patient name - |Full name: |Name : |my name's |Mr |Mrs |Ms |Mx. |Dr |Miss |my daughter …, age 6,|my husband … has hives|her son |Regards, |From: |Emergency contact: |Next of kin: |Guardian: |I'm …, 34"),
		tpl("es", func(r *rng, _ string) string { return genFullName(r) }, "Nombre: |Nombre completo: |Paciente: |Me llamo |Mi nombre es |Sra. |Sr. |Srta. |Don |Doña |mi hijo … tiene eccema|mi esposa |mi abuela |Atentamente, |Saludos, |Titular: |Soy … y tengo acné"),
	),
	KindDateOfBirth: concat(
		tpl("en", advDOB, "DOB |DOB: |D.O.B. |D.O.B: |DoB - |Date of birth: |Date of Birth - |Birth date: |Birthdate |born |born on |I was born on |Born: |birthday: |(DOB …)"),
		tpl("en", digitsFirst(advDOB), "DOB"),
		tpl("es", advDOB, "Fecha de nacimiento: |F. nac.: |FNAC |Nacido el |Nacida el |nací el |Fecha nac. |cumpleaños: |nacimiento: |fecha de nacimiento "),
	),
	KindDate: concat(
		tpl("en", advCare, "admitted |admitted on |Admission date: |DOS |date of service: |seen on |visit date: |Appt |appointment on |biopsy taken |biopsy on |excised on |discharged on |surgery on "),
		tpl("es", advCare, "ingresó el |fecha de ingreso: |alta el |consulta del |cita el |biopsia del |operada el |visto el |intervención el "),
	),
	KindAgeOver89: concat(
		tpl("en", advAge, "aged |age: |Age |I am … years old|she is … and frail|my mum's … now|he turned … last week|a …-year-old woman in my care|my grandfather, …, has|patient … y/o|… yo F with bullae|Pt … years old|my nan is …"),
		tpl("es", advAge, "tengo … años|edad: |mi abuela tiene … años|cumplió … años|un hombre de … años|mi abuelo, …, tiene|paciente de … años|tiene … años"),
	),
	KindPhone: concat(
		tpl("en", advPhone, "Tel: |tel. |Ph: |Phone #: |Mobile: |mob |cell: |call |text me on |whatsapp |contact number: |home phone |work phone: |landline |T: "),
		tpl("es", advPhone, "Tel.: |Teléfono: |Móvil |Celular: |cel. |llámame al |whatsapp: |número de teléfono |mi móvil es "),
	),
	KindFax: concat(
		tpl("en", advPhone, "Fax: |fax # |F: |Fax No. |fax number: |tel/fax |fax it to |facsimile |please fax "),
		tpl("es", advPhone, "Fax: |número de fax: |envíenlo al fax |telefax |fax "),
	),
	KindEmail: concat(
		tpl("en", advEmail, "email: |E-mail: |email me at |mail to |my email is |contact |reach me at |…'s my email"),
		tpl("es", advEmail, "correo: |mi correo es |email: |escríbeme a |mi e-mail: "),
	),
	KindURL: concat(
		tpl("en", advURL, "my photos are at |see my profile: |my blog: |my page |link to my pictures: |my chart: |I uploaded them to "),
		tpl("es", advURL, "mis fotos están en |mi perfil: |mi página: |enlace a mis fotos: |subí las fotos a "),
	),
	KindIPAddress: concat(
		tpl("en", advIP, "my IP is |IP: |IP address |my home IP |logged in from |from my laptop at |my IPv4 is "),
		tpl("es", advIP, "mi IP es |dirección IP: |desde la IP … de mi casa|IP de mi casa: "),
	),
	KindSSN: concat(
		tpl("en", advSSN, "SSN |SSN: |SSN#|ss# |social security no. |Soc Sec # |my social security number is |social security #: |SSN"),
		tpl("es", advNSS, "NSS |número de seguridad social |seguro social: |NUSS |n.º de la seguridad social |número de afiliación a la seguridad social "),
	),
	KindMRN: concat(
		tpl("en", advMRN, "MRN |MRN: |MRN#|M.R.N. |Med Rec No. |Medical Record #: |hosp# |Hosp No. |Hospital number: |Pt ref no. |Patient ref: |patient ID: |Pt ID |chart no. |UR number |URN |CHI number |EMR # |record no. |accession no. "),
		tpl("en", digitsFirst(advMRN), "MRN"),
		tpl("es", advMRN, "NHC |N.º historia: |Historia |Historia clínica: |HC |H.C. |número de historia |expediente |Ficha |ficha clínica |número de registro |prontuario |folio "),
	),
	KindHealthPlan: concat(
		tpl("en", advPlan, "member ID |Member #: |policy no. |insurance ID: |Medicaid # |subscriber ID |group # |health plan ID: |NHS number |health card "),
		tpl("en", advMBI, "Medicare |Medicare MBI: |MBI |my Medicare number is "),
		tpl("es", advTSI, "tarjeta sanitaria |TSI |CIP |número de afiliado |póliza |número de póliza |tarjeta sanitaria individual: "),
	),
	KindAccount: concat(
		tpl("en", advAccount, "account number |acct # |Acct: |A/C |bank account |billing account # |account no. "),
		tpl("en", advIBAN, "IBAN |IBAN: "),
		tpl("es", advIBAN, "cuenta |IBAN |cuenta bancaria: "),
		tpl("es", advAccount, "número de cuenta |n.º de cuenta "),
	),
	KindCard: concat(
		tpl("en", advCard, "card |card number |credit card: |Visa |Mastercard |Amex |debit card # |card no. "),
		tpl("es", advCard, "tarjeta |tarjeta de crédito |número de tarjeta |tarjeta de débito: "),
	),
	KindLicence: concat(
		tpl("en", advNPI, "NPI |NPI# |NPI number: "),
		tpl("en", advDEA, "DEA |DEA # |DEA registration "),
		tpl("en", advLicence, "license # |Lic. No. |driver's licence |DL# |passport no. |state license |national ID "),
		tpl("es", advDNI, "DNI |NIF |DNI: "),
		tpl("es", advRUT, "RUT |RUN |R.U.T. |rut del paciente: "),
		tpl("es", advLicence, "cédula |cédula de identidad |pasaporte |licencia de conducir |número de colegiado "),
	),
	KindVehicle: concat(
		tpl("en", advVIN, "VIN |VIN: |VIN# |vehicle identification number |chassis number "),
		tpl("en", advPlate, "licence plate |plate no. |reg no. |number plate |license plate: "),
		tpl("es", advPlate, "matrícula |placa |patente |número de placa "),
		tpl("es", advVIN, "número de bastidor |bastidor "),
	),
	KindDevice: concat(
		tpl("en", advIMEI, "IMEI |IMEI: |IMEI no. "),
		tpl("en", advMAC, "MAC |MAC address |Wi-Fi address "),
		tpl("en", advSerial, "serial no. |S/N |SN: |device ID |pump serial |UDI "),
		tpl("es", advSerial, "número de serie |n.º de serie "),
		tpl("es", advMAC, "dirección MAC "),
		tpl("es", advIMEI, "IMEI del móvil "),
	),
	KindAddress: concat(
		tpl("en", advStreet, "I live at |my address is |Address: |home address: |she lives at |mailing address |send it to …, Springfield"),
		tpl("es", advStreet, "vivo en la |mi dirección es |domicilio: |dirección: |vive en la |…, 3º B"),
	),
	KindZIP: concat(
		tpl("en", advZIP, "ZIP |zip code: |ZIP code |postcode |post code: |postal code |my zip is "),
		tpl("es", func(r *rng, _ string) string { return fmt.Sprintf("%05d", 1000+r.intn(51000)) }, "código postal |C.P. |CP |código postal: "),
	),
}
