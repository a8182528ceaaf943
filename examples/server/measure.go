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
// versions whose manifest stores none, by the manifest's seal: a version
// replaced by another of the same id is measured anew. They are shown on the
// trust page and never change a version's status: that comes from the
// stored report alone.
type measurements struct {
	measure func(context.Context, *evidence.Version) (*gates.Report, error)

	mu      sync.Mutex
	reports map[string]*gates.Report
	errs    map[string]string
	pending map[string]bool
	queue   []*evidence.Version
	running bool
	idle    chan struct{} // closed while nothing is pending
}

// measured is one version's server-side measurement as the trust page shows
// it.
type measured struct {
	Pending bool
	Report  *gates.Report
	Err     string
}

// get returns the measurement of kv, if there is one.
func (m *measurements) get(kv *evidence.Version) (measured, bool) {
	if m == nil {
		return measured{}, false
	}
	seal := kv.Manifest().Seal
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.pending[seal]:
		return measured{Pending: true}, true
	case m.reports[seal] != nil:
		return measured{Report: m.reports[seal]}, true
	case m.errs[seal] != "":
		return measured{Err: m.errs[seal]}, true
	}
	return measured{}, false
}

// wait blocks until nothing is pending or ctx is done.
func (m *measurements) wait(ctx context.Context) error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	idle := m.idle
	m.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newMeasurements returns the measurer of a server, nil when measure is
// nil (nothing is measured).
func newMeasurements(measure func(context.Context, *evidence.Version) (*gates.Report, error)) *measurements {
	if measure == nil {
		return nil
	}
	idle := make(chan struct{})
	close(idle)
	return &measurements{measure: measure, reports: map[string]*gates.Report{}, errs: map[string]string{}, pending: map[string]bool{}, idle: idle}
}

// add queues kv for measurement when its manifest stores gate cases but no
// report and it was not measured yet. The versions queued are measured one
// after another in one goroutine, so that measuring takes at most one core
// from the requests being served.
func (m *measurements) add(kv *evidence.Version) {
	if m == nil || kv.GateReport() != nil || len(kv.Cases()) == 0 {
		return
	}
	seal := kv.Manifest().Seal
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pending[seal] || m.reports[seal] != nil || m.errs[seal] != "" {
		return
	}
	if len(m.pending) == 0 {
		m.idle = make(chan struct{})
	}
	m.pending[seal] = true
	m.queue = append(m.queue, kv)
	if !m.running {
		m.running = true
		go m.run()
	}
}

// run measures the queued versions until the queue is empty.
func (m *measurements) run() {
	for {
		m.mu.Lock()
		if len(m.queue) == 0 {
			m.running = false
			m.mu.Unlock()
			return
		}
		kv := m.queue[0]
		m.queue = m.queue[1:]
		m.mu.Unlock()

		ctx, cancel := context.WithTimeout(context.Background(), measureTimeout)
		r, err := m.measure(ctx, kv)
		cancel()
		seal := kv.Manifest().Seal
		m.mu.Lock()
		delete(m.pending, seal)
		if err != nil {
			// Gate errors name cases and files, never a question.
			m.errs[seal] = err.Error()
		} else {
			m.reports[seal] = r
		}
		if len(m.pending) == 0 {
			close(m.idle)
		}
		m.mu.Unlock()
	}
}
