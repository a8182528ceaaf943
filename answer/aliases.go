package answer

import (
	_ "embed"
	"fmt"
	"strings"
)

// alias gives a topic, by its name, everyday names that neither its passages
// nor the thesaurus may give it, and family names that take in several
// topics.
type alias struct {
	target string
	names  []string
}

// aliasesText is DermLiving's own list of common lay and older names (see
// the file's header for its format).
//
//go:embed aliases.txt
var aliasesText string

// aliases are the names of aliasesText, applied to whatever topics a version
// holds; a target the version lacks is skipped.
var aliases = mustParseAliases(aliasesText)

// parseAliases reads the alias list: one topic a line, "Title: name, name";
// blank lines and lines opening with "#" are skipped.
func parseAliases(text string) ([]alias, error) {
	var out []alias
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		target, rest, ok := strings.Cut(line, ":")
		target = strings.TrimSpace(target)
		if !ok || target == "" {
			return nil, fmt.Errorf("aliases.txt:%d: want \"Title: name, name\"", i+1)
		}
		a := alias{target: target}
		for _, n := range strings.Split(rest, ",") {
			if n = strings.TrimSpace(n); n != "" {
				a.names = append(a.names, n)
			}
		}
		if len(a.names) == 0 {
			return nil, fmt.Errorf("aliases.txt:%d: %s has no names", i+1, target)
		}
		out = append(out, a)
	}
	return out, nil
}

// mustParseAliases parses the embedded list, which is part of the build and
// checked by tests: a damaged one panics.
func mustParseAliases(text string) []alias {
	a, err := parseAliases(text)
	if err != nil {
		panic("answer: " + err.Error())
	}
	return a
}
