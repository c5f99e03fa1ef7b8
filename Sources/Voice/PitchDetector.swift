import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the fundamental frequency of a monophonic signal (a voice, one instrument) with the
/// YIN method: difference function, cumulative mean normalised difference (CMNDF), absolute
/// threshold, then sub-sample refinement of the lag.
///
/// The difference function `d(τ) = E(0) + E(τ) − 2·r(τ)` is computed in double precision, the
/// energies from a running sum and every correlation `r(τ)` of a frame at once with an FFT. The
/// lag chosen on the CMNDF is refined on `d` by band-limited (Lanczos, 16 lobes) interpolation and
/// a golden-section search, which keeps harmonic tones within a few hundredths of a cent up to
/// 1.5 kHz, where parabolic interpolation alone drifts by almost a cent.
///
/// A frame is voiced when its CMNDF dips below ``threshold`` somewhere in the lag range; the first
/// such dip is taken, which is what avoids octave-down errors (a period of `2T` fits a tone as
/// well as `T`). Frames quieter than ``silenceThresholdDecibels`` are unvoiced.
///
/// ```swift
/// let f0 = PitchDetector.medianFrequency(samples, sampleRate: 44_100)  // 220.0
/// ```
public struct PitchDetector: Sendable {
    /// Lowest frequency reported, in hertz (default 50).
    public var minimumFrequencyHz: Double
    /// Highest frequency reported, in hertz (default 1500).
    public var maximumFrequencyHz: Double
    /// CMNDF absolute threshold, 0...1 (default 0.15): lower is stricter about voicing.
    public var threshold: Double
    /// Frames whose RMS is below this level, in dBFS, are unvoiced (default −70).
    public var silenceThresholdDecibels: Double

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - minimumFrequencyHz: lowest frequency, in hertz; sets the longest lag and the window length.
    ///   - maximumFrequencyHz: highest frequency, in hertz.
    ///   - threshold: CMNDF threshold for the voiced decision, 0...1.
    ///   - silenceThresholdDecibels: frames quieter than this (RMS, dBFS) are unvoiced.
    public init(minimumFrequencyHz: Double = 50, maximumFrequencyHz: Double = 1500,
                threshold: Double = 0.15, silenceThresholdDecibels: Double = -70) {
        precondition(minimumFrequencyHz > 0 && maximumFrequencyHz > minimumFrequencyHz, "bad frequency range")
        precondition((0...1).contains(threshold), "threshold must be in 0...1")
        self.minimumFrequencyHz = minimumFrequencyHz
        self.maximumFrequencyHz = maximumFrequencyHz
        self.threshold = threshold
        self.silenceThresholdDecibels = silenceThresholdDecibels
    }

    /// Half-width of the Lanczos kernel used to interpolate the difference function.
    static let interpolationRadius = 16

    /// Frame geometry for a sample rate.
    struct Geometry {
        /// Shortest and longest lag searched, in samples.
        let minimumLag: Int
        let maximumLag: Int
        /// Integration window, in samples (a power of two at least one longest period).
        let windowLength: Int
        /// Lags for which `d` is computed: the search range plus room for the interpolator.
        let lagCount: Int
        /// Distance between frame starts, in samples.
        let hop: Int
    }

    func geometry(sampleRate: Double) -> Geometry {
        let minimumLag = max(2, Int((sampleRate / maximumFrequencyHz).rounded(.down)))
        let maximumLag = Int((sampleRate / minimumFrequencyHz).rounded(.up)) + 1
        var window = 64
        while window < maximumLag { window <<= 1 }
        return Geometry(minimumLag: minimumLag, maximumLag: maximumLag, windowLength: window,
                        lagCount: maximumLag + Self.interpolationRadius + 2, hop: window / 2)
    }

    /// Tracks the pitch of a whole buffer.
    ///
    /// Frames start every half window (512 samples at 44.1 kHz and 48 kHz) and span the
    /// integration window plus the longest lag (about 2048 samples). A buffer shorter than one
    /// frame is padded with silence and gives one frame.
    ///
    /// - Parameters:
    ///   - samples: mono samples (mix down first for several channels).
    ///   - sampleRate: in hertz.
    /// - Returns: one ``PitchFrame`` per hop, in time order; empty for an empty buffer.
    public func track(_ samples: [Float], sampleRate: Double) -> [PitchFrame] {
        precondition(sampleRate > 0, "sample rate must be positive")
        guard !samples.isEmpty else { return [] }
        let g = geometry(sampleRate: sampleRate)
        let frameLength = g.windowLength + g.lagCount - 1
        var padded = samples
        if padded.count < frameLength {
            padded.append(contentsOf: repeatElement(0, count: frameLength - padded.count))
        }
        let correlator = Correlator(windowLength: g.windowLength, lagCount: g.lagCount)
        var correlation = [Double](repeating: 0, count: g.lagCount)
        var difference = [Double](repeating: 0, count: g.lagCount)
        var normalized = [Double](repeating: 1, count: g.lagCount)
        var energy = [Double](repeating: 0, count: frameLength + 1)
        let silence = Units.amplitude(fromDecibels: silenceThresholdDecibels)
        var frames: [PitchFrame] = []
        frames.reserveCapacity(padded.count / g.hop + 1)

        padded.withUnsafeBufferPointer { all in
            var start = 0
            while start + frameLength <= all.count {
                let frame = UnsafeBufferPointer(rebasing: all[start ..< start + frameLength])
                let time = (Double(start) + Double(g.windowLength) / 2) / sampleRate
                let estimate = correlation.withUnsafeMutableBufferPointer { r in
                    difference.withUnsafeMutableBufferPointer { d in
                        normalized.withUnsafeMutableBufferPointer { cmndf in
                            energy.withUnsafeMutableBufferPointer { e in
                                analyze(frame: frame, geometry: g, silence: silence,
                                        correlator: correlator, r: r, d: d, cmndf: cmndf, prefixEnergy: e)
                            }
                        }
                    }
                }
                let frequency = estimate.lag.map { sampleRate / $0 }
                    .flatMap { f in f >= minimumFrequencyHz * 0.98 && f <= maximumFrequencyHz * 1.02 ? f : nil }
                frames.append(PitchFrame(time: time, frequencyHz: frequency, confidence: estimate.confidence))
                start += g.hop
            }
        }
        return frames
    }

    /// The median fundamental frequency of the voiced frames of a buffer, in hertz, or `nil`
    /// when no frame is voiced. Uses a detector with the default settings (50...1500 Hz).
    public static func medianFrequency(_ samples: [Float], sampleRate: Double) -> Double? {
        PitchDetector().medianFrequency(samples, sampleRate: sampleRate)
    }

    /// The median fundamental frequency of the voiced frames of a buffer, in hertz, or `nil`
    /// when no frame is voiced.
    public func medianFrequency(_ samples: [Float], sampleRate: Double) -> Double? {
        let voiced = track(samples, sampleRate: sampleRate).compactMap(\.frequencyHz).sorted()
        guard !voiced.isEmpty else { return nil }
        let mid = voiced.count / 2
        return voiced.count % 2 == 1 ? voiced[mid] : (voiced[mid - 1] + voiced[mid]) / 2
    }

    /// Analyses one frame; returns the refined lag in samples (nil when unvoiced) and the
    /// confidence.
    private func analyze(frame: UnsafeBufferPointer<Float>, geometry g: Geometry, silence: Double,
                         correlator: Correlator,
                         r: UnsafeMutableBufferPointer<Double>, d: UnsafeMutableBufferPointer<Double>,
                         cmndf: UnsafeMutableBufferPointer<Double>,
                         prefixEnergy e: UnsafeMutableBufferPointer<Double>) -> (lag: Double?, confidence: Double) {
        let w = g.windowLength
        // Running energy: e[i] = Σ_{j<i} x[j]².
        e[0] = 0
        var i = 0
        while i < frame.count {
            let x = Double(frame[i])
            e[i + 1] = e[i] + x * x
            i += 1
        }
        let windowEnergy = e[w]
        guard (windowEnergy / Double(w)).squareRoot() >= silence else { return (nil, 0) }

        correlator.correlate(frame, into: r)
        var tau = 0
        while tau < g.lagCount {
            d[tau] = max(0, windowEnergy + (e[tau + w] - e[tau]) - 2 * r[tau])
            tau += 1
        }
        // Cumulative mean normalised difference.
        cmndf[0] = 1
        var runningSum = 0.0
        tau = 1
        while tau < g.lagCount {
            runningSum += d[tau]
            cmndf[tau] = runningSum > 0 ? d[tau] * Double(tau) / runningSum : 1
            tau += 1
        }
        // Absolute threshold: first dip below it, followed down to its local minimum.
        var best = -1
        tau = g.minimumLag
        while tau <= g.maximumLag {
            if cmndf[tau] < threshold {
                while tau + 1 <= g.maximumLag && cmndf[tau + 1] < cmndf[tau] { tau += 1 }
                best = tau
                break
            }
            tau += 1
        }
        guard best >= 0 else {
            var lowest = 1.0
            tau = g.minimumLag
            while tau <= g.maximumLag { lowest = min(lowest, cmndf[tau]); tau += 1 }
            return (nil, min(1, max(0, 1 - lowest)))
        }
        let confidence = min(1, max(0, 1 - cmndf[best]))
        // The CMNDF and d can disagree by a sample; refine around d's own minimum.
        if best > 1 && d[best - 1] < d[best] { best -= 1 } else if d[best + 1] < d[best] { best += 1 }
        return (refineLag(d, near: best), confidence)
    }

    /// Sub-sample minimum of `d` near the integer lag `lag`.
    private func refineLag(_ d: UnsafeMutableBufferPointer<Double>, near lag: Int) -> Double {
        let radius = Self.interpolationRadius
        let a = d[lag - 1], b = d[lag], c = d[lag + 1]
        let curvature = a - 2 * b + c
        let parabolic = curvature > 0 ? Double(lag) + 0.5 * (a - c) / curvature : Double(lag)
        guard lag - radius - 1 >= 0 && lag + radius + 2 < d.count else { return parabolic }
        // Golden-section search of the band-limited interpolation of d over [lag-1, lag+1].
        let ratio = (5.0.squareRoot() - 1) / 2
        var lo = Double(lag) - 1, hi = Double(lag) + 1
        var u = hi - ratio * (hi - lo), v = lo + ratio * (hi - lo)
        var du = Self.lanczos(d, at: u, radius: radius), dv = Self.lanczos(d, at: v, radius: radius)
        // 28 steps shrink the bracket to 2·0.618²⁸ ≈ 3e-6 samples.
        for _ in 0..<28 {
            if du < dv {
                hi = v; v = u; dv = du
                u = hi - ratio * (hi - lo); du = Self.lanczos(d, at: u, radius: radius)
            } else {
                lo = u; u = v; du = dv
                v = lo + ratio * (hi - lo); dv = Self.lanczos(d, at: v, radius: radius)
            }
        }
        return (lo + hi) / 2
    }

    /// Lanczos-windowed sinc interpolation of `y` at a fractional index.
    private static func lanczos(_ y: UnsafeMutableBufferPointer<Double>, at position: Double, radius: Int) -> Double {
        let base = Int(position.rounded(.down))
        let fraction = position - Double(base)
        if fraction == 0 { return y[base] }
        let r = Double(radius)
        // sin(π(f − n)) = ±sin(πf): one sine serves every tap of the sinc. The window's sine
        // sin(π(f − n)/r) steps by a fixed angle, so it is advanced by rotation.
        let sinPiF = sin(Double.pi * fraction)
        let firstAngle = Double.pi * (fraction + r - 1) / r
        var windowSin = sin(firstAngle), windowCos = cos(firstAngle)
        let stepCos = cos(Double.pi / r), stepSin = -sin(Double.pi / r)
        var sign: Double = (radius - 1) & 1 == 0 ? 1 : -1  // (−1)^n at n = −radius + 1
        var sum = 0.0
        var n = -radius + 1
        while n <= radius {
            let piU = Double.pi * (fraction - Double(n))
            // sinc(u)·window(u) = [sin(πu)/(πu)]·[sin(πu/r)/(πu/r)]
            sum += y[base + n] * (sign * sinPiF / piU) * (windowSin * r / piU)
            let nextSin = windowSin * stepCos + windowCos * stepSin
            windowCos = windowCos * stepCos - windowSin * stepSin
            windowSin = nextSin
            sign = -sign
            n += 1
        }
        return sum
    }
}
