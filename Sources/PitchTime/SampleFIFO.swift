/// First-in first-out storage for the samples of several channels, addressed by absolute stream
/// position. Grows only when a caller pushes more than it has ever held at once.
struct SampleFIFO {
    private(set) var channels: [[Float]]
    /// Stream position of the first stored frame.
    private(set) var startPosition: Int
    /// Index in each channel array of the first stored frame.
    private var offset = 0
    /// Number of stored frames.
    private(set) var count = 0

    init(channelCount: Int, capacity: Int, startPosition: Int = 0) {
        channels = Array(repeating: [], count: channelCount)
        for c in 0..<channelCount { channels[c].reserveCapacity(capacity) }
        self.startPosition = startPosition
    }

    /// Stream position just after the last stored frame.
    var endPosition: Int { startPosition + count }

    mutating func removeAll(startingAt position: Int) {
        for c in channels.indices { channels[c].removeAll(keepingCapacity: true) }
        offset = 0
        count = 0
        startPosition = position
    }

    /// Appends `frameCount` frames read through `source(channel)`.
    mutating func append(frameCount: Int, from source: (Int) -> UnsafePointer<Float>) {
        for c in channels.indices {
            channels[c].append(contentsOf: UnsafeBufferPointer(start: source(c), count: frameCount))
        }
        count += frameCount
    }

    /// Appends `frameCount` zero frames.
    mutating func appendZeros(_ frameCount: Int) {
        for c in channels.indices { channels[c].append(contentsOf: repeatElement(0, count: frameCount)) }
        count += frameCount
    }

    /// Appends `count` samples to one channel, written by `fill`; call for every channel, then
    /// `commitFrames(count)`.
    mutating func appendChannel(_ channel: Int, count: Int, _ fill: (UnsafeMutablePointer<Float>) -> Void) {
        let end = channels[channel].count
        channels[channel].append(contentsOf: repeatElement(0, count: count))
        channels[channel].withUnsafeMutableBufferPointer { fill($0.baseAddress! + end) }
    }

    mutating func commitFrames(_ n: Int) { count += n }

    /// Drops frames before stream position `position`.
    mutating func discard(before position: Int) {
        let n = min(max(0, position - startPosition), count)
        guard n > 0 else { return }
        offset += n
        count -= n
        startPosition += n
        if offset > 4096 && offset > count {
            for c in channels.indices { channels[c].removeFirst(offset) }
            offset = 0
        }
    }

    /// Calls `body` with a pointer to the sample at stream `position` of `channel`.
    @inline(__always)
    func withPointer<R>(channel: Int, at position: Int, _ body: (UnsafePointer<Float>) -> R) -> R {
        channels[channel].withUnsafeBufferPointer { body($0.baseAddress! + offset + (position - startPosition)) }
    }
}
