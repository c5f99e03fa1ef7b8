/// One analysis frame of a pitch track.
public struct PitchFrame: Sendable, Equatable, Hashable {
    /// Centre of the frame's integration window, in seconds from the start of the buffer.
    public var time: Double
    /// Fundamental frequency in hertz, or `nil` when the frame is unvoiced (silence, noise).
    public var frequencyHz: Double?
    /// How periodic the frame is, 0...1: one minus the normalised difference at the chosen lag.
    /// Close to 1 for a clean tone, low for noise.
    public var confidence: Double

    /// Creates a frame.
    public init(time: Double, frequencyHz: Double?, confidence: Double) {
        self.time = time
        self.frequencyHz = frequencyHz
        self.confidence = confidence
    }

    /// True when the frame has a frequency.
    public var isVoiced: Bool { frequencyHz != nil }
}
