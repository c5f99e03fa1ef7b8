import Testing
#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import TestSupport

@Suite struct ResamplerTests {
    /// Level of a sine after resampling, in dB relative to its input level.
    func gainDecibels(frequencyHz: Double, from source: Double, to target: Double) -> Double {
        let input = Signals.sine(frequencyHz: frequencyHz, seconds: 0.5, sampleRate: source, amplitude: 0.5)
        let out = Resampler.resample(AudioBuffer(mono: input, sampleRate: source), to: target).channel(0)
        // Skip the edges, where the padding shows.
        let edge = out.count / 8
        let rms = Measure.rms(out, from: edge, to: out.count - edge)
        return Measure.decibels(rms / (0.5 / 2.0.squareRoot()))
    }

    @Test(arguments: [(44_100.0, 48_000.0), (48_000.0, 44_100.0), (96_000.0, 44_100.0), (22_050.0, 48_000.0), (44_100.0, 8_000.0)])
    func passbandIsFlat(rates: (Double, Double)) {
        let nyquist = min(rates.0, rates.1) / 2
        for fraction in [0.05, 0.25, 0.5, 0.8] {
            let gain = gainDecibels(frequencyHz: nyquist * fraction, from: rates.0, to: rates.1)
            #expect(abs(gain) < 0.1, "gain at \(fraction) of Nyquist: \(gain) dB")
        }
    }

    @Test(arguments: [(48_000.0, 22_050.0), (96_000.0, 44_100.0), (44_100.0, 8_000.0)])
    func rejectsAliases(rates: (Double, Double)) {
        // Tones above the output's Nyquist must not fold back into the output.
        let outNyquist = rates.1 / 2
        for fraction in [1.05, 1.3, 1.8] {
            let f = outNyquist * fraction
            guard f < rates.0 / 2 else { continue }
            let gain = gainDecibels(frequencyHz: f, from: rates.0, to: rates.1)
            #expect(gain < -65, "alias at \(fraction)× output Nyquist: \(gain) dB")
        }
    }

    @Test func keepsFrequencyAndTiming() {
        let input = Signals.sine(frequencyHz: 1000, seconds: 1, sampleRate: 44_100)
        let out = Resampler.resample(AudioBuffer(mono: input, sampleRate: 44_100), to: 48_000)
        #expect(out.frameCount == 48_000)
        let f = Measure.dominantFrequency(Array(out.channel(0)[4000..<44_000]), sampleRate: 48_000, range: 900...1100)
        #expect(abs(Measure.cents(f, relativeTo: 1000)) < 0.1)
        // An impulse stays at the same time.
        var impulse = [Float](repeating: 0, count: 4410)
        impulse[2205] = 1
        let moved = Resampler.resample(AudioBuffer(mono: impulse, sampleRate: 44_100), to: 88_200).channel(0)
        let peakIndex = moved.indices.max { abs(moved[$0]) < abs(moved[$1]) }!
        #expect(peakIndex == 4410)
    }
}

@Suite struct InterpolatingKernelTests {
    /// A sine of `frequency` (relative to the input's Nyquist) upsampled 2x by an interpolating
    /// kernel through `render`; returns the input and the output.
    func upsample(_ frequency: Double, zeroCrossings: Int = 24) -> (input: [Float], output: [Float]) {
        let rate = 22_050.0
        let input = Signals.sine(frequencyHz: frequency * rate / 2, seconds: 0.5, sampleRate: rate, amplitude: 0.5)
        let kernel = SincKernel(step: 0.5, zeroCrossings: zeroCrossings, interpolating: true)
        let pad = kernel.tapCount
        let padded = [Float](repeating: 0, count: pad) + input + [Float](repeating: 0, count: pad)
        var out = [Float](repeating: 0, count: 2 * input.count)
        padded.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { o in
                kernel.render(source.baseAddress!, origin: Double(pad), originIndex: 0, firstIndex: 0,
                              count: o.count, into: o.baseAddress!)
            }
        }
        return (input, out)
    }

    @Test func wholePositionsAreTheInputSamples() {
        let (input, out) = upsample(0.3)
        for k in stride(from: 0, to: input.count, by: 97) { #expect(out[2 * k] == input[k]) }
    }

    @Test func passbandIsFlatAndImagesAreRejected() {
        for fraction in [0.05, 0.4, 0.8, 0.9] {
            let (_, out) = upsample(fraction)
            let edge = out.count / 8
            let gain = Measure.decibels(Measure.rms(out, from: edge, to: out.count - edge) / (0.5 / 2.0.squareRoot()))
            #expect(abs(gain) < 0.1, "gain at \(fraction) of the input Nyquist: \(gain) dB")
        }
        // A tone at 0.8 of the input Nyquist has its image at 1.2 of it, in the stopband.
        let (_, out) = upsample(0.8)
        let segment = Array(out[2000..<20_000])
        let tone = amplitude(segment, frequency: 0.8 * 11_025, sampleRate: 44_100)
        let image = amplitude(segment, frequency: 1.2 * 11_025, sampleRate: 44_100)
        #expect(abs(tone - 0.5) < 0.01)
        #expect(Measure.decibels(image / tone) < -65, "image at \(Measure.decibels(image / tone)) dB")
    }

    /// The pitch shifter's octave-down kernel (16 zero crossings): a wider transition, so a little
    /// droop at the top of the band, still far below any audible change.
    @Test func shortKernelOfTheOctaveDownShift() {
        for (fraction, tolerance) in [(0.05, 0.1), (0.4, 0.1), (0.8, 0.1), (0.9, 0.3)] {
            let (_, out) = upsample(fraction, zeroCrossings: 16)
            let edge = out.count / 8
            let gain = Measure.decibels(Measure.rms(out, from: edge, to: out.count - edge) / (0.5 / 2.0.squareRoot()))
            #expect(abs(gain) < tolerance, "gain at \(fraction) of the input Nyquist: \(gain) dB")
        }
        let (_, out) = upsample(0.8, zeroCrossings: 16)
        let segment = Array(out[2000..<20_000])
        let tone = amplitude(segment, frequency: 0.8 * 11_025, sampleRate: 44_100)
        let image = amplitude(segment, frequency: 1.2 * 11_025, sampleRate: 44_100)
        #expect(Measure.decibels(image / tone) < -75, "image at \(Measure.decibels(image / tone)) dB")
    }

    /// Amplitude of the component at `frequency`, from a Hann-windowed single-bin DFT.
    func amplitude(_ x: [Float], frequency: Double, sampleRate: Double) -> Double {
        var re = 0.0, im = 0.0, windowSum = 0.0
        for (n, v) in x.enumerated() {
            let w = 0.5 - 0.5 * cos(2 * .pi * Double(n) / Double(x.count - 1))
            let phase = 2 * .pi * frequency * Double(n) / sampleRate
            re += w * Double(v) * cos(phase)
            im -= w * Double(v) * sin(phase)
            windowSum += w
        }
        return 2 * (re * re + im * im).squareRoot() / windowSum
    }
}

@Suite struct SmoothedValueTests {
    @Test func reachesItsTargetExactly() {
        var v = SmoothedValue(0)
        v.configure(timeConstantSeconds: 0.02, sampleRate: 48_000)
        v.target = 1
        var steps = 0
        while v.isSmoothing && steps < 48_000 * 10 { _ = v.next(); steps += 1 }
        #expect(v.current == 1)
        // About 63% after one time constant (960 samples).
        var w = SmoothedValue(0)
        w.configure(timeConstantSeconds: 0.02, sampleRate: 48_000)
        w.target = 1
        for _ in 0..<960 { _ = w.next() }
        #expect(abs(w.current - 0.632) < 0.01)
    }
}
