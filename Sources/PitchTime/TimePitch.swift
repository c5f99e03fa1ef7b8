import AudioCore

/// Whole-buffer pitch and tempo change, built on ``TimePitchStretcher``.
public enum TimePitch {
    /// `buffer` with its pitch moved by `cents` and its speed multiplied by `tempo`.
    ///
    /// The result has exactly `round(frameCount / tempo)` frames and is time-aligned with the input.
    /// - Parameters:
    ///   - progress: called with the fraction done (0...1) as blocks complete.
    /// - Important: Allocates; an offline operation.
    public static func process(_ buffer: AudioBuffer, cents: Double, tempo: Double, preserveFormants: Bool = false,
                               options: TimePitchStretcher.Options = .init(),
                               progress: ((Double) -> Void)? = nil) -> AudioBuffer {
        let stretcher = TimePitchStretcher(channelCount: buffer.channelCount, sampleRate: buffer.sampleRate,
                                           pitchCents: cents, tempo: tempo, preserveFormants: preserveFormants,
                                           options: options)
        let total = Int((Double(buffer.frameCount) / stretcher.tempo).rounded())
        var out = AudioBuffer(channelCount: buffer.channelCount, frameCount: total, sampleRate: buffer.sampleRate)
        var written = 0
        let block = 16_384
        func drain() {
            out.withBlock(frames: written..<total) { view in
                let pointers = (0..<view.channelCount).map { view.channels[$0] }
                written += stretcher.pull(into: pointers, frameCount: view.frameCount)
            }
        }
        var start = 0
        while start < buffer.frameCount {
            let end = min(buffer.frameCount, start + block)
            buffer.withChannelPointers { channels in
                stretcher.push(channels.map { $0 + start }, frameCount: end - start)
            }
            drain()
            start = end
            progress?(Double(start) / Double(max(1, buffer.frameCount)) * 0.98)
        }
        stretcher.flush()
        drain()
        precondition(written == total, "stretcher produced \(written) of \(total) frames")
        progress?(1)
        return out
    }
}
