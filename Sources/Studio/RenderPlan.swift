import AudioCore

/// A complete description of how to change a sound, as plain Codable data.
///
/// Stages run in order: pitch/tempo, then the effects rack (slot by slot), then the master stage.
/// The CLI (`--plan plan.json`), the server (`POST /api/recordings/{id}/render`) and the named
/// voices all use this one type, so a plan sounds the same wherever it is rendered.
public struct RenderPlan: Codable, Sendable, Equatable, Hashable {
    /// Pitch and tempo change; `nil` leaves both alone.
    public var pitchTime: PitchTimeStage?
    /// Effects in processing order.
    public var effects: [EffectSlot]
    /// Output stage; `nil` means unity gain and no filter.
    public var master: MasterStage?

    public init(pitchTime: PitchTimeStage? = nil, effects: [EffectSlot] = [], master: MasterStage? = nil) {
        self.pitchTime = pitchTime
        self.effects = effects
        self.master = master
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case pitchTime, effects, master }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pitchTime = try c.decodeIfPresent(PitchTimeStage.self, forKey: .pitchTime)
        effects = try c.decodeIfPresent([EffectSlot].self, forKey: .effects) ?? []
        master = try c.decodeIfPresent(MasterStage.self, forKey: .master)
    }
}

/// Independent pitch (cents) and tempo (speed ratio) change.
public struct PitchTimeStage: Codable, Sendable, Equatable, Hashable {
    /// Pitch change in cents, -2400...2400 (1200 = one octave up).
    public var cents: Double
    /// Speed ratio, 1/32...32; 2 plays twice as fast (half the duration) at the same pitch.
    public var tempo: Double
    /// Keep the vocal formants in place while shifting pitch (less "chipmunk" timbre).
    public var preserveFormants: Bool

    public static let centsRange: ClosedRange<Double> = -2400...2400
    public static let tempoRange: ClosedRange<Double> = (1.0 / 32)...32

    public init(cents: Double = 0, tempo: Double = 1, preserveFormants: Bool = false) {
        self.cents = cents
        self.tempo = tempo
        self.preserveFormants = preserveFormants
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case cents, tempo, preserveFormants }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cents = try c.decodeIfPresent(Double.self, forKey: .cents) ?? 0
        tempo = try c.decodeIfPresent(Double.self, forKey: .tempo) ?? 1
        preserveFormants = try c.decodeIfPresent(Bool.self, forKey: .preserveFormants) ?? false
    }
}

/// One slot of the effects rack.
public struct EffectSlot: Codable, Sendable, Equatable, Hashable {
    /// Which effect, e.g. `"echo"` or `"reverb"` (see `EffectKind`).
    public var type: String
    /// A disabled slot is kept in the plan but not heard.
    public var enabled: Bool
    /// Parameter values by id; missing ones take their defaults.
    public var parameters: [String: Double]

    public init(type: String, enabled: Bool = true, parameters: [String: Double] = [:]) {
        self.type = type
        self.enabled = enabled
        self.parameters = parameters
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case type, enabled, parameters }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        parameters = try c.decodeIfPresent([String: Double].self, forKey: .parameters) ?? [:]
    }
}

/// The output stage: an optional low-pass filter and a volume.
public struct MasterStage: Codable, Sendable, Equatable, Hashable {
    /// Low-pass cutoff in hertz; `nil` disables the filter.
    public var lowPassCutoffHz: Double?
    /// Filter resonance (Q), 0.5...10.
    public var lowPassResonance: Double
    /// Output gain in decibels, -60...+12.
    public var volumeDecibels: Double

    public init(lowPassCutoffHz: Double? = nil, lowPassResonance: Double = 0.707, volumeDecibels: Double = 0) {
        self.lowPassCutoffHz = lowPassCutoffHz
        self.lowPassResonance = lowPassResonance
        self.volumeDecibels = volumeDecibels
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case lowPassCutoffHz, lowPassResonance, volumeDecibels }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lowPassCutoffHz = try c.decodeIfPresent(Double.self, forKey: .lowPassCutoffHz)
        lowPassResonance = try c.decodeIfPresent(Double.self, forKey: .lowPassResonance) ?? 0.707
        volumeDecibels = try c.decodeIfPresent(Double.self, forKey: .volumeDecibels) ?? 0
    }
}

/// Any key of a JSON object.
private struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the object being decoded has a key that `Key` does not list: a misspelt key
    /// (`"pitchtime"`) would otherwise be skipped and its stage silently left at the default.
    func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_: Key.Type) throws {
        let known = Key.allCases.map(\.stringValue)
        let object = try container(keyedBy: AnyCodingKey.self)
        for key in object.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown key; expected one of \(known.joined(separator: ", "))"))
        }
    }
}
