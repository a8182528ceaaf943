package authoring

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/sandbox"
)

// KeyEnv names the environment variable that holds the path of the sandbox's
// private signing key. The key is never in the repository; its public half
// is sandbox/signing.pub.
const KeyEnv = "DERMLIVING_SANDBOX_KEY"

// SigningKey reads the sandbox's private signing key from the file $KEYENV
// names, else from dermliving/sandbox.key in the user's configuration
// directory (~/.config on Linux). It returns nil and no error when there is
// no such file, and an error when the key there is not the sandbox's.
func SigningKey() (ed25519.PrivateKey, error) {
	name := os.Getenv(KeyEnv)
	if name == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			return nil, nil
		}
		name = filepath.Join(dir, "dermliving", "sandbox.key")
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	key, err := evidence.ParsePrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("signing key %s: %w", name, err)
	}
	pub, err := sandbox.PublicKey()
	if err != nil {
		return nil, err
	}
	if !pub.Equal(key.Public()) {
		return nil, fmt.Errorf("signing key %s is key %s, not the sandbox's (%s, sandbox/signing.pub)", name, evidence.KeyID(key.Public().(ed25519.PublicKey)), evidence.KeyID(pub))
	}
	return key, nil
}

// Sign signs a sandbox version built from content: with key when it is not
// nil; else, when the built version is exactly the one embedded (the
// bundle in embedded, read before it is replaced), by keeping the embedded
// version's signature, so that go generate without the key rewrites an
// unchanged version as it was. A changed version without a key is an
// error saying how to sign it.
func Sign(b *evidence.Bundle, embedded fs.FS, key ed25519.PrivateKey) error {
	if key != nil {
		return b.Manifest.Sign(key)
	}
	old, err := fs.ReadFile(embedded, evidence.ManifestFile)
	if err == nil {
		var m evidence.Manifest
		if m, err = evidence.ReadManifest(embedded); err == nil {
			signed := b.Manifest
			signed.Signature = m.Signature
			if man, err := evidence.EncodeManifest(signed); err == nil && bytes.Equal(man, old) && m.Signature != nil {
				b.Manifest = signed
				return nil
			}
		}
	}
	return fmt.Errorf("%s changed, and there is no signing key to sign it: set %s to the sandbox's private key file (see content/AUTHORING.md)", b.Manifest.ID, KeyEnv)
}
