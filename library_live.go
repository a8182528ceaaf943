package dermliving

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/dermliving/dermliving/evidence"
)

// Acquire holds the version named id (Default's when id is empty) for one
// question and returns it with release, which the caller must call once
// done with the version (typically deferred). Until then the version stays
// open, even when it is replaced or removed meanwhile; the last release of
// a replaced version closes it. release may be called more than once; only
// the first call counts.
//
// Acquire is for a host that does more with the version than Ask (streaming
// an answer's citations, looking up evidence); Library.Ask acquires and
// releases for one question.
func (l *Library) Acquire(id string) (kv *evidence.Version, release func(), err error) {
	l.mu.Lock()
	var h *held
	if id == "" {
		h, err = l.defaultLocked()
	} else if h = l.versions[id]; h == nil {
		err = fmt.Errorf("%w: %q", ErrUnknownVersion, id)
	}
	if err != nil {
		l.mu.Unlock()
		return nil, nil, err
	}
	h.n++
	l.mu.Unlock()
	var once sync.Once
	return h.kv, func() { once.Do(func() { l.release(h) }) }, nil
}

// defaultLocked is Default's choice, with l.mu held.
func (l *Library) defaultLocked() (*held, error) {
	if l.def == nil {
		return nil, fmt.Errorf("%w: no released, unmeasured or allowed version among %d held", ErrNoKnowledge, len(l.versions))
	}
	return l.def, nil
}

// chooseDefault makes Default's choice again after a change, with l.mu
// held, so that Acquire does not choose on every question.
func (l *Library) chooseDefault() {
	vs := make([]*evidence.Version, 0, len(l.versions))
	for _, h := range l.versions {
		vs = append(vs, h.kv)
	}
	sortVersions(vs)
	l.def = nil
	if kv, ok := pickDefault(vs); ok {
		l.def = l.versions[kv.ID()]
	}
}

// release ends one question on h, closing h's version when it was the last
// one on a retired version.
func (l *Library) release(h *held) {
	l.mu.Lock()
	h.n--
	closeIt := h.retired && h.n == 0
	l.mu.Unlock()
	if closeIt {
		_ = h.kv.Close()
	}
}

// retire marks h replaced or removed, with the Library's lock held, and
// reports whether its version is to be closed now: when no question holds
// it. Otherwise the last release closes it.
func (h *held) retire() bool {
	h.retired = true
	return h.n == 0
}

// Remove stops serving the version held under id and reports whether one
// was held. It is closed once no question holds it.
func (l *Library) Remove(id string) bool {
	l.mu.Lock()
	h, ok := l.versions[id]
	closeIt := false
	if ok {
		delete(l.versions, id)
		closeIt = h.retire()
		l.chooseDefault()
	}
	l.mu.Unlock()
	if closeIt {
		_ = h.kv.Close()
	}
	return ok
}

// Close removes every version: each one no question holds is closed now,
// and the errors of closing them are returned, joined; each other one is
// closed when its last question ends. The Library is empty afterwards and
// may be given versions again.
func (l *Library) Close() error {
	l.mu.Lock()
	var now []*evidence.Version
	for id, h := range l.versions {
		delete(l.versions, id)
		if h.retire() {
			now = append(now, h.kv)
		}
	}
	l.def = nil
	l.mu.Unlock()
	var errs []error
	for _, kv := range now {
		errs = append(errs, kv.Close())
	}
	return errors.Join(errs...)
}

// InFlight reports how many questions hold the version now held under id
// (0 for an id not held). Questions still finishing on a version it
// replaced are not counted.
func (l *Library) InFlight(id string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if h, ok := l.versions[id]; ok {
		return h.n
	}
	return 0
}

// Warm prepares kv for questions before it is served: it builds what Ask
// otherwise builds on a version's first questions (the answer composer and
// the verifier kept with the version) and asks each of questions, whose
// results are discarded, so that the term statistics they need are cached
// too. A host that swaps versions in (Library.Put) warms each one first, so
// that the requests after a swap are not the ones that pay for it. Warm
// returns the first error of Ask, if any (a blocked version is warmed as
// if allowed).
func Warm(ctx context.Context, kv *evidence.Version, questions ...string) error {
	cfg := request{options: newOptions(nil)}
	if err := cfg.useIndex(kv); err != nil {
		return err
	}
	lexicalVerifier(kv, cfg.ix)
	for _, q := range questions {
		if _, err := Ask(ctx, q, kv, WithBlockedVersion()); err != nil {
			var qe *QuestionError
			if errors.As(err, &qe) {
				continue
			}
			return err
		}
	}
	return nil
}
