// Interposes the allocation entry points of this process (the test binary links this object
// statically, so its definitions win over libc's) and forwards them to glibc's internal
// allocator. Only the calling thread's allocations are counted, and only between start and stop,
// so tests running in parallel do not disturb each other.
#define _GNU_SOURCE
#include "MallocCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread int counting = 0;
static __thread int64_t allocations = 0;

void pp_malloc_counter_start(void) { allocations = 0; counting = 1; }
int64_t pp_malloc_counter_stop(void) { counting = 0; return allocations; }

void *malloc(size_t size) {
    if (counting) allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) allocations++;
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (counting) allocations++;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *result = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}
#else
// Elsewhere allocations are not observed; the counter reports -1 so tests can tell.
void pp_malloc_counter_start(void) {}
int64_t pp_malloc_counter_stop(void) { return -1; }
#endif
