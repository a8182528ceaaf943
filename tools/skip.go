package tools

// Skip records req as not run, with reason, without asking the policy: for
// a request made for a question that was stopped before any tool could run
// (dermliving.Ask abstaining before its draft step). The policy, its
// Authorize hook and the tool never see the request, and its arguments are
// never read. The call is recorded neither authorized nor executed.
func (r *Runner) Skip(req Request, reason string) {
	call := Call{Name: req.Name, Reason: reason}
	if !nameRE.MatchString(req.Name) {
		call.Name = "(invalid name)"
	}
	r.mu.Lock()
	r.calls = append(r.calls, call)
	r.mu.Unlock()
}
