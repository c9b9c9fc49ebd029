#ifndef ALMANAC_CLINUX_SHIM_H
#define ALMANAC_CLINUX_SHIM_H
// What Glibc's module leaves out: malloc's settings (mallopt) and a file system's type
// (fstatfs); and the two calls that put the heaps in huge pages (docs/PERFORMANCE.md, "A heap of
// huge pages").
#include <malloc.h>
#include <sys/vfs.h>
#include <sys/mman.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

// glibc's heaps of threads other than the main one are regions of this size, aligned to it.
#define ALMANAC_THREAD_HEAP_SIZE ((uintptr_t)64 << 20)

// Makes the main heap of a short-lived, allocation-heavy process cheap to fill: its memory comes
// in transparent huge pages (2 MB per page fault instead of 4 kB) where the system gives them
// on request (`/sys/kernel/mm/transparent_hugepage/enabled` = madvise; with `always` it already
// does, with `never` nothing changes). Blocks up to 32 MB come from the heap rather than a
// mapping of their own, which would be faulted in 4 kB at a time and unmapped when freed; the
// heap grows 64 MB at a time, all of it marked, and is not handed back before the exit. Only
// address space is taken up front: pages are touched as they are used. Call it once, first.
static inline void almanac_heap_prefer_huge_pages(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_TOP_PAD, 64 << 20);
    // A block larger than the heap's free top grows the heap (by the block and the pad) now,
    // so the grown range is known and marked once; freed, it stays in the heap.
    uintptr_t start = ((uintptr_t)sbrk(0) + 4095) & ~(uintptr_t)4095;
    void *grow = malloc(16 << 20);
    __asm__ volatile("" : : "r"(grow) : "memory"); // kept: its only use is growing the heap
    uintptr_t end = (uintptr_t)sbrk(0);
    free(grow);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
}

// The same for the heap of the calling thread, when glibc gave the thread a heap of its own
// (the region its blocks lie in, marked whole). It acts once per thread (per Swift module that
// calls it: each has its own copy of the flag; only `Parallel` does) and is a check afterwards.
// A block of a thread's own heap says so in the flag bits of the size word before it; that word
// is read only when it lies in the block's own page, so any allocator's block is safe to probe,
// and a wrong guess only marks address space.
static inline void almanac_thread_heap_prefer_huge_pages(void) {
    static __thread int prepared;
    if (prepared) return;
    prepared = 1;
    void *probe = malloc(64);
    __asm__ volatile("" : : "r"(probe) : "memory");
    if (probe && ((uintptr_t)probe & 4095) >= sizeof(size_t) && (((size_t *)probe)[-1] & 4)) {
        uintptr_t heap = (uintptr_t)probe & ~(ALMANAC_THREAD_HEAP_SIZE - 1);
        madvise((void *)heap, ALMANAC_THREAD_HEAP_SIZE, MADV_HUGEPAGE);
    }
    free(probe);
}
#endif
