/// What a processor is prepared for: the stream's format and the largest block it will be given.
public struct ProcessSpec: Sendable, Equatable, Hashable {
    /// Samples per second, in hertz.
    public var sampleRate: Double
    /// Number of channels.
    public var channelCount: Int
    /// The largest `frameCount` that `process` will be called with.
    public var maximumFrameCount: Int

    public init(sampleRate: Double, channelCount: Int, maximumFrameCount: Int) {
        precondition(sampleRate > 0, "sample rate must be positive")
        precondition(channelCount >= 1 && channelCount <= AudioBuffer.maximumChannelCount, "channel count out of range")
        precondition(maximumFrameCount >= 1, "maximum frame count must be positive")
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumFrameCount = maximumFrameCount
    }
}
