//go:build !linux

package evidence

// adviseHuge is a no-op where transparent huge pages are not asked for (see
// the Linux version).
func adviseHuge[T any]([]T) {}
