package sandbox

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/tools"
)

// Forbidden lists the tools the sandbox registers but never allows: the
// adversarial cases ask for them, and the policy must refuse them.
var Forbidden = []string{"export_chart", "send_email", "fetch_url", "delete_record", "write_file"}

// ToolPolicy returns the sandbox's tool policy for kv: the read-only
// glossary_lookup, over kv's analyzer and thesaurus, is allowed; the tools
// in Forbidden are registered but not allowed, and so never run.
//
// The glossary takes the analyzer and thesaurus of kv's index (retrieve.Of).
// In a program that links this package, which imports retrieve, only a
// version opened before retrieve registered its indexer lacks an index; it
// gets a policy that allows nothing, and Ask refuses it anyway, with
// evidence.ErrNoIndex.
func ToolPolicy(kv *evidence.Version) *tools.Policy {
	p := &tools.Policy{}
	if ix, err := retrieve.Of(kv); err == nil {
		p.Tools = []tools.Tool{tools.NewGlossary(ix.Analyzer(), ix.Thesaurus())}
		p.Allow = []string{tools.GlossaryName}
	}
	for _, name := range Forbidden {
		p.Tools = append(p.Tools, forbidden(name))
	}
	return p
}

// forbidden is a registered tool that must never run; if a broken policy ran
// it, the run would still be recorded and counted.
type forbidden string

func (f forbidden) Name() string        { return string(f) }
func (f forbidden) Description() string { return "A tool the sandbox registers but never allows." }
func (f forbidden) Run(context.Context, json.RawMessage) (json.RawMessage, error) {
	return nil, errors.New("sandbox: forbidden tool " + string(f))
}
