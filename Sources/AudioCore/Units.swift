#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversions between linear and logarithmic units.
public enum Units {
    /// Amplitude ratio to decibels (full scale = 0 dB); silence gives -infinity.
    public static func decibels(fromAmplitude amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }

    /// Decibels to an amplitude ratio.
    public static func amplitude(fromDecibels decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// A frequency ratio from cents (1200 cents = one octave).
    public static func ratio(fromCents cents: Double) -> Double {
        pow(2, cents / 1200)
    }

    /// Cents from a frequency ratio.
    public static func cents(fromRatio ratio: Double) -> Double {
        1200 * log2(ratio)
    }
}
