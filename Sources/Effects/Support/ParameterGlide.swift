#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-pole glide towards a target, in `Double`, that lands exactly on its target.
///
/// `AudioCore.SmoothedValue` works in `Float` and snaps only when it is within 1e-7 of the
/// target; near 1.0 its increments round to zero about 2e-5 short of the target, so it never
/// reports that it has stopped moving. Processors here recompute coefficients only while a
/// parameter moves, so they need a smoother that provably stops: this one snaps once the
/// remaining distance is below a tolerance relative to the target.
struct ParameterGlide {
    private(set) var current: Double
    var target: Double
    private var coefficient: Double = 1
    private let tolerance: Double

    /// - Parameter tolerance: relative distance (to `max(1, |target|)`) below which it snaps.
    init(_ value: Double, tolerance: Double = 1e-6) {
        current = value
        target = value
        self.tolerance = tolerance
    }

    /// Sets the time constant: about 63% of a change is covered in `seconds`.
    mutating func configure(timeConstantSeconds seconds: Double, sampleRate: Double) {
        coefficient = 1 - exp(-1 / max(1, seconds * sampleRate))
    }

    /// Jumps to the target.
    mutating func snap() { current = target }

    /// True while the value has not reached its target.
    var isMoving: Bool { current != target }

    /// Advances one sample and returns the new value.
    @inline(__always)
    mutating func next() -> Double {
        if current != target {
            current += (target - current) * coefficient
            if abs(target - current) <= tolerance * max(1, abs(target)) { current = target }
        }
        return current
    }
}
