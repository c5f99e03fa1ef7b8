import AudioCore
import AudioFile
import Testing
import TestSupport

@Suite struct RoundTripTests {
    /// A stereo test signal with full-scale extremes, a quiet tone and values between integer steps.
    static func signal(sampleRate: Double = 48_000) -> AudioBuffer {
        var left = Signals.sine(frequencyHz: 440, seconds: 0.05, sampleRate: sampleRate, amplitude: 0.9)
        var right = Signals.sine(frequencyHz: 1_000, seconds: 0.05, sampleRate: sampleRate, amplitude: 0.001)
        left += [1, -1, 0, 0.5, -0.5, 1e-7]
        right += [-1, 1, 0.25, -0.25, 3e-5, 0]
        return AudioBuffer(channels: [left, right], sampleRate: sampleRate)
    }

    /// Largest difference between two buffers of the same shape.
    static func maxError(_ a: AudioBuffer, _ b: AudioBuffer) -> Float {
        zip(a.samples, b.samples).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    @Test(arguments: [(SampleEncoding.pcm8, 8), (.pcm16, 16), (.pcm24, 24), (.pcm32, 32)])
    func integerEncodingsRoundTripWithinOneStep(_ encoding: SampleEncoding, bits: Int) throws {
        let original = Self.signal()
        let (decoded, info) = try AudioFileReader.decode(AudioFileWriter.encodeWAV(original, encoding: encoding))
        #expect(info == AudioFileInfo(format: .wav, encoding: encoding, channelCount: 2, sampleRate: 48_000,
                                      frameCount: original.frameCount))
        #expect(decoded.channelCount == 2 && decoded.frameCount == original.frameCount)
        let lsb = Float(1.0 / Double(1 << (bits - 1)))
        // Rounding costs half a step; +1.0 clips to one step below full scale.
        #expect(Self.maxError(original, decoded) <= lsb * 1.0001)
    }

    @Test(arguments: [SampleEncoding.float32, .float64])
    func floatEncodingsRoundTripExactly(_ encoding: SampleEncoding) throws {
        var original = Self.signal()
        original[0, 3] = 1.75  // floats keep values beyond full scale
        let (decoded, info) = try AudioFileReader.decode(AudioFileWriter.encodeWAV(original, encoding: encoding))
        #expect(info.encoding == encoding)
        #expect(decoded == original)
    }
}
