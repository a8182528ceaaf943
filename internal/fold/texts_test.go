package fold

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// screensDir holds the labelled screen sets.
var screensDir = filepath.Join("..", "..", "testdata", "screens")

// devTexts returns the development questions of the labelled sets in dir,
// dev.jsonl and dev2.jsonl (never the held-out splits), as
// abstain/internal/screentest.DevTexts does; this package is outside
// abstain and cannot import it.
func devTexts(t testing.TB, dir string) []string {
	t.Helper()
	var texts []string
	for _, split := range []string{"dev", "dev2"} {
		f, err := os.Open(filepath.Join(dir, split+".jsonl"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var q struct {
				Text string `json:"text"`
			}
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, q.Text)
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if len(texts) == 0 {
		t.Fatalf("no development texts in %s", dir)
	}
	return texts
}

// fuzzSeeds are awkward inputs for the fold's fuzz targets (a copy of
// abstain/internal/screentest.FuzzSeeds): invalid UTF-8, combining marks,
// runs of digits, invisible characters and Unicode digits.
var fuzzSeeds = []string{
	"\xff\xfe Patient \xc3",
	"Mr. ",
	"DOB",
	"Patient John\u0301 Smith",
	"Name:\u00a0Ana",
	"+1 (555) 123-4567 ext. 89",
	"1234567890123456789012345678901234567890",
	"a@b.cc@d.ee",
	"Ms. Ä",
	"Eczéma – ‘atopic’ … should I?",
	"İs thİs mole cancer?",
	"ﬀ ﬁ ﬂ should ı",
	"SSN 523\u200b-45\u00ad-6781 \ufeff",
	"MRN ٤٨٢١٣٣٧٧ ४८२१ ２",
	"DOB 14 / 03 / 1962, 5 2 3 - 4 5",
	"Mrs. Ana Demo, 14MAR1962, SW1A 1AA",
}
