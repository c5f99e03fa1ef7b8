import Testing
import AudioCore
import Studio
import Voice
import TestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ClassicVoiceTests {
    let rate = 44_100.0

    func render(_ id: String, _ x: [Float]) throws -> [Float] {
        try Renderer.render(ClassicVoice.named(id)!.plan, input: AudioBuffer(mono: x, sampleRate: rate)).channel(0)
    }

    @Test func thereAreSixVoicesInMenuOrder() {
        #expect(ClassicVoice.all.map(\.id) == ["snail", "rabbit", "chipmunk", "vader", "echo", "reverb"])
        #expect(ClassicVoice.named("Vader")?.name == "Darth Vader")
        #expect(ClassicVoice.named("robot") == nil)
    }

    @Test(arguments: [("snail", 2.0), ("rabbit", 0.5)])
    func snailAndRabbitLengthsAreExact(voice: (id: String, factor: Double)) throws {
        let x = Signals.harmonicTone(fundamentalHz: 180, seconds: 1.2345, sampleRate: rate)
        let y = try render(voice.id, x)
        #expect(y.count == Int((Double(x.count) * voice.factor).rounded()))
        // Pitch unchanged.
        let f = Measure.dominantFrequency(Array(y[y.count / 4..<(y.count * 3 / 4)]), sampleRate: rate, range: 150...220)
        #expect(abs(Measure.cents(f, relativeTo: 180)) < 1)
    }

    @Test(arguments: [("chipmunk", 1200.0), ("vader", -1200.0)])
    func chipmunkAndVaderShiftAnOctave(voice: (id: String, cents: Double)) throws {
        let f0 = 220.0
        let x = Signals.harmonicTone(fundamentalHz: f0, seconds: 1.5, sampleRate: rate)
        let y = try render(voice.id, x)
        #expect(y.count == x.count)
        let target = f0 * Units.ratio(fromCents: voice.cents)
        // YIN on the whole output (median over frames), and the strongest partial as a cross-check.
        let yin = try #require(PitchDetector.medianFrequency(y, sampleRate: rate))
        #expect(abs(Measure.cents(yin, relativeTo: target)) < 1, "\(voice.id): YIN \(yin) Hz for \(target) Hz")
        let f = Measure.dominantFrequency(Array(y[11_025..<55_125]), sampleRate: rate, range: (target * 0.9)...(target * 1.1))
        #expect(abs(Measure.cents(f, relativeTo: target)) < 1, "\(voice.id): \(f) Hz for \(target) Hz")
    }

    @Test func echoRepeatsEverySecondAndDecays() throws {
        let x = Signals.impulse(frame: 441, length: 22_050, amplitude: 0.9)
        let y = try render("echo", x)
        // The dry impulse is kept.
        #expect(abs(y[441] - 0.9) < 1e-3)
        var peaks = [(index: Int, value: Float)]()
        for k in 1...4 {
            let centre = 441 + k * 44_100
            guard centre + 441 < y.count else { break }
            let window = (centre - 441)...(centre + 441)   // ±10 ms
            let i = window.max { abs(y[$0]) < abs(y[$1]) }!
            peaks.append((i, abs(y[i])))
        }
        #expect(peaks.count >= 3)
        // First repeat at 1.000 s ± 1 ms, then decaying.
        #expect(abs(peaks[0].index - (441 + 44_100)) <= 44)
        for k in 1..<peaks.count {
            #expect(abs(peaks[k].index - peaks[k - 1].index - 44_100) <= 44)
            #expect(peaks[k].value < peaks[k - 1].value * 0.9)
        }
        // The tail is kept until it falls below -60 dBFS, and not much longer.
        #expect(y.count > 4 * 44_100)
        let lastLoud = y.lastIndex { abs($0) >= 0.001 }!
        #expect(y.count - lastLoud < 100)
    }

    @Test func reverbIsAMediumHallWithItsTail() throws {
        let x = Signals.impulse(frame: 0, length: 4410, amplitude: 1)
        let y = try render("reverb", x)
        // Schroeder backward integration of the wet tail (skip the dry impulse).
        let tail = Array(y[200...])
        var energy = [Double](repeating: 0, count: tail.count + 1)
        for i in stride(from: tail.count - 1, through: 0, by: -1) { energy[i] = energy[i + 1] + Double(tail[i] * tail[i]) }
        let db = energy.map { 10 * log10(max($0, 1e-30) / energy[0]) }
        let t5 = db.firstIndex { $0 <= -5 }!, t25 = db.firstIndex { $0 <= -25 }!
        let rt60 = Double(t25 - t5) / rate * 3
        #expect(rt60 >= 1.8 && rt60 <= 2.2, "RT60 \(rt60) s")
        // A loud burst rings on after the input ends until it falls below -60 dBFS, then stops.
        let burst = Signals.noise(seconds: 0.3, sampleRate: rate, amplitude: 0.5)
        let ringing = try render("reverb", burst)
        let lastLoud = ringing.lastIndex { abs($0) >= 0.001 }!
        #expect(Double(ringing.count - burst.count) / rate > 1.0, "tail \(Double(ringing.count - burst.count) / rate) s")
        #expect(ringing.count - lastLoud < 100)
    }

    @Test(arguments: ["snail", "rabbit", "chipmunk", "vader", "echo", "reverb"])
    func silenceInSilenceOut(id: String) throws {
        let y = try render(id, [Float](repeating: 0, count: 10_000))
        #expect(Measure.peak(y) == 0)
    }
}

@Suite struct RenderPlanTests {
    @Test func planRoundTripsThroughJSONWithDefaults() throws {
        let json = #"{"pitchTime":{"cents":700},"effects":[{"type":"echo","parameters":{"delaySeconds":0.25}}],"master":{"volumeDecibels":-3}}"#
        let plan = try JSONDecoder().decode(RenderPlan.self, from: Data(json.utf8))
        #expect(plan.pitchTime == PitchTimeStage(cents: 700, tempo: 1))
        #expect(plan.effects == [EffectSlot(type: "echo", enabled: true, parameters: ["delaySeconds": 0.25])])
        #expect(plan.master?.volumeDecibels == -3)
        let again = try JSONDecoder().decode(RenderPlan.self, from: JSONEncoder().encode(plan))
        #expect(again == plan)
    }

    @Test(arguments: [
        (RenderPlan(pitchTime: PitchTimeStage(cents: 3000)), "pitchTime.cents"),
        (RenderPlan(pitchTime: PitchTimeStage(tempo: 0)), "pitchTime.tempo"),
        (RenderPlan(effects: [EffectSlot(type: "flanger")]), "effects[0].type"),
        (RenderPlan(effects: [EffectSlot(type: "echo"), EffectSlot(type: "echo", parameters: ["feedback": 2])]),
         "effects[1].parameters.feedback"),
        (RenderPlan(effects: [EffectSlot(type: "reverb", parameters: ["wetness": 1])]), "effects[0].parameters.wetness"),
        (RenderPlan(master: MasterStage(volumeDecibels: 40)), "master.volumeDecibels"),
    ])
    func invalidPlansNameThePath(plan: RenderPlan, path: String) {
        #expect(throws: PlanError.self) { try plan.validate() }
        do {
            try plan.validate()
        } catch {
            #expect(error.path == path)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func masterStageFiltersAndScales() throws {
        let rate = 44_100.0
        let x = Signals.sine(frequencyHz: 200, seconds: 0.5, sampleRate: rate, amplitude: 0.5)
            .enumerated().map { $0.element + 0.3 * Float(sin(2 * Double.pi * 8000 * Double($0.offset) / rate)) }
        let plan = RenderPlan(master: MasterStage(lowPassCutoffHz: 1000, volumeDecibels: -6))
        let y = try Renderer.render(plan, input: AudioBuffer(mono: x, sampleRate: rate)).channel(0)
        let low = Signals.sine(frequencyHz: 200, seconds: 0.5, sampleRate: rate, amplitude: 0.5)
        // 8 kHz removed, 200 Hz kept at -6 dB.
        let ratio = Measure.rms(y, from: 4410) / Measure.rms(low, from: 4410)
        #expect(abs(Measure.decibels(ratio) + 6) < 0.5)
    }
}
