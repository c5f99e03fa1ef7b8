import AudioCore

/// Every effect a render plan can name, mapping a plan slot's `type` to a processor.
///
/// The raw value is the `type` string used in plans:
/// `{"type": "echo", "parameters": {"delaySeconds": 1}}`.
public enum EffectKind: String, CaseIterable, Sendable {
    /// ``Echo``: a feedback delay.
    case echo
    /// ``Reverb``: an algorithmic hall reverb.
    case reverb
    /// ``LowPassFilter``: a resonant low-pass filter.
    case lowPass
    /// ``Gain``: a volume control in decibels.
    case gain

    /// The parameters of this effect, in display order.
    public var parameterSpecs: [ParameterSpec] {
        switch self {
        case .echo: Echo.parameterSpecs
        case .reverb: Reverb.parameterSpecs
        case .lowPass: LowPassFilter.parameterSpecs
        case .gain: Gain.parameterSpecs
        }
    }

    /// A human-readable name, e.g. `"Low-pass filter"`.
    public var displayName: String {
        switch self {
        case .echo: "Echo"
        case .reverb: "Reverb"
        case .lowPass: "Low-pass filter"
        case .gain: "Gain"
        }
    }

    /// A new processor of this kind with default parameters; call `prepare(_:)` before use.
    public func makeProcessor() -> any AudioProcessor {
        switch self {
        case .echo: Echo()
        case .reverb: Reverb()
        case .lowPass: LowPassFilter()
        case .gain: Gain()
        }
    }

    /// A new processor with `parameters` applied (missing ids keep their defaults; unknown ids
    /// are ignored; values are clamped).
    public func makeProcessor(parameters: [String: Double]) -> any AudioProcessor {
        let processor = makeProcessor()
        for (id, value) in parameters { processor.setParameter(id, to: value) }
        return processor
    }
}
