package main

import "net/http"

// route is one entry of the server's routing table.
type route struct {
	pattern string // a net/http.ServeMux pattern, "METHOD /path"
	handler http.HandlerFunc
}

// routes lists every route the server serves. The OpenAPI document at
// /openapi.json must describe each of them, and a test holds the two lists
// together.
func (s *server) routes() []route {
	return []route{
		{"POST /v1/knowledge/ask", s.handleAsk},
		{"POST /v1/knowledge/ask:stream", s.handleAskStream},
		{"GET /v1/evidence/{id}", s.handleEvidence},
		{"GET /v1/knowledge/versions", s.handleVersions},
		{"GET /healthz", s.handleHealth},
		{"GET /openapi.json", s.handleOpenAPI},
		{"GET /metrics", s.handleMetrics},
		// "/{$}" is the root only; other unknown paths stay JSON 404s.
		{"GET /{$}", s.handleAnswerForm},
		{"POST /{$}", s.handleAnswerPost},
		{"GET /evidence/{id}", s.handleEvidencePage},
		{"GET /trust", s.handleTrustPage},
	}
}
