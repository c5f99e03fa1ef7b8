import AudioCore

/// Peak and RMS level of a buffer in dBFS, as shown to users.
struct AudioLevels: Sendable, Equatable {
    /// Levels are never reported below this, so that silence gives a number JSON can carry
    /// instead of -infinity.
    static let floorDecibels = -120.0

    let peakDecibels: Double
    let rmsDecibels: Double

    init(measuring buffer: AudioBuffer) {
        peakDecibels = Self.decibels(Double(buffer.peak))
        rmsDecibels = Self.decibels(Double(buffer.rms))
    }

    private static func decibels(_ amplitude: Double) -> Double {
        max(floorDecibels, Units.decibels(fromAmplitude: amplitude))
    }
}
