package decision

import (
	"embed"
	"fmt"
	"iter"
	"regexp"
	"strconv"
	"strings"

	"github.com/dermliving/dermliving/abstain/internal/fastre"
	"github.com/dermliving/dermliving/abstain/internal/lex"
)

// The clinical-decision rules are data: embedded rule files, one per family,
// tried in the order of ruleFamilies and, within a file, in file order. The
// format, one directive a line ("#" starts a comment line):
//
//	rule NAME            starts a rule (rewrite NAME a rewrite, see rewriteFile)
//	  re PATTERN         the rule's expression, on the folded, rewritten question
//	  re@STARTS PATTERN  the same, its matches starting where the Go function STARTS says
//	  go NAME            the rule is Go code (goRules): its function and prefilter
//	  check NAME         a Go function (ruleChecks) vets each match of re
//	  then MATCHER       must match after re's first match
//	  before MATCHER     must match before re's last match (then or before)
//	  ctx MATCHER        must match anywhere in the question
//	  unless MATCHER     must not match anywhere in the question
//	  + TEXT             a question the rule decides (it must be the first rule
//	                     to match at least one of its examples)
//	  - TEXT             a look-alike the rule must not match
//
// A value that begins or ends with a space is written as a Go raw string
// literal (re `^(why|how come) `), so that no editor trims it.
//
// A MATCHER is "re PATTERN", "re<N PATTERN" (matches at most N bytes long),
// "list NAME" (whole words or phrases of a list of rules/lists.rules),
// "words A|B|C" (whole words or phrases), "map A|B|C" (whole words or
// two-word phrases, by a map), or "@NAME" for a matcher written in Go
// (ruleMatchers); several lines of one kind match when any does. In a
// PATTERN, {NAME} stands for a fragment of ruleFragments. A rule's
// prefilter literals are derived from its pattern (fastre.RequiredLiterals).

//go:embed rules/*.rules
var ruleFiles embed.FS

// ruleFamilies are the rule files, in the order their rules are tried.
var ruleFamilies = []string{"diagnosis", "treatment", "triage", "images", "vignette", "spanish"}

// ruleListFile holds the word lists and pattern fragments the rules and
// the Go code beside them share.
const ruleListFile = "rules/lists.rules"

// ruleLists and ruleFragmentText are the lists and fragments of
// ruleListFile, by name.
var ruleLists, ruleFragmentText = mustReadLists()

func mustReadLists() (map[string][]string, map[string]string) {
	b, err := ruleFiles.ReadFile(ruleListFile)
	if err != nil {
		panic("abstain: " + err.Error())
	}
	lists, frags, err := parseLists(ruleListFile, string(b))
	if err != nil {
		panic("abstain: " + err.Error())
	}
	return lists, frags
}

// parseLists reads a lists file: "list NAME a|b|c" and "fragment NAME
// a|b|c" lines, and comments.
func parseLists(file, text string) (map[string][]string, map[string]string, error) {
	lists, frags := map[string][]string{}, map[string]string{}
	for n, line := range directiveLines(text) {
		kind, rest, _ := strings.Cut(line, " ")
		name, value, ok := strings.Cut(rest, " ")
		if !ok || value == "" || !fragmentNameRE.MatchString(name) {
			return nil, nil, fmt.Errorf("%s:%d: want %q, a name and a value", file, n, kind)
		}
		_, dupL := lists[name]
		_, dupF := frags[name]
		if dupL || dupF {
			return nil, nil, fmt.Errorf("%s:%d: %s is defined twice", file, n, name)
		}
		switch kind {
		case "list":
			lists[name] = words(value)
		case "fragment":
			if _, err := regexp.Compile(value); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %v", file, n, err)
			}
			frags[name] = value
		default:
			return nil, nil, fmt.Errorf("%s:%d: unknown directive %q", file, n, kind)
		}
	}
	return lists, frags, nil
}

// directiveLines yields the numbered lines of a rule or lists file that
// hold a directive: trimmed, without blank and comment lines.
func directiveLines(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !yield(i+1, line) {
				return
			}
		}
	}
}

// fragmentNameRE is a list's or fragment's name.
var fragmentNameRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z_]*$`)

// ruleList returns a word list of ruleListFile; a missing one is a build
// defect, so it panics.
func ruleList(name string) []string {
	l, ok := ruleLists[name]
	if !ok {
		panic("abstain: no list " + name + " in " + ruleListFile)
	}
	return l
}

// ruleFragment returns a pattern fragment of ruleListFile.
func ruleFragment(name string) string {
	f, ok := ruleFragmentText[name]
	if !ok {
		panic("abstain: no fragment " + name + " in " + ruleListFile)
	}
	return f
}

// ruleSpec is a rule as its file gives it, with its examples. A rewrite
// (rewrite is set) has a pattern and its replacement, with.
type ruleSpec struct {
	rule
	rewrite    bool
	with       string
	file       string
	line       int
	examples   []string
	lookalikes []string
}

// rewriteFile holds the neutral rewrites, applied in order before the
// rules run: "rewrite NAME", its "re PATTERN", "with TEXT" (what a match
// becomes) and its examples ("+" a question it rewrites, "-" one it leaves
// as it is).
const rewriteFile = "rules/rewrites.rules"

// rewriteSpecs are the rewrites read from rewriteFile, in order.
var rewriteSpecs = func() []ruleSpec {
	specs := mustParseRuleFile(rewriteFile)
	for _, s := range specs {
		if !s.rewrite {
			panic(fmt.Sprintf("abstain: %s:%d: %s is a rule, not a rewrite", s.file, s.line, s.name))
		}
	}
	return specs
}()

// ruleSpecs are the decision rules read from the rule files, in order.
var ruleSpecs = mustReadRules()

// decisionRules are tried in order; the first that matches names the
// decision.
var decisionRules = func() []rule {
	out := make([]rule, len(ruleSpecs))
	for i, s := range ruleSpecs {
		out[i] = s.rule
	}
	return out
}()

func mustReadRules() []ruleSpec {
	var out []ruleSpec
	seen := map[string]string{}
	for _, fam := range ruleFamilies {
		specs := mustParseRuleFile("rules/" + fam + ".rules")
		for _, s := range specs {
			if s.rewrite {
				panic(fmt.Sprintf("abstain: %s:%d: rewrite %s belongs in %s", s.file, s.line, s.name, rewriteFile))
			}
			if prev, dup := seen[s.name]; dup {
				panic(fmt.Sprintf("abstain: %s:%d: rule %s is also in %s", s.file, s.line, s.name, prev))
			}
			seen[s.name] = s.file
		}
		out = append(out, specs...)
	}
	return out
}

// mustParseRuleFile reads one embedded rule file. The files are part of
// the build and checked by tests, so a damaged one panics.
func mustParseRuleFile(name string) []ruleSpec {
	b, err := ruleFiles.ReadFile(name)
	if err != nil {
		panic("abstain: " + err.Error())
	}
	specs, err := parseRules(name, string(b))
	if err != nil {
		panic("abstain: " + err.Error())
	}
	return specs
}

// ruleNameRE is a rule's name: lower-case words joined by underscores.
var ruleNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// parseRules reads one rule file.
func parseRules(file, text string) ([]ruleSpec, error) { return parseRulesWith(file, text, goRules) }

// parseRulesWith reads one rule file whose "go NAME" rules are those of
// gos (none, when nil).
func parseRulesWith(file, text string, gos map[string]goRule) ([]ruleSpec, error) {
	var out []ruleSpec
	var cur *ruleSpec
	fail := func(line int, format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, a...))
	}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if cur.re == nil && cur.fn == nil {
			return fail(cur.line, "rule %s has no re and no go", cur.name)
		}
		if cur.rewrite && (cur.fn != nil || cur.with == "" || cur.check != nil || cur.ctx != nil || cur.unless != nil || cur.then != nil || cur.before != nil) {
			return fail(cur.line, "rewrite %s needs a re and a with, and nothing else", cur.name)
		}
		if !cur.rewrite && cur.with != "" {
			return fail(cur.line, "rule %s has a with; only a rewrite has", cur.name)
		}
		if cur.re != nil && cur.any == nil {
			cur.any = fastre.RequiredLiterals(cur.re.String())
		}
		out = append(out, *cur)
		cur = nil
		return nil
	}
	for n, line := range directiveLines(text) {
		key, rest, _ := strings.Cut(line, " ")
		if key == "rule" || key == "rewrite" {
			if err := finish(); err != nil {
				return nil, err
			}
			if !ruleNameRE.MatchString(rest) {
				return nil, fail(n, "bad rule name %q", rest)
			}
			cur = &ruleSpec{rule: rule{name: rest}, rewrite: key == "rewrite", file: file, line: n}
			continue
		}
		if cur == nil {
			return nil, fail(n, "%q before the first rule", key)
		}
		if rest == "" {
			return nil, fail(n, "%s without a value", key)
		}
		var err error
		switch {
		case key == "+":
			cur.examples = append(cur.examples, rest)
		case key == "-":
			cur.lookalikes = append(cur.lookalikes, rest)
		case key == "re" || strings.HasPrefix(key, "re@"):
			if cur.re != nil || cur.fn != nil {
				return nil, fail(n, "rule %s has a second re or go", cur.name)
			}
			cur.re, err = rulePattern(key, rest)
		case key == "with":
			cur.with, err = unquote(rest)
		case key == "go":
			if cur.re != nil || cur.fn != nil {
				return nil, fail(n, "rule %s has a second re or go", cur.name)
			}
			g, ok := gos[rest]
			if !ok {
				return nil, fail(n, "no Go rule %q", rest)
			}
			cur.fn, cur.any = g.fn, g.any
		case key == "check":
			c, ok := ruleChecks[rest]
			if !ok {
				return nil, fail(n, "no check %q", rest)
			}
			cur.check = c
		case key == "then" || key == "before" || key == "ctx" || key == "unless":
			var m matcher
			if m, err = ruleMatcher(rest); err == nil {
				slot := map[string]*matcher{"then": &cur.then, "before": &cur.before, "ctx": &cur.ctx, "unless": &cur.unless}[key]
				*slot = orMatcher(*slot, m)
			}
		default:
			return nil, fail(n, "unknown directive %q", key)
		}
		if err != nil {
			return nil, fail(n, "%v", err)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// unquote returns a value written as a Go string literal (one that begins
// and ends with a double quote or a backquote) as its text, and any other
// as it is.
func unquote(v string) (string, error) {
	if len(v) < 2 || !(v[0] == '"' && v[len(v)-1] == '"' || v[0] == '`' && v[len(v)-1] == '`') {
		return v, nil
	}
	u, err := strconv.Unquote(v)
	if err != nil {
		return "", fmt.Errorf("bad quoted value %s", v)
	}
	return u, nil
}

// orMatcher adds m to a matcher slot: the first fills it, later ones make
// an anyOf.
func orMatcher(slot, m matcher) matcher {
	switch s := slot.(type) {
	case nil:
		return m
	case anyOf:
		return append(s, m)
	}
	return anyOf{slot, m}
}

// rulePattern compiles a rule's pattern.
func rulePattern(key, pattern string) (*fastre.Regexp, error) {
	pattern, err := unquote(pattern)
	if err != nil {
		return nil, err
	}
	expr, err := expandFragments(pattern)
	if err != nil {
		return nil, err
	}
	if _, err := regexp.Compile(expr); err != nil {
		return nil, err
	}
	if starts, ok := strings.CutPrefix(key, "re@"); ok {
		cands, ok := ruleStarts[starts]
		if !ok {
			return nil, fmt.Errorf("no starts %q", starts)
		}
		return fastre.NewAt(expr, cands), nil
	}
	return rx(expr), nil
}

// ruleMatcher reads a MATCHER.
func ruleMatcher(s string) (matcher, error) {
	kind, rest, _ := strings.Cut(s, " ")
	switch {
	case strings.HasPrefix(kind, "@") && rest == "":
		m, ok := ruleMatchers[kind[1:]]
		if !ok {
			return nil, fmt.Errorf("no matcher %q", kind)
		}
		return m, nil
	case kind == "list" && rest != "":
		l, ok := ruleLists[rest]
		if !ok {
			return nil, fmt.Errorf("no list %q in %s", rest, ruleListFile)
		}
		return indexWords(l), nil
	case kind == "words" || kind == "map":
		list, err := unquote(rest)
		if err != nil {
			return nil, err
		}
		if kind == "map" {
			return lex.NewWordMap(lex.SetOf(list)), nil
		}
		return wordSet(words(list)), nil
	case kind == "re":
		return rulePattern("re", rest)
	case strings.HasPrefix(kind, "re<"):
		n, err := strconv.Atoi(kind[3:])
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("bad length in %q", kind)
		}
		f, err := rulePattern("re", rest)
		if err != nil {
			return nil, err
		}
		return f.Within(n), nil
	}
	return nil, fmt.Errorf("bad matcher %q", s)
}

// fragmentRE finds {NAME} in a pattern.
var fragmentRE = regexp.MustCompile(`\{([a-zA-Z]+)\}`)

// expandFragments replaces each {NAME} of a pattern with its fragment.
func expandFragments(pattern string) (string, error) {
	var err error
	out := fragmentRE.ReplaceAllStringFunc(pattern, func(m string) string {
		name := m[1 : len(m)-1]
		f, ok := ruleFragmentText[name]
		if !ok {
			f, ok = ruleFragments[name]
		}
		if !ok {
			err = fmt.Errorf("no fragment %s", m)
			return m
		}
		return f
	})
	return out, err
}
