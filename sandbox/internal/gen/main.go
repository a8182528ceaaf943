// Command gen writes the embedded sandbox bundles from the Markdown sources in
// sandbox/content, each signed with the sandbox's key. Run it with go
// generate ./sandbox. The private key is read from the file
// $DERMLIVING_SANDBOX_KEY names (else ~/.config/dermliving/sandbox.key);
// without it, a version that has not changed keeps its signature and one
// that has is an error (see content/AUTHORING.md).
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox/internal/authoring"
)

func main() {
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	content := os.DirFS(filepath.Join(dir, "content"))
	specs, err := authoring.Specs(content)
	if err != nil {
		return err
	}
	key, err := authoring.SigningKey()
	if err != nil {
		return err
	}
	if key == nil {
		fmt.Fprintf(os.Stderr, "gen: no signing key (%s): unchanged versions keep their signatures\n", authoring.KeyEnv)
	}
	// Every version is built and signed before any is written.
	bundles := make([]*evidence.Bundle, len(specs))
	for i, spec := range specs {
		b, err := authoring.Bundle(content, spec)
		if err != nil {
			return fmt.Errorf("%s: %w", spec.ID, err)
		}
		report, err := authoring.Gate(context.Background(), b, spec.StoreGates)
		if err != nil {
			return fmt.Errorf("%s: gates: %w", spec.ID, err)
		}
		if report != nil {
			for _, g := range report.Gates {
				fmt.Fprintf(os.Stderr, "gen: %s: %-22s %s %-5g %.4f (%d cases) %v\n", spec.ID, g.Name, g.Comparison, g.Threshold, g.Value, g.Cases, g.Passed)
			}
			for _, f := range report.Failures {
				fmt.Fprintf(os.Stderr, "gen: %s: failure: %s %s: %s\n", spec.ID, f.Gate, f.CaseID, f.Detail)
			}
		}
		if err := authoring.Sign(b, os.DirFS(filepath.Join(dir, spec.ID)), key); err != nil {
			return err
		}
		bundles[i] = b
	}
	for i, spec := range specs {
		b := bundles[i]
		out := filepath.Join(dir, spec.ID)
		if err := os.RemoveAll(out); err != nil {
			return err
		}
		if err := b.WriteDir(context.Background(), out, nil); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "gen: %s: %d sources, %d passages, signed by key %s\n", spec.ID, len(b.Manifest.Sources), len(b.Passages), b.Manifest.Signature.KeyID)
	}
	return nil
}
