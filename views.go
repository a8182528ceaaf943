package dermliving

import (
	"github.com/dermliving/dermliving/evidence"
)

// EvidenceView is the public view of one passage, as GET /v1/evidence/{id}
// and `dermliving evidence ID` show it.
type EvidenceView struct {
	ID               string           `json:"id"`
	Text             string           `json:"text"`
	Source           SourceView       `json:"source"`
	Locator          evidence.Locator `json:"locator"`
	Checksum         string           `json:"checksum"`
	License          evidence.License `json:"license"`
	KnowledgeVersion string           `json:"knowledge_version"`
}

// SourceView describes a passage's source in an EvidenceView.
type SourceView struct {
	ID        string `json:"id"`
	Version   string `json:"version"`
	Title     string `json:"title"`
	Publisher string `json:"publisher"`
}

// Evidence returns the view of passage id in kv; an unknown id gives an error
// wrapping evidence.ErrNotFound.
func Evidence(kv *evidence.Version, id string) (EvidenceView, error) {
	p, err := kv.Evidence(id)
	if err != nil {
		return EvidenceView{}, err
	}
	src, _ := kv.Source(p.SourceID, p.SourceVersion)
	return EvidenceView{
		ID:               p.ID,
		Text:             p.Text,
		Source:           SourceView{ID: p.SourceID, Version: p.SourceVersion, Title: src.Title, Publisher: src.Publisher},
		Locator:          p.Locator,
		Checksum:         p.Checksum,
		License:          p.License,
		KnowledgeVersion: kv.ID(),
	}, nil
}

// Version statuses (see evidence.Status): released only with a stored gate
// report whose every gate passed; unmeasured without a report, served and
// flagged; blocked when the report failed, refused by Ask unless allowed.
const (
	StatusReleased   = string(evidence.Released)
	StatusUnmeasured = string(evidence.Unmeasured)
	StatusBlocked    = string(evidence.Blocked)
)

// VersionView summarises a knowledge version, as GET /v1/knowledge/versions and
// `dermliving versions` list it.
type VersionView struct {
	ID       string          `json:"id"`
	Released string          `json:"released"`
	Status   string          `json:"status"`
	Passages int             `json:"passages"`
	Sources  int             `json:"sources"`
	Checksum string          `json:"checksum"`
	Gates    []evidence.Gate `json:"gates"`
	// FailedGates names the gates a blocked version failed.
	FailedGates []string `json:"failed_gates,omitempty"`
	// BlockedAllowed is set on a blocked version that was opened to be
	// served all the same (evidence.OpenOptions.AllowBlocked, as the
	// sandbox is): Ask answers from it, flagging each answer.
	BlockedAllowed bool `json:"blocked_allowed,omitempty"`
}

// Blocked reports whether kv's stored release-gate report failed. A version
// without a report is not blocked.
func Blocked(kv *evidence.Version) bool {
	return kv.Blocked()
}

// DescribeVersion summarises kv, its status from its stored gate report:
// "released" when every gate passed, "blocked" when the report failed,
// "unmeasured" when there is none.
func DescribeVersion(kv *evidence.Version) VersionView {
	m := kv.Manifest()
	v := VersionView{
		ID:          m.ID,
		Released:    m.Released,
		Status:      m.Status().String(),
		Passages:    m.Passages,
		Sources:     len(m.Sources),
		Checksum:    m.Checksum,
		Gates:       []evidence.Gate{},
		FailedGates: m.FailedGates(),
	}
	if m.Gates != nil && m.Gates.Gates != nil {
		v.Gates = m.Gates.Gates
	}
	v.BlockedAllowed = v.Status == StatusBlocked && kv.BlockedAllowed()
	return v
}
