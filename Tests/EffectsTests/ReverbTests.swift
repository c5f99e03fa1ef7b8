import AudioCore
import Effects
import Testing
import TestSupport

@Suite struct ReverbTests {
    /// The wet impulse response of a reverb (mix 1), long enough for a -60 dB decay plus margin.
    private func impulseResponse(_ reverb: Reverb, seconds: Double, sampleRate: Double) -> [Float] {
        reverb.setParameter("mix", to: 1)
        let n = Int(seconds * sampleRate)
        return renderMono(reverb, Signals.impulse(frame: 0, length: n), sampleRate: sampleRate, blockSize: 4096)
    }

    @Test(arguments: [44_100.0, 48_000.0])
    func mediumHallMeasuresTwoSeconds(sampleRate: Double) {
        let reverb = Reverb(preset: .mediumHall)
        let h = impulseResponse(reverb, seconds: 2.6, sampleRate: sampleRate)
        let rt60 = Acoustics.rt60(h, sampleRate: sampleRate)
        print("RT60 mediumHall @\(Int(sampleRate)) Hz: \(rt60) s")
        #expect(rt60 >= 1.8 && rt60 <= 2.2, "measured RT60 \(rt60) s")
    }
}
