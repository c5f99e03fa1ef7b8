import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A resonant 12 dB/octave low-pass filter: a state-variable filter in topology-preserving
/// (trapezoidal) form.
///
/// The trapezoidal integrators keep the analog prototype's response exactly at the cutoff
/// (prewarped), so the -3 dB point sits at `cutoffHz` for Q = 0.707 and the gain at the cutoff
/// equals Q. The structure stays stable and click-free while its coefficients move, which is
/// why cutoff and resonance are smoothed per sample rather than per block.
public final class LowPassFilter: AudioProcessor {
    /// Cutoff frequency in hertz, 20...20 000, default 20 000. Limited to 0.49 × the sample
    /// rate when processing.
    public static let cutoffHzSpec = ParameterSpec(
        id: "cutoffHz", name: "Cutoff", range: 20...20_000, defaultValue: 20_000, unit: .hertz)
    /// Resonance as the filter's Q, 0.5...10, default 0.707 (Butterworth, no peak).
    public static let resonanceSpec = ParameterSpec(
        id: "resonance", name: "Resonance", range: 0.5...10, defaultValue: 0.707, unit: .generic)

    /// Every parameter of `LowPassFilter`, in display order.
    public static let parameterSpecs: [ParameterSpec] = [cutoffHzSpec, resonanceSpec]

    /// Every parameter of this processor, in display order.
    public var parameterSpecs: [ParameterSpec] { Self.parameterSpecs }

    private var values = ParameterValues(LowPassFilter.parameterSpecs)
    private var sampleRate = 44_100.0
    // Cutoff glides in octaves so that a sweep sounds even.
    private var logCutoff = ParameterGlide(log2(20_000))
    private var q = ParameterGlide(0.707)
    private var coefficients = Coefficients(a1: 1, a2: 0, a3: 0)
    // Two integrator states per channel: [ic1, ic2] at 2c, 2c+1.
    private var state = SampleStorage<Float>()
    // Per-frame coefficients while a parameter moves: a1, a2, a3 planes of maximumFrameCount.
    private var ramp = SampleStorage<Float>()
    private var maximumFrameCount = 0

    private struct Coefficients {
        var a1: Float, a2: Float, a3: Float
    }

    /// Creates an open filter (cutoff 20 kHz, Q 0.707).
    public init() {}

    deinit {
        state.free()
        ramp.free()
    }

    /// Cutoff frequency in hertz (clamped to 20...20 000 when set).
    public var cutoffHz: Double {
        get { values.value(Self.cutoffHzSpec.id)! }
        set { setParameter(Self.cutoffHzSpec.id, to: newValue) }
    }

    /// Resonance Q (clamped to 0.5...10 when set).
    public var resonance: Double {
        get { values.value(Self.resonanceSpec.id)! }
        set { setParameter(Self.resonanceSpec.id, to: newValue) }
    }

    /// Frames the filter rings after its input stops, down to -60 dB.
    ///
    /// Found from the digital poles: the analog poles at ωa (-1/(2Q) ± j√(1 - 1/(4Q²))), with
    /// ωa prewarped, are mapped by the bilinear transform z = (1 + sT/2) / (1 - sT/2); the slower
    /// pole's radius r decays 60 dB in ln(1000) / -ln(r) frames. Near Nyquist the poles approach
    /// z = -1 and ring for a while even at low Q, which an analog estimate would miss. Padded by
    /// half for the critically damped case, whose response is n·rⁿ rather than rⁿ.
    public var tailFrames: Int {
        let g = tan(Double.pi * min(values[0], 0.49 * sampleRate) / sampleRate)
        let k = 1 / max(values[1], q.current)
        // Poles of sT/2 = g (-k/2 ± √(k²/4 - 1)); complex for Q > 0.5.
        let discriminant = k * k / 4 - 1
        func poleRadius(_ sign: Double) -> Double {
            let re = g * (-k / 2 + (discriminant > 0 ? sign * discriminant.squareRoot() : 0))
            let im = discriminant > 0 ? 0 : g * (-discriminant).squareRoot()
            // |1 + p|² / |1 - p|² with p = re + j im.
            let ratio = ((1 + re) * (1 + re) + im * im) / ((1 - re) * (1 - re) + im * im)
            return ratio.squareRoot()
        }
        let radius = max(poleRadius(-1), poleRadius(1))
        guard radius > 0 else { return 1 }
        guard radius < 1 else { return Int.max }
        return Int((1.5 * log(1000) / -log(radius)).rounded(.up)) + 2
    }

    /// Allocates filter state for `spec.channelCount` channels.
    ///
    /// - Important: Allocates; call from a non-real-time context.
    public func prepare(_ spec: ProcessSpec) {
        sampleRate = spec.sampleRate
        maximumFrameCount = spec.maximumFrameCount
        state.allocate(count: 2 * spec.channelCount, zero: 0)
        ramp.allocate(count: 3 * spec.maximumFrameCount, zero: 0)
        logCutoff.configure(timeConstantSeconds: 0.015, sampleRate: sampleRate)
        q.configure(timeConstantSeconds: 0.015, sampleRate: sampleRate)
        reset()
    }

    /// Clears the integrators and jumps to the target cutoff and resonance.
    public func reset() {
        state.clear(zero: 0)
        logCutoff.snap()
        q.snap()
        coefficients = Self.coefficients(cutoffHz: exp2(logCutoff.current), q: q.current, sampleRate: sampleRate)
    }

    /// Filters the block in place.
    ///
    /// - Note: Real-time safe.
    public func process(_ block: AudioBlock) {
        let n = block.frameCount
        guard n > 0 else { return }
        precondition(n <= maximumFrameCount, "block larger than prepared maximumFrameCount")
        precondition(block.channelCount * 2 <= state.count, "more channels than prepared")
        let s = state.pointer
        if !logCutoff.isMoving && !q.isMoving {
            let k = coefficients
            for c in 0..<block.channelCount {
                let x = block.channels[c]
                var ic1 = s[2 * c], ic2 = s[2 * c + 1]
                for i in 0..<n {
                    let v3 = x[i] - ic2
                    let v1 = k.a1 * ic1 + k.a2 * v3
                    let v2 = ic2 + k.a2 * ic1 + k.a3 * v3
                    ic1 = flushSubnormal(2 * v1 - ic1)
                    ic2 = flushSubnormal(2 * v2 - ic2)
                    x[i] = v2
                }
                s[2 * c] = ic1
                s[2 * c + 1] = ic2
            }
            return
        }
        // Moving: one coefficient set per frame, shared by all channels.
        let a1 = ramp.pointer, a2 = a1 + maximumFrameCount, a3 = a2 + maximumFrameCount
        for i in 0..<n {
            let f = exp2(logCutoff.next())
            let k = Self.coefficients(cutoffHz: f, q: q.next(), sampleRate: sampleRate)
            a1[i] = k.a1
            a2[i] = k.a2
            a3[i] = k.a3
        }
        coefficients = Coefficients(a1: a1[n - 1], a2: a2[n - 1], a3: a3[n - 1])
        for c in 0..<block.channelCount {
            let x = block.channels[c]
            var ic1 = s[2 * c], ic2 = s[2 * c + 1]
            for i in 0..<n {
                let v3 = x[i] - ic2
                let v1 = a1[i] * ic1 + a2[i] * v3
                let v2 = ic2 + a2[i] * ic1 + a3[i] * v3
                ic1 = flushSubnormal(2 * v1 - ic1)
                ic2 = flushSubnormal(2 * v2 - ic2)
                x[i] = v2
            }
            s[2 * c] = ic1
            s[2 * c + 1] = ic2
        }
    }

    /// Sets `cutoffHz` or `resonance`, clamped to its range; other ids return `false`.
    @discardableResult
    public func setParameter(_ id: String, to value: Double) -> Bool {
        guard values.set(id, value) else { return false }
        logCutoff.target = log2(values[0])
        q.target = values[1]
        return true
    }

    /// The target value of a parameter, or `nil` for an unknown id.
    public func parameter(_ id: String) -> Double? { values.value(id) }

    /// Trapezoidal SVF coefficients: g = tan(π fc / fs), k = 1/Q.
    @inline(__always)
    private static func coefficients(cutoffHz: Double, q: Double, sampleRate: Double) -> Coefficients {
        let fc = min(cutoffHz, 0.49 * sampleRate)
        let g = tan(Double.pi * fc / sampleRate)
        let k = 1 / q
        let a1 = 1 / (1 + g * (g + k))
        let a2 = g * a1
        return Coefficients(a1: Float(a1), a2: Float(a2), a3: Float(g * a2))
    }
}
