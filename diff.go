package dermliving

import (
	"slices"

	"github.com/dermliving/dermliving/evidence"
)

// VersionDiff lists how the passages of one knowledge version differ from
// another's.
type VersionDiff struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Added and Removed list passage ids present in only one version.
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	// Changed lists passages whose text (and so checksum) changed.
	Changed []ChangedPassage `json:"changed"`
	// Reversioned lists passages with the same text in a new source release
	// or with another locator or licence.
	Reversioned []string `json:"reversioned"`
	Unchanged   int      `json:"unchanged"`
}

// ChangedPassage is a passage whose checksum differs between two versions.
type ChangedPassage struct {
	ID   string `json:"id"`
	From string `json:"from_checksum"`
	To   string `json:"to_checksum"`
}

// Diff compares the passages of two versions by id. Lists are sorted by id.
func Diff(from, to *evidence.Version) VersionDiff {
	d := VersionDiff{From: from.ID(), To: to.ID(), Added: []string{}, Removed: []string{}, Changed: []ChangedPassage{}, Reversioned: []string{}}
	for p := range from.All() {
		q, err := to.Evidence(p.ID)
		switch {
		case err != nil:
			d.Removed = append(d.Removed, p.ID)
		case q.Checksum != p.Checksum:
			d.Changed = append(d.Changed, ChangedPassage{ID: p.ID, From: p.Checksum, To: q.Checksum})
		case q.SourceID != p.SourceID || q.SourceVersion != p.SourceVersion || q.Locator != p.Locator || q.License != p.License:
			d.Reversioned = append(d.Reversioned, p.ID)
		default:
			d.Unchanged++
		}
	}
	for q := range to.All() {
		if _, err := from.Evidence(q.ID); err != nil {
			d.Added = append(d.Added, q.ID)
		}
	}
	slices.Sort(d.Added)
	slices.Sort(d.Removed)
	slices.Sort(d.Reversioned)
	slices.SortFunc(d.Changed, func(a, b ChangedPassage) int {
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
	return d
}
