// Package authoring reads the sandbox's Markdown sources (one condition a file,
// see content/AUTHORING.md) and assembles the build input of each sandbox
// knowledge version.
package authoring

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/lexicon"
)

// Publisher and licence of every sandbox passage.
var (
	Publisher = "DermLiving"
	License   = evidence.License{ID: "CC-BY-4.0", Holder: "DermLiving", URL: "https://creativecommons.org/licenses/by/4.0/"}
)

// sectionKeys shortens the standard section titles in evidence ids.
var sectionKeys = map[string]string{
	"Overview":                 "overview",
	"Causes and triggers":      "causes",
	"Signs and symptoms":       "symptoms",
	"Diagnosis":                "diagnosis",
	"Treatment options":        "treatment",
	"Self-care and prevention": "selfcare",
	"When to see a clinician":  "see_clinician",
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func key(s string) string {
	if k, ok := sectionKeys[s]; ok {
		return k
	}
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(s), "_"), "_")
}

// SourceID returns the source id of a condition file's slug.
func SourceID(slug string) string { return "src_" + strings.ReplaceAll(slug, "-", "_") }

// EvidenceID returns the id of a paragraph.
func EvidenceID(slug, section string, paragraph int) string {
	return fmt.Sprintf("ev_%s_%s_%d", strings.ReplaceAll(slug, "-", "_"), key(section), paragraph)
}

// Doc is one parsed condition file.
type Doc struct {
	Slug    string
	Title   string
	Records []evidence.Record
}

// Parse reads one condition file. sourceVersion is the version of the sandbox
// release the file belongs to.
func Parse(slug, text, sourceVersion string) (Doc, error) {
	d := Doc{Slug: slug}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	section := ""
	para := 0
	line := 0
	bad := func(msg string) error { return fmt.Errorf("%s.md line %d: %s", slug, line, msg) }
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "":
		case strings.HasPrefix(s, "## "):
			section = strings.TrimSpace(s[3:])
			para = 0
		case strings.HasPrefix(s, "# "):
			if d.Title != "" {
				return d, bad("second title")
			}
			d.Title = strings.TrimSpace(s[2:])
		case strings.HasPrefix(s, "#"):
			return d, bad("unknown heading level")
		default:
			if section == "" {
				return d, bad("paragraph before the first section")
			}
			if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.Contains(s, "**") {
				return d, bad("Markdown inside a paragraph")
			}
			para++
			d.Records = append(d.Records, evidence.Record{
				ID:            EvidenceID(slug, section, para),
				SourceID:      SourceID(slug),
				SourceVersion: sourceVersion,
				SourceTitle:   d.Title,
				Section:       section,
				Paragraph:     para,
				Text:          s,
				License:       License.ID,
			})
		}
	}
	if d.Title == "" {
		return d, fmt.Errorf("%s.md: no title", slug)
	}
	if len(d.Records) == 0 {
		return d, fmt.Errorf("%s.md: no paragraphs", slug)
	}
	return d, nil
}

// VersionSpec describes one sandbox version in content/versions.json.
type VersionSpec struct {
	ID          string `json:"id"`
	Released    string `json:"released"`
	Description string `json:"description"`
	// Layers are the content directories whose files make up the version, in
	// order; a file in a later layer replaces one of the same name. Each
	// layer's passages carry its source version.
	Layers []Layer `json:"layers"`
	// Cases are the gate case files (under content/) measured at generation.
	Cases []string `json:"cases,omitempty"`
	// StoreGates writes the measured gate report into the manifest; a
	// version whose report fails is then blocked.
	StoreGates bool `json:"store_gates"`
	// ExcludeCases names cases of those files that do not hold for this
	// version (the rosacea abstentions once rosacea is covered).
	ExcludeCases []string `json:"exclude_cases,omitempty"`
}

// Layer is one content directory and the source version of its files.
type Layer struct {
	Dir           string `json:"dir"`
	SourceVersion string `json:"source_version"`
}

// Specs reads content/versions.json.
func Specs(content fs.FS) ([]VersionSpec, error) {
	b, err := fs.ReadFile(content, "versions.json")
	if err != nil {
		return nil, err
	}
	var specs []VersionSpec
	if err := json.Unmarshal(b, &specs); err != nil {
		return nil, fmt.Errorf("versions.json: %w", err)
	}
	return specs, nil
}

// Bundle builds one sandbox version from the content tree, without gates.
func Bundle(content fs.FS, spec VersionSpec) (*evidence.Bundle, error) {
	type file struct{ path, sourceVersion string }
	files := map[string]file{} // slug -> file
	var curated []evidence.Curated
	for _, layer := range spec.Layers {
		ents, err := fs.ReadDir(content, layer.Dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			name := e.Name()
			switch {
			case strings.HasSuffix(name, ".md"):
				files[strings.TrimSuffix(name, ".md")] = file{path.Join(layer.Dir, name), layer.SourceVersion}
			case name == "curated.jsonl":
				b, err := fs.ReadFile(content, path.Join(layer.Dir, name))
				if err != nil {
					return nil, err
				}
				for i, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
					var c evidence.Curated
					if err := json.Unmarshal([]byte(l), &c); err != nil {
						return nil, fmt.Errorf("%s/curated.jsonl line %d: %w", layer.Dir, i+1, err)
					}
					curated = slices.DeleteFunc(curated, func(o evidence.Curated) bool { return o.Question == c.Question })
					curated = append(curated, c)
				}
			}
		}
	}
	slugs := make([]string, 0, len(files))
	for s := range files {
		slugs = append(slugs, s)
	}
	slices.Sort(slugs)
	var records []evidence.Record
	var sources []evidence.Source
	for _, s := range slugs {
		f := files[s]
		b, err := fs.ReadFile(content, f.path)
		if err != nil {
			return nil, err
		}
		d, err := Parse(s, string(b), f.sourceVersion)
		if err != nil {
			return nil, err
		}
		records = append(records, d.Records...)
		sources = append(sources, evidence.Source{
			ID: SourceID(s), Version: f.sourceVersion, Title: d.Title,
			Publisher: Publisher, License: License,
		})
	}
	var cases []byte
	for _, name := range spec.Cases {
		b, err := fs.ReadFile(content, name)
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(b), "\n") {
			var c struct {
				ID string `json:"id"`
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if slices.Contains(spec.ExcludeCases, c.ID) {
				continue
			}
			cases = append(cases, line...)
			cases = append(cases, '\n')
		}
	}
	return evidence.Build(context.Background(), records, evidence.BuildOptions{
		ID:          spec.ID,
		Released:    spec.Released,
		Description: spec.Description,
		Sources:     sources,
		Thesaurus:   lexicon.DefaultThesaurusText(),
		Curated:     curated,
		Cases:       cases,
	})
}
