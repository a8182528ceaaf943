package authoring

import (
	"bytes"
	"context"
	"fmt"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
	"github.com/dermliving/dermliving/sandbox"
)

// Gate measures the release gates of a built bundle on its own cases, through
// the same pipeline Ask runs with the sandbox tool policy, and, when store is
// set, stores the report in the bundle's manifest. The report is dated with the version's
// release date, so that generation is reproducible.
func Gate(ctx context.Context, b *evidence.Bundle, store bool) (*gates.Report, error) {
	cases, ok := b.Files[evidence.CasesFile]
	if !ok {
		return nil, nil
	}
	kv, err := b.Open()
	if err != nil {
		return nil, err
	}
	defer kv.Close()
	cs, err := gates.ReadCases(bytes.NewReader(cases))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.Manifest.ID, err)
	}
	r, err := gates.Run(ctx, dermliving.GatePipeline(kv, dermliving.WithTools(sandbox.ToolPolicy(kv))), kv, cs)
	if err != nil {
		return nil, err
	}
	r.Measured = b.Manifest.Released
	if store {
		report := r.GateReport
		b.Manifest.Gates = &report
	}
	return r, nil
}
