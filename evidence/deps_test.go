package evidence_test

import (
	gobuild "go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoSearchEngine holds package evidence to being a store only: neither
// it nor any package it imports (test files aside) imports package retrieve
// or bleve, so that a program can hold and verify versions without linking
// a search engine. Package retrieve imports evidence and registers its
// index (evidence.RegisterIndexer), never the reverse.
//
// It reads the import lines of the module's packages (go/build, every file
// whatever its build constraints) and needs neither the go command nor the
// network. Outside the module, an import must be the standard library or
// one of the modules allowed below, none of which imports bleve.
func TestNoSearchEngine(t *testing.T) {
	const module = "github.com/dermliving/dermliving"
	allowed := []string{"golang.org/x/text"}
	ctx := gobuild.Default
	ctx.UseAllFiles = true
	seen := map[string]bool{}
	var walk func(path string, chain []string)
	walk = func(path string, chain []string) {
		if seen[path] {
			return
		}
		seen[path] = true
		chain = append(chain, path)
		rel, inModule := strings.CutPrefix(path, module+"/")
		if !inModule {
			t.Fatalf("walked outside the module: %s", path)
		}
		if rel == "retrieve" || strings.HasPrefix(rel, "retrieve/") {
			t.Errorf("evidence imports %s: %s", path, strings.Join(chain, " -> "))
			return
		}
		pkg, err := ctx.ImportDir(filepath.Join("..", filepath.FromSlash(rel)), 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			first, _, _ := strings.Cut(imp, "/")
			switch {
			case strings.HasPrefix(imp, module+"/"):
				walk(imp, chain)
			case strings.Contains(imp, "bleve"):
				t.Errorf("evidence imports %s: %s -> %s", imp, strings.Join(chain, " -> "), imp)
			case !strings.Contains(first, "."):
				// the standard library
			case !slices.ContainsFunc(allowed, func(m string) bool { return imp == m || strings.HasPrefix(imp, m+"/") }):
				t.Errorf("evidence imports %s (%s), from a module this test does not know to be free of bleve: check it, then allow it here", imp, strings.Join(chain, " -> "))
			}
		}
	}
	walk(module+"/evidence", nil)
	if !seen[module+"/internal/fold"] {
		t.Errorf("the walk missed evidence's own imports: %v", seen)
	}
}
