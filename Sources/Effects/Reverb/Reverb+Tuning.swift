extension Reverb {
    /// The fixed design constants of the network, chosen by ear and by the tests' measurements.
    enum Tuning {
        static let lineCount = 16

        /// How damping tilts the decay around the broadband RT60: at `damping` 1 the lowest
        /// frequencies ring 25% longer than `decaySeconds` and the highest (at Nyquist) decay in
        /// 30% of it, like a hall's warm bass and absorbed treble. Measured by T30 on the full-band
        /// impulse response, the RT60 stays within about 10% of `decaySeconds` across the damping
        /// range (the tilt pivots in the middle of the band, where most of the energy is).
        static let lowBoost = 0.25
        static let highCut = 0.7

        /// Nominal line lengths at `size` 1, in milliseconds: a geometric spread from 30 to 100 ms
        /// (ratio ≈ 1.083), so the lines' first echoes are spaced evenly on a log scale. Each is
        /// rounded to a distinct prime number of frames at run time.
        static let lineMilliseconds: [Double] = (0..<lineCount).map { k in
            30 * pow(100.0 / 30, Double(k) / Double(lineCount - 1))
        }

        /// Input diffuser lengths in milliseconds (rounded to distinct primes at run time).
        static let diffuserMilliseconds: [Double] = [3.3, 4.7, 7.1, 10.3]
        /// Allpass coefficient of the diffusers.
        static let diffuserGain: Float = 0.62

        /// How the diffused input enters each line: a sign pattern that is not a row of the
        /// Hadamard matrix, so the first mix does not fold it back into one line.
        static let inputSigns = SIMD16<Float>(
            1, -1, 1, 1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, -1, 1) * 0.25
        /// Output taps for the left and right channels: orthogonal sign patterns, so the two
        /// outputs are uncorrelated (their dot product is 0).
        static let leftSigns = SIMD16<Float>(
            1, 1, -1, 1, -1, -1, 1, -1, 1, -1, 1, 1, -1, 1, 1, -1) * 0.25
        static let rightSigns = SIMD16<Float>(
            1, -1, 1, 1, 1, -1, 1, 1, -1, -1, 1, -1, -1, -1, -1, -1) * 0.25
        /// Scale of the wet output: gives the default hall's impulse response about unit energy
        /// (measured 0.16 before scaling), so at mix 0.5 dry and wet are about equally loud.
        static let outputGain: Float = 2.5
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
