import AudioCore
import Effects
import Studio

/// The `render` command's effect flags as given, and their conversion to a ``Studio/RenderPlan``.
///
/// Every range comes from a ``AudioCore/ParameterSpec`` (the processors' own declarations), so
/// the flags, their help and the plan JSON accept exactly the same values.
public struct PlanFlags: Sendable, Equatable {
    /// `--pitch`: cents, -2400...2400.
    public var pitchCents: Double?
    /// `--tempo`: a ratio written `0.5` or `1/2`.
    public var tempo: String?
    /// `--formants`: keep formants in place while shifting pitch.
    public var preserveFormants = false
    /// `--echo DELAY[:FEEDBACK[:MIX]]`.
    public var echo: String?
    /// `--reverb PRESET`, a ``Effects/ReverbPreset`` name.
    public var reverb: String?
    /// `--reverb-mix`: overrides the preset's wet/dry balance.
    public var reverbMix: Double?
    /// `--lowpass`: cutoff in hertz.
    public var lowPassHz: Double?
    /// `--volume`: output gain in decibels.
    public var volumeDecibels: Double?

    /// Creates an empty set of flags (a plan that changes nothing).
    public init() {}

    /// The flags that were given, as the user would write them (for "cannot combine" errors).
    public var givenFlags: [String] {
        var flags = [String]()
        if pitchCents != nil { flags.append("--pitch") }
        if tempo != nil { flags.append("--tempo") }
        if preserveFormants { flags.append("--formants") }
        if echo != nil { flags.append("--echo") }
        if reverb != nil { flags.append("--reverb") }
        if reverbMix != nil { flags.append("--reverb-mix") }
        if lowPassHz != nil { flags.append("--lowpass") }
        if volumeDecibels != nil { flags.append("--volume") }
        return flags
    }

    /// The plan the flags describe: pitch/tempo, then echo, then reverb, then low-pass and volume.
    ///
    /// - Throws: ``FlagError`` naming the flag whose value is malformed or out of range.
    public func makePlan() throws(FlagError) -> RenderPlan {
        var plan = RenderPlan()
        if pitchCents != nil || tempo != nil || preserveFormants {
            var stage = PitchTimeStage(preserveFormants: preserveFormants)
            if let pitchCents { stage.cents = try ParameterSpec.pitchCents.checked(pitchCents, flag: "--pitch") }
            if let tempo {
                guard let value = Self.parseRatio(tempo) else {
                    throw FlagError(flag: "--tempo", message: "'\(tempo)' is not a ratio (write 0.5 or 1/2)")
                }
                stage.tempo = try ParameterSpec.tempoRatio.checked(value, flag: "--tempo", written: tempo)
            }
            plan.pitchTime = stage
        }
        if let echo { plan.effects.append(try Self.echoSlot(echo)) }
        if let reverb {
            var parameters = try Self.reverbPreset(reverb).parameters
            if let reverbMix { parameters[Reverb.mixSpec.id] = try Reverb.mixSpec.checked(reverbMix, flag: "--reverb-mix") }
            plan.effects.append(EffectSlot(type: EffectKind.reverb.rawValue, parameters: parameters))
        } else if reverbMix != nil {
            throw FlagError(flag: "--reverb-mix", message: "needs --reverb PRESET")
        }
        if lowPassHz != nil || volumeDecibels != nil {
            var master = MasterStage()
            if let lowPassHz {
                master.lowPassCutoffHz = try LowPassFilter.cutoffHzSpec.checked(lowPassHz, flag: "--lowpass")
            }
            if let volumeDecibels {
                master.volumeDecibels = try Gain.gainDecibelsSpec.checked(volumeDecibels, flag: "--volume")
            }
            plan.master = master
        }
        return plan
    }

    /// A ratio written as a decimal (`0.5`, `2`) or a fraction (`1/2`, `3/2`); nil if malformed.
    public static func parseRatio(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return Double(text)
        case 2:
            guard let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
            return numerator / denominator
        default:
            return nil
        }
    }

    /// The echo slot for `DELAY[:FEEDBACK[:MIX]]`; omitted fields take the parameters' defaults.
    static func echoSlot(_ text: String) throws(FlagError) -> EffectSlot {
        let specs = [Echo.delaySecondsSpec, Echo.feedbackSpec, Echo.mixSpec]
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...specs.count).contains(fields.count) else {
            throw FlagError(flag: "--echo", message: "'\(text)' is not DELAY[:FEEDBACK[:MIX]]")
        }
        var parameters = [String: Double]()
        for (field, spec) in zip(fields, specs) {
            let name = "--echo \(spec.name.lowercased())"
            guard let value = Double(field) else {
                throw FlagError(flag: name, message: "'\(field)' is not a number (\(spec.rangeText))")
            }
            parameters[spec.id] = try spec.checked(value, flag: name)
        }
        return EffectSlot(type: EffectKind.echo.rawValue, parameters: parameters)
    }

    /// The preset named `name` (case-insensitive), or an error listing the names.
    static func reverbPreset(_ name: String) throws(FlagError) -> ReverbPreset {
        guard let preset = ReverbPreset.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            throw FlagError(flag: "--reverb", message: "unknown preset '\(name)' (known: \(reverbPresetNames))")
        }
        return preset
    }

    /// The reverb presets' names, comma-separated.
    public static var reverbPresetNames: String {
        ReverbPreset.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// Help for each flag, built from the parameter declarations.
    public enum Help {
        /// `--pitch`.
        public static var pitch: String {
            "Pitch change in cents, \(ParameterSpec.pitchCents.rangeText) (1200 = one octave up); the length is kept."
        }
        /// `--tempo`.
        public static var tempo: String {
            "Speed ratio, \(ParameterSpec.tempoRatio.rangeText), as 0.5 or 1/2 (half speed, twice as long); the pitch is kept."
        }
        /// `--formants`.
        public static let formants = "Keep the vocal formants in place while shifting pitch."
        /// `--echo`.
        public static var echo: String {
            let fields = [Echo.delaySecondsSpec, Echo.feedbackSpec, Echo.mixSpec].map { spec in
                "\(spec.name.lowercased()) \(spec.rangeText) (default \(ParameterSpec.format(spec.defaultValue)))"
            }
            return "Echo as DELAY[:FEEDBACK[:MIX]]: " + fields.joined(separator: ", ") + "."
        }
        /// `--reverb`.
        public static var reverb: String { "Reverb preset: \(reverbPresetNames)." }
        /// `--reverb-mix`.
        public static var reverbMix: String {
            "Reverb wet/dry balance, \(Reverb.mixSpec.rangeText) (0 dry, 1 wet; default: the preset's)."
        }
        /// `--lowpass`.
        public static var lowPass: String { "Low-pass filter cutoff, \(LowPassFilter.cutoffHzSpec.rangeText)." }
        /// `--volume`.
        public static var volume: String { "Output volume, \(Gain.gainDecibelsSpec.rangeText)." }
    }
}
