package dermliving_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeanRequirements checks that the library's module graph, which every
// program importing DermLiving inherits, holds none of the example server's
// dependencies: the examples are their own module.
func TestLeanRequirements(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(gobin, "list", "-m", "all").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -m all: %v\n%s", err, out)
	}
	mods := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(mods) < 2 || !strings.HasPrefix(mods[0], "github.com/dermliving/dermliving") {
		t.Fatalf("go list -m all listed %q, want the library's module first", mods)
	}
	for _, m := range mods {
		for _, banned := range []string{"chromedp", "prometheus", "dermliving/examples"} {
			if strings.Contains(m, banned) {
				t.Errorf("the library's module graph holds %s; it belongs to the examples module", m)
			}
		}
	}
}
