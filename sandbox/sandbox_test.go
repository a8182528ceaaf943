package sandbox_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
	"github.com/dermliving/dermliving/sandbox"
	"github.com/dermliving/dermliving/sandbox/internal/authoring"
)

// TestGeneratedUpToDate rebuilds every sandbox version from content/ and
// compares it byte for byte with the embedded bundle, its signature kept
// when nothing else changed: run go generate ./sandbox, with the signing
// key, after editing content.
func TestGeneratedUpToDate(t *testing.T) {
	content := os.DirFS("content")
	specs, err := authoring.Specs(content)
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) == 0 {
		t.Fatal("no versions in content/versions.json")
	}
	for _, spec := range specs {
		b, err := authoring.Bundle(content, spec)
		if err != nil {
			t.Fatalf("%s: %v", spec.ID, err)
		}
		if _, err := authoring.Gate(context.Background(), b, spec.StoreGates); err != nil {
			t.Fatalf("%s: gates: %v", spec.ID, err)
		}
		embedded, err := sandbox.FS(spec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := authoring.Sign(b, embedded, nil); err != nil {
			t.Errorf("stale: %v", err)
			continue
		}
		want := map[string][]byte{}
		for name, content := range b.Files {
			want[name] = content
		}
		man, err := evidence.EncodeManifest(b.Manifest)
		if err != nil {
			t.Fatal(err)
		}
		want[evidence.ManifestFile] = man
		got, err := fs.ReadDir(embedded, ".")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("%s: embedded bundle has %d files, generation gives %d: run go generate ./sandbox", spec.ID, len(got), len(want))
		}
		for name, w := range want {
			g, err := fs.ReadFile(embedded, name)
			if err != nil || !bytes.Equal(g, w) {
				t.Errorf("%s/%s is stale: run go generate ./sandbox", spec.ID, name)
			}
		}
	}
}

// required lists the conditions the sandbox must cover.
var required = []string{
	"atopic-dermatitis", "allergic-contact-dermatitis", "irritant-contact-dermatitis", "seborrheic-dermatitis",
	"diaper-dermatitis", "psoriasis", "acne", "hidradenitis-suppurativa", "urticaria", "angioedema", "vitiligo",
	"melasma", "alopecia-areata", "androgenetic-alopecia", "tinea-corporis", "tinea-pedis", "tinea-capitis",
	"onychomycosis", "cutaneous-candidiasis", "impetigo", "cellulitis", "folliculitis", "scabies", "head-lice",
	"common-warts", "molluscum-contagiosum", "herpes-simplex", "shingles", "pityriasis-rosea", "lichen-planus",
	"actinic-keratosis", "basal-cell-carcinoma", "squamous-cell-carcinoma", "melanoma", "seborrheic-keratosis",
	"sunburn-and-sun-protection", "hyperhidrosis", "keloids", "epidermoid-cysts", "xerosis", "pruritus",
	"intertrigo", "bullous-pemphigoid", "pemphigus-vulgaris", "cutaneous-lupus", "dermatomyositis-skin-signs",
	"pressure-injuries", "general-skin-care",
}

func TestDefaultVersionContent(t *testing.T) {
	kv, err := sandbox.OpenVersion(sandbox.SeedVersion)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	m := kv.Manifest()
	conditions := 0
	have := map[string]bool{}
	for _, s := range m.Sources {
		have[s.ID] = true
		if s.ID != authoring.SourceID("general-skin-care") {
			conditions++
		}
		if s.Publisher != "DermLiving" || s.License.ID != "CC-BY-4.0" || s.License.Holder != "DermLiving" {
			t.Errorf("source %s: publisher %q licence %+v", s.ID, s.Publisher, s.License)
		}
	}
	if conditions < 45 {
		t.Errorf("%d conditions, want at least 45", conditions)
	}
	if kv.Len() < 350 {
		t.Errorf("%d passages, want at least 350", kv.Len())
	}
	for _, slug := range required {
		if !have[authoring.SourceID(slug)] {
			t.Errorf("missing condition %s", slug)
		}
	}
	sections := map[string]int{}
	for p := range kv.All() {
		if strings.Contains(strings.ToLower(p.Text), "rosacea") {
			t.Errorf("%s mentions rosacea, which kv_2026_10_01 deliberately lacks", p.ID)
		}
		if p.License.ID != "CC-BY-4.0" || p.License.Holder != "DermLiving" {
			t.Errorf("%s: licence %+v", p.ID, p.License)
		}
		if p.Checksum != evidence.Checksum(p.Text) {
			t.Errorf("%s: checksum does not match its text", p.ID)
		}
		sections[p.SourceID+"/"+p.Locator.Section]++
	}
	// Every condition has the standard sections.
	for _, slug := range required {
		if slug == "general-skin-care" {
			continue
		}
		for _, sec := range []string{"Overview", "Causes and triggers", "Signs and symptoms", "Diagnosis", "Treatment options", "Self-care and prevention", "When to see a clinician"} {
			if sections[authoring.SourceID(slug)+"/"+sec] == 0 {
				t.Errorf("%s has no %q section", slug, sec)
			}
		}
	}
}

// TestWritingRules checks the authoring rules that a machine can check:
// sentences stand alone and nothing is prescriptive for a person.
func TestWritingRules(t *testing.T) {
	ents, err := os.ReadDir("content/kv_2026_10_01")
	if err != nil {
		t.Fatal(err)
	}
	banned := []string{"you should", "e.g.", "i.e.", "rosacea"}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		b, err := os.ReadFile(path.Join("content/kv_2026_10_01", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			low := strings.ToLower(line)
			for _, w := range banned {
				if strings.Contains(low, w) {
					t.Errorf("%s:%d: %q breaks the writing rules", e.Name(), i+1, w)
				}
			}
			if n := len(line); n < 100 || n > 600 {
				t.Errorf("%s:%d: paragraph of %d characters", e.Name(), i+1, n)
			}
		}
	}
}

func TestUnknownVersion(t *testing.T) {
	if _, err := sandbox.OpenVersion("kv_1999_01_01"); err == nil {
		t.Fatal("want an error for an unknown version")
	}
}

func TestVersionsListed(t *testing.T) {
	vs := sandbox.Versions()
	if len(vs) == 0 || vs[0] != sandbox.SeedVersion {
		t.Fatalf("Versions() = %v", vs)
	}
	kv, err := sandbox.OpenVersion(vs[0])
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	ix, err := retrieve.Of(kv)
	if err != nil {
		t.Fatal(err)
	}
	hits, err := ix.Search(context.Background(), "atopic dermatitis", 3)
	if err != nil || len(hits) == 0 {
		t.Fatalf("search: %v %v", hits, err)
	}
}

// TestSandboxSigned: every embedded version is signed by the key whose
// public half ships as signing.pub, and opens verified against it; a
// version changed and re-sealed without that key is refused.
func TestSandboxSigned(t *testing.T) {
	pub, err := sandbox.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range sandbox.Versions() {
		kv, err := sandbox.OpenVersion(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if signer, ok := kv.Signer(); signer != evidence.KeyID(pub) || !ok {
			t.Errorf("%s: signer %q, verified %v; want %s, verified", id, signer, ok, evidence.KeyID(pub))
		}
		kv.Close()
	}
	// Change a passage and re-seal the version with every checksum
	// computed again: only the signature tells.
	fsys, _ := sandbox.FS(sandbox.SeedVersion)
	m, err := evidence.ReadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{}
	for _, e := range m.Contents {
		b, _ := fs.ReadFile(fsys, e.Path)
		files[e.Path] = &fstest.MapFile{Data: b}
	}
	var bad []byte
	for _, line := range bytes.SplitAfter(files[evidence.PassagesFile].Data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var p evidence.Passage
		if err := json.Unmarshal(line, &p); err != nil {
			t.Fatal(err)
		}
		if len(bad) == 0 {
			p.Text = strings.Replace(p.Text, " is ", " is not ", 1)
			p.Checksum = evidence.Checksum(p.Text)
		}
		l, _ := json.Marshal(p)
		bad = append(append(bad, l...), '\n')
	}
	var passages []evidence.Passage
	for _, line := range bytes.Split(bytes.TrimSpace(bad), []byte("\n")) {
		var p evidence.Passage
		json.Unmarshal(line, &p)
		passages = append(passages, p)
	}
	files[evidence.PassagesFile].Data = bad
	m.Checksum = evidence.VersionChecksum(passages)
	m.Files[evidence.PassagesFile] = evidence.Checksum(string(bad))
	for i, e := range m.Contents {
		if e.Path == evidence.PassagesFile {
			m.Contents[i] = evidence.FileEntry{Path: e.Path, Size: int64(len(bad)), Checksum: m.Files[evidence.PassagesFile]}
		}
	}
	man, err := evidence.EncodeManifest(m)
	if err != nil {
		t.Fatal(err)
	}
	files[evidence.ManifestFile] = &fstest.MapFile{Data: man}
	if problems := evidence.Check(files); len(problems) != 0 {
		t.Fatalf("the re-sealed version fails a checksum, so this test tests nothing: %v", problems)
	}
	_, err = evidence.OpenFS(files, &evidence.OpenOptions{TrustedKeys: []ed25519.PublicKey{pub}})
	var se *evidence.SignatureError
	if !errors.As(err, &se) || se.Signer != evidence.KeyID(pub) || !errors.Is(err, evidence.ErrUntrusted) {
		t.Errorf("re-sealed version opened with the sandbox key: %v; want a SignatureError naming key %s", err, evidence.KeyID(pub))
	}
}
