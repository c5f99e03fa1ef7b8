#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast Fourier transform of real signals whose length is a power of two.
///
/// The real input of length `size` is packed into a complex sequence of half the length, which is
/// transformed by a Stockham autosort FFT on split real/imaginary arrays (contiguous inner loops,
/// vectorised with `SIMD8<Float>`), then unpacked into `size / 2 + 1` bins.
///
/// `forward` is unscaled; `inverse` divides by `size`, so `inverse(forward(x)) == x`.
/// An instance owns scratch memory: use one per thread.
public final class RealFFT {
    /// Transform length in real samples (a power of two, at least 4).
    public let size: Int
    /// Number of complex bins produced: `size / 2 + 1`.
    public var binCount: Int { size / 2 + 1 }

    private let half: Int
    // Per-stage twiddles for the half-length complex FFT, stage after stage.
    private let stageCos: UnsafeMutablePointer<Float>
    private let stageSin: UnsafeMutablePointer<Float>
    // exp(-2πik/size) for the real unpacking, k in 0..<half.
    private let unpackCos: UnsafeMutablePointer<Float>
    private let unpackSin: UnsafeMutablePointer<Float>
    private let bufferA: UnsafeMutablePointer<Float>
    private let bufferB: UnsafeMutablePointer<Float>

    /// Creates a transform of `size` real samples.
    ///
    /// - Important: Allocates; create it in `prepare`, not on the audio path.
    public init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "FFT size must be a power of two >= 4")
        self.size = size
        half = size / 2
        stageCos = .allocate(capacity: max(1, half))
        stageSin = .allocate(capacity: max(1, half))
        var offset = 0
        var groups = half / 2
        while groups >= 1 {
            for j in 0..<groups {
                let angle = -Double.pi * Double(j) / Double(groups)
                stageCos[offset + j] = Float(cos(angle))
                stageSin[offset + j] = Float(sin(angle))
            }
            offset += groups
            groups /= 2
        }
        unpackCos = .allocate(capacity: half)
        unpackSin = .allocate(capacity: half)
        for k in 0..<half {
            let angle = -2 * Double.pi * Double(k) / Double(size)
            unpackCos[k] = Float(cos(angle))
            unpackSin[k] = Float(sin(angle))
        }
        bufferA = .allocate(capacity: 2 * half)
        bufferB = .allocate(capacity: 2 * half)
    }

    deinit {
        stageCos.deallocate(); stageSin.deallocate()
        unpackCos.deallocate(); unpackSin.deallocate()
        bufferA.deallocate(); bufferB.deallocate()
    }

    /// Transforms `size` real samples into `binCount` complex bins (split real and imaginary parts).
    ///
    /// - Note: Real-time safe.
    public func forward(_ input: UnsafePointer<Float>, real: UnsafeMutablePointer<Float>, imag: UnsafeMutablePointer<Float>) {
        let n = half
        // Pack even samples as real, odd samples as imaginary parts.
        let zr = bufferA, zi = bufferA + n
        for k in 0..<n {
            zr[k] = input[2 * k]
            zi[k] = input[2 * k + 1]
        }
        let (rr, ri) = complexTransform(zr, zi)
        // Unpack: X[k] = E[k] + W^k O[k] with E, O the spectra of the even and odd samples.
        real[0] = rr[0] + ri[0]
        imag[0] = 0
        real[n] = rr[0] - ri[0]
        imag[n] = 0
        if n > 1 {
            for k in 1..<n {
                let ar = rr[k], ai = ri[k]
                let br = rr[n - k], bi = -ri[n - k]   // conj(Z[n-k])
                let er = 0.5 * (ar + br), ei = 0.5 * (ai + bi)
                // O = (Z[k] - conj(Z[n-k])) / 2i
                let dr = 0.5 * (ar - br), di = 0.5 * (ai - bi)
                let or = di, oi = -dr
                let wr = unpackCos[k], wi = unpackSin[k]
                real[k] = er + wr * or - wi * oi
                imag[k] = ei + wr * oi + wi * or
            }
        }
    }

    /// Transforms `binCount` complex bins back into `size` real samples, scaled by `1 / size`.
    /// The imaginary parts of bin 0 and bin `size / 2` are ignored.
    ///
    /// - Note: Real-time safe.
    public func inverse(real: UnsafePointer<Float>, imag: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>) {
        let n = half
        let zr = bufferA, zi = bufferA + n
        // Rebuild Z[k] = E[k] + i O[k]; conjugated so that a forward transform computes the inverse.
        for k in 0..<n {
            let ar = real[k], ai = imag[k]
            let br = real[n - k], bi = -imag[n - k]   // conj(X[n-k])
            let er = ar + br, ei = ai + bi
            let dr = ar - br, di = ai - bi
            // O = (X[k] - conj(X[n-k])) * conj(W^k)
            let wr = unpackCos[k], wi = -unpackSin[k]
            let or = dr * wr - di * wi
            let oi = dr * wi + di * wr
            // Z = E + iO, then conjugate.
            zr[k] = er - oi
            zi[k] = -(ei + or)
        }
        let (rr, ri) = complexTransform(zr, zi)
        // conj(result) / n gives z; the factor 1/2 from E and O is folded into the scale.
        let scale = 0.5 / Float(n)
        for k in 0..<n {
            output[2 * k] = rr[k] * scale
            output[2 * k + 1] = -ri[k] * scale
        }
    }

    /// In-place-looking complex FFT of length `half` on split arrays; returns where the result is.
    @inline(__always)
    private func complexTransform(_ xr0: UnsafeMutablePointer<Float>, _ xi0: UnsafeMutablePointer<Float>)
        -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) {
        let n = half
        var xr = xr0, xi = xi0
        var yr = (xr0 == bufferA) ? bufferB : bufferA
        var yi = yr + n
        var groups = n / 2
        var span = 1
        var offset = 0
        while groups >= 1 {
            let quarter = groups * span   // = n / 2
            if span >= 8 {
                for j in 0..<groups {
                    let wr = SIMD8<Float>(repeating: stageCos[offset + j])
                    let wi = SIMD8<Float>(repeating: stageSin[offset + j])
                    let in0 = j * span, in1 = in0 + quarter
                    let out0 = 2 * j * span, out1 = out0 + span
                    var k = 0
                    while k < span {
                        let ar = load8(xr + in0 + k), ai = load8(xi + in0 + k)
                        let br = load8(xr + in1 + k), bi = load8(xi + in1 + k)
                        store8(ar + br, yr + out0 + k)
                        store8(ai + bi, yi + out0 + k)
                        let dr = ar - br, di = ai - bi
                        store8(dr * wr - di * wi, yr + out1 + k)
                        store8(dr * wi + di * wr, yi + out1 + k)
                        k += 8
                    }
                }
            } else {
                for j in 0..<groups {
                    let wr = stageCos[offset + j], wi = stageSin[offset + j]
                    let in0 = j * span, in1 = in0 + quarter
                    let out0 = 2 * j * span, out1 = out0 + span
                    for k in 0..<span {
                        let ar = xr[in0 + k], ai = xi[in0 + k]
                        let br = xr[in1 + k], bi = xi[in1 + k]
                        yr[out0 + k] = ar + br
                        yi[out0 + k] = ai + bi
                        let dr = ar - br, di = ai - bi
                        yr[out1 + k] = dr * wr - di * wi
                        yi[out1 + k] = dr * wi + di * wr
                    }
                }
            }
            offset += groups
            groups /= 2
            span *= 2
            swap(&xr, &yr)
            swap(&xi, &yi)
        }
        return (xr, xi)
    }

    @inline(__always)
    private func load8(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    private func store8(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
    }
}

extension RealFFT {
    /// Array convenience: the spectrum of `input` (length `size`) as split real/imaginary arrays.
    ///
    /// - Important: Allocates; for tests and offline tools.
    public func forward(_ input: [Float]) -> (real: [Float], imag: [Float]) {
        precondition(input.count == size, "input length must equal the FFT size")
        var re = [Float](repeating: 0, count: binCount), im = re
        input.withUnsafeBufferPointer { x in
            re.withUnsafeMutableBufferPointer { r in
                im.withUnsafeMutableBufferPointer { i in forward(x.baseAddress!, real: r.baseAddress!, imag: i.baseAddress!) }
            }
        }
        return (re, im)
    }

    /// Array convenience: the real signal whose spectrum is given.
    ///
    /// - Important: Allocates; for tests and offline tools.
    public func inverse(real: [Float], imag: [Float]) -> [Float] {
        precondition(real.count == binCount && imag.count == binCount, "spectrum must have size/2+1 bins")
        var out = [Float](repeating: 0, count: size)
        real.withUnsafeBufferPointer { r in
            imag.withUnsafeBufferPointer { i in
                out.withUnsafeMutableBufferPointer { o in inverse(real: r.baseAddress!, imag: i.baseAddress!, output: o.baseAddress!) }
            }
        }
        return out
    }
}
