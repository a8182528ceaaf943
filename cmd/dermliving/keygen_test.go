package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dermliving/dermliving/evidence"
)

// TestSignedBundle walks a publisher's path: keygen writes a key pair
// without printing the private key; build --sign signs a bundle; verify
// --trust and ask --kv --trust accept it with the right key and refuse it
// with another, naming the key expected; a bundle re-sealed after an edit
// passes verify without --trust (every checksum was computed again) and
// fails with it; versions shows the signer.
func TestSignedBundle(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "publisher.key")
	code, out, errs := cli(t, "", "keygen", "--out", key)
	if code != exitOK {
		t.Fatalf("keygen: %d %s", code, errs)
	}
	priv, _ := os.ReadFile(key)
	body := strings.Join(strings.Split(strings.TrimSpace(string(priv)), "\n")[1:2], "")
	if strings.Contains(out+errs, body) || !strings.Contains(string(priv), "PRIVATE KEY") {
		t.Fatalf("keygen printed the private key, or wrote none: %s", out)
	}
	if st, err := os.Stat(key); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("private key mode %v (%v); want 0600", st.Mode(), err)
	}
	if code, _, _ := cli(t, "", "keygen", "--out", key); code != exitUsage {
		t.Errorf("keygen over an existing key: exit %d, want %d", code, exitUsage)
	}
	other := filepath.Join(dir, "other.key")
	cli(t, "", "keygen", "--out", other)
	pubRaw, _ := os.ReadFile(key + ".pub")
	pub, err := evidence.ParsePublicKey(pubRaw)
	if err != nil {
		t.Fatal(err)
	}
	id := evidence.KeyID(pub)
	if !strings.Contains(out, id) {
		t.Errorf("keygen does not print the key id %s: %s", id, out)
	}

	corpusFile := filepath.Join(dir, "corpus.jsonl")
	os.WriteFile(corpusFile, []byte(corpus), 0o644)
	kv := filepath.Join(dir, "kv")
	if code, _, errs := cli(t, "", "build", "--corpus", corpusFile, "--id", "kv_demo", "--released", "2026-11-01", "--sign", key, "--out", kv); code != exitOK || !strings.Contains(errs, "signed by key "+id) {
		t.Fatalf("build --sign: %d %s", code, errs)
	}
	if code, o, _ := cli(t, "", "verify", "--trust", other+".pub", "--trust", key+".pub", kv); code != exitOK || !strings.Contains(o, "signed by trusted key "+id) {
		t.Errorf("verify --trust: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "verify", kv); code != exitOK || !strings.Contains(o, "not checked") {
		t.Errorf("verify without --trust: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "verify", "--trust", other+".pub", kv); code != exitCheck || !strings.Contains(o, id) {
		t.Errorf("verify --trust another key: %d %s; want exit 1 naming key %s", code, o, id)
	}
	code, o, _ := cli(t, "", "versions", "--json", "--kv", kv, "--trust", key+".pub")
	var v struct {
		Data []struct {
			ID     string
			Signer *struct {
				KeyID    string `json:"key_id"`
				Verified bool
			}
		}
	}
	if err := json.Unmarshal([]byte(o), &v); err != nil || code != exitOK || len(v.Data) != 1 || v.Data[0].Signer == nil || v.Data[0].Signer.KeyID != id || !v.Data[0].Signer.Verified {
		t.Errorf("versions --json --trust: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "versions", "--kv", kv); code != exitOK || !strings.Contains(o, "signed by key "+id+" (not verified") {
		t.Errorf("versions: %d %s", code, o)
	}
	if code, o, _ := cli(t, "", "versions"); code != exitOK || strings.Count(o, "(verified)") != 2 {
		t.Errorf("versions of the sandbox: %d %s; want both verified", code, o)
	}

	// An edit re-sealed: every checksum computed again.
	tamperOneByte(t, filepath.Join(kv, "passages.jsonl"), "itchy")
	m, err := evidence.ReadManifest(os.DirFS(kv))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(kv, "passages.jsonl"))
	var passages []evidence.Passage
	var fixed []byte
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var p evidence.Passage
		json.Unmarshal([]byte(line), &p)
		p.Checksum = evidence.Checksum(p.Text)
		passages = append(passages, p)
		b, _ := json.Marshal(p)
		fixed = append(append(fixed, b...), '\n')
	}
	os.WriteFile(filepath.Join(kv, "passages.jsonl"), fixed, 0o644)
	m.Checksum = evidence.VersionChecksum(passages)
	m.Files["passages.jsonl"] = evidence.Checksum(string(fixed))
	for i, e := range m.Contents {
		if e.Path == "passages.jsonl" {
			m.Contents[i] = evidence.FileEntry{Path: e.Path, Size: int64(len(fixed)), Checksum: m.Files["passages.jsonl"]}
		}
	}
	man, _ := evidence.EncodeManifest(m)
	os.WriteFile(filepath.Join(kv, "manifest.json"), man, 0o644)
	if code, o, _ := cli(t, "", "verify", kv); code != exitOK {
		t.Fatalf("verify of the re-sealed bundle without --trust: %d %s; want ok, or the test tests nothing", code, o)
	}
	if code, o, _ := cli(t, "", "verify", "--trust", key+".pub", kv); code != exitCheck || !strings.Contains(o, "does not match") || !strings.Contains(o, id) {
		t.Errorf("verify --trust of the re-sealed bundle: %d %s", code, o)
	}
	if code, _, errs := cli(t, "", "ask", "--kv", kv, "--trust", key+".pub", "What is urticaria?"); code != exitUsage || !strings.Contains(errs, id) {
		t.Errorf("ask --kv --trust of the re-sealed bundle: %d %s", code, errs)
	}
	if code, _, errs := cli(t, "", "ask", "--trust", key+".pub", "What is urticaria?"); code != exitUsage || !strings.Contains(errs, "--kv") {
		t.Errorf("--trust without --kv: %d %s", code, errs)
	}
}
