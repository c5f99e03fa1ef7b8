/// Zero for values too small to matter, so decaying feedback states never go subnormal
/// (subnormal arithmetic is many times slower on x86).
@inline(__always)
func flushSubnormal(_ x: Float) -> Float { abs(x) < 1e-30 ? 0 : x }
