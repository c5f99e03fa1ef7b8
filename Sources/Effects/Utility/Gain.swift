import AudioCore

/// A volume control in decibels, smoothed so that moving it never clicks.
///
/// At 0 dB and at rest the signal passes bit-exact.
public final class Gain: AudioProcessor {
    /// Gain in decibels, -60...+12, default 0.
    public static let gainDecibelsSpec = ParameterSpec(
        id: "gainDecibels", name: "Gain", range: -60...12, defaultValue: 0, unit: .decibels)

    /// Every parameter of `Gain`, in display order.
    public static let parameterSpecs: [ParameterSpec] = [gainDecibelsSpec]

    /// Every parameter of this processor, in display order.
    public var parameterSpecs: [ParameterSpec] { Self.parameterSpecs }

    private var values = ParameterValues(Gain.parameterSpecs)
    private var amplitude = ParameterGlide(1)
    private var ramp = SampleStorage<Float>()

    /// Creates a gain stage at 0 dB.
    public init() {}

    deinit { ramp.free() }

    /// The gain in decibels (clamped to -60...+12 when set).
    public var gainDecibels: Double {
        get { values.value(Self.gainDecibelsSpec.id)! }
        set { setParameter(Self.gainDecibelsSpec.id, to: newValue) }
    }

    /// Sizes the gain ramp for `spec.maximumFrameCount` frames.
    ///
    /// - Important: Allocates; call from a non-real-time context.
    public func prepare(_ spec: ProcessSpec) {
        ramp.allocate(count: spec.maximumFrameCount, zero: 0)
        amplitude.configure(timeConstantSeconds: 0.01, sampleRate: spec.sampleRate)
        amplitude.snap()
    }

    /// Jumps to the current target gain.
    public func reset() { amplitude.snap() }

    /// Applies the gain in place.
    ///
    /// - Note: Real-time safe.
    public func process(_ block: AudioBlock) {
        let n = block.frameCount
        guard n > 0 else { return }
        precondition(n <= ramp.count, "block larger than prepared maximumFrameCount")
        if !amplitude.isMoving {
            let g = Float(amplitude.current)
            if g == 1 { return }
            for c in 0..<block.channelCount {
                let x = block.channels[c]
                for i in 0..<n { x[i] *= g }
            }
            return
        }
        // The ramp is computed once per frame so every channel follows the same curve.
        let r = ramp.pointer
        for i in 0..<n { r[i] = Float(amplitude.next()) }
        for c in 0..<block.channelCount {
            let x = block.channels[c]
            for i in 0..<n { x[i] *= r[i] }
        }
    }

    /// Sets `gainDecibels`, clamped to its range; other ids return `false`.
    @discardableResult
    public func setParameter(_ id: String, to value: Double) -> Bool {
        guard values.set(id, value) else { return false }
        amplitude.target = Units.amplitude(fromDecibels: values[0])
        return true
    }

    /// The target value of `gainDecibels`, or `nil` for other ids.
    public func parameter(_ id: String) -> Double? { values.value(id) }
}
