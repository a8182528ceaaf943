package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/citation"
	"github.com/dermliving/dermliving/evidence"
)

// claimEvent is the data of one `claim` event of the answer stream: a claim
// and the citations it uses, each checked against the knowledge version
// before it is sent.
type claimEvent struct {
	Claim     dermliving.Claim    `json:"claim"`
	Citations []citation.Citation `json:"citations"`
}

// handleAskStream answers POST /v1/knowledge/ask:stream with server-sent
// events. The body is the one of POST /v1/knowledge/ask, and so are errors
// found before the answer exists (a JSON error reply, not a stream). Then:
//
//	event: claim   data: {"claim": {...}, "citations": [...]}   one per claim, in answer order
//	event: result  data: {"data": {...}}                        the full envelope, last
//
// A claim is sent only after every citation it uses passed citation.Check
// against the version; should one fail, an `error` event
// ({"error": {"code", "message"}}) ends the stream instead and no result is
// sent. An abstention sends only the result. Each event is flushed.
//
// Ask runs to completion before the first event: the default pipeline
// verifies the whole draft in one call. The stream paces what the client
// shows, verified claim by verified claim, and a slower Generator plugged
// into Ask would not change the events.
func (s *server) handleAskStream(w http.ResponseWriter, r *http.Request) {
	question, kv, release, ok := s.decodeAsk(w, r)
	if !ok {
		return
	}
	defer release()
	res, err := s.ask(r.Context(), question, kv)
	if err != nil {
		s.writeAskError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Accel-Buffering", "no") // ask proxies such as nginx not to buffer
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(event, id string, v any) bool {
		if err := writeEvent(w, event, id, v); err != nil {
			return false
		}
		return rc.Flush() == nil
	}

	if g, ok := res.(*dermliving.Grounded); ok {
		events, failure := verifiedClaims(g, kv)
		for _, e := range events {
			if !send("claim", e.Claim.ID, e) {
				return // the client went away
			}
		}
		if failure != "" {
			send("error", "", errorBody{apiError{Code: codeInternal, Message: failure + " Quote request id " + requestID(r.Context()) + "."}})
			return
		}
	}
	send("result", "result", envelope{Data: res})
}

// verifiedClaims pairs each claim of g with its citations, checking each
// citation against kv. It stops at the first claim with a citation that does
// not hold, returning the claims before it and a message naming the citation
// (and no text of the question); failure is "" when every citation holds.
func verifiedClaims(g *dermliving.Grounded, kv *evidence.Version) (events []claimEvent, failure string) {
	byID := make(map[string]citation.Citation, len(g.Citations))
	for _, c := range g.Citations {
		byID[c.ID] = c
	}
	checked := map[string]bool{}
	events = make([]claimEvent, 0, len(g.Claims))
	for _, cl := range g.Claims {
		e := claimEvent{Claim: cl, Citations: make([]citation.Citation, 0, len(cl.Citations))}
		for _, id := range cl.Citations {
			c, found := byID[id]
			if !found {
				return events, fmt.Sprintf("Claim %s cites %s, which the answer does not hold.", cl.ID, id)
			}
			if !checked[id] {
				if st, why := citation.Check(c, kv); st != citation.Valid {
					return events, fmt.Sprintf("Citation %s of claim %s failed verification (%s: %s).", id, cl.ID, st, why)
				}
				checked[id] = true
			}
			e.Citations = append(e.Citations, c)
		}
		events = append(events, e)
	}
	return events, ""
}

// writeEvent writes one server-sent event. json.Marshal output holds no
// line feed, so the data fits on one data: line.
func writeEvent(w io.Writer, event, id string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(errorBody{apiError{Code: codeInternal, Message: "Internal error."}})
		event = "error"
	}
	if id != "" {
		_, err = fmt.Fprintf(w, "event: %s\nid: %s\ndata: %s\n\n", event, id, b)
	} else {
		_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	}
	return err
}
