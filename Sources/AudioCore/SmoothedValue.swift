/// A value that glides towards its target with a one-pole lowpass, so parameter changes do not
/// click.
///
/// - Note: Real-time safe.
public struct SmoothedValue: Sendable {
    public private(set) var current: Float
    public var target: Float
    private var coefficient: Float = 0

    public init(_ value: Float) {
        current = value
        target = value
    }

    /// Sets the time to move about 63% of the way to a new target.
    public mutating func configure(timeConstantSeconds: Double, sampleRate: Double) {
        let samples = max(1, timeConstantSeconds * sampleRate)
        coefficient = Float(1 - exp(-1 / samples))
    }

    /// Jumps to the target at once (used by `reset`).
    public mutating func snap() { current = target }

    /// Advances one sample and returns the new value.
    @inline(__always)
    public mutating func next() -> Float {
        let next = current + (target - current) * coefficient
        // Once a step no longer changes the Float (or the gap is negligible), arrive exactly;
        // otherwise rounding can leave the value a hair short of its target forever.
        current = (next == current || abs(target - next) < 1e-7) ? target : next
        return current
    }

    /// True while the value still moves.
    public var isSmoothing: Bool { current != target }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
