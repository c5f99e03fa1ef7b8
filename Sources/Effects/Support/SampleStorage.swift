/// A zero-filled block of samples owned by a processor: allocated in `prepare`, freed on the
/// next `prepare` or in `deinit`, so `process` can use it without touching the allocator.
///
/// A plain pointer rather than an `Array` so that the hot loops carry no uniqueness or bounds
/// checks and can never grow.
struct SampleStorage<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0

    /// Replaces the storage with `count` elements set to `zero`.
    ///
    /// - Important: Allocates; call from `prepare(_:)`.
    mutating func allocate(count: Int, zero: Element) {
        free()
        guard count > 0 else { return }
        let p = UnsafeMutablePointer<Element>.allocate(capacity: count)
        p.initialize(repeating: zero, count: count)
        base = p
        self.count = count
    }

    /// Sets every element to `zero`.
    func clear(zero: Element) {
        base?.update(repeating: zero, count: count)
    }

    /// Releases the memory.
    mutating func free() {
        base?.deallocate()
        base = nil
        count = 0
    }

    /// The start of the storage; traps if `allocate` was never called (a programmer error:
    /// `process` before `prepare`).
    @inline(__always)
    var pointer: UnsafeMutablePointer<Element> {
        guard let base else { preconditionFailure("process(_:) called before prepare(_:)") }
        return base
    }
}
