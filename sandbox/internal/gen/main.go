// Command gen writes the embedded sandbox bundles from the Markdown sources in
// sandbox/content. Run it with go generate ./sandbox.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

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
	for _, spec := range specs {
		b, err := authoring.Bundle(content, spec)
		if err != nil {
			return fmt.Errorf("%s: %w", spec.ID, err)
		}
		out := filepath.Join(dir, spec.ID)
		if err := os.RemoveAll(out); err != nil {
			return err
		}
		if err := b.WriteDir(context.Background(), out, nil); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "gen: %s: %d sources, %d passages\n", spec.ID, len(b.Manifest.Sources), len(b.Passages))
	}
	return nil
}
