package main

import (
	"context"
	"sync"
	"time"

	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/gates"
)

// measureTimeout bounds the measurement of one version's gates.
const measureTimeout = 5 * time.Minute

// measurements holds the gate reports this server measured itself, for
// versions whose manifest stores none. They are shown on the trust page and
// never change a version's status: that comes from the stored report alone.
type measurements struct {
	mu      sync.Mutex
	reports map[string]*gates.Report
	errs    map[string]string
	pending map[string]bool
	done    chan struct{} // closed when every measurement has ended
}

// measured is one version's server-side measurement as the trust page shows
// it.
type measured struct {
	Pending bool
	Report  *gates.Report
	Err     string
}

func (m *measurements) get(id string) (measured, bool) {
	if m == nil {
		return measured{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.pending[id]:
		return measured{Pending: true}, true
	case m.reports[id] != nil:
		return measured{Report: m.reports[id]}, true
	case m.errs[id] != "":
		return measured{Err: m.errs[id]}, true
	}
	return measured{}, false
}

// wait blocks until every measurement has ended or ctx is done.
func (m *measurements) wait(ctx context.Context) error {
	if m == nil {
		return nil
	}
	select {
	case <-m.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// measureGates starts measuring, one version after another in one
// goroutine (so that the measurement takes at most one core from the
// requests being served), every version that stores gate cases but no
// report. It returns nil when measure is nil.
func (s *server) measureGates(measure func(context.Context, *evidence.Version) (*gates.Report, error)) *measurements {
	if measure == nil {
		return nil
	}
	m := &measurements{reports: map[string]*gates.Report{}, errs: map[string]string{}, pending: map[string]bool{}, done: make(chan struct{})}
	var todo []*evidence.Version
	for _, id := range s.order {
		kv := s.versions[id]
		if kv.GateReport() == nil && len(kv.Cases()) > 0 {
			m.pending[id] = true
			todo = append(todo, kv)
		}
	}
	go func() {
		defer close(m.done)
		for _, kv := range todo {
			ctx, cancel := context.WithTimeout(context.Background(), measureTimeout)
			r, err := measure(ctx, kv)
			cancel()
			m.mu.Lock()
			delete(m.pending, kv.ID())
			if err != nil {
				// Gate errors name cases and files, never a question.
				m.errs[kv.ID()] = err.Error()
			} else {
				m.reports[kv.ID()] = r
			}
			m.mu.Unlock()
		}
	}()
	return m
}
