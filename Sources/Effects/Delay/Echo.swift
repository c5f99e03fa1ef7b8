import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A feedback delay: the dry signal at full level plus repeats that fade by `feedback` each time.
///
/// Output = dry + mix × delayed, where the delay line is fed with input + feedback × delayed.
/// So the first repeat lands exactly `delaySeconds` after the input (rounded to the nearest
/// frame) at `mix` times its level, and every further repeat is `feedback` times the one before.
///
/// Changing the delay time crossfades from the old tap to the new one over 50 ms instead of
/// sweeping the read position, so a new time is heard at once, without a click or a pitch glide.
/// A change that arrives during a crossfade is taken up when it ends.
public final class Echo: AudioProcessor {
    /// Time between repeats in seconds, 0.01...4, default 1.
    public static let delaySecondsSpec = ParameterSpec(
        id: "delaySeconds", name: "Delay time", range: 0.01...4, defaultValue: 1, unit: .seconds)
    /// Level of each repeat relative to the one before, 0...0.95, default 0.5.
    public static let feedbackSpec = ParameterSpec(
        id: "feedback", name: "Feedback", range: 0...0.95, defaultValue: 0.5, unit: .ratio)
    /// Level of the repeats added to the dry signal, 0...1, default 0.5.
    public static let mixSpec = ParameterSpec(
        id: "mix", name: "Mix", range: 0...1, defaultValue: 0.5, unit: .ratio)

    /// Every parameter of `Echo`, in display order.
    public static let parameterSpecs: [ParameterSpec] = [delaySecondsSpec, feedbackSpec, mixSpec]

    /// Every parameter of this processor, in display order.
    public var parameterSpecs: [ParameterSpec] { Self.parameterSpecs }

    /// Length of the crossfade between an old and a new delay time.
    static let crossfadeSeconds = 0.05
    /// Longest tail reported by ``tailFrames``.
    static let maximumTailSeconds = 60.0

    private var values = ParameterValues(Echo.parameterSpecs)
    private var sampleRate = 44_100.0
    private var maximumFrameCount = 0
    private var channelCount = 0

    // One ring per channel, `ringLength` (a power of two) frames each, sharing a write index.
    private var rings = SampleStorage<Float>()
    private var ringLength = 0
    private var writeIndex = 0

    // Crossfade between delay taps, in frames.
    private var tapDelay = 1
    private var nextTapDelay = 1
    private var fadePosition = 0
    private var fadeLength = 1
    private var isFading = false

    private var feedbackGlide = ParameterGlide(0.5)
    private var mixGlide = ParameterGlide(0.5)

    // Per-frame control values for one block, shared by all channels.
    private var rampFeedback = SampleStorage<Float>()
    private var rampMix = SampleStorage<Float>()
    private var rampWeight = SampleStorage<Float>()
    private var rampTapA = SampleStorage<Int>()
    private var rampTapB = SampleStorage<Int>()

    /// Creates an echo with the default parameters (1 s, feedback 0.5, mix 0.5).
    public init() {}

    deinit {
        rings.free()
        rampFeedback.free()
        rampMix.free()
        rampWeight.free()
        rampTapA.free()
        rampTapB.free()
    }

    /// Time between repeats in seconds (clamped to 0.01...4 when set).
    public var delaySeconds: Double {
        get { values.value(Self.delaySecondsSpec.id)! }
        set { setParameter(Self.delaySecondsSpec.id, to: newValue) }
    }

    /// Repeat-to-repeat level (clamped to 0...0.95 when set).
    public var feedback: Double {
        get { values.value(Self.feedbackSpec.id)! }
        set { setParameter(Self.feedbackSpec.id, to: newValue) }
    }

    /// Level of the repeats (clamped to 0...1 when set).
    public var mix: Double {
        get { values.value(Self.mixSpec.id)! }
        set { setParameter(Self.mixSpec.id, to: newValue) }
    }

    /// Frames until the repeats fall below -60 dB relative to the input, at most 60 s.
    public var tailFrames: Int {
        let m = values[2], g = values[1]
        guard m > 0 else { return 0 }
        let delay = Double(max(tapDelay, nextTapDelay, targetDelayFrames))
        var repeats = 0.0
        if g > 0 && m > 0.001 { repeats = max(0, (log(0.001 / m) / log(g)).rounded(.up)) }
        let frames = delay * repeats + delay
        return Int(min(frames, Self.maximumTailSeconds * sampleRate))
    }

    /// Allocates the delay lines (4 s per channel) and the per-block control ramps.
    ///
    /// - Important: Allocates; call from a non-real-time context.
    public func prepare(_ spec: ProcessSpec) {
        sampleRate = spec.sampleRate
        maximumFrameCount = spec.maximumFrameCount
        channelCount = spec.channelCount
        let longest = Int((Self.delaySecondsSpec.maximum * sampleRate).rounded()) + 1
        ringLength = 1
        while ringLength < longest + 1 { ringLength <<= 1 }
        rings.allocate(count: ringLength * channelCount, zero: 0)
        rampFeedback.allocate(count: maximumFrameCount, zero: 0)
        rampMix.allocate(count: maximumFrameCount, zero: 0)
        rampWeight.allocate(count: maximumFrameCount, zero: 0)
        rampTapA.allocate(count: maximumFrameCount, zero: 0)
        rampTapB.allocate(count: maximumFrameCount, zero: 0)
        fadeLength = max(1, Int(Self.crossfadeSeconds * sampleRate))
        feedbackGlide.configure(timeConstantSeconds: 0.02, sampleRate: sampleRate)
        mixGlide.configure(timeConstantSeconds: 0.02, sampleRate: sampleRate)
        reset()
    }

    /// Empties the delay lines and jumps to the target parameters.
    public func reset() {
        rings.clear(zero: 0)
        writeIndex = 0
        tapDelay = targetDelayFrames
        nextTapDelay = tapDelay
        fadePosition = 0
        isFading = false
        feedbackGlide.snap()
        mixGlide.snap()
    }

    /// Adds the repeats to the block in place.
    ///
    /// - Note: Real-time safe.
    public func process(_ block: AudioBlock) {
        let n = block.frameCount
        guard n > 0 else { return }
        precondition(n <= maximumFrameCount, "block larger than prepared maximumFrameCount")
        precondition(block.channelCount <= channelCount, "more channels than prepared")

        // Control values, once per frame.
        let fb = rampFeedback.pointer, mx = rampMix.pointer, weight = rampWeight.pointer
        let tapA = rampTapA.pointer, tapB = rampTapB.pointer
        let target = targetDelayFrames
        let fadeScale = 1 / Float(fadeLength)
        for i in 0..<n {
            if !isFading && target != tapDelay {
                nextTapDelay = target
                fadePosition = 0
                isFading = true
            }
            if isFading {
                fadePosition += 1
                tapA[i] = tapDelay
                tapB[i] = nextTapDelay
                weight[i] = Float(fadePosition) * fadeScale
                if fadePosition == fadeLength {
                    tapDelay = nextTapDelay
                    isFading = false
                }
            } else {
                tapA[i] = tapDelay
                tapB[i] = tapDelay
                weight[i] = 0
            }
            fb[i] = Float(feedbackGlide.next())
            mx[i] = Float(mixGlide.next())
        }

        let mask = ringLength - 1
        for c in 0..<block.channelCount {
            let x = block.channels[c]
            let ring = rings.pointer + c * ringLength
            var w = writeIndex
            for i in 0..<n {
                let a = ring[(w &- tapA[i]) & mask]
                let b = ring[(w &- tapB[i]) & mask]
                let delayed = a + (b - a) * weight[i]
                let dry = x[i]
                ring[w] = flushSubnormal(dry + fb[i] * delayed)
                x[i] = dry + mx[i] * delayed
                w = (w &+ 1) & mask
            }
        }
        writeIndex = (writeIndex &+ n) & mask
    }

    /// Sets a parameter by id, clamped to its range; unknown ids return `false`.
    @discardableResult
    public func setParameter(_ id: String, to value: Double) -> Bool {
        guard values.set(id, value) else { return false }
        feedbackGlide.target = values[1]
        mixGlide.target = values[2]
        return true
    }

    /// The target value of a parameter, or `nil` for an unknown id.
    public func parameter(_ id: String) -> Double? { values.value(id) }

    /// The target delay in whole frames, at least 1 and within the ring.
    private var targetDelayFrames: Int {
        let frames = Int((values[0] * sampleRate).rounded())
        return min(max(1, frames), max(1, ringLength - 1))
    }
}
