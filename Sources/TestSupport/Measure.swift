import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measurements that tests assert on.
public enum Measure {
    /// Root mean square of a range of samples.
    public static func rms(_ x: [Float], from start: Int = 0, to end: Int? = nil) -> Double {
        let e = min(end ?? x.count, x.count)
        guard e > start else { return 0 }
        var s = 0.0
        for i in start..<e { s += Double(x[i]) * Double(x[i]) }
        return (s / Double(e - start)).squareRoot()
    }

    /// Largest absolute value.
    public static func peak(_ x: [Float]) -> Float { x.reduce(0) { max($0, abs($1)) } }

    /// Frequency of the strongest component, refined by parabolic interpolation of a
    /// Hann-windowed DFT magnitude evaluated near the coarse maximum.
    public static func dominantFrequency(_ x: [Float], sampleRate: Double,
                                         range: ClosedRange<Double> = 20...20_000) -> Double {
        let n = x.count
        precondition(n > 16)
        var windowed = [Double](repeating: 0, count: n)
        for i in 0..<n { windowed[i] = Double(x[i]) * (0.5 - 0.5 * cos(2 * .pi * Double(i) / Double(n - 1))) }
        func magnitude(_ f: Double) -> Double {
            // Goertzel at an arbitrary frequency.
            let w = 2 * .pi * f / sampleRate
            let c = 2 * cos(w)
            var s1 = 0.0, s2 = 0.0
            for v in windowed { let s0 = v + c * s1 - s2; s2 = s1; s1 = s0 }
            return (s1 * s1 + s2 * s2 - c * s1 * s2).squareRoot()
        }
        // Coarse scan at a quarter bin, then golden-section refinement.
        let bin = sampleRate / Double(n)
        var best = range.lowerBound, bestMag = -1.0
        var f = range.lowerBound
        while f <= min(range.upperBound, sampleRate / 2) {
            let m = magnitude(f)
            if m > bestMag { bestMag = m; best = f }
            f += bin / 4
        }
        var lo = best - bin / 4, hi = best + bin / 4
        let g = (sqrt(5.0) - 1) / 2
        for _ in 0..<40 {
            let a = hi - g * (hi - lo), b = lo + g * (hi - lo)
            if magnitude(a) > magnitude(b) { hi = b } else { lo = a }
        }
        return (lo + hi) / 2
    }

    /// Cents between two frequencies.
    public static func cents(_ f: Double, relativeTo reference: Double) -> Double {
        1200 * log2(f / reference)
    }

    /// Level in dBFS of an RMS value.
    public static func decibels(_ amplitude: Double) -> Double { Units.decibels(fromAmplitude: amplitude) }
}
