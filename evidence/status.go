package evidence

import "sync/atomic"

// Status is a knowledge version's release status, read from the gate report
// stored in its manifest and from nothing else.
type Status string

// Release statuses.
const (
	// Released: the manifest stores a gate report, and every gate in it
	// passed, measured on at least one case.
	Released Status = "released"
	// Unmeasured: the manifest stores no gate report (the version was built
	// without gate cases), or one that holds no gate. Nothing says how
	// well the version does: it is served, and flagged wherever its
	// status is shown.
	Unmeasured Status = "unmeasured"
	// Blocked: the stored gate report failed: a gate's value misses its
	// threshold, a gate was measured on no case, or the report says so.
	// dermliving.Ask refuses a blocked version unless the caller allows it
	// for the question (dermliving.WithBlockedVersion) or the version was
	// opened to be served anyway ([OpenOptions.AllowBlocked]).
	Blocked Status = "blocked"
)

// String returns the status's name.
func (s Status) String() string { return string(s) }

// Status returns the manifest's release status (see [Status]).
func (m Manifest) Status() Status {
	r := m.Gates
	switch {
	case r == nil:
		return Unmeasured
	case !r.Passed || len(m.FailedGates()) > 0:
		return Blocked
	case len(r.Gates) == 0:
		return Unmeasured
	}
	return Released
}

// FailedGates names the gates of the stored report that fail, in report
// order: those whose stored verdict is a failure, whose value misses the
// threshold by their comparison, or that were measured on no case. It is
// empty for a manifest without a report.
func (m Manifest) FailedGates() []string {
	if m.Gates == nil {
		return nil
	}
	var failed []string
	for _, g := range m.Gates.Gates {
		if !g.Holds() {
			failed = append(failed, g.Name)
		}
	}
	return failed
}

// Holds reports whether the gate passed: its stored verdict says so, it
// was measured on at least one case, and its value meets its threshold by
// its comparison (">=", "<=" or "=="; any other comparison never holds). A
// stored verdict is not taken on trust alone.
func (g Gate) Holds() bool {
	if !g.Passed || g.Cases <= 0 {
		return false
	}
	switch g.Comparison {
	case ">=":
		return g.Value >= g.Threshold
	case "<=":
		return g.Value <= g.Threshold
	case "==":
		return g.Value == g.Threshold
	}
	return false
}

// Newest returns the index in ms of the newest manifest (the latest release
// date; ties: the greater id) whose status is the first of statuses that
// any manifest in ms has. It returns -1 when no manifest has any of them.
// Newest(ms, Released, Unmeasured) is [NewestReleased].
func Newest(ms []Manifest, statuses ...Status) int {
	for _, st := range statuses {
		best := -1
		for i, m := range ms {
			if m.Status() != st {
				continue
			}
			if best < 0 || m.Released > ms[best].Released || m.Released == ms[best].Released && m.ID > ms[best].ID {
				best = i
			}
		}
		if best >= 0 {
			return best
		}
	}
	return -1
}

// live is the state of a Version that its lifetime changes or its opener
// chooses, apart from its content.
type live struct {
	allowBlocked bool
	closed       atomic.Bool
}

// Status returns the version's release status, from its stored gate report.
func (v *Version) Status() Status { return v.manifest.Status() }

// FailedGates names the gates of the version's stored report that fail.
func (v *Version) FailedGates() []string { return v.manifest.FailedGates() }

// BlockedAllowed reports whether the version was opened to be served even
// though it is blocked ([OpenOptions.AllowBlocked]).
func (v *Version) BlockedAllowed() bool { return v.live.allowBlocked }

// Closed reports whether Close was called. A closed version still holds its
// passages and manifest, but its index no longer serves searches.
func (v *Version) Closed() bool { return v.live.closed.Load() }
