import AudioCore
import Effects
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ReverbTests {
    /// The wet impulse response (mix 1) of `reverb`, as `channels` channels.
    private func impulseResponse(_ reverb: Reverb, seconds: Double, sampleRate: Double = 44_100,
                                 channels: Int = 1) -> [[Float]] {
        reverb.setParameter("mix", to: 1)
        let n = Int(seconds * sampleRate)
        let input = [[Float]](repeating: Signals.impulse(frame: 0, length: n), count: channels)
        return render(reverb, input, sampleRate: sampleRate, blockSize: 4096)
    }

    @Test(arguments: [44_100.0, 48_000.0])
    func mediumHallMeasuresTwoSeconds(sampleRate: Double) {
        let h = impulseResponse(Reverb(preset: .mediumHall), seconds: 2.6, sampleRate: sampleRate)[0]
        let rt60 = Acoustics.rt60(h, sampleRate: sampleRate)
        print("RT60 mediumHall at \(Int(sampleRate)) Hz: \(rt60) s")
        #expect(rt60 >= 1.8 && rt60 <= 2.2, "measured RT60 \(rt60) s")
    }

    @Test(arguments: [(1.0, 0.35), (4.0, 0.35), (0.5, 0.0), (2.0, 1.0), (10.0, 0.35)])
    func measuredRT60TracksDecaySeconds(decaySeconds: Double, damping: Double) {
        let reverb = Reverb()
        reverb.decaySeconds = decaySeconds
        reverb.dampingAmount = damping
        // 1.3 × RT60 decays ~78 dB: the part of the energy curve cut off is negligible at -35 dB.
        let h = impulseResponse(reverb, seconds: 1.3 * decaySeconds + 0.1)[0]
        let rt60 = Acoustics.rt60(h, sampleRate: 44_100)
        print("RT60 for decaySeconds \(decaySeconds), damping \(damping): \(rt60) s")
        #expect(abs(rt60 / decaySeconds - 1) < 0.15, "measured RT60 \(rt60) s")
    }

    @Test(arguments: ReverbPreset.allCases)
    func presetsMeasureTheirDecay(preset: ReverbPreset) throws {
        let values = preset.parameters
        #expect(Set(values.keys) == Set(Reverb.parameterSpecs.map(\.id)))
        for spec in Reverb.parameterSpecs {
            let value = try #require(values[spec.id])
            #expect(spec.range.contains(value), "\(spec.id) = \(value)")
        }
        let decay = try #require(values["decaySeconds"])
        let h = impulseResponse(Reverb(preset: preset), seconds: 1.3 * decay + 0.2)[0]
        let rt60 = Acoustics.rt60(h, sampleRate: 44_100)
        print("RT60 \(preset.rawValue): \(rt60) s (decaySeconds \(decay))")
        #expect(abs(rt60 / decay - 1) < 0.15, "measured RT60 \(rt60) s")
    }

    @Test func tailIsDenseAfter100Milliseconds() {
        let h = impulseResponse(Reverb(preset: .mediumHall), seconds: 0.8)[0]
        // Normalised echo density over 20 ms windows: about 1 for a noise-like tail.
        let density = Acoustics.echoDensity(h, from: 4_410, to: 35_280, window: 882)
        let mean = density.reduce(0, +) / Double(density.count)
        print("echo density 100–800 ms: mean \(mean), min \(density.min()!)")
        #expect(mean > 0.85 && density.min()! > 0.7, "echo density \(density)")

        // No gaps: every 1 ms window holds energy within 30 dB of the surrounding 50 ms.
        let millisecond = 44
        var gaps = 0
        for start in stride(from: 4_410, to: 33_000, by: millisecond) {
            let local = Measure.rms(h, from: start, to: start + millisecond)
            let around = Measure.rms(h, from: start - 1_100, to: start + 1_100)
            if local < 0.0316 * around { gaps += 1 }
        }
        #expect(gaps == 0)
    }

    @Test func stereoOutputsAreDecorrelated() {
        let h = impulseResponse(Reverb(preset: .mediumHall), seconds: 1.0, channels: 2)
        let window = 2_205..<44_100
        let left = Array(h[0][window]), right = Array(h[1][window])
        let correlation = Acoustics.correlation(left, right)
        print("L/R correlation: \(correlation)")
        #expect(abs(correlation) < 0.2, "L/R correlation \(correlation)")
        let balance = Measure.decibels(Measure.rms(left)) - Measure.decibels(Measure.rms(right))
        #expect(abs(balance) < 1.5, "L/R balance \(balance) dB")
    }

    @Test func mixZeroIsTheDrySignal() {
        let reverb = Reverb()
        reverb.mixAmount = 0
        let input = ProcessorContractTests.stereoInput(seconds: 0.5)
        #expect(maximumDifference(render(reverb, input), input) == 0)
    }

    @Test func mixLawIsEqualPower() {
        let reverb = Reverb(preset: .mediumHall)
        reverb.mixAmount = 0.5
        let out = renderMono(reverb, Signals.impulse(frame: 0, length: 512))
        // Before the pre-delay only the dry impulse is heard, at cos(π/4).
        #expect(abs(out[0] - Float(0.5.squareRoot())) < 1e-6)
        #expect(out[1...].allSatisfy { $0 == 0 })

        // Wet alone is about as loud as the input on steady noise (balanced at mix 0.5).
        let wet = Reverb(preset: .mediumHall)
        wet.mixAmount = 1
        let noise = Signals.noise(seconds: 4, amplitude: 0.3)
        let tail = renderMono(wet, noise, blockSize: 4_096)
        let ratio = Measure.decibels(Measure.rms(tail, from: 3 * 44_100) / Measure.rms(noise, from: 3 * 44_100))
        print("wet/dry level on noise: \(ratio) dB")
        #expect(abs(ratio) < 3, "wet level \(ratio) dB")
    }

    @Test func preDelayHoldsBackTheReverb() {
        let reverb = Reverb()
        reverb.preDelaySeconds = 0.1
        let h = impulseResponse(reverb, seconds: 0.3)[0]
        let onset = h.firstIndex { abs($0) > 1e-6 }!
        // Nothing before the pre-delay; the reverb begins within one (shortest) line length.
        #expect(onset >= 4_410 && onset < 4_410 + 1_500, "onset at frame \(onset)")
    }

    @Test func tailFramesCoverTheDecayTo60dB() {
        let reverb = Reverb(preset: .mediumHall)
        reverb.prepare(ProcessSpec(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 4_096))
        let tail = reverb.tailFrames
        #expect(abs(Double(tail) / 44_100 - (1.2 * 2 + 0.02)) < 0.1)
        let h = impulseResponse(reverb, seconds: Double(tail) / 44_100 + 0.2)[0]
        let early = Measure.rms(h, from: 0, to: 4_410)
        let late = Measure.rms(h, from: tail, to: tail + 2_205)
        #expect(Measure.decibels(late / early) < -60)
    }
}
