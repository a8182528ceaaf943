package evidence

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the kernel to back the whole 2 MiB pages inside s's memory
// b with transparent huge pages, before it is first written. s is fresh
// memory that a large file is about to be read into, or that its passages
// are about to be decoded into: with 4 KiB pages the kernel takes a
// page fault for every 4 KiB the read fills (about 7,000 for MedQuAD's
// passages), which on a virtual machine costs more than the read itself.
// It is a hint: when the kernel has no huge page to give, or THP is off,
// nothing changes, and its error is ignored. It changes no byte of s.
func adviseHuge[T any](s []T) {
	var t T
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(t))
	const huge = 2 << 20
	if len(b) < 2*huge {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (p + huge - 1) &^ (huge - 1)
	hi := (p + uintptr(len(b))) &^ (huge - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(b[lo-p:hi-p], syscall.MADV_HUGEPAGE)
}
