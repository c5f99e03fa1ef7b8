import Effects

/// The six voices people ask for first, as named render plans.
public struct ClassicVoice: Sendable, Equatable, Identifiable, Codable {
    /// Stable id used by the CLI and the API, e.g. `"chipmunk"`.
    public let id: String
    /// Display name, e.g. `"Darth Vader"`.
    public let name: String
    /// One sentence saying what the voice does.
    public let description: String
    /// The plan that makes the sound.
    public let plan: RenderPlan

    /// All voices in menu order.
    public static let all: [ClassicVoice] = [
        ClassicVoice(id: "snail", name: "Snail",
                     description: "Half speed, same pitch: twice as long.",
                     plan: RenderPlan(pitchTime: PitchTimeStage(tempo: 0.5))),
        ClassicVoice(id: "rabbit", name: "Rabbit",
                     description: "Double speed, same pitch: half as long.",
                     plan: RenderPlan(pitchTime: PitchTimeStage(tempo: 2))),
        ClassicVoice(id: "chipmunk", name: "Chipmunk",
                     description: "One octave up, same duration.",
                     plan: RenderPlan(pitchTime: PitchTimeStage(cents: 1200))),
        ClassicVoice(id: "vader", name: "Darth Vader",
                     description: "One octave down, same duration.",
                     plan: RenderPlan(pitchTime: PitchTimeStage(cents: -1200))),
        ClassicVoice(id: "echo", name: "Echo",
                     description: "Repeats every second, fading away, over the dry voice.",
                     plan: RenderPlan(effects: [EffectSlot(type: EffectKind.echo.rawValue, parameters: [
                         "delaySeconds": 1.0, "feedback": 0.5, "mix": 0.5,
                     ])])),
        ClassicVoice(id: "reverb", name: "Reverb",
                     description: "A medium concert hall, half wet and half dry.",
                     plan: RenderPlan(effects: [EffectSlot(type: EffectKind.reverb.rawValue,
                                                           parameters: ReverbPreset.mediumHall.parameters)])),
    ]

    /// The voice with an id (case-insensitive), or nil.
    public static func named(_ id: String) -> ClassicVoice? {
        all.first { $0.id == id.lowercased() }
    }
}
