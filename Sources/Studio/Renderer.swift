import AudioCore
import Effects
import PitchTime

/// What can be wrong with a plan; the message names the path to the bad value.
public struct PlanError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where in the plan, e.g. `effects[1].parameters.feedback`.
    public let path: String
    /// What is wrong there.
    public let message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// Renders plans offline (whole buffers) — shared by the CLI and the server.
public enum Renderer {
    /// Block size used to run the effects; any size gives the same result.
    static let blockSize = 4096
    /// The longest tail kept after the input, in seconds.
    static let maximumTailSeconds = 30.0
    /// Tails are kept until they fall below this level (-60 dBFS).
    static let tailThreshold: Float = 0.001

    /// Renders `input` through `plan`.
    ///
    /// - Parameters:
    ///   - progress: called now and then with the fraction done (0...1), from the calling thread.
    /// - Returns: the rendered audio; echo and reverb tails are kept until they fall below -60 dBFS.
    /// - Throws: ``PlanError`` when the plan is invalid (checked before any work).
    public static func render(_ plan: RenderPlan, input: AudioBuffer,
                              progress: ((Double) -> Void)? = nil) throws(PlanError) -> AudioBuffer {
        try plan.validate()
        let processors = makeProcessors(plan)
        let stretching = plan.pitchTime.map { $0.cents != 0 || $0.tempo != 1 } ?? false
        // The vocoder takes most of the time when it runs.
        let stretchShare = stretching ? (processors.isEmpty ? 1.0 : 0.8) : 0
        var buffer = input
        if let stage = plan.pitchTime, stretching {
            buffer = TimePitch.process(buffer, cents: stage.cents, tempo: stage.tempo,
                                       preserveFormants: stage.preserveFormants) { progress?($0 * stretchShare) }
        }
        if !processors.isEmpty {
            buffer = runChain(processors, on: buffer) { progress?(stretchShare + $0 * (1 - stretchShare)) }
        }
        progress?(1)
        return buffer
    }

    /// The processors of the effects rack and the master stage, parameters set, in order.
    static func makeProcessors(_ plan: RenderPlan) -> [any AudioProcessor] {
        var chain = [any AudioProcessor]()
        for slot in plan.effects where slot.enabled {
            guard let kind = EffectKind(rawValue: slot.type) else { continue }
            let processor = kind.makeProcessor()
            for (id, value) in slot.parameters { processor.setParameter(id, to: value) }
            chain.append(processor)
        }
        if let master = plan.master {
            if let cutoff = master.lowPassCutoffHz {
                let filter = EffectKind.lowPass.makeProcessor()
                filter.setParameter("cutoffHz", to: cutoff)
                filter.setParameter("resonance", to: master.lowPassResonance)
                chain.append(filter)
            }
            if master.volumeDecibels != 0 {
                let gain = EffectKind.gain.makeProcessor()
                gain.setParameter("gainDecibels", to: master.volumeDecibels)
                chain.append(gain)
            }
        }
        return chain
    }

    /// Runs `buffer` plus room for the chain's tail through the processors, then trims the tail
    /// where it falls below -60 dBFS for good.
    static func runChain(_ chain: [any AudioProcessor], on buffer: AudioBuffer,
                         progress: (Double) -> Void) -> AudioBuffer {
        let spec = ProcessSpec(sampleRate: buffer.sampleRate, channelCount: buffer.channelCount,
                               maximumFrameCount: blockSize)
        for processor in chain { processor.prepare(spec) }
        let tail = min(chain.reduce(0) { $0 + $1.tailFrames }, Int(maximumTailSeconds * buffer.sampleRate))
        var work = AudioBuffer(channelCount: buffer.channelCount, frameCount: buffer.frameCount + tail,
                               sampleRate: buffer.sampleRate)
        for c in 0..<buffer.channelCount {
            for i in 0..<buffer.frameCount { work[c, i] = buffer[c, i] }
        }
        var start = 0
        while start < work.frameCount {
            let end = min(work.frameCount, start + blockSize)
            work.withBlock(frames: start..<end) { block in
                for processor in chain { processor.process(block) }
            }
            start = end
            progress(Double(start) / Double(work.frameCount))
        }
        guard tail > 0 else { return work }
        // Keep everything up to the last sample above the threshold (never less than the input).
        var last = buffer.frameCount
        for c in 0..<work.channelCount {
            var i = work.frameCount - 1
            while i >= last && abs(work[c, i]) < tailThreshold { i -= 1 }
            last = max(last, i + 1)
        }
        return work.prefix(last)
    }
}

extension RenderPlan {
    /// Throws unless `value` is finite and within `spec`'s range.
    private static func check(_ value: Double, against spec: ParameterSpec, path: String) throws(PlanError) {
        guard value.isFinite, spec.range.contains(value) else {
            throw PlanError(path: path, message: "\(value) is outside \(spec.minimum)...\(spec.maximum) \(spec.unit.rawValue)")
        }
    }

    /// Checks every value against its declared range; the error names the path to the first bad one.
    public func validate() throws(PlanError) {
        if let stage = pitchTime {
            guard PitchTimeStage.centsRange.contains(stage.cents) else {
                throw PlanError(path: "pitchTime.cents", message: "\(stage.cents) is outside -2400...2400")
            }
            guard PitchTimeStage.tempoRange.contains(stage.tempo) else {
                throw PlanError(path: "pitchTime.tempo", message: "\(stage.tempo) is outside 1/32...32")
            }
        }
        for (index, slot) in effects.enumerated() {
            let path = "effects[\(index)]"
            guard let kind = EffectKind(rawValue: slot.type) else {
                let known = EffectKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw PlanError(path: "\(path).type", message: "unknown effect '\(slot.type)' (known: \(known))")
            }
            let specs = kind.parameterSpecs
            for (id, value) in slot.parameters.sorted(by: { $0.key < $1.key }) {
                guard let spec = specs.first(where: { $0.id == id }) else {
                    let known = specs.map(\.id).joined(separator: ", ")
                    throw PlanError(path: "\(path).parameters.\(id)", message: "unknown parameter (known: \(known))")
                }
                try Self.check(value, against: spec, path: "\(path).parameters.\(id)")
            }
        }
        if let master {
            // The master stage runs a LowPassFilter and a Gain: their declarations give the ranges.
            if let cutoff = master.lowPassCutoffHz {
                try Self.check(cutoff, against: LowPassFilter.cutoffHzSpec, path: "master.lowPassCutoffHz")
            }
            try Self.check(master.lowPassResonance, against: LowPassFilter.resonanceSpec, path: "master.lowPassResonance")
            try Self.check(master.volumeDecibels, against: Gain.gainDecibelsSpec, path: "master.volumeDecibels")
        }
    }
}
