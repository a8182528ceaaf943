package dermliving

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/dermliving/dermliving/evidence"
)

// ErrUnknownVersion is returned for a knowledge version a Library does not
// hold.
var ErrUnknownVersion = errors.New("dermliving: unknown knowledge version")

// Library holds the knowledge versions a host serves and answers from the
// newest released one unless a caller names another. Adding or replacing a
// version is atomic: a question in flight finishes on the version it started
// with. A Library is safe for concurrent use; it does not close versions.
type Library struct {
	mu       sync.RWMutex
	versions map[string]*evidence.Version
}

// NewLibrary returns a library holding kvs.
func NewLibrary(kvs ...*evidence.Version) *Library {
	l := &Library{versions: map[string]*evidence.Version{}}
	for _, kv := range kvs {
		l.versions[kv.ID()] = kv
	}
	return l
}

// Put adds kv, replacing a version with the same id, and returns the version
// it replaced, if any, for the caller to close once in-flight questions end.
func (l *Library) Put(kv *evidence.Version) (replaced *evidence.Version) {
	l.mu.Lock()
	defer l.mu.Unlock()
	replaced = l.versions[kv.ID()]
	l.versions[kv.ID()] = kv
	return replaced
}

// Get returns the version with the given id.
func (l *Library) Get(id string) (*evidence.Version, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	kv, ok := l.versions[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownVersion, id)
	}
	return kv, nil
}

// Versions returns the held versions, oldest release first (ties by id).
func (l *Library) Versions() []*evidence.Version {
	l.mu.RLock()
	out := make([]*evidence.Version, 0, len(l.versions))
	for _, kv := range l.versions {
		out = append(out, kv)
	}
	l.mu.RUnlock()
	slices.SortFunc(out, func(a, b *evidence.Version) int {
		ra, rb := a.Manifest().Released, b.Manifest().Released
		switch {
		case ra < rb:
			return -1
		case ra > rb:
			return 1
		case a.ID() < b.ID():
			return -1
		case a.ID() > b.ID():
			return 1
		}
		return 0
	})
	return out
}

// Default returns the newest released version (see evidence.NewestReleased):
// the latest release date whose stored gate report did not fail. When every
// version held failed a gate, or none is held, it returns ErrNoKnowledge.
func (l *Library) Default() (*evidence.Version, error) {
	vs := l.Versions()
	ms := make([]evidence.Manifest, len(vs))
	for i, kv := range vs {
		ms[i] = kv.Manifest()
	}
	if i := evidence.NewestReleased(ms); i >= 0 {
		return vs[i], nil
	}
	return nil, fmt.Errorf("%w: no released version among %d held", ErrNoKnowledge, len(vs))
}

// Ask answers from the version named id, or from Default when id is empty.
// The result's metadata names the version used.
func (l *Library) Ask(ctx context.Context, question, id string, opts ...Option) (Result, error) {
	var kv *evidence.Version
	var err error
	if id == "" {
		kv, err = l.Default()
	} else {
		kv, err = l.Get(id)
	}
	if err != nil {
		return nil, err
	}
	return Ask(ctx, question, kv, opts...)
}
