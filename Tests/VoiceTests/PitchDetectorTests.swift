import AudioCore
import Foundation
import TestSupport
import Testing
@testable import Voice

@Suite struct PitchDetectorTests {
    @Test(arguments: [60.0, 110, 220, 440, 1000])
    func harmonicToneMedianIsWithinHalfACent(frequencyHz: Double) throws {
        let tone = Signals.harmonicTone(fundamentalHz: frequencyHz, seconds: 1)
        let median = try #require(PitchDetector.medianFrequency(tone, sampleRate: 44_100))
        let error = Measure.cents(median, relativeTo: frequencyHz)
        print("PitchDetector: \(frequencyHz) Hz harmonic tone -> \(median) Hz, \(error) cents")
        #expect(abs(error) < 0.5, "median \(median) Hz is \(error) cents off \(frequencyHz) Hz")
    }

    @Test(arguments: [44_100.0, 48_000])
    func everyFrameOfASteadyToneIsVoicedWithoutOctaveErrors(sampleRate: Double) {
        for frequencyHz in [55.0, 98, 196, 330, 523.25, 880, 1396.9] {
            let tone = Signals.harmonicTone(fundamentalHz: frequencyHz, seconds: 0.5, sampleRate: sampleRate)
            let frames = PitchDetector().track(tone, sampleRate: sampleRate)
            #expect(!frames.isEmpty)
            for frame in frames {
                let f = frame.frequencyHz ?? 0
                #expect(abs(Measure.cents(f, relativeTo: frequencyHz)) < 2,
                        "\(frequencyHz) Hz at \(frame.time) s detected as \(f) Hz")
                #expect(frame.confidence > 0.9)
            }
        }
    }

    @Test func pureSineIsTrackedAtHighFrequency() throws {
        let sine = Signals.sine(frequencyHz: 1234.5, seconds: 0.5)
        let median = try #require(PitchDetector.medianFrequency(sine, sampleRate: 44_100))
        #expect(abs(Measure.cents(median, relativeTo: 1234.5)) < 0.5)
    }

    @Test func silenceIsUnvoiced() {
        let silence = [Float](repeating: 0, count: 44_100)
        #expect(PitchDetector.medianFrequency(silence, sampleRate: 44_100) == nil)
        let frames = PitchDetector().track(silence, sampleRate: 44_100)
        #expect(!frames.isEmpty)
        #expect(frames.allSatisfy { $0.frequencyHz == nil && $0.confidence == 0 })
    }

    @Test func whiteNoiseIsMostlyUnvoiced() {
        let noise = Signals.noise(seconds: 2)
        let frames = PitchDetector().track(noise, sampleRate: 44_100)
        let voiced = frames.filter(\.isVoiced).count
        #expect(frames.count > 100)
        #expect(Double(voiced) < 0.1 * Double(frames.count), "\(voiced) of \(frames.count) noise frames voiced")
        let meanConfidence = frames.map(\.confidence).reduce(0, +) / Double(frames.count)
        #expect(meanConfidence < 0.6)
    }

    @Test func vibratoMedianIsNearTheCentre() throws {
        let tone = Signals.harmonicTone(fundamentalHz: 330, seconds: 2, vibratoCents: 50, vibratoHz: 5)
        let frames = PitchDetector().track(tone, sampleRate: 44_100)
        let voiced = frames.compactMap(\.frequencyHz)
        #expect(Double(voiced.count) > 0.9 * Double(frames.count))
        let median = try #require(PitchDetector.medianFrequency(tone, sampleRate: 44_100))
        #expect(abs(Measure.cents(median, relativeTo: 330)) < 5)
        // The track follows the vibrato: it swings by tens of cents each way.
        let cents = voiced.map { Measure.cents($0, relativeTo: 330) }
        #expect((cents.max() ?? 0) > 30 && (cents.min() ?? 0) < -30)
    }

    @Test func frameTimesAdvanceByTheHop() {
        let tone = Signals.harmonicTone(fundamentalHz: 200, seconds: 1)
        let frames = PitchDetector().track(tone, sampleRate: 44_100)
        #expect(frames.count > 70)
        let steps = zip(frames.dropFirst(), frames).map { $0.time - $1.time }
        #expect(steps.allSatisfy { abs($0 - 512 / 44_100) < 1e-9 })
    }

    @Test func shortBufferGivesOneFrame() throws {
        let tone = Signals.harmonicTone(fundamentalHz: 440, seconds: 0.03)
        let frames = PitchDetector().track(tone, sampleRate: 44_100)
        #expect(frames.count == 1)
        #expect(PitchDetector().track([], sampleRate: 44_100).isEmpty)
    }

    @Test func toneBelowTheRangeIsNotReported() {
        // A 35 Hz harmonic tone repeats only every 1260 samples, past the longest lag searched
        // for a 50 Hz floor, so no frame may claim a pitch for it.
        let tone = Signals.harmonicTone(fundamentalHz: 35, seconds: 1)
        let median = PitchDetector.medianFrequency(tone, sampleRate: 44_100)
        #expect(median == nil, "35 Hz tone reported as \(median ?? 0) Hz")
    }

    @Test func twoSecondsTrackQuickly() {
        let tone = Signals.harmonicTone(fundamentalHz: 220, seconds: 2)
        let detector = PitchDetector()
        _ = detector.track(Array(tone.prefix(4096)), sampleRate: 44_100)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = detector.track(tone, sampleRate: 44_100) }
        print("PitchDetector: 2 s at 44.1 kHz tracked in \(elapsed)")
        // Generous bound: this guards against an accidental O(n²) difference function, not a benchmark.
        #expect(elapsed < .seconds(2))
    }
}
