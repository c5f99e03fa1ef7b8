import AudioCore
import Effects
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct EchoTests {
    /// Index and value of the largest |sample| in `x[range]`.
    private func peak(_ x: [Float], in range: Range<Int>) -> (index: Int, value: Float) {
        var best = range.lowerBound
        for i in range where abs(x[i]) > abs(x[best]) { best = i }
        return (best, x[best])
    }

    @Test(arguments: [44_100.0, 48_000.0])
    func repeatsLandOnTimeAtTheRightLevel(sampleRate: Double) {
        let echo = Echo()  // defaults: 1 s, feedback 0.5, mix 0.5
        let out = renderMono(echo, Signals.impulse(frame: 0, length: Int(2.5 * sampleRate)), sampleRate: sampleRate)
        let second = Int(sampleRate)
        let tolerance = Int(0.001 * sampleRate)

        // The dry impulse is untouched and nothing else happens before the first repeat.
        #expect(out[0] == 1)
        #expect(Measure.peak(Array(out[1..<(second - tolerance)])) == 0)

        let first = peak(out, in: (second / 2)..<(3 * second / 2))
        #expect(abs(first.index - second) <= tolerance, "first repeat at frame \(first.index)")
        #expect(abs(first.value - 0.5) <= 0.005, "first repeat \(first.value)")

        let next = peak(out, in: (3 * second / 2)..<(5 * second / 2))
        #expect(abs(next.index - 2 * second) <= tolerance, "second repeat at frame \(next.index)")
        #expect(abs(next.value - 0.25) <= 0.0025, "second repeat \(next.value)")
    }

    @Test func feedbackAndMixSetTheLevels() {
        let echo = Echo()
        echo.delaySeconds = 0.1
        echo.feedback = 0.8
        echo.mix = 0.3
        let out = renderMono(echo, Signals.impulse(frame: 0, length: 44_100))
        for k in 1...5 {
            let expected = 0.3 * pow(0.8, Double(k - 1))
            #expect(abs(Double(out[4_410 * k]) - expected) < 1e-5 * Double(k), "repeat \(k)")
        }
    }

    @Test func dryIsKeptAtFullLevelWhateverTheMix() {
        let echo = Echo()
        echo.mix = 1
        echo.delaySeconds = 0.5
        let input = Signals.sine(frequencyHz: 440, seconds: 0.4)
        let out = renderMono(echo, input)
        // Before the first repeat the output is the input, sample for sample.
        #expect(maximumDifference([out], [input]) == 0)
    }

    @Test func tailCoversTheRepeatsDownToMinus60dB() {
        let echo = Echo()
        echo.delaySeconds = 0.25
        echo.prepare(ProcessSpec(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 512))
        // feedback 0.5, mix 0.5: repeat n has 0.5^n; below 0.001 from the 10th (ceil(8.97) + 1).
        #expect(echo.tailFrames == 10 * 11_025)
        let out = renderMono(echo, Signals.impulse(frame: 0, length: echo.tailFrames + 44_100))
        #expect(Measure.peak(Array(out[(echo.tailFrames - 10)...])) < 0.001)
        #expect(Measure.peak(Array(out[(echo.tailFrames - 11_100)..<(echo.tailFrames - 10)])) >= 0.001)

        echo.mix = 0
        #expect(echo.tailFrames == 0)
        echo.mix = 1
        echo.feedback = 0.95
        echo.delaySeconds = 4
        #expect(echo.tailFrames == 60 * 44_100)
    }

    @Test func changingTheDelayCrossfadesToTheNewTime() {
        let echo = Echo()
        echo.delaySeconds = 0.2
        echo.feedback = 0
        echo.prepare(ProcessSpec(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 512))
        _ = renderMono(echo, [Float](repeating: 0, count: 4_410), prepare: false)
        echo.delaySeconds = 0.3
        // Let the 50 ms crossfade finish, then an impulse must come back after 0.3 s only.
        _ = renderMono(echo, [Float](repeating: 0, count: 4_410), prepare: false)
        let out = renderMono(echo, Signals.impulse(frame: 0, length: 22_050), prepare: false)
        #expect(abs(out[13_230] - 0.5) < 1e-6)
        #expect(out[8_820] == 0)
    }
}
