// Package dermliving answers dermatology reference questions from versioned,
// checksummed knowledge, and never makes an answer up: every claim of an
// answer cites the passage that supports it, or the question gets a typed
// abstention.
//
//	kv, err := sandbox.Open() // the embedded sandbox's newest version
//	if err != nil { ... }
//	defer kv.Close()
//	res, err := dermliving.Ask(ctx, "What makes atopic dermatitis flare?", kv)
//	switch r := res.(type) {
//	case *dermliving.Grounded:  // r.Answer, r.Claims, r.RemovedClaims, r.Citations
//	case *dermliving.Abstained: // r.Reason, r.Message
//	}
//
// # Grounding
//
// An answer is a list of claims, one sentence each. Each claim names the
// citations behind it, and each citation pins one passage of one version of one
// source: evidence id, source id and version, locator (section and
// paragraph), the SHA-256 checksum of the passage text, the licence, and the
// quoted span with byte and rune offsets. A draft sentence that no retrieved
// passage supports is removed and listed in RemovedClaims with its reason,
// never dropped silently.
//
// Drafts come from a [Generator] (for example a language model the host runs),
// from a curated draft the knowledge version holds for the question, or, by
// default, from sentences extracted verbatim from the best passages. The
// verifier (package claims) judges every sentence alike.
//
// # Abstention
//
// [Abstained] carries one of three reasons (package abstain): patient_data when
// the input appears to hold patient identifiers (screened first; the message
// names identifier kinds, never values), clinical_decision when the question
// asks for a diagnosis, treatment choice or other decision about a particular
// person, and insufficient_evidence when no passage supports an answer. An
// abstention is a result, not an error.
//
// # Versions
//
// Knowledge comes in immutable bundles (package evidence) named like
// kv_2026_10_01. Opening a bundle verifies every passage checksum and the
// version checksum; a tampered bundle is refused whole. Every result's
// metadata names the version that answered. Package evidence holds a
// version's search index without importing package retrieve, which registers
// itself with evidence; this package imports retrieve, so every version
// opened by a program that calls Ask can be searched.
//
// A version's release status comes from the gate report stored in its
// manifest: released when every gate passed, unmeasured without a report,
// blocked when a gate failed (evidence.Status). Every result's metadata
// carries it (knowledge_status, and failed_gates for a blocked version). Ask
// refuses a blocked version with ErrBlocked unless the caller allows it
// (WithBlockedVersion) or the version was opened to be served all the same
// (evidence.OpenOptions.AllowBlocked, as the embedded sandbox's versions
// are: they fail citation_validity and are served for demonstration).
//
// A Library holds the versions a host serves: its default is the newest
// released version, else the newest unmeasured one, else a blocked one
// served all the same. It counts the questions in flight on each version
// (Library.Ask, Library.Acquire), so that Put can replace a version while
// questions are answered: the old one is closed when its last question
// ends. A question on a version closed anyway gets ErrVersionClosed.
//
// # Concurrency
//
// Ask is safe for concurrent use, and so is an opened *evidence.Version
// and a Library. Results are plain values owned by the caller.
package dermliving
