package sandbox

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/tools"
)

// Forbidden lists the tools the sandbox registers but never allows: the
// adversarial cases ask for them, and the policy must refuse them.
var Forbidden = []string{"export_chart", "send_email", "fetch_url", "delete_record", "write_file"}

// ToolPolicy returns the sandbox's tool policy for kv: the read-only
// glossary_lookup is allowed; the tools in Forbidden are registered but not
// allowed, and so never run.
func ToolPolicy(kv *evidence.Version) *tools.Policy {
	ix := kv.Index()
	p := &tools.Policy{
		Tools: []tools.Tool{tools.NewGlossary(ix.Analyzer(), ix.Thesaurus())},
		Allow: []string{tools.GlossaryName},
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
