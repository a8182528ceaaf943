package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
)

// Signing keys. keygen writes an Ed25519 key pair as PEM files (the
// private key PKCS #8, readable by its owner only; the public key PKIX, as
// OpenSSL writes them); build --sign signs a bundle with the private key;
// verify --trust and --kv DIR --trust check a bundle's signature against
// public keys. The private key is never printed.

func cmdKeygen(fs *flag.FlagSet) runFunc {
	out := fs.String("out", "", "write the private key to `FILE` (readable by you only) and the public key to FILE.pub; neither may exist (required)")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) > 0 || *out == "" {
			return fail(e, exitUsage, "keygen: give --out FILE")
		}
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return fail(e, exitUsage, "keygen: %v", err)
		}
		pubFile := *out + ".pub"
		for _, f := range []string{*out, pubFile} {
			if _, err := os.Lstat(f); err == nil {
				return fail(e, exitUsage, "keygen: %s exists; it is not overwritten", f)
			}
		}
		if err := writeNew(*out, evidence.MarshalPrivateKey(priv), 0o600); err != nil {
			return fail(e, exitUsage, "keygen: %v", err)
		}
		if err := writeNew(pubFile, evidence.MarshalPublicKey(pub), 0o644); err != nil {
			os.Remove(*out)
			return fail(e, exitUsage, "keygen: %v", err)
		}
		fmt.Fprintf(e.stdout, "key %s\nprivate key %s (keep it secret: it signs versions)\npublic key %s (give it to those who verify: verify --trust %s)\n",
			evidence.KeyID(pub), *out, pubFile, pubFile)
		return exitOK
	}
}

// writeNew writes a file that must not exist yet.
func writeNew(name string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	return f.Close()
}

// readPrivateKey reads a private key file written by keygen. Its text is
// never printed, in an error or otherwise.
func readPrivateKey(name string) (ed25519.PrivateKey, error) {
	b, err := readKeyFile(name)
	if err != nil {
		return nil, err
	}
	key, err := evidence.ParsePrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("%s: not an Ed25519 private key written by dermliving keygen", name)
	}
	return key, nil
}

// readKeyFile reads a small regular key file.
func readKeyFile(name string) ([]byte, error) {
	st, err := os.Stat(name)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%s: %v", name, pe.Err)
	case err != nil:
		return nil, err
	case !st.Mode().IsRegular() || st.Size() > 64<<10:
		return nil, fmt.Errorf("%s: not a key file", name)
	}
	return os.ReadFile(name)
}

// trustFlag is the repeatable --trust PUBKEY: public key files.
type trustFlag []string

func (t *trustFlag) String() string { return strings.Join(*t, ",") }

func (t *trustFlag) Set(name string) error {
	*t = append(*t, name)
	return nil
}

// repeatable marks the flag as one that may be given more than once, for
// the usage line.
func (t *trustFlag) repeatable() {}

// keys reads the public key files.
func (t trustFlag) keys() ([]ed25519.PublicKey, error) {
	var out []ed25519.PublicKey
	for _, name := range t {
		b, err := readKeyFile(name)
		if err != nil {
			return nil, err
		}
		k, err := evidence.ParsePublicKey(b)
		if err != nil {
			return nil, fmt.Errorf("%s: not an Ed25519 public key written by dermliving keygen", name)
		}
		out = append(out, k)
	}
	return out, nil
}

// trustUsage is the help text of --trust.
const trustUsage = "require the bundle to be signed by the Ed25519 public key in `PUBKEY` (a .pub file from keygen); repeat for several trusted keys"

// signerText says who signed a version, for a line of output.
func signerText(kv *evidence.Version) string {
	id, verified := kv.Signer()
	switch {
	case id == "":
		return "unsigned"
	case verified:
		return "signed by key " + id + " (verified)"
	}
	return "signed by key " + id + " (not verified: no --trust)"
}

// signerView is the signer of a version in JSON output.
type signerView struct {
	KeyID    string `json:"key_id"`
	Verified bool   `json:"verified"`
}

// signerOf returns kv's signer for JSON output, or nil when unsigned.
func signerOf(kv *evidence.Version) *signerView {
	id, verified := kv.Signer()
	if id == "" {
		return nil
	}
	return &signerView{KeyID: id, Verified: verified}
}

// versionView is a version as versions lists it: the library's summary
// with the version's signer (null when unsigned).
type versionView struct {
	dermliving.VersionView
	Signer *signerView `json:"signer"`
	signed string      // signerText, for the text output
}

// filesText says what verify checked of a bundle's files.
func filesText(m evidence.Manifest) string {
	if m.Contents == nil {
		return "every checksum verified (a manifest without contents: the index, if any, is not used)"
	}
	var n int64
	for _, f := range m.Contents {
		n += f.Size
	}
	return fmt.Sprintf("%d files (%d bytes) and every checksum verified", len(m.Contents), n)
}

// verifiedSigner says who signed a bundle verify passed, and whether that
// was checked (trusted is set when --trust was given: CheckFS then
// refuses any other signer).
func verifiedSigner(m evidence.Manifest, trusted bool) string {
	switch {
	case m.Signature == nil:
		return "unsigned"
	case trusted:
		return "signed by trusted key " + m.Signature.KeyID
	}
	return "signed by key " + m.Signature.KeyID + " (not checked: give --trust PUBKEY)"
}
