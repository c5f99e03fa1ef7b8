#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A band-limited resampling kernel for any ratio: a Kaiser-windowed sinc stored as a polyphase
/// table, evaluated with linear interpolation between adjacent phases.
///
/// The kernel's cutoff sits below the lower of the two Nyquist frequencies so that the stopband
/// begins at that Nyquist: about 75 dB of alias rejection, flat (±0.05 dB) to 85% of it.
/// It holds no stream state; ``Resampler`` and the pitch shifter drive it over their own FIFOs.
public final class SincKernel: @unchecked Sendable {
    /// Input frames consumed per output frame (> 1 lowers the rate, < 1 raises it).
    public let step: Double
    /// Taps per output sample.
    public let tapCount: Int
    /// Input samples needed before a read position (and `tapCount - before` at and after it).
    public var tapsBefore: Int { tapCount / 2 - 1 }
    /// Input samples needed after a read position.
    public var tapsAfter: Int { tapCount / 2 }

    private let phaseCount: Int
    // True when the kernel passes input samples through unchanged at whole positions.
    private let interpolating: Bool
    // (phaseCount + 1) rows of tapCount coefficients; row i is the kernel delayed by i/phaseCount.
    // Rows are computed on first use: exact ratios such as an octave touch only one or two.
    private let table: UnsafeMutablePointer<Float>
    private let rowReady: UnsafeMutablePointer<Bool>
    private let cutoff: Double
    private let halfWidth: Double
    private static let beta = 7.6
    private let i0Beta = SincKernel.besselI0(SincKernel.beta)

    /// Builds the kernel for a ratio of input frames per output frame.
    ///
    /// - Parameters:
    ///   - interpolating: for upsampling only (`step < 1`). Centres the transition band on the
    ///     input's Nyquist instead of ending it there, so that the kernel is zero at every whole
    ///     offset but its centre: samples at whole input positions are the input samples, copied
    ///     without a dot product. That halves the work of an exact 2x upsampling; the price is
    ///     images between 1 and 1.073 times the input's Nyquist, at least 6 dB down and 75 dB down
    ///     above that.
    /// - Important: Allocates; build it outside the audio path.
    public init(step: Double, zeroCrossings: Int = 32, phaseCount: Int = 256, interpolating: Bool = false) {
        precondition(step > 0 && step.isFinite, "resampling step must be positive")
        precondition(!interpolating || step < 1, "an interpolating kernel only raises the rate")
        self.step = step
        self.phaseCount = phaseCount
        self.interpolating = interpolating
        // Cutoff relative to the input's Nyquist: the stopband starts at the lower Nyquist.
        let transition = 0.146
        let cutoff = interpolating ? 1 : (1 - transition / 2) / max(1, step)
        let halfWidth = Double(zeroCrossings) / cutoff
        self.cutoff = cutoff
        self.halfWidth = halfWidth
        var taps = 2 * Int(halfWidth.rounded(.up))
        taps = (taps + 7) & ~7   // whole SIMD8 vectors
        tapCount = taps
        table = .allocate(capacity: (phaseCount + 1) * taps)
        rowReady = .allocate(capacity: phaseCount + 1)
        rowReady.initialize(repeating: false, count: phaseCount + 1)
    }

    /// Row `row` of the table, computed now if this is its first use.
    ///
    /// - Note: Real-time safe (no allocation), but a first use costs `tapCount` Bessel evaluations.
    @inline(__always)
    private func row(_ row: Int) -> UnsafeMutablePointer<Float> {
        if !rowReady[row] { computeRow(row) }
        return table + row * tapCount
    }

    private func computeRow(_ row: Int) {
        let fraction = Double(row) / Double(phaseCount)
        for t in 0..<tapCount {
            // Tap t sits at offset (t - tapsBefore) from the integer read position.
            let x = Double(t - (tapCount / 2 - 1)) - fraction
            var value = 0.0
            if interpolating && row == 0 && x != 0 {
                value = 0   // exact zeros, not sin(pi k) rounding noise
            } else if abs(x) < halfWidth {
                let arg = Double.pi * cutoff * x
                let sinc = x == 0 ? 1 : sin(arg) / arg
                let r = x / halfWidth
                let window = SincKernel.besselI0(Self.beta * (1 - r * r).squareRoot()) / i0Beta
                value = cutoff * sinc * window
            }
            table[row * tapCount + t] = Float(value)
        }
        rowReady[row] = true
    }

    deinit {
        table.deallocate()
        rowReady.deallocate()
    }

    /// One output sample at fractional `position` of `source`, which must be readable from
    /// `floor(position) - tapsBefore` to `floor(position) + tapsAfter`.
    ///
    /// - Note: Real-time safe.
    @inline(__always)
    public func sample(_ source: UnsafePointer<Float>, at position: Double) -> Float {
        let base = position.rounded(.down)
        let phase = (position - base) * Double(phaseCount)
        let row = Int(phase)
        let blend = Float(phase - Double(row))
        let start = source + (Int(base) - tapsBefore)
        let rowA = UnsafeRawPointer(self.row(row))
        let rowB = UnsafeRawPointer(self.row(row + 1))
        let input = UnsafeRawPointer(start)
        var accA = SIMD8<Float>(), accB = SIMD8<Float>()
        var offset = 0
        let bytes = tapCount * MemoryLayout<Float>.stride
        while offset < bytes {
            let x = input.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            accA += x * rowA.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            accB += x * rowB.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            offset += 32
        }
        let a = accA.sum(), b = accB.sum()
        return a + (b - a) * blend
    }

    /// Fills `out[0..<count]` with samples at positions `origin + (firstIndex + j - originIndex) * step`
    /// of `source` (positions relative to `source`). Computing each position from the origin keeps
    /// the result independent of how a stream is split into calls.
    ///
    /// - Note: Real-time safe.
    public func render(_ source: UnsafePointer<Float>, origin: Double, originIndex: Int, firstIndex: Int,
                       count: Int, into out: UnsafeMutablePointer<Float>) {
        let taps = tapCount
        let bytes = taps * MemoryLayout<Float>.stride
        let phases = Double(phaseCount)
        for j in 0..<count {
            let position = origin + Double(firstIndex + j - originIndex) * step
            let base = Int(position)   // positions are never negative here
            let phase = (position - Double(base)) * phases
            let row = Int(phase)
            let blend = Float(phase - Double(row))
            if interpolating && row == 0 && blend == 0 {
                out[j] = source[base]
                continue
            }
            let input = UnsafeRawPointer(source + (base - tapsBefore))
            let rowA = UnsafeRawPointer(self.row(row))
            var accA = SIMD8<Float>()
            var offset = 0
            if blend == 0 {
                while offset < bytes {
                    accA += input.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                        * rowA.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    offset += 32
                }
                out[j] = accA.sum()
            } else {
                let rowB = UnsafeRawPointer(self.row(row + 1))
                var accB = SIMD8<Float>()
                while offset < bytes {
                    let x = input.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    accA += x * rowA.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    accB += x * rowB.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                    offset += 32
                }
                let a = accA.sum(), b = accB.sum()
                out[j] = a + (b - a) * blend
            }
        }
    }

    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        var k = 1.0
        while term > 1e-12 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }
}

/// Converts a whole buffer from one sample rate to another (any ratio).
public enum Resampler {
    /// `buffer` resampled to `targetRate`; the output has `round(frames * target / source)` frames
    /// and is time-aligned with the input (no added delay).
    ///
    /// - Important: Allocates; an offline operation.
    public static func resample(_ buffer: AudioBuffer, to targetRate: Double) -> AudioBuffer {
        precondition(targetRate > 0, "target rate must be positive")
        if targetRate == buffer.sampleRate { return buffer }
        let step = buffer.sampleRate / targetRate
        let kernel = SincKernel(step: step)
        let outCount = Int((Double(buffer.frameCount) / step).rounded())
        let pad = kernel.tapCount + 1
        var channels = [[Float]]()
        for c in 0..<buffer.channelCount {
            var padded = [Float](repeating: 0, count: buffer.frameCount + 2 * pad)
            let source = buffer.channel(c)
            padded.replaceSubrange(pad..<(pad + source.count), with: source)
            var out = [Float](repeating: 0, count: outCount)
            padded.withUnsafeBufferPointer { p in
                for j in 0..<outCount {
                    out[j] = kernel.sample(p.baseAddress!, at: Double(pad) + Double(j) * step)
                }
            }
            channels.append(out)
        }
        return AudioBuffer(channels: channels, sampleRate: targetRate)
    }
}
