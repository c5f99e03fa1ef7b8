/// A block of audio held in memory: non-interleaved `Float` samples, a channel count and a
/// sample rate.
///
/// Samples are stored planar in one contiguous array (channel 0's frames, then channel 1's, ...)
/// so that a processor can be handed every channel's pointer without copying.
public struct AudioBuffer: Sendable, Equatable {
    /// Samples per second, in hertz.
    public var sampleRate: Double
    /// Number of channels (1...``AudioBuffer/maximumChannelCount``).
    public let channelCount: Int
    /// Number of frames; a frame is one time step across all channels.
    public let frameCount: Int
    /// Planar samples: `samples[channel * frameCount + frame]`.
    public private(set) var samples: [Float]

    /// The largest channel count the engine accepts.
    public static let maximumChannelCount = 8

    /// A silent buffer.
    public init(channelCount: Int, frameCount: Int, sampleRate: Double) {
        precondition(channelCount >= 1 && channelCount <= Self.maximumChannelCount, "channel count out of range")
        precondition(frameCount >= 0, "negative frame count")
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.sampleRate = sampleRate
        self.samples = [Float](repeating: 0, count: channelCount * frameCount)
    }

    /// A buffer from one array per channel; all channels must have the same length.
    public init(channels: [[Float]], sampleRate: Double) {
        precondition(!channels.isEmpty && channels.count <= Self.maximumChannelCount, "channel count out of range")
        let frames = channels[0].count
        precondition(channels.allSatisfy { $0.count == frames }, "channels differ in length")
        self.channelCount = channels.count
        self.frameCount = frames
        self.sampleRate = sampleRate
        var planar = [Float]()
        planar.reserveCapacity(frames * channels.count)
        for channel in channels { planar.append(contentsOf: channel) }
        self.samples = planar
    }

    /// A mono buffer.
    public init(mono: [Float], sampleRate: Double) {
        self.init(channels: [mono], sampleRate: sampleRate)
    }

    /// Duration in seconds.
    public var durationSeconds: Double { sampleRate > 0 ? Double(frameCount) / sampleRate : 0 }

    /// A copy of one channel's samples.
    public func channel(_ index: Int) -> [Float] {
        precondition(index >= 0 && index < channelCount, "channel index out of range")
        return Array(samples[index * frameCount ..< (index + 1) * frameCount])
    }

    /// All channels as separate arrays.
    public var channels: [[Float]] { (0..<channelCount).map(channel) }

    /// One sample.
    public subscript(channel: Int, frame: Int) -> Float {
        get { samples[channel * frameCount + frame] }
        set { samples[channel * frameCount + frame] = newValue }
    }

    /// Calls `body` with a mutable view of `frames` (all frames by default).
    ///
    /// - Note: Real-time safe: the channel-pointer table lives on the stack.
    public mutating func withBlock<R>(frames: Range<Int>? = nil, _ body: (AudioBlock) throws -> R) rethrows -> R {
        let range = frames ?? 0..<frameCount
        precondition(range.lowerBound >= 0 && range.upperBound <= frameCount, "frame range out of bounds")
        let stride = frameCount
        let channels = channelCount
        return try samples.withUnsafeMutableBufferPointer { storage in
            try withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>.self, capacity: channels) { table in
                for c in 0..<channels {
                    table[c] = storage.baseAddress! + c * stride + range.lowerBound
                }
                return try body(AudioBlock(channels: UnsafeBufferPointer(table), frameCount: range.count))
            }
        }
    }

    /// Calls `body` with read-only pointers to each channel's samples.
    public func withChannelPointers<R>(_ body: ([UnsafePointer<Float>]) throws -> R) rethrows -> R {
        try samples.withUnsafeBufferPointer { storage in
            try body((0..<channelCount).map { storage.baseAddress! + $0 * frameCount })
        }
    }

    /// The buffer mixed down to one channel (the mean of all channels).
    public func mixedToMono() -> [Float] {
        if channelCount == 1 { return samples }
        var mono = [Float](repeating: 0, count: frameCount)
        let scale = 1 / Float(channelCount)
        for c in 0..<channelCount {
            let base = c * frameCount
            for i in 0..<frameCount { mono[i] += samples[base + i] * scale }
        }
        return mono
    }

    /// The largest absolute sample value.
    public var peak: Float { samples.reduce(0) { max($0, abs($1)) } }

    /// Root mean square over all channels.
    public var rms: Float {
        guard !samples.isEmpty else { return 0 }
        var sum: Double = 0
        for s in samples { sum += Double(s) * Double(s) }
        return Float((sum / Double(samples.count)).squareRoot())
    }

    /// The first `count` frames (or fewer, if shorter).
    public func prefix(_ count: Int) -> AudioBuffer {
        let n = max(0, min(count, frameCount))
        return AudioBuffer(channels: channels.map { Array($0.prefix(n)) }, sampleRate: sampleRate)
    }
}
