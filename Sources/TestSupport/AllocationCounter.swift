import CMallocCounter

/// Counts the heap allocations the calling thread makes while `body` runs.
///
/// Returns -1 where the counter cannot observe allocations (non-glibc platforms).
public func countAllocations(_ body: () throws -> Void) rethrows -> Int {
    pp_malloc_counter_start()
    defer { _ = pp_malloc_counter_stop() }
    try body()
    return Int(pp_malloc_counter_stop())
}
