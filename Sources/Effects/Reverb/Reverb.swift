import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A dense algorithmic reverb: pre-delay, input diffusion and a 16-line feedback delay network.
///
/// Signal flow per frame:
/// 1. The input channels are averaged and delayed by `preDelaySeconds`.
/// 2. Four series allpasses smear each transient into a short burst, so the network starts dense.
/// 3. Sixteen delay lines with mutually prime lengths (scaled by `size`) are mixed through an
///    orthogonal 16 × 16 Hadamard matrix, so energy circulates losslessly except for each line's
///    own decay filter.
/// 4. Each line's decay filter is a gain and a one-pole low-pass chosen from the line's length
///    (Jot's method), so every line loses the same number of decibels per second and the tail
///    stays smooth. `decaySeconds` is the broadband RT60; `damping` tilts the decay around it,
///    lows up to 25% longer and the highest frequencies down to 30% of it.
/// 5. Two orthogonal sign patterns over the lines give decorrelated left and right outputs; odd
///    channels get the right output, even channels (and mono) the left.
///
/// Mix law: equal power. dry = cos(π/2 · mix), wet = sin(π/2 · mix), so `mix` 0 is the dry
/// signal bit for bit, 1 is only reverb and 0.5 keeps both at -3 dB. The wet path is scaled so
/// that the impulse response of the default hall carries about the energy of the impulse itself:
/// at 0.5 steady noise comes out with dry and reverb at similar loudness.
public final class Reverb: AudioProcessor {
    /// Reverberation time (RT60, the time for the full-band impulse response to fall 60 dB), in
    /// seconds, 0.1...20, default 2.
    public static let decaySecondsSpec = ParameterSpec(
        id: "decaySeconds", name: "Decay time", range: 0.1...20, defaultValue: 2, unit: .seconds)
    /// Gap between the dry sound and the start of the reverb, in seconds, 0...0.5, default 0.02.
    public static let preDelaySecondsSpec = ParameterSpec(
        id: "preDelaySeconds", name: "Pre-delay", range: 0...0.5, defaultValue: 0.02, unit: .seconds)
    /// How much faster high frequencies die away than low ones: 0 (all alike) ... 1 (lows ring
    /// 1.25 × `decaySeconds`, the highest 0.3 ×), default 0.35.
    public static let dampingSpec = ParameterSpec(
        id: "damping", name: "Damping", range: 0...1, defaultValue: 0.35, unit: .ratio)
    /// Room size, scaling the delay-line lengths from a quarter to their full 30–100 ms,
    /// 0...1, default 0.7.
    public static let sizeSpec = ParameterSpec(
        id: "size", name: "Size", range: 0...1, defaultValue: 0.7, unit: .ratio)
    /// Wet/dry balance on an equal-power law, 0 (dry) ... 1 (wet), default 0.5.
    public static let mixSpec = ParameterSpec(
        id: "mix", name: "Mix", range: 0...1, defaultValue: 0.5, unit: .ratio)

    /// Every parameter of `Reverb`, in display order.
    public static let parameterSpecs: [ParameterSpec] = [
        decaySecondsSpec, preDelaySecondsSpec, dampingSpec, sizeSpec, mixSpec,
    ]

    /// Every parameter of this processor, in display order.
    public var parameterSpecs: [ParameterSpec] { Self.parameterSpecs }

    private var values = ParameterValues(Reverb.parameterSpecs)
    private var sampleRate = 44_100.0
    private var maximumFrameCount = 0
    private var channelCount = 0

    // Feedback delay network: 16 rings of `lineLength` frames (a power of two), one write index.
    private var lines = SampleStorage<Float>()
    private var lineLength = 0
    private var lineWrite = 0
    private var lineDelay = SIMD16<Float>(repeating: 1)
    private var lineDelayTarget = SIMD16<Float>(repeating: 1)
    private var lineDelayCoefficient: Float = 1
    private var decayGain = SIMD16<Float>(repeating: 0)
    private var decayPole = SIMD16<Float>(repeating: 0)
    private var decayState = SIMD16<Float>(repeating: 0)

    // Pre-delay ring (mono).
    private var preDelayRing = SampleStorage<Float>()
    private var preDelayLength = 0
    private var preDelayWrite = 0

    // Input diffusers: `diffuserCount` rings of `diffuserLength` frames each.
    private var diffuserRing = SampleStorage<Float>()
    private var diffuserLength = 0
    private var diffuserWrite = 0
    private var diffuserDelay = SIMD4<Int32>(repeating: 1)

    private var decay = ParameterGlide(2)
    private var damping = ParameterGlide(0.35)
    private var preDelayFrames = ParameterGlide(0, tolerance: 1e-4)
    private var mix = ParameterGlide(0.5)
    private var dryGain: Float = 1
    private var wetGain: Float = 0

    /// Creates a reverb with the default parameters (a medium hall).
    public init() {}

    /// Creates a reverb set to a preset.
    public convenience init(preset: ReverbPreset) {
        self.init()
        apply(preset)
    }

    deinit {
        lines.free()
        preDelayRing.free()
        diffuserRing.free()
    }

    /// Sets every parameter from a preset.
    public func apply(_ preset: ReverbPreset) {
        for (id, value) in preset.parameters { setParameter(id, to: value) }
    }

    /// RT60 in seconds (clamped to 0.1...20 when set).
    public var decaySeconds: Double {
        get { values.value(Self.decaySecondsSpec.id)! }
        set { setParameter(Self.decaySecondsSpec.id, to: newValue) }
    }

    /// Pre-delay in seconds (clamped to 0...0.5 when set).
    public var preDelaySeconds: Double {
        get { values.value(Self.preDelaySecondsSpec.id)! }
        set { setParameter(Self.preDelaySecondsSpec.id, to: newValue) }
    }

    /// High-frequency damping (clamped to 0...1 when set).
    public var dampingAmount: Double {
        get { values.value(Self.dampingSpec.id)! }
        set { setParameter(Self.dampingSpec.id, to: newValue) }
    }

    /// Room size (clamped to 0...1 when set).
    public var size: Double {
        get { values.value(Self.sizeSpec.id)! }
        set { setParameter(Self.sizeSpec.id, to: newValue) }
    }

    /// Wet/dry balance (clamped to 0...1 when set).
    public var mixAmount: Double {
        get { values.value(Self.mixSpec.id)! }
        set { setParameter(Self.mixSpec.id, to: newValue) }
    }

    /// Frames until the tail has fallen 60 dB: 1.2 × RT60 plus the pre-delay and one pass
    /// through the longest line.
    public var tailFrames: Int {
        guard values[4] > 0 else { return 0 }
        let rt60 = max(values[0], decay.current)
        let longestLine = Double(max(lineDelay.max(), lineDelayTarget.max()))
        let frames = (1.2 * rt60 + max(values[1], preDelayFrames.current / sampleRate)) * sampleRate + longestLine
        return Int(frames.rounded(.up))
    }

    /// Allocates the delay network, pre-delay and diffusers for `spec`.
    ///
    /// - Important: Allocates; call from a non-real-time context.
    public func prepare(_ spec: ProcessSpec) {
        sampleRate = spec.sampleRate
        maximumFrameCount = spec.maximumFrameCount
        channelCount = spec.channelCount
        // Lazily initialised statics run their initialiser on first touch; do it here, not in process.
        _ = (Tuning.inputSigns, Tuning.leftSigns, Tuning.rightSigns, Tuning.outputGain, Tuning.diffuserGain)

        let longestLine = Int((Tuning.lineMilliseconds.max()! * 0.001 * sampleRate * 1.05).rounded(.up)) + 64
        lineLength = Self.powerOfTwo(atLeast: longestLine + 2)
        lines.allocate(count: Tuning.lineCount * lineLength, zero: 0)

        preDelayLength = Self.powerOfTwo(atLeast: Int(Self.preDelaySecondsSpec.maximum * sampleRate) + 2)
        preDelayRing.allocate(count: preDelayLength, zero: 0)

        var delays = SIMD4<Int32>(repeating: 1)
        var previous = 0
        for k in 0..<Tuning.diffuserMilliseconds.count {
            let frames = Int((Tuning.diffuserMilliseconds[k] * 0.001 * sampleRate).rounded())
            previous = Self.prime(atLeast: max(frames, previous + 1, 2))
            delays[k] = Int32(previous)
        }
        diffuserDelay = delays
        diffuserLength = Self.powerOfTwo(atLeast: previous + 1)
        diffuserRing.allocate(count: Tuning.diffuserMilliseconds.count * diffuserLength, zero: 0)

        decay.configure(timeConstantSeconds: 0.05, sampleRate: sampleRate)
        damping.configure(timeConstantSeconds: 0.05, sampleRate: sampleRate)
        preDelayFrames.configure(timeConstantSeconds: 0.1, sampleRate: sampleRate)
        mix.configure(timeConstantSeconds: 0.02, sampleRate: sampleRate)
        lineDelayCoefficient = Float(1 - exp(-1 / (0.2 * sampleRate)))
        preDelayFrames.target = values[1] * sampleRate
        updateLineTargets()
        reset()
    }

    /// Empties the network and jumps to the target parameters.
    public func reset() {
        lines.clear(zero: 0)
        preDelayRing.clear(zero: 0)
        diffuserRing.clear(zero: 0)
        lineWrite = 0
        preDelayWrite = 0
        diffuserWrite = 0
        decayState = .zero
        decay.snap()
        damping.snap()
        preDelayFrames.snap()
        mix.snap()
        lineDelay = lineDelayTarget
        updateDecayFilters()
        updateMixGains()
    }

    /// Adds reverberation to the block in place.
    ///
    /// - Note: Real-time safe.
    public func process(_ block: AudioBlock) {
        let n = block.frameCount
        guard n > 0 else { return }
        precondition(n <= maximumFrameCount, "block larger than prepared maximumFrameCount")
        precondition(block.channelCount <= channelCount, "more channels than prepared")
        if decay.isMoving || damping.isMoving || mix.isMoving || preDelayFrames.isMoving
            || lineDelay != lineDelayTarget {
            run(block, smoothing: true)
        } else {
            // Nothing moves: the loop reads only locals, about four times faster.
            run(block, smoothing: false)
        }
    }

    /// The network over one block. With `smoothing`, every frame first advances the parameter
    /// smoothers and reloads the coefficients they change; without, the coefficients are read once.
    @inline(__always)
    private func run(_ block: AudioBlock, smoothing: Bool) {
        let n = block.frameCount
        let channels = block.channels
        let channelsInBlock = block.channelCount
        let inputScale = 1 / Float(channelsInBlock)
        let network = Network(
            lines: lines.pointer, lineLength: lineLength, pre: preDelayRing.pointer, preMask: preDelayLength - 1,
            diffusers: diffuserRing.pointer, diffuserLength: diffuserLength, diffuserDelay: diffuserDelay,
            leftSigns: Tuning.leftSigns * Tuning.outputGain, rightSigns: Tuning.rightSigns * Tuning.outputGain)
        var preDelay = Float(preDelayFrames.current)
        var delays = lineDelay
        var gain = decayGain, pole = decayPole
        var dry = dryGain, wet = wetGain
        var cursor = Network.Cursor(line: lineWrite, pre: preDelayWrite, diffuser: diffuserWrite, state: decayState)
        withUnsafeTemporaryAllocation(of: Float.self, capacity: Tuning.lineCount) { rowBuffer in
            let row = rowBuffer.baseAddress!
            for i in 0..<n {
                if smoothing {
                    advanceSmoothers()
                    preDelay = Float(preDelayFrames.current)
                    delays = lineDelay
                    gain = decayGain
                    pole = decayPole
                    dry = dryGain
                    wet = wetGain
                }
                var x: Float = 0
                for c in 0..<channelsInBlock { x += channels[c][i] }
                let (left, right) = network.step(x * inputScale, preDelay: preDelay, delays: delays, gain: gain,
                                                 pole: pole, cursor: &cursor, row: row)
                for c in 0..<channelsInBlock {
                    let input = channels[c][i]
                    channels[c][i] = dry * input + wet * (c & 1 == 0 ? left : right)
                }
            }
        }
        lineWrite = cursor.line
        preDelayWrite = cursor.pre
        diffuserWrite = cursor.diffuser
        decayState = cursor.state
    }

    /// One frame's worth of parameter smoothing: decay, damping and line lengths glide, and the
    /// filter and mix coefficients follow them.
    private func advanceSmoothers() {
        if decay.isMoving || damping.isMoving || lineDelay != lineDelayTarget {
            _ = decay.next()
            _ = damping.next()
            let diff = lineDelayTarget - lineDelay
            if (diff * diff).max() < 1e-6 {
                lineDelay = lineDelayTarget
            } else {
                lineDelay += diff * lineDelayCoefficient
            }
            updateDecayFilters()
        }
        if mix.isMoving {
            _ = mix.next()
            updateMixGains()
        }
        _ = preDelayFrames.next()
    }

    /// Sets a parameter by id, clamped to its range; unknown ids return `false`.
    @discardableResult
    public func setParameter(_ id: String, to value: Double) -> Bool {
        guard let index = values.index(of: id) else { return false }
        let old = values[index]
        values.set(id, value)
        decay.target = values[0]
        preDelayFrames.target = values[1] * sampleRate
        damping.target = values[2]
        mix.target = values[4]
        if index == 3 && values[3] != old { updateLineTargets() }
        return true
    }

    /// The target value of a parameter, or `nil` for an unknown id.
    public func parameter(_ id: String) -> Double? { values.value(id) }

    // MARK: - Coefficients

    /// Line lengths for the target size: the nominal lengths scaled, each rounded up to a prime
    /// larger than the one before, so no two lines share a factor and their echoes never align.
    private func updateLineTargets() {
        guard lineLength > 0 else { return }
        let scale = 0.25 + 0.75 * values[3]
        var previous = 1
        var target = SIMD16<Float>()
        for k in 0..<Tuning.lineCount {
            let frames = Int((Tuning.lineMilliseconds[k] * 0.001 * scale * sampleRate).rounded())
            previous = Self.prime(atLeast: max(frames, previous + 1, 2))
            target[k] = Float(min(previous, lineLength - 2))
        }
        lineDelayTarget = target
    }

    /// Gain and pole of each line's one-pole decay filter for the current length, RT60 and damping.
    ///
    /// A line of `d` frames must lose 60 dB per RT60 seconds: its gain is 10^(-3 d / (fs RT60)).
    /// The filter g (1 - p) / (1 - p z⁻¹) has gain g at DC, set for the low-frequency RT60, and
    /// g (1 - p) / (1 + p) at Nyquist, set for the high-frequency RT60.
    private func updateDecayFilters() {
        let lowRT60 = decay.current * (1 + Tuning.lowBoost * damping.current)
        let highRT60 = decay.current * (1 - Tuning.highCut * damping.current)
        let perFrame = -3 * log(10.0) / sampleRate
        for k in 0..<Tuning.lineCount {
            let frames = Double(lineDelay[k])
            let low = exp(perFrame * frames / lowRT60)
            let high = exp(perFrame * frames / highRT60)
            let r = high / low
            let pole = (1 - r) / (1 + r)
            decayGain[k] = Float(low * (1 - pole))
            decayPole[k] = Float(pole)
        }
    }

    private func updateMixGains() {
        let angle = Double.pi / 2 * mix.current
        dryGain = mix.current == 0 ? 1 : Float(cos(angle))
        wetGain = mix.current == 1 ? 1 : Float(sin(angle))
    }

    // MARK: - Helpers

    /// The delay network's memory for one block: plain pointers and constants, so that the per-frame
    /// step touches no object property.
    private struct Network {
        let lines: UnsafeMutablePointer<Float>
        let lineLength: Int
        let pre: UnsafeMutablePointer<Float>
        let preMask: Int
        let diffusers: UnsafeMutablePointer<Float>
        let diffuserLength: Int
        let diffuserDelay: SIMD4<Int32>
        let leftSigns: SIMD16<Float>
        let rightSigns: SIMD16<Float>

        /// Write positions and the decay filters' state, carried from frame to frame.
        struct Cursor {
            var line: Int
            var pre: Int
            var diffuser: Int
            var state: SIMD16<Float>
        }

        /// One frame: mono input in, the left and right wet outputs back. `row` is scratch for
        /// the sixteen line taps.
        @inline(__always)
        func step(_ input: Float, preDelay: Float, delays: SIMD16<Float>, gain: SIMD16<Float>, pole: SIMD16<Float>,
                  cursor: inout Cursor, row: UnsafeMutablePointer<Float>) -> (Float, Float) {
            let lineMask = lineLength - 1
            let diffuserMask = diffuserLength - 1
            // 1. Mono input through the pre-delay (written first, so a delay of 0 passes through).
            pre[cursor.pre] = input
            var d = Reverb.read(pre, mask: preMask, write: cursor.pre, delay: preDelay)
            cursor.pre = (cursor.pre &+ 1) & preMask
            // 2. Series Schroeder allpasses: v[n] = x[n] - g v[n-D], y[n] = g v[n] + v[n-D].
            let g = Tuning.diffuserGain
            for k in 0..<4 {
                let ring = diffusers + k * diffuserLength
                let delayed = ring[(cursor.diffuser &- Int(diffuserDelay[k])) & diffuserMask]
                let v = flushSubnormal(d - g * delayed)
                ring[cursor.diffuser] = v
                d = g * v + delayed
            }
            cursor.diffuser = (cursor.diffuser &+ 1) & diffuserMask
            // 3. Read the lines (through the row, not by SIMD lane insertion) and apply each
            //    line's decay filter.
            for k in 0..<Tuning.lineCount {
                row[k] = Reverb.read(lines + k * lineLength, mask: lineMask, write: cursor.line, delay: delays[k])
            }
            var state = gain * UnsafeRawPointer(row).loadUnaligned(as: SIMD16<Float>.self) + pole * cursor.state
            state.replace(with: 0, where: (state .< 1e-30) .& (state .> -1e-30))
            cursor.state = state
            // 4. Mix through the Hadamard matrix and feed back with the new input.
            let mixed = Reverb.hadamard16(state) + Tuning.inputSigns * d
            UnsafeMutableRawPointer(row).storeBytes(of: mixed, as: SIMD16<Float>.self)
            for k in 0..<Tuning.lineCount { lines[k * lineLength + cursor.line] = row[k] }
            cursor.line = (cursor.line &+ 1) & lineMask
            return ((state * leftSigns).sum(), (state * rightSigns).sum())
        }
    }

    /// A sample `delay` frames (fractional, ≥ 0) behind `write`, linearly interpolated.
    @inline(__always)
    private static func read(_ ring: UnsafeMutablePointer<Float>, mask: Int, write: Int, delay: Float) -> Float {
        let whole = Int(delay)
        let fraction = delay - Float(whole)
        let a = ring[(write &- whole) & mask]
        if fraction == 0 { return a }
        let b = ring[(write &- whole &- 1) & mask]
        return a + (b - a) * fraction
    }

    /// The orthonormal 16-point Hadamard transform (Sylvester order), by recursive butterflies.
    @inline(__always)
    static func hadamard16(_ v: SIMD16<Float>) -> SIMD16<Float> {
        let a = v.lowHalf, b = v.highHalf
        return SIMD16(lowHalf: hadamard8(a + b), highHalf: hadamard8(a - b)) * 0.25
    }

    @inline(__always)
    private static func hadamard8(_ v: SIMD8<Float>) -> SIMD8<Float> {
        let a = v.lowHalf, b = v.highHalf
        return SIMD8(lowHalf: hadamard4(a + b), highHalf: hadamard4(a - b))
    }

    @inline(__always)
    private static func hadamard4(_ v: SIMD4<Float>) -> SIMD4<Float> {
        let a = v.lowHalf, b = v.highHalf
        let s = a + b, d = a - b
        return SIMD4(s.x + s.y, s.x - s.y, d.x + d.y, d.x - d.y)
    }

    private static func powerOfTwo(atLeast n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }

    private static func prime(atLeast n: Int) -> Int {
        var candidate = max(2, n)
        while !isPrime(candidate) { candidate += 1 }
        return candidate
    }

    private static func isPrime(_ n: Int) -> Bool {
        if n < 4 { return n >= 2 }
        if n % 2 == 0 { return false }
        var f = 3
        while f * f <= n {
            if n % f == 0 { return false }
            f += 2
        }
        return true
    }
}
