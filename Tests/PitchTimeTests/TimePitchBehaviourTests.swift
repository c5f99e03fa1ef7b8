import Testing
import AudioCore
import PitchTime
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Transients, streaming, latency, stereo and formants.
@Suite struct TimePitchBehaviourTests {
    let rate = 44_100.0

    /// Times (seconds) of sharp peaks in the first difference of `y`, found on a 1 ms envelope.
    func clickTimes(_ y: [Float]) -> [Double] {
        let w = 44
        let n = (y.count - 1) / w
        var env = [Float](repeating: 0, count: n)
        for i in 0..<n {
            var m: Float = 0
            for j in (i * w)..<(i * w + w) { m = max(m, abs(y[j + 1] - y[j])) }
            env[i] = m
        }
        let threshold = 0.25 * (env.max() ?? 0)
        var times = [Double]()
        var last = -10
        for i in 1..<(n - 1) where env[i] > threshold && env[i] >= env[i - 1] && env[i] > env[i + 1] {
            if i - last > 3 { times.append(Double(i * w) / rate) }
            last = i
        }
        return times
    }

    @Test(arguments: [(0.0, 0.5), (0.0, 2.0), (1200.0, 1.0), (-1200.0, 1.0), (700.0, 1.3)])
    func clicksAppearOnceAtTheirTime(setting: (cents: Double, tempo: Double)) {
        var x = Signals.sine(frequencyHz: 220, seconds: 3, sampleRate: rate, amplitude: 0.2)
        let clicks = stride(from: 0.1, to: 2.95, by: 0.25).map { $0 }
        for c in clicks { x[Int((c * rate).rounded())] += 0.8 }
        let y = TimePitch.process(AudioBuffer(mono: x, sampleRate: rate), cents: setting.cents, tempo: setting.tempo).channel(0)
        let found = clickTimes(y)
        let expected = clicks.map { $0 / setting.tempo }
        #expect(found.count == expected.count, "found \(found.count) peaks for \(expected.count) clicks")
        for t in found {
            let error = expected.map { abs($0 - t) }.min()!
            #expect(error < 0.003, "peak at \(t) s is \(error * 1000) ms from any click")
        }
    }

    @Test(arguments: [(1200.0, 1.0), (-700.0, 0.8), (0.0, 0.5)])
    func blockSizeDoesNotChangeOutput(setting: (cents: Double, tempo: Double)) {
        var x = Signals.harmonicTone(fundamentalHz: 180, seconds: 1.2, sampleRate: rate, vibratoCents: 30)
        x[20_000] += 0.7
        let reference = TimePitch.process(AudioBuffer(mono: x, sampleRate: rate), cents: setting.cents, tempo: setting.tempo).channel(0)
        for block in [1, 97, 1024, 5000] {
            let s = TimePitchStretcher(channelCount: 1, sampleRate: rate, pitchCents: setting.cents, tempo: setting.tempo)
            var out = [Float]()
            var scratch = [Float](repeating: 0, count: 8192)
            func drain() {
                while s.availableFrames > 0 {
                    let n = scratch.withUnsafeMutableBufferPointer { s.pull(into: [$0.baseAddress!], frameCount: 8192) }
                    out.append(contentsOf: scratch[0..<n])
                }
            }
            x.withUnsafeBufferPointer { p in
                var i = 0
                while i < x.count {
                    let n = min(block, x.count - i)
                    s.push([p.baseAddress! + i], frameCount: n)
                    i += n
                    drain()
                }
            }
            s.flush()
            drain()
            #expect(out.count == reference.count)
            let worst = zip(out, reference).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 1e-5, "block \(block): max difference \(worst)")
        }
    }

    @Test(arguments: [(0.0, 1.0), (1200.0, 1.0), (-1200.0, 1.0), (0.0, 0.5), (0.0, 2.0)])
    func outputArrivesWithinReportedLatency(setting: (cents: Double, tempo: Double)) {
        let s = TimePitchStretcher(channelCount: 1, sampleRate: rate, pitchCents: setting.cents, tempo: setting.tempo)
        let x = Signals.sine(frequencyHz: 300, seconds: 2, sampleRate: rate)
        var pushed = 0
        var pulled = 0
        var scratch = [Float](repeating: 0, count: 4096)
        x.withUnsafeBufferPointer { p in
            while pushed + 256 <= x.count {
                s.push([p.baseAddress! + pushed], frameCount: 256)
                pushed += 256
                pulled += scratch.withUnsafeMutableBufferPointer { s.pull(into: [$0.baseAddress!], frameCount: 4096) }
                // Everything older than the latency must have come out.
                let due = Int(Double(pushed - s.latencyFrames) / setting.tempo)
                #expect(pulled >= due, "after \(pushed) frames in, \(pulled) out, \(due) due")
            }
        }
        // The latency is not wildly overstated either: output starts within 20% of it.
        #expect(s.latencyFrames < 12_000)
    }

    @Test func stereoChannelsKeepTheirRelation() {
        let left = Signals.harmonicTone(fundamentalHz: 200, seconds: 1, sampleRate: rate)
        let right = left.map { -0.5 * $0 }
        let y = TimePitch.process(AudioBuffer(channels: [left, right], sampleRate: rate), cents: 500, tempo: 0.8)
        let l = y.channel(0), r = y.channel(1)
        let worst = zip(l, r).map { abs($0 * -0.5 - $1) }.max()!
        #expect(worst < 1e-4)
        #expect(Measure.rms(l) > 0.05)
    }

    /// A buzz through one resonance at 1 kHz: shifting it up an octave moves the resonance to
    /// 2 kHz unless formants are preserved.
    @Test func formantPreservationKeepsTheResonance() {
        let buzz = Signals.harmonicTone(fundamentalHz: 130, seconds: 1.5, sampleRate: rate, harmonics: 60, amplitude: 0.5)
        // Two-pole resonator at 1 kHz.
        let r = 0.98, w = 2 * Double.pi * 1000 / rate
        let a1 = Float(2 * r * cos(w)), a2 = Float(-r * r)
        var y1: Float = 0, y2: Float = 0
        let vowel = buzz.map { x -> Float in
            let y = 0.05 * x + a1 * y1 + a2 * y2
            y2 = y1; y1 = y
            return y
        }
        func resonanceHz(_ s: [Float]) -> Double {
            // Centre of gravity of the spectrum between 300 and 4000 Hz, on the steady middle.
            let n = 16_384
            let seg = Array(s[20_000..<(20_000 + n)])
            let (re, im) = RealFFT(size: n).forward(seg)
            var weighted = 0.0, total = 0.0
            for k in 0..<re.count {
                let f = Double(k) * rate / Double(n)
                guard f > 300 && f < 4000 else { continue }
                let p = Double(re[k] * re[k] + im[k] * im[k])
                weighted += f * p
                total += p
            }
            return weighted / total
        }
        let original: Double = resonanceHz(vowel)
        let plain = resonanceHz(TimePitch.process(AudioBuffer(mono: vowel, sampleRate: rate), cents: 1200, tempo: 1).channel(0))
        let kept = resonanceHz(TimePitch.process(AudioBuffer(mono: vowel, sampleRate: rate), cents: 1200, tempo: 1,
                                                 preserveFormants: true).channel(0))
        #expect(plain > original * 1.5, "without preservation: \(original) -> \(plain) Hz")
        #expect(abs(kept / original - 1) < 0.15, "with preservation: \(original) -> \(kept) Hz")
    }
}
