import AudioCore
import Effects
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LowPassFilterTests {
    private func impulseResponse(cutoffHz: Double, q: Double, sampleRate: Double) -> [Float] {
        let filter = LowPassFilter()
        filter.cutoffHz = cutoffHz
        filter.resonance = q
        return renderMono(filter, Signals.impulse(frame: 0, length: 16_384), sampleRate: sampleRate)
    }

    @Test(arguments: [(1_000.0, 44_100.0), (5_000.0, 48_000.0), (200.0, 48_000.0)])
    func minus3dBPointIsAtTheCutoff(cutoffHz: Double, sampleRate: Double) {
        let h = impulseResponse(cutoffHz: cutoffHz, q: 0.707, sampleRate: sampleRate)
        // Find where the response crosses -3 dB by bisection on frequency.
        var lo = cutoffHz / 4, hi = cutoffHz * 4
        for _ in 0..<40 {
            let mid = (lo * hi).squareRoot()
            if Acoustics.responseDecibels(h, atHz: mid, sampleRate: sampleRate) > -3.0103 { lo = mid } else { hi = mid }
        }
        let measured = (lo * hi).squareRoot()
        #expect(abs(measured / cutoffHz - 1) < 0.05, "-3 dB at \(measured) Hz")
        // Flat passband, and a real low-pass: -12 dB/octave well above the cutoff.
        #expect(abs(Acoustics.responseDecibels(h, atHz: cutoffHz / 10, sampleRate: sampleRate)) < 0.1)
        #expect(Acoustics.responseDecibels(h, atHz: cutoffHz * 3, sampleRate: sampleRate) < -17)
    }

    @Test(arguments: [44_100.0, 48_000.0])
    func resonancePeaksAtQ(sampleRate: Double) {
        let cutoff = 2_000.0
        let h = impulseResponse(cutoffHz: cutoff, q: 4, sampleRate: sampleRate)
        var peakDecibels = -Double.infinity, peakHz = 0.0
        for step in 0...80 {
            let f = cutoff * (0.8 + 0.005 * Double(step))
            let level = Acoustics.responseDecibels(h, atHz: f, sampleRate: sampleRate)
            if level > peakDecibels { peakDecibels = level; peakHz = f }
        }
        #expect(abs(peakDecibels - 20 * log10(4.0)) < 1.5, "peak \(peakDecibels) dB")
        #expect(abs(peakHz / cutoff - 1) < 0.05, "peak at \(peakHz) Hz")
    }

    @Test(arguments: [(50.0, 10.0), (1_000.0, 4.0), (300.0, 0.5), (20_000.0, 0.707)])
    func tailFramesCoverTheRinging(cutoffHz: Double, q: Double) {
        let filter = LowPassFilter()
        filter.cutoffHz = cutoffHz
        filter.resonance = q
        filter.prepare(ProcessSpec(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 512))
        let tail = filter.tailFrames
        let h = renderMono(filter, Signals.impulse(frame: 0, length: tail + 4_410))
        let peak = Measure.peak(h)
        #expect(Measure.peak(Array(h[tail...])) < 0.001 * peak, "tail \(tail) frames")
        // Not wildly pessimistic: the ringing is still above -80 dB a quarter of the way in.
        #expect(Measure.peak(Array(h[(tail / 4)...])) > 1e-4 * peak || tail < 8)
    }

    @Test func defaultIsNearlyTransparent() {
        let input = Signals.sine(frequencyHz: 1_000, seconds: 0.2)
        let out = renderMono(LowPassFilter(), input)
        let ratio = Measure.rms(out, from: 4_410) / Measure.rms(input, from: 4_410)
        #expect(abs(ratio - 1) < 0.01)
    }

    @Test func cutoffAboveNyquistStaysStable() {
        let filter = LowPassFilter()
        filter.cutoffHz = 20_000
        filter.resonance = 10
        let out = renderMono(filter, Signals.noise(seconds: 0.2, sampleRate: 8_000), sampleRate: 8_000)
        #expect(out.allSatisfy { $0.isFinite })
        #expect(Measure.peak(out) < 20)
    }
}
