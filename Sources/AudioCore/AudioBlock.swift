/// A mutable, non-owning view of a block of non-interleaved audio, handed to
/// ``AudioProcessor/process(_:)``.
///
/// The view is valid only during the call that provides it; do not store it.
public struct AudioBlock {
    /// One pointer per channel, each to `frameCount` samples.
    public let channels: UnsafeBufferPointer<UnsafeMutablePointer<Float>>
    /// Number of frames in this block.
    public let frameCount: Int

    /// Wraps caller-owned channel pointers.
    public init(channels: UnsafeBufferPointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        self.channels = channels
        self.frameCount = frameCount
    }

    /// Number of channels.
    @inlinable public var channelCount: Int { channels.count }

    /// The samples of one channel.
    @inlinable public subscript(channel: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: channels[channel], count: frameCount)
    }

    /// Sets every sample to zero.
    ///
    /// - Note: Real-time safe.
    public func clear() {
        for c in 0..<channelCount { channels[c].update(repeating: 0, count: frameCount) }
    }
}
