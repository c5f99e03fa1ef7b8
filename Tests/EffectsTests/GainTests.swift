import AudioCore
import Effects
import Testing
import TestSupport

@Suite struct GainTests {
    @Test(arguments: [(6.0, 1.9953), (-6.0, 0.50119), (12.0, 3.9811), (-60.0, 0.001)])
    func measuredGainMatchesDecibels(decibels: Double, ratio: Double) {
        let gain = Gain()
        gain.gainDecibels = decibels
        let input = Signals.sine(frequencyHz: 1_000, seconds: 0.2, amplitude: 0.2)
        let out = renderMono(gain, input)
        let measured = Measure.rms(out) / Measure.rms(input)
        #expect(abs(measured / ratio - 1) < 0.005, "measured \(measured)×")
    }

    @Test func zeroDecibelsIsBitExact() {
        let input = Signals.noise(seconds: 0.1)
        #expect(renderMono(Gain(), input) == input)
    }

    @Test func changesGlideInsteadOfJumping() {
        let gain = Gain()
        gain.prepare(ProcessSpec(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 512))
        gain.gainDecibels = 6
        let out = renderMono(gain, [Float](repeating: 1, count: 8_820), prepare: false)
        // Starts near 1, rises without overshoot, and has arrived 200 ms later (20 time constants).
        #expect(out[0] < 1.01)
        #expect(zip(out, out.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(out[8_819] - 1.99526) < 1e-4)
    }
}
