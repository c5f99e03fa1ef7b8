/// Named starting points for ``Reverb``.
public enum ReverbPreset: String, CaseIterable, Sendable {
    /// A small room: short, darker, close.
    case room
    /// A medium concert hall, about 2 s (the "Reverb" classic voice).
    case mediumHall
    /// A large hall, about 3.5 s.
    case largeHall
    /// A bright, dense plate with no pre-delay.
    case plate
    /// A vast stone space, about 7 s.
    case cathedral

    /// A human-readable name, e.g. `"Medium hall"`.
    public var displayName: String {
        switch self {
        case .room: "Room"
        case .mediumHall: "Medium hall"
        case .largeHall: "Large hall"
        case .plate: "Plate"
        case .cathedral: "Cathedral"
        }
    }

    /// Values for every ``Reverb`` parameter, keyed by parameter id.
    public var parameters: [String: Double] {
        let v: (decay: Double, preDelay: Double, damping: Double, size: Double, mix: Double)
        switch self {
        case .room: v = (0.6, 0.005, 0.5, 0.3, 0.35)
        case .mediumHall: v = (2.0, 0.02, 0.35, 0.7, 0.5)
        case .largeHall: v = (3.5, 0.035, 0.3, 0.9, 0.5)
        case .plate: v = (1.5, 0, 0.15, 0.45, 0.4)
        case .cathedral: v = (7.0, 0.06, 0.4, 1, 0.55)
        }
        return [
            Reverb.decaySecondsSpec.id: v.decay,
            Reverb.preDelaySecondsSpec.id: v.preDelay,
            Reverb.dampingSpec.id: v.damping,
            Reverb.sizeSpec.id: v.size,
            Reverb.mixSpec.id: v.mix,
        ]
    }
}
