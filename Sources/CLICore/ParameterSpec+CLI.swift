import AudioCore
import Studio

extension ParameterSpec {
    /// Pitch change in cents, declared over ``Studio/PitchTimeStage/centsRange``.
    public static let pitchCents = ParameterSpec(
        id: "cents", name: "Pitch", range: PitchTimeStage.centsRange, defaultValue: 0, unit: .cents)
    /// Speed ratio, declared over ``Studio/PitchTimeStage/tempoRange``.
    public static let tempoRatio = ParameterSpec(
        id: "tempo", name: "Tempo", range: PitchTimeStage.tempoRange, defaultValue: 1, unit: .ratio)

    /// The range as people write it: `-2400...2400 cents`, `1/32...32`, `0.01...4 s`.
    public var rangeText: String {
        let symbol = unit.symbol
        let range = "\(Self.format(minimum))...\(Self.format(maximum))"
        return symbol.isEmpty ? range : "\(range) \(symbol)"
    }

    /// `value` if it is a finite number in the range, or an error for `flag` saying why not.
    ///
    /// - Parameters:
    ///   - value: The number given on the command line.
    ///   - flag: The flag, e.g. `--echo feedback`, named in the error.
    ///   - written: The value as the user wrote it (`1/33`), shown in the error instead of `value`.
    public func checked(_ value: Double, flag: String, written: String? = nil) throws(FlagError) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw FlagError(flag: flag, message: "\(written ?? Self.format(value)) is outside \(rangeText)")
        }
        return value
    }

    /// A number without a needless `.0`; 1/4, 1/8, ... as fractions.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        // Small powers of two read better as fractions: 1/32 rather than 0.03125.
        let reciprocal = abs(1 / value)
        if reciprocal >= 4, reciprocal < 1e6, reciprocal == reciprocal.rounded(), Int(reciprocal).nonzeroBitCount == 1 {
            return "\(value < 0 ? "-" : "")1/\(Int(reciprocal))"
        }
        return "\(value)"
    }
}

extension ParameterUnit {
    /// The short symbol written after a value; empty for plain numbers.
    public var symbol: String {
        switch self {
        case .hertz: "Hz"
        case .seconds: "s"
        case .milliseconds: "ms"
        case .decibels: "dB"
        case .cents: "cents"
        case .semitones: "semitones"
        case .percent: "%"
        case .ratio, .generic: ""
        }
    }
}
