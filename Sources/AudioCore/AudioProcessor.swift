/// A length-preserving processor: filters, delay, reverb, gain and the voice tools share this
/// shape (see DESIGN.md, "The engine contract").
///
/// - `prepare(_:)` may allocate; call it before the first `process(_:)` and whenever the format
///   changes.
/// - `process(_:)` works in place and is real-time safe: no allocation, locks or logging. Any
///   block size up to `maximumFrameCount` gives the same output as one large block.
/// - `reset()` clears state (delay lines, envelopes) without reallocating.
/// - Parameters are declared as data in ``parameterSpecs``; setters clamp, and the audio path
///   smooths changes so that moving a control never clicks.
public protocol AudioProcessor: AnyObject {
    /// The parameters this processor exposes, in display order.
    var parameterSpecs: [ParameterSpec] { get }

    /// Allocates what processing needs for `spec`.
    ///
    /// - Important: Allocates; call from a non-real-time context.
    func prepare(_ spec: ProcessSpec)

    /// Processes one block in place.
    ///
    /// - Note: Real-time safe.
    func process(_ block: AudioBlock)

    /// Clears internal state so the next block starts from silence.
    func reset()

    /// How many frames the output lags the input.
    var latencyFrames: Int { get }

    /// An upper bound on how many frames of output may follow the end of the input (reverb and echo
    /// tails); zero for processors without memory.
    var tailFrames: Int { get }

    /// Sets a parameter by id, clamped to its range. Unknown ids are ignored and return `false`.
    @discardableResult
    func setParameter(_ id: String, to value: Double) -> Bool

    /// The current target value of a parameter, or `nil` for an unknown id.
    func parameter(_ id: String) -> Double?
}

extension AudioProcessor {
    public var latencyFrames: Int { 0 }
    public var tailFrames: Int { 0 }

    /// Processes a whole buffer in blocks of at most `blockSize` frames.
    public func process(_ buffer: inout AudioBuffer, blockSize: Int) {
        var start = 0
        while start < buffer.frameCount {
            let end = min(buffer.frameCount, start + blockSize)
            buffer.withBlock(frames: start..<end) { process($0) }
            start = end
        }
    }
}
