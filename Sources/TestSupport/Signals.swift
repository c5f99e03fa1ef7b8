import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deterministic test signals.
public enum Signals {
    /// A sine wave.
    public static func sine(frequencyHz: Double, seconds: Double, sampleRate: Double = 44_100,
                            amplitude: Float = 0.5, phase: Double = 0) -> [Float] {
        let n = Int((seconds * sampleRate).rounded())
        let w = 2 * Double.pi * frequencyHz / sampleRate
        return (0..<n).map { amplitude * Float(sin(w * Double($0) + phase)) }
    }

    /// A harmonic tone: partials k·f0 with amplitude 1/k, normalised to `amplitude` peak-ish.
    /// An optional vibrato (depth in cents, rate in hertz) modulates the fundamental.
    public static func harmonicTone(fundamentalHz: Double, seconds: Double, sampleRate: Double = 44_100,
                                    harmonics: Int = 8, amplitude: Float = 0.5,
                                    vibratoCents: Double = 0, vibratoHz: Double = 5) -> [Float] {
        let n = Int((seconds * sampleRate).rounded())
        var out = [Float](repeating: 0, count: n)
        var phase = 0.0
        let norm = (1...harmonics).reduce(0.0) { $0 + 1 / Double($1) }
        for i in 0..<n {
            let t = Double(i) / sampleRate
            let f = fundamentalHz * pow(2, vibratoCents * sin(2 * .pi * vibratoHz * t) / 1200)
            var s = 0.0
            for k in 1...harmonics where Double(k) * f < sampleRate / 2 {
                s += sin(Double(k) * phase) / Double(k)
            }
            out[i] = amplitude * Float(s / norm)
            phase += 2 * .pi * f / sampleRate
            if phase > 2 * .pi * 1000 { phase -= 2 * .pi * 1000 }
        }
        return out
    }

    /// A logarithmic sine sweep.
    public static func sweep(fromHz f0: Double, toHz f1: Double, seconds: Double, sampleRate: Double = 44_100,
                             amplitude: Float = 0.5) -> [Float] {
        let n = Int((seconds * sampleRate).rounded())
        let k = log(f1 / f0)
        return (0..<n).map { i in
            let t = Double(i) / sampleRate
            let phase = 2 * .pi * f0 * seconds / k * (exp(t * k / seconds) - 1)
            return amplitude * Float(sin(phase))
        }
    }

    /// Unit impulses every `intervalSeconds`, starting at `offsetSeconds`.
    public static func clickTrain(intervalSeconds: Double, seconds: Double, sampleRate: Double = 44_100,
                                  amplitude: Float = 0.9, offsetSeconds: Double = 0) -> [Float] {
        let n = Int((seconds * sampleRate).rounded())
        var out = [Float](repeating: 0, count: n)
        var t = offsetSeconds
        while t < seconds {
            let i = Int((t * sampleRate).rounded())
            if i < n { out[i] = amplitude }
            t += intervalSeconds
        }
        return out
    }

    /// A single unit impulse at `frame`.
    public static func impulse(frame: Int, length: Int, amplitude: Float = 1) -> [Float] {
        var out = [Float](repeating: 0, count: length)
        out[frame] = amplitude
        return out
    }

    /// Uniform white noise from a fixed seed.
    public static func noise(seconds: Double, sampleRate: Double = 44_100, amplitude: Float = 0.5,
                             seed: UInt64 = 0x5eed) -> [Float] {
        let n = Int((seconds * sampleRate).rounded())
        var rng = SplitMix64(seed: seed)
        return (0..<n).map { _ in amplitude * (Float(rng.next() >> 40) / Float(1 << 24) * 2 - 1) }
    }
}

/// A small, fast, seedable random generator for reproducible tests.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
