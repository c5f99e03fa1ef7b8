import AudioCore
import CLICore
import Effects
import Studio
import Testing

@Suite struct PlanFlagsTests {
    @Test(arguments: [("0.5", 0.5), ("1/2", 0.5), ("3/2", 1.5), ("2", 2.0), ("1/32", 1.0 / 32)])
    func ratiosParse(text: String, value: Double) {
        #expect(PlanFlags.parseRatio(text) == value)
    }

    @Test(arguments: ["", "1/0", "a/b", "1/2/3", "/2", "half"])
    func malformedRatiosDoNot(text: String) {
        #expect(PlanFlags.parseRatio(text) == nil)
    }

    @Test func flagsBuildThePlanInStageOrder() throws {
        var flags = PlanFlags()
        flags.pitchCents = -300
        flags.tempo = "4/5"
        flags.preserveFormants = true
        flags.echo = "0.25"
        flags.reverb = "MediumHall"
        flags.reverbMix = 0.2
        flags.lowPassHz = 8_000
        flags.volumeDecibels = -3
        var reverb = ReverbPreset.mediumHall.parameters
        reverb["mix"] = 0.2
        #expect(try flags.makePlan() == RenderPlan(
            pitchTime: PitchTimeStage(cents: -300, tempo: 0.8, preserveFormants: true),
            effects: [EffectSlot(type: "echo", parameters: ["delaySeconds": 0.25]),
                      EffectSlot(type: "reverb", parameters: reverb)],
            master: MasterStage(lowPassCutoffHz: 8_000, volumeDecibels: -3)))
        #expect(try PlanFlags().makePlan() == RenderPlan())
    }

    /// Each flag accepts exactly its parameter's declared range: the ends, not a step beyond.
    @Test func rangesComeFromTheParameterDeclarations() throws {
        typealias Setter = (inout PlanFlags, Double) -> Void
        let cases: [(ParameterSpec, Setter)] = [
            (.pitchCents, { $0.pitchCents = $1 }),
            (.tempoRatio, { $0.tempo = "\($1)" }),
            (Echo.delaySecondsSpec, { $0.echo = "\($1)" }),
            (Echo.feedbackSpec, { $0.echo = "1:\($1)" }),
            (Echo.mixSpec, { $0.echo = "1:0.5:\($1)" }),
            (Reverb.mixSpec, { $0.reverb = "room"; $0.reverbMix = $1 }),
            (LowPassFilter.cutoffHzSpec, { $0.lowPassHz = $1 }),
            (Gain.gainDecibelsSpec, { $0.volumeDecibels = $1 }),
        ]
        for (spec, set) in cases {
            for value in [spec.minimum, spec.maximum, spec.defaultValue] {
                var flags = PlanFlags()
                set(&flags, value)
                let plan = try flags.makePlan()
                try plan.validate()
            }
            for value in [spec.minimum - spec.minimum.magnitude * 0.01 - 1e-3, spec.maximum * 1.01 + 1e-3, .nan] {
                var flags = PlanFlags()
                set(&flags, value)
                #expect(throws: FlagError.self, "\(spec.id) = \(value)") { try flags.makePlan() }
            }
        }
        #expect(PitchTimeStage.centsRange == ParameterSpec.pitchCents.range)
    }

    @Test func helpShowsTheDeclaredRanges() {
        #expect(PlanFlags.Help.pitch.contains("-2400...2400 cents"))
        #expect(PlanFlags.Help.tempo.contains("1/32...32"))
        #expect(PlanFlags.Help.echo.contains("delay time 0.01...4 s (default 1), feedback 0...0.95 (default 0.5)"))
        #expect(PlanFlags.Help.lowPass.contains("20...20000 Hz"))
        #expect(PlanFlags.Help.volume.contains("-60...12 dB"))
        for preset in ReverbPreset.allCases { #expect(PlanFlags.Help.reverb.contains(preset.rawValue)) }
    }
}

@Suite struct ProgressBarTests {
    /// A clock the test moves by hand, and what the bar wrote.
    final class Harness {
        var time = 100.0
        var written = [String]()
        func bar(terminal: Bool) -> ProgressBar {
            ProgressBar(isTerminal: terminal, write: { self.written.append($0) }, now: { self.time })
        }
    }

    @Test func drawsOnlyOnATerminalAfterOneSecond() {
        let h = Harness()
        let bar = h.bar(terminal: true)
        h.time += 0.9
        bar.update(0.5)
        #expect(h.written.isEmpty)  // short work stays silent
        h.time += 0.2
        bar.update(0.5)
        #expect(h.written == ["\r[###############---------------] 50%  1 s"])
        h.time += 0.05
        bar.update(0.6)
        #expect(h.written.count == 1)  // at most ten redraws a second
        h.time += 0.1
        bar.update(1)
        #expect(h.written.last == "\r[##############################] 100%  1 s")
        bar.finish()
        #expect(h.written.last == "\r\u{1B}[2K")
    }

    @Test func writesNothingWhenNotATerminal() {
        let h = Harness()
        let bar = h.bar(terminal: false)
        for step in 1...50 {
            h.time += 0.5
            bar.update(Double(step) / 50)
        }
        bar.finish()
        #expect(h.written.isEmpty)
    }

    @Test func shortWorkLeavesNothingToErase() {
        let h = Harness()
        let bar = h.bar(terminal: true)
        bar.update(1)
        bar.finish()
        #expect(h.written.isEmpty)
    }
}
