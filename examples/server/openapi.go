package main

import (
	_ "embed"
	"net/http"
	"strconv"
)

// openAPIDocument is the OpenAPI 3.1 description of every route of routes().
// It is hand-written JSON; TestOpenAPI checks that it names each route and
// that real responses match its schemas.
//
//go:embed openapi.json
var openAPIDocument []byte

func (s *server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(s.openapi)))
	_, _ = w.Write(s.openapi)
}
