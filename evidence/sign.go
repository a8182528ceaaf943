package evidence

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Signed versions. Checksums and the seal prove a bundle is whole, not who
// made it: anyone who edits a bundle can compute them again. A publisher
// therefore signs a version: [Manifest.Digest], the SHA-256 of the
// manifest's canonical JSON (which lists every file's size and checksum),
// signed with the publisher's Ed25519 key ([Manifest.Sign], or
// [WriteOptions.Sign] when the bundle is written). An opener that names the
// keys it trusts ([OpenOptions.TrustedKeys]) refuses a version that no
// trusted key signed, or whose signature does not match its digest, with a
// [*SignatureError] naming the key it expected.
//
// The message signed is SignedMessagePrefix followed by the digest, so that
// the signature can be checked with any Ed25519 tool:
//
//	printf 'dermliving-bundle-v1:%s' "$digest" > msg
//	openssl pkeyutl -verify -pubin -inkey KEY.pub -rawin -in msg -sigfile SIG
//
// Key files are PEM: a private key as PKCS #8 ("PRIVATE KEY"), a public
// key as PKIX ("PUBLIC KEY"), as OpenSSL writes Ed25519 keys (RFC 8410).

// SignedMessagePrefix starts the message a publisher signs; the manifest's
// digest follows it.
const SignedMessagePrefix = "dermliving-bundle-v1:"

// ErrUntrusted marks a version that no trusted key signed, or whose
// signature does not match it.
var ErrUntrusted = errors.New("evidence: knowledge version not signed by a trusted key")

// Signature is a publisher's Ed25519 signature of a version's digest.
type Signature struct {
	// KeyID names the signer's public key (see [KeyID]).
	KeyID string `json:"key_id"`
	// Algorithm is "ed25519".
	Algorithm string `json:"algorithm"`
	// Value is the signature of SignedMessagePrefix + Manifest.Digest, in
	// standard base64.
	Value string `json:"value"`
}

// SignatureError reports a version refused because it is not signed by a
// trusted key: unsigned, signed by a key not trusted, or signed by a
// trusted key over another digest (the bundle was changed and re-sealed
// after it was signed). It is [ErrUntrusted] and [ErrCorrupt].
type SignatureError struct {
	Version string // the version's id
	// Signer is the key id the manifest names, or "" when it is unsigned.
	Signer string
	// Want lists the key ids trusted, one of which was expected.
	Want []string
	// Reason says what is wrong, in words.
	Reason string
}

// Error names the version, the signer expected and what is wrong.
func (e *SignatureError) Error() string {
	return fmt.Sprintf("evidence: %s: %s; want a valid signature by key %s", e.Version, e.Reason, strings.Join(e.Want, " or "))
}

// Is reports that a SignatureError is ErrUntrusted and ErrCorrupt.
func (e *SignatureError) Is(target error) bool { return target == ErrUntrusted || target == ErrCorrupt }

// KeyID returns the id of a public key: the lowercase hex of the first 8
// bytes of its SHA-256.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// digest returns the manifest's digest: the checksum of its canonical JSON
// with Digest, Signature and Seal empty.
func digest(m Manifest) (string, error) {
	m.Digest, m.Signature, m.Seal = "", nil, ""
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return "", fmt.Errorf("evidence: encode manifest: %w", err)
	}
	return checksumBytes(body), nil
}

// Sign sets the manifest's digest and signs it with key. Sign after every
// other change to the manifest: any later change makes the signature fail.
// [WriteOptions.Sign] signs a bundle as it is written, once its index is
// listed. It fails for a manifest without Contents, whose digest would not
// cover its files.
func (m *Manifest) Sign(key ed25519.PrivateKey) error {
	if len(key) != ed25519.PrivateKeySize {
		return fmt.Errorf("%w: not an Ed25519 private key", ErrInvalid)
	}
	if m.Contents == nil {
		return fmt.Errorf("%w: manifest of %s lists no contents to sign", ErrInvalid, m.ID)
	}
	d, err := digest(*m)
	if err != nil {
		return err
	}
	sig := ed25519.Sign(key, []byte(SignedMessagePrefix+d))
	m.Digest = d
	m.Signature = &Signature{
		KeyID:     KeyID(key.Public().(ed25519.PublicKey)),
		Algorithm: "ed25519",
		Value:     base64.StdEncoding.EncodeToString(sig),
	}
	return nil
}

// checkSignatureForm checks that a manifest's signature, if any, is well
// formed, whatever the keys trusted.
func checkSignatureForm(m *Manifest) error {
	s := m.Signature
	if s == nil {
		return nil
	}
	sig, err := base64.StdEncoding.DecodeString(s.Value)
	if _, hexErr := hex.DecodeString(s.KeyID); s.Algorithm != "ed25519" || len(s.KeyID) != 16 || hexErr != nil || err != nil || len(sig) != ed25519.SignatureSize || m.Contents == nil {
		return &FormatError{File: ManifestFile, Msg: "malformed signature", Corrupt: true}
	}
	return nil
}

// checkTrust verifies that one of the trusted keys signed the manifest's
// digest, which load has checked against the manifest, and returns the
// signer's key id.
func checkTrust(m *Manifest, trusted []ed25519.PublicKey) (string, error) {
	want := make([]string, 0, len(trusted))
	for _, k := range trusted {
		want = append(want, KeyID(k))
	}
	fail := func(signer, reason string) (string, error) {
		return "", &SignatureError{Version: m.ID, Signer: signer, Want: want, Reason: reason}
	}
	s := m.Signature
	if s == nil {
		return fail("", "not signed")
	}
	i := slices.Index(want, s.KeyID)
	if i < 0 {
		return fail(s.KeyID, "signed by key "+s.KeyID+", which is not trusted")
	}
	sig, err := base64.StdEncoding.DecodeString(s.Value)
	if err != nil || len(trusted[i]) != ed25519.PublicKeySize || !ed25519.Verify(trusted[i], []byte(SignedMessagePrefix+m.Digest), sig) {
		return fail(s.KeyID, "the signature by key "+s.KeyID+" does not match the bundle (changed after it was signed)")
	}
	return s.KeyID, nil
}

// The DER prefixes of an Ed25519 key, which the 32 key bytes follow (RFC
// 8410): a PKCS #8 private key holds the seed, a PKIX public key the
// public key.
var (
	pkcs8Ed25519 = []byte{0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20}
	pkixEd25519  = []byte{0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00}
)

// MarshalPrivateKey returns key as a PEM "PRIVATE KEY" block (PKCS #8).
func MarshalPrivateKey(key ed25519.PrivateKey) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: append(slices.Clone(pkcs8Ed25519), key.Seed()...)})
}

// MarshalPublicKey returns key as a PEM "PUBLIC KEY" block (PKIX).
func MarshalPublicKey(key ed25519.PublicKey) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: append(slices.Clone(pkixEd25519), key...)})
}

// ParsePrivateKey reads an Ed25519 private key written by
// [MarshalPrivateKey] (or OpenSSL).
func ParsePrivateKey(b []byte) (ed25519.PrivateKey, error) {
	der, err := pemBlock(b, "PRIVATE KEY", pkcs8Ed25519)
	if err != nil {
		return nil, err
	}
	return ed25519.NewKeyFromSeed(der), nil
}

// ParsePublicKey reads an Ed25519 public key written by [MarshalPublicKey]
// (or OpenSSL).
func ParsePublicKey(b []byte) (ed25519.PublicKey, error) {
	der, err := pemBlock(b, "PUBLIC KEY", pkixEd25519)
	if err != nil {
		return nil, err
	}
	return ed25519.PublicKey(der), nil
}

// pemBlock returns the 32 key bytes of the PEM block of type typ in b,
// whose DER must be prefix and those bytes.
func pemBlock(b []byte, typ string, prefix []byte) ([]byte, error) {
	block, _ := pem.Decode(b)
	if block == nil || block.Type != typ || len(block.Bytes) != len(prefix)+32 || !bytes.HasPrefix(block.Bytes, prefix) {
		return nil, fmt.Errorf("%w: not an Ed25519 %s in PEM", ErrInvalid, strings.ToLower(typ))
	}
	return slices.Clone(block.Bytes[len(prefix):]), nil
}

// Signer returns the key id of the version's signature (see [KeyID]), or ""
// when it is unsigned, and whether that signature was verified with a
// trusted key when the version was opened ([OpenOptions.TrustedKeys]).
func (v *Version) Signer() (keyID string, verified bool) {
	if v.manifest.Signature == nil {
		return "", false
	}
	return v.manifest.Signature.KeyID, v.signer != ""
}
