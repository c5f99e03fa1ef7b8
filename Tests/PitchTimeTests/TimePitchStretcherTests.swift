import Testing
import AudioCore
import PitchTime
import TestSupport

@Suite struct TimePitchStretcherTests {
    let rate = 44_100.0

    func render(_ x: [Float], cents: Double, tempo: Double, formants: Bool = false) -> [Float] {
        TimePitch.process(AudioBuffer(mono: x, sampleRate: rate), cents: cents, tempo: tempo, preserveFormants: formants).channel(0)
    }

    @Test(arguments: [1200.0, -1200.0, 700.0, -300.0, 2400.0])
    func pitchShiftLandsOnTarget(cents: Double) {
        let f0 = 220.0
        let x = Signals.sine(frequencyHz: f0, seconds: 1.5, sampleRate: rate)
        let y = render(x, cents: cents, tempo: 1)
        #expect(y.count == x.count)
        let expected = f0 * Units.ratio(fromCents: cents)
        let f = Measure.dominantFrequency(Array(y[11_025..<55_125]), sampleRate: rate, range: (expected * 0.8)...(expected * 1.25))
        #expect(abs(Measure.cents(f, relativeTo: expected)) < 1, "measured \(f) Hz for \(expected) Hz")
    }

    @Test(arguments: [0.5, 2.0, 0.75, 1.0 / 32, 32.0])
    func tempoGivesExactLength(tempo: Double) {
        let x = Signals.harmonicTone(fundamentalHz: 200, seconds: 1.0, sampleRate: rate)
        let y = render(x, cents: 0, tempo: tempo)
        #expect(y.count == Int((Double(x.count) / tempo).rounded()))
    }

    @Test func silenceInSilenceOut() {
        let y = render([Float](repeating: 0, count: 20_000), cents: 1200, tempo: 0.5)
        #expect(y.count == 40_000)
        #expect(Measure.peak(y) == 0)
    }
}
