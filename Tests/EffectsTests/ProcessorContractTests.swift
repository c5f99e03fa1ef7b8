import AudioCore
import Effects
import Foundation
import Testing
import TestSupport

/// The engine contract (DESIGN.md), checked for every effect in the registry.
@Suite struct ProcessorContractTests {
    /// A processor set up so that its memory and parameters are exercised within a short render:
    /// a 13 ms echo (a fractional number of frames), a resonant filter, a boost.
    static func configured(_ kind: EffectKind) -> any AudioProcessor {
        switch kind {
        case .echo: kind.makeProcessor(parameters: ["delaySeconds": 0.0131, "feedback": 0.8, "mix": 0.7])
        case .reverb: kind.makeProcessor(parameters: ["decaySeconds": 1.5, "preDelaySeconds": 0.003])
        case .lowPass: kind.makeProcessor(parameters: ["cutoffHz": 1_500, "resonance": 4])
        case .gain: kind.makeProcessor(parameters: ["gainDecibels": 6])
        }
    }

    /// Stereo test input: noise on the left, a click train on the right.
    static func stereoInput(seconds: Double, sampleRate: Double = 44_100) -> [[Float]] {
        [Signals.noise(seconds: seconds, sampleRate: sampleRate, amplitude: 0.3),
         Signals.clickTrain(intervalSeconds: 0.037, seconds: seconds, sampleRate: sampleRate)]
    }

    @Test(arguments: EffectKind.allCases)
    func silenceInSilenceOut(kind: EffectKind) {
        let processor = Self.configured(kind)
        let out = render(processor, [[Float]](repeating: [Float](repeating: 0, count: 44_100), count: 2))
        #expect(out.allSatisfy { $0.allSatisfy { $0 == 0 } })
    }

    @Test(arguments: EffectKind.allCases)
    func blockSizeDoesNotChangeOutput(kind: EffectKind) {
        let input = Self.stereoInput(seconds: 0.25)
        let reference = render(Self.configured(kind), input, blockSize: input[0].count)
        #expect(Measure.peak(reference[0]) > 0.01)
        for blockSize in [1, 7, 64, 512, 4096] {
            let out = render(Self.configured(kind), input, blockSize: blockSize)
            #expect(maximumDifference(out, reference) < 1e-5, "block size \(blockSize)")
        }
    }

    @Test(arguments: EffectKind.allCases)
    func parameterExtremesStayFinite(kind: EffectKind) {
        let specs = kind.parameterSpecs
        // All minimum, all maximum, and alternating corners.
        let corners: [[Double]] = [
            specs.map(\.minimum), specs.map(\.maximum),
            specs.indices.map { $0 % 2 == 0 ? specs[$0].minimum : specs[$0].maximum },
            specs.indices.map { $0 % 2 == 0 ? specs[$0].maximum : specs[$0].minimum },
        ]
        let input = Self.stereoInput(seconds: 0.5)
        for corner in corners {
            let processor = kind.makeProcessor()
            for (spec, value) in zip(specs, corner) { processor.setParameter(spec.id, to: value) }
            let out = render(processor, input)
            let finite = out.allSatisfy { $0.allSatisfy(\.isFinite) }
            #expect(finite, "\(corner)")
            // Bounded: a resonant filter may ring up to Q and the echo accumulate ~20 repeats,
            // but nothing should grow without limit.
            #expect(out.map { Measure.peak($0) }.max()! < 100, "\(corner)")
        }
    }

    @Test(arguments: EffectKind.allCases)
    func processDoesNotAllocate(kind: EffectKind) {
        let processor = Self.configured(kind)
        processor.prepare(ProcessSpec(sampleRate: 48_000, channelCount: 2, maximumFrameCount: 512))
        var buffer = AudioBuffer(channels: Self.stereoInput(seconds: 512 / 48_000.0, sampleRate: 48_000),
                                 sampleRate: 48_000)
        let steady = buffer.withBlock { block in countAllocations { processor.process(block) } }
        #expect(steady == 0)
        // Moving every parameter makes the smoothing paths run too.
        for spec in kind.parameterSpecs { processor.setParameter(spec.id, to: spec.minimum + 0.37 * (spec.maximum - spec.minimum)) }
        let moving = buffer.withBlock { block in countAllocations { processor.process(block) } }
        #expect(moving == 0)
    }

    @Test(arguments: EffectKind.allCases)
    func resetThenSameInputGivesSameOutput(kind: EffectKind) {
        let processor = Self.configured(kind)
        let input = Self.stereoInput(seconds: 0.2)
        let first = render(processor, input)
        processor.reset()
        let second = render(processor, input, prepare: false)
        #expect(Measure.peak(first[0]) > 0.01)
        #expect(maximumDifference(first, second) == 0)
    }

    @Test(arguments: EffectKind.allCases)
    func movingAParameterDoesNotClick(kind: EffectKind) {
        // A low sine, then one parameter jumps; a click is a step far above the sine's slope.
        let (id, from, to): (String, Double, Double) = switch kind {
        case .echo: ("delaySeconds", 0.05, 0.0371)
        case .reverb: ("mix", 0.2, 1)
        case .lowPass: ("cutoffHz", 200, 8_000)
        case .gain: ("gainDecibels", -20, 12)
        }
        let processor = kind.makeProcessor(parameters: [id: from])
        if kind == .echo { processor.setParameter("mix", to: 1) }
        let sampleRate = 44_100.0
        let input = Signals.sine(frequencyHz: 110, seconds: 1, sampleRate: sampleRate, amplitude: 0.25)
        let change = 22_150  // near a peak of the sine, where an unsmoothed jump shows most
        processor.prepare(ProcessSpec(sampleRate: sampleRate, channelCount: 1, maximumFrameCount: 256))
        let before = renderMono(processor, Array(input[..<change]), blockSize: 256, prepare: false)
        processor.setParameter(id, to: to)
        let after = renderMono(processor, Array(input[change...]), blockSize: 256, prepare: false)
        let out = before + after
        let stepBefore = largestStep(out, in: (change - 4_410)..<change)
        let stepSettled = largestStep(out, in: (out.count - 4_410)..<out.count)
        let stepAtChange = largestStep(out, in: change..<(change + 4_410))
        #expect(stepAtChange <= 1.25 * max(stepBefore, stepSettled) + 1e-3,
                "step \(stepAtChange) vs steady \(stepBefore), \(stepSettled)")
    }

    @Test(arguments: EffectKind.allCases)
    func settersClampAndUnknownIdsAreIgnored(kind: EffectKind) {
        let processor = kind.makeProcessor()
        #expect(processor.parameterSpecs == kind.parameterSpecs)
        for spec in kind.parameterSpecs {
            #expect(processor.parameter(spec.id) == spec.defaultValue)
            #expect(processor.setParameter(spec.id, to: spec.maximum + 1_000))
            #expect(processor.parameter(spec.id) == spec.maximum)
            processor.setParameter(spec.id, to: spec.minimum - 1_000)
            #expect(processor.parameter(spec.id) == spec.minimum)
        }
        #expect(processor.setParameter("noSuchParameter", to: 1) == false)
        #expect(processor.parameter("noSuchParameter") == nil)
    }

    @Test func planJSONMapsToProcessors() throws {
        struct Slot: Decodable { var type: String; var parameters: [String: Double] }
        let json = #"[{"type":"echo","parameters":{"delaySeconds":1}},{"type":"lowPass","parameters":{"cutoffHz":800}}]"#
        let slots = try JSONDecoder().decode([Slot].self, from: Data(json.utf8))
        let processors = try slots.map { slot in
            let kind = try #require(EffectKind(rawValue: slot.type))
            return kind.makeProcessor(parameters: slot.parameters)
        }
        #expect(processors[0] is Echo)
        #expect(processors[0].parameter("delaySeconds") == 1)
        #expect(processors[0].parameter("feedback") == Echo.feedbackSpec.defaultValue)
        #expect(processors[1] is LowPassFilter)
        #expect(processors[1].parameter("cutoffHz") == 800)
        #expect(EffectKind(rawValue: "flanger") == nil)
        #expect(Set(EffectKind.allCases.map(\.displayName)).count == EffectKind.allCases.count)
    }
}
