package dermliving

import "github.com/dermliving/dermliving/abstain"

// The urgent abstention: a question that asks for a decision about a
// particular person who shows an emergency sign now (abstain.IsUrgent) is
// refused as any decision is, and its message tells the person to seek
// emergency care first, in the question's language (abstain.Language:
// English or Spanish). The messages name no diagnosis and no treatment.
const (
	urgentMessageEN = "The question describes signs that can be a medical emergency. Seek emergency care now: call your local emergency number or go to the nearest emergency department. DermLiving does not advise on a particular person's care."
	urgentMessageES = "La pregunta describe signos que pueden ser una urgencia médica. Busque atención urgente ahora: llame al número de emergencias de su zona o acuda al servicio de urgencias más cercano. DermLiving no aconseja sobre la atención de una persona concreta."
)

// urgentMessage returns the urgent message in the language question reads
// in.
func urgentMessage(question string) string {
	if abstain.Language(question) == "es" {
		return urgentMessageES
	}
	return urgentMessageEN
}

// decisionAbstention returns the clinical_decision abstention of a
// question the clinical-decision screen refused (d, on asked): urgent,
// with the urgent message, when the question describes an emergency sign.
func decisionAbstention(d abstain.Decision, asked string, md Metadata) *Abstained {
	if d.Urgent {
		return &Abstained{Reason: abstain.ClinicalDecision, Urgent: true, Message: urgentMessage(asked), Metadata: md}
	}
	return &Abstained{Reason: abstain.ClinicalDecision, Message: clinicalDecisionMessage, Metadata: md}
}

// withUrgency marks a patient-data abstention urgent when the question
// without its clauses addressed to the system (asked) also asks for a
// decision about an emergency sign: an emergency is never hidden behind
// another reason. The urgent message comes first; the identifiers' one
// follows it.
func withUrgency(a *Abstained, asked string) *Abstained {
	if abstain.IsUrgent(asked) {
		a.Urgent = true
		a.Message = urgentMessage(asked) + " " + a.Message
	}
	return a
}

// outsideDermatology reports whether a question whose words the knowledge
// does not know as dermatology is outside it: any question but one the
// clinical-decision screen refuses (d) that names a person's health or
// care (abstain.NamesHealth) in words the knowledge lacks ("¿le pongo pasta
// al agua a mi bebé en la irritación del pañal?"). A decision about
// something else ("how often should I change the oil in my car?") is
// outside, and abstains with insufficient_evidence, not
// clinical_decision.
func outsideDermatology(d abstain.Decision, asked string) bool {
	return d.Reason != abstain.ClinicalDecision || !abstain.NamesHealth(asked)
}
