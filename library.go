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

// Library holds the knowledge versions a host serves, answers from the
// default one (see Default) unless a caller names another, and lets a host
// add or replace versions while questions are answered.
//
// A Library owns the versions it holds and counts the questions in flight on
// each (Ask, or Acquire and its release). Replacing or removing a version is
// atomic: a question that started on the old version finishes on it, a
// question that starts afterwards gets the new one, and the old version is
// closed when its last question ends. So no question through a Library ever
// meets a closed version.
//
// A Library is safe for concurrent use. The zero value is an empty Library.
type Library struct {
	mu       sync.Mutex
	versions map[string]*held
	def      *held // Default's choice, kept up to date by every change
}

// held is a version a Library holds, with the questions in flight on it.
type held struct {
	kv      *evidence.Version
	n       int  // questions holding kv
	retired bool // replaced or removed: closed once n is 0
}

// NewLibrary returns a library holding kvs, which it owns from then on (see
// Put).
func NewLibrary(kvs ...*evidence.Version) *Library {
	l := &Library{}
	for _, kv := range kvs {
		l.Put(kv)
	}
	return l
}

// Put adds kv, replacing the version held under its id, if any, and reports
// whether it replaced one. The Library owns kv from then on: the caller must
// not close it. A replaced version is closed once no question holds it: at
// once when none does, else when the last one in flight ends. Putting the
// very version already held changes nothing.
func (l *Library) Put(kv *evidence.Version) (replaced bool) {
	l.mu.Lock()
	if l.versions == nil {
		l.versions = map[string]*held{}
	}
	old := l.versions[kv.ID()]
	if old != nil && old.kv == kv {
		l.mu.Unlock()
		return false
	}
	l.versions[kv.ID()] = &held{kv: kv}
	closeOld := old != nil && old.retire()
	l.chooseDefault()
	l.mu.Unlock()
	if closeOld {
		_ = old.kv.Close()
	}
	return old != nil
}

// Get returns the version held under id, without holding it for a
// question: once replaced, it may be closed under the caller. Use Acquire
// (or Ask) to answer from it.
func (l *Library) Get(id string) (*evidence.Version, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h, ok := l.versions[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownVersion, id)
	}
	return h.kv, nil
}

// Versions returns the held versions, oldest release first (ties by id),
// without holding them for a question (see Get). Describing one
// (DescribeVersion, its manifest, its passages) stays valid after it is
// closed.
func (l *Library) Versions() []*evidence.Version {
	l.mu.Lock()
	out := make([]*evidence.Version, 0, len(l.versions))
	for _, h := range l.versions {
		out = append(out, h.kv)
	}
	l.mu.Unlock()
	sortVersions(out)
	return out
}

// sortVersions sorts vs oldest release first, ties by id.
func sortVersions(vs []*evidence.Version) {
	slices.SortFunc(vs, func(a, b *evidence.Version) int {
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
}

// Default returns the version a question that names none is answered from:
// the newest released version; when none is released, the newest
// unmeasured one (every answer from it flagged unmeasured in its metadata);
// when every version held is blocked, the newest one opened to be served
// all the same (evidence.OpenOptions.AllowBlocked, as the sandbox's are),
// every answer flagged blocked. A blocked version Ask would refuse is never
// the default: with no other version held, or none at all, Default returns
// ErrNoKnowledge. The choice among released and unmeasured versions is
// evidence.NewestReleased's.
func (l *Library) Default() (*evidence.Version, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h, err := l.defaultLocked()
	if err != nil {
		return nil, err
	}
	return h.kv, nil
}

// pickDefault is Default's choice among vs, oldest first.
func pickDefault(vs []*evidence.Version) (*evidence.Version, bool) {
	ms := make([]evidence.Manifest, len(vs))
	for i, kv := range vs {
		ms[i] = kv.Manifest()
	}
	if i := evidence.NewestReleased(ms); i >= 0 {
		return vs[i], true
	}
	for i := len(vs) - 1; i >= 0; i-- {
		if vs[i].BlockedAllowed() {
			return vs[i], true
		}
	}
	return nil, false
}

// Ask answers from the version named id, or from Default when id is empty,
// holding the version for the question's length (see Acquire): a version
// replaced meanwhile is closed only after the answer. The result's metadata
// names the version used and its status.
func (l *Library) Ask(ctx context.Context, question, id string, opts ...Option) (Result, error) {
	kv, release, err := l.Acquire(id)
	if err != nil {
		return nil, err
	}
	defer release()
	return Ask(ctx, question, kv, opts...)
}
