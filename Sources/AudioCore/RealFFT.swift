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
/// transformed by a Stockham autosort FFT on split real/imaginary arrays (radix-4 stages, and a
/// last twiddle-free radix-2 stage when the length is an odd power of two; contiguous inner loops
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
    /// One pass of the half-length complex FFT.
    private struct Stage {
        /// 2 or 4.
        let radix: Int
        /// Length of the contiguous runs a butterfly reads (1 for the first stage).
        let span: Int
        /// Where this stage's twiddles start in `twiddles`.
        let offset: Int
    }
    private let stages: [Stage]
    // Radix-4 stage with m = half / (4 span): cos, sin of W^j, W^2j, W^3j with W = exp(-2πi/(4m)),
    // m each, in that order.
    private let twiddles: UnsafeMutablePointer<Float>
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
        var stages = [Stage]()
        var table = [Float]()
        var span = 1
        var log2Half = half.trailingZeroBitCount
        while log2Half >= 2 {
            let m = half / (4 * span)
            stages.append(Stage(radix: 4, span: span, offset: table.count))
            for power in 1...3 {
                let angles = (0..<m).map { -2 * Double.pi * Double(power * $0) / Double(4 * m) }
                table += angles.map { Float(cos($0)) }
                table += angles.map { Float(sin($0)) }
            }
            span *= 4
            log2Half -= 2
        }
        if log2Half == 1 {
            // One run of half / 2 butterflies whose twiddle is 1.
            stages.append(Stage(radix: 2, span: span, offset: 0))
        }
        self.stages = stages
        twiddles = .allocate(capacity: max(1, table.count))
        twiddles.initialize(from: table, count: table.count)
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
        twiddles.deallocate()
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
        for stage in stages {
            if stage.radix == 2 {
                radix2LastStage(xr, xi, yr, yi)
            } else if stage.span >= 8 {
                radix4StageAlongRuns(stage, xr, xi, yr, yi, vector: SIMD8<Float>.self)
            } else if stage.span == 4 {
                radix4StageAlongRuns(stage, xr, xi, yr, yi, vector: SIMD4<Float>.self)
            } else if stage.span == 1 {
                radix4FirstStage(stage, xr, xi, yr, yi)
            } else {
                radix4StageScalar(stage, xr, xi, yr, yi)
            }
            swap(&xr, &yr)
            swap(&xi, &yi)
        }
        return (xr, xi)
    }

    /// The radix-2 pass of an odd power of two, last: y[k] = a + b, y[k + n/2] = a - b.
    @inline(__always)
    private func radix2LastStage(_ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
                                 _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>) {
        let h = half / 2
        var k = 0
        while k + 8 <= h {
            let ar = load8(xr + k), ai = load8(xi + k), br = load8(xr + k + h), bi = load8(xi + k + h)
            store8(ar + br, yr + k); store8(ai + bi, yi + k)
            store8(ar - br, yr + k + h); store8(ai - bi, yi + k + h)
            k += 8
        }
        while k < h {
            let ar = xr[k], ai = xi[k], br = xr[k + h], bi = xi[k + h]
            yr[k] = ar + br; yi[k] = ai + bi
            yr[k + h] = ar - br; yi[k + h] = ai - bi
            k += 1
        }
    }

    // A radix-4 butterfly on a = x[p], b = x[p + n/4], c = x[p + n/2], d = x[p + 3n/4] writes
    //   y0 = (a + c) + (b + d)
    //   y1 = W^j ((a - c) - i (b - d))
    //   y2 = W^2j ((a + c) - (b + d))
    //   y3 = W^3j ((a - c) + i (b - d))
    // to runs 0...3 of output block j: the Stockham merge of two radix-2 passes.

    /// One radix-4 butterfly on vectors of split complex values (see the formulas above); the
    /// twiddles are (cos, sin) of W^j, W^2j, W^3j.
    @inline(__always)
    private static func butterfly4<V: SIMD>(
        _ ar: V, _ ai: V, _ br: V, _ bi: V, _ cr: V, _ ci: V, _ dr: V, _ di: V,
        _ c1: V, _ s1: V, _ c2: V, _ s2: V, _ c3: V, _ s3: V
    ) -> (V, V, V, V, V, V, V, V) where V.Scalar == Float {
        let sumACr = ar + cr, sumACi = ai + ci, difACr = ar - cr, difACi = ai - ci
        let sumBDr = br + dr, sumBDi = bi + di, difBDr = br - dr, difBDi = bi - di
        let ur = difACr + difBDi, ui = difACi - difBDr
        let er = sumACr - sumBDr, ei = sumACi - sumBDi
        let vr = difACr - difBDi, vi = difACi + difBDr
        return (sumACr + sumBDr, sumACi + sumBDi,
                ur * c1 - ui * s1, ur * s1 + ui * c1,
                er * c2 - ei * s2, er * s2 + ei * c2,
                vr * c3 - vi * s3, vr * s3 + vi * c3)
    }

    /// Radix-4 pass over runs of 4 or more (multiples of `V`'s width): vectorised along each run.
    @inline(__always)
    private func radix4StageAlongRuns<V: SIMD>(_ stage: Stage, _ xr: UnsafeMutablePointer<Float>,
                                                _ xi: UnsafeMutablePointer<Float>, _ yr: UnsafeMutablePointer<Float>,
                                                _ yi: UnsafeMutablePointer<Float>, vector: V.Type)
        where V.Scalar == Float {
        let s = stage.span, q = half / 4, m = half / (4 * s)
        let t = twiddles + stage.offset
        @inline(__always) func load(_ p: UnsafeMutablePointer<Float>) -> V {
            UnsafeRawPointer(p).loadUnaligned(as: V.self)
        }
        @inline(__always) func store(_ v: V, _ p: UnsafeMutablePointer<Float>) {
            UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
        }
        for j in 0..<m {
            let c1 = V(repeating: t[j]), s1 = V(repeating: t[m + j])
            let c2 = V(repeating: t[2 * m + j]), s2 = V(repeating: t[3 * m + j])
            let c3 = V(repeating: t[4 * m + j]), s3 = V(repeating: t[5 * m + j])
            let input = j * s, output = 4 * j * s
            var k = 0
            while k < s {
                let p = input + k
                let ar = load(xr + p), ai = load(xi + p)
                let br = load(xr + p + q), bi = load(xi + p + q)
                let cr = load(xr + p + 2 * q), ci = load(xi + p + 2 * q)
                let dr = load(xr + p + 3 * q), di = load(xi + p + 3 * q)
                let y = Self.butterfly4(ar, ai, br, bi, cr, ci, dr, di, c1, s1, c2, s2, c3, s3)
                let o = output + k
                store(y.0, yr + o); store(y.1, yi + o)
                store(y.2, yr + o + s); store(y.3, yi + o + s)
                store(y.4, yr + o + 2 * s); store(y.5, yi + o + 2 * s)
                store(y.6, yr + o + 3 * s); store(y.7, yi + o + 3 * s)
                k += V.scalarCount
            }
        }
    }

    /// Radix-4 pass over runs of length 1: vectorised across butterflies, interleaved on store.
    @inline(__always)
    private func radix4FirstStage(_ stage: Stage, _ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
                                  _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>) {
        let q = half / 4, m = q
        let t = twiddles + stage.offset
        var j = 0
        while j + 4 <= m {
            let c1 = load4(t + j), s1 = load4(t + m + j)
            let c2 = load4(t + 2 * m + j), s2 = load4(t + 3 * m + j)
            let c3 = load4(t + 4 * m + j), s3 = load4(t + 5 * m + j)
            let ar = load4(xr + j), ai = load4(xi + j)
            let br = load4(xr + j + q), bi = load4(xi + j + q)
            let cr = load4(xr + j + 2 * q), ci = load4(xi + j + 2 * q)
            let dr = load4(xr + j + 3 * q), di = load4(xi + j + 3 * q)
            let (y0r, y0i, y1r, y1i, y2r, y2i, y3r, y3i) =
                Self.butterfly4(ar, ai, br, bi, cr, ci, dr, di, c1, s1, c2, s2, c3, s3)
            // Transpose: butterfly j + e writes its four outputs side by side.
            for e in 0..<4 {
                let o = 4 * (j + e)
                store4(SIMD4(y0r[e], y1r[e], y2r[e], y3r[e]), yr + o)
                store4(SIMD4(y0i[e], y1i[e], y2i[e], y3i[e]), yi + o)
            }
            j += 4
        }
        if j < m {
            radix4StageScalar(stage, xr, xi, yr, yi, firstBlock: j)
        }
    }

    /// Radix-4 pass, one butterfly at a time: short runs and small transforms.
    private func radix4StageScalar(_ stage: Stage, _ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
                                   _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>,
                                   firstBlock: Int = 0) {
        let s = stage.span, q = half / 4, m = half / (4 * s)
        let t = twiddles + stage.offset
        for j in firstBlock..<m {
            let c1 = t[j], s1 = t[m + j], c2 = t[2 * m + j], s2 = t[3 * m + j], c3 = t[4 * m + j], s3 = t[5 * m + j]
            for k in 0..<s {
                let p = j * s + k, o = 4 * j * s + k
                let ar = xr[p], ai = xi[p], br = xr[p + q], bi = xi[p + q]
                let cr = xr[p + 2 * q], ci = xi[p + 2 * q], dr = xr[p + 3 * q], di = xi[p + 3 * q]
                let sumACr = ar + cr, sumACi = ai + ci, difACr = ar - cr, difACi = ai - ci
                let sumBDr = br + dr, sumBDi = bi + di, difBDr = br - dr, difBDi = bi - di
                yr[o] = sumACr + sumBDr; yi[o] = sumACi + sumBDi
                let ur = difACr + difBDi, ui = difACi - difBDr
                yr[o + s] = ur * c1 - ui * s1; yi[o + s] = ur * s1 + ui * c1
                let er = sumACr - sumBDr, ei = sumACi - sumBDi
                yr[o + 2 * s] = er * c2 - ei * s2; yi[o + 2 * s] = er * s2 + ei * c2
                let vr = difACr - difBDi, vi = difACi + difBDr
                yr[o + 3 * s] = vr * c3 - vi * s3; yi[o + 3 * s] = vr * s3 + vi * c3
            }
        }
    }

    @inline(__always)
    private func load8(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    private func load4(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    @inline(__always)
    private func store4(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
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
