package dermliving

import (
	"github.com/dermliving/dermliving/abstain"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
)

// PassageLanguage is the language of the knowledge's passages, reported in
// Metadata.PassageLanguage beside a question in another language.
const PassageLanguage = "en"

// MessageUnsupportedLanguage is the message of the insufficient_evidence
// abstention given to a question in a language DermLiving does not answer
// (French, Portuguese, German, Italian, …): the knowledge may well cover
// the topic, but the question cannot be read. Metadata.QuestionLanguage
// names the language detected.
const MessageUnsupportedLanguage = "The question is not in a language DermLiving answers: it answers questions in English and Spanish, from English reference passages. Ask it in English or Spanish."

// languages is what reads a question's language: the detector and the
// Spanish translator, kept with a knowledge version.
type languages struct {
	detect *lexicon.Detector
	es     *lexicon.Translator
	err    error
}

type languagesKey struct{}

// languagesFor returns the language detector and Spanish translator, built
// once per version from the lexicon's embedded data.
func languagesFor(kv *evidence.Version) (*languages, error) {
	l := kv.Derived(languagesKey{}, func() any {
		d, err := lexicon.NewDetector()
		if err != nil {
			return &languages{err: err}
		}
		es, err := lexicon.NewSpanish()
		return &languages{detect: d, es: es, err: err}
	}).(*languages)
	return l, l.err
}

// keywordSpanish is the least Spanish evidence that makes a question with
// no English evidence at all Spanish: one Spanish word beside the names of
// conditions ("psoriasis tratamiento", "vitiligo causas").
const keywordSpanish = 1.0

// language returns the question's language as the detector reads it, but
// Spanish for a question the detector leaves to English for want of
// evidence when none of its words is English and Spanish leads the others:
// a string of condition names, which every language shares, and Spanish
// words ("impetigo que bacteria lo causa"). A question with one English word
// stays English.
func (l *languages) language(question string) lexicon.Language {
	lang := l.detect.Detect(question)
	if lang != lexicon.English {
		return lang
	}
	score := l.detect.Scores(question)
	es := score[lexicon.Spanish]
	if score[lexicon.English] > 0 || es < keywordSpanish {
		return lang
	}
	for other, s := range score {
		if other != lexicon.Spanish && s >= es {
			return lang
		}
	}
	return lexicon.Spanish
}

// inEnglish returns the question as the English knowledge reads it, and
// its language: an English question (or one the detector cannot place) as
// it is; a Spanish one translated (see lexicon.Translator). A question in
// another language is returned as it is, for the caller to refuse.
func (l *languages) inEnglish(question string) (string, lexicon.Language) {
	lang := l.language(question)
	if lang == lexicon.Spanish {
		return l.es.Translate(question).English, lang
	}
	return question, lang
}

// readLanguage puts the question into English for the steps after it,
// recording a language other than English in md. It refuses a question in
// a language other than English and Spanish with the unsupported-language
// abstention.
func (cfg *request) readLanguage(question string, md *Metadata) (string, *Abstained) {
	english, lang := cfg.langs.inEnglish(question)
	if lang == lexicon.English {
		return question, nil
	}
	md.QuestionLanguage, md.PassageLanguage = string(lang), PassageLanguage
	if lang != lexicon.Spanish {
		return "", &Abstained{Reason: abstain.InsufficientEvidence, Message: MessageUnsupportedLanguage, Metadata: *md}
	}
	md.EnglishQuestion = english
	return english, nil
}

// retrievalQuery returns the text Retrieve searches for a question without
// its clauses addressed to the system: a Spanish question translated, its
// passed-through words' slips corrected as Ask corrects them; any other as
// it is.
func (cfg *request) retrievalQuery(asked string, kv *evidence.Version) string {
	if kv == nil {
		return asked
	}
	l, err := languagesFor(kv)
	if err != nil {
		return asked
	}
	english, lang := l.inEnglish(asked)
	if lang != lexicon.Spanish {
		return asked
	}
	if cfg.comp != nil {
		english, _ = cfg.comp.Correct(english)
	}
	return english
}
