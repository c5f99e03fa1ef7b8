import AudioCore
import Benchmark
import Effects
import PitchTime
import Studio
import TestSupport

/// Ten seconds of a 220 Hz harmonic tone with vibrato at 44.1 kHz: the input of the pitch, tempo
/// and reverb figures (the same material the peer comparison uses).
let tenSeconds = AudioBuffer(mono: Signals.harmonicTone(fundamentalHz: 220, seconds: 10, sampleRate: 44_100,
                                                        vibratoCents: 50), sampleRate: 44_100)

let benchmarks: @Sendable () -> Void = {
    // Wall clock only: CPU time here has 10 ms resolution, and allocation counts need an
    // interposer that Swift 6.3 on Linux does not load (allocation-freedom is a unit test instead).
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock],
                                           maxDuration: .seconds(5), maxIterations: 50)

    Benchmark("FFT 2048 forward + inverse") { benchmark in
        let fft = RealFFT(size: 2048)
        var x = Signals.noise(seconds: 2048 / 44_100, amplitude: 1)
        x += [Float](repeating: 0, count: 2048 - x.count)
        var re = [Float](repeating: 0, count: 1025), im = re
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            x.withUnsafeMutableBufferPointer { xp in
                re.withUnsafeMutableBufferPointer { rp in
                    im.withUnsafeMutableBufferPointer { ip in
                        fft.forward(xp.baseAddress!, real: rp.baseAddress!, imag: ip.baseAddress!)
                        fft.inverse(real: rp.baseAddress!, imag: ip.baseAddress!, output: xp.baseAddress!)
                    }
                }
            }
        }
        blackHole(x)
    }

    for cents in [1200.0, -1200.0] {
        Benchmark("Pitch \(cents > 0 ? "+" : "")\(Int(cents)) cents, 10 s mono") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TimePitch.process(tenSeconds, cents: cents, tempo: 1))
            }
        }
    }

    for tempo in [0.5, 2.0] {
        Benchmark("Tempo \(tempo), 10 s mono") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TimePitch.process(tenSeconds, cents: 0, tempo: tempo))
            }
        }
    }

    Benchmark("Reverb medium hall, 10 s mono") { benchmark in
        let plan = ClassicVoice.named("reverb")!.plan
        for _ in benchmark.scaledIterations {
            blackHole(try Renderer.render(plan, input: tenSeconds))
        }
    }
}
