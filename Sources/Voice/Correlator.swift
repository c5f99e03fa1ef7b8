#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes `r(τ) = Σ_{j<windowLength} x[j]·x[j+τ]` for `τ` in `0..<lagCount` with FFTs in
/// double precision.
///
/// The two real sequences (the window and the whole frame) are packed into one complex FFT of
/// size `N`, the cross spectrum is formed, and because the correlation is real it is brought back
/// with a complex FFT of half the size: O(N log N) per frame instead of O(window · lags).
///
/// - Important: Allocates its scratch in `init`; `correlate` does not allocate.
final class Correlator {
    let windowLength: Int
    let lagCount: Int
    /// FFT size `N`, a power of two of at least `windowLength + lagCount`.
    let size: Int
    /// `cos(2πk/N)` and `−sin(2πk/N)` for `k < N/2`: the twiddles `e^(−2πik/N)`.
    private let cosTable: UnsafeMutablePointer<Double>
    private let sinTable: UnsafeMutablePointer<Double>
    /// Bit-reversal permutations for sizes `N` and `N/2`.
    private let bitReversed: UnsafeMutablePointer<Int>
    private let bitReversedHalf: UnsafeMutablePointer<Int>
    private let re: UnsafeMutablePointer<Double>
    private let im: UnsafeMutablePointer<Double>
    private let halfRe: UnsafeMutablePointer<Double>
    private let halfIm: UnsafeMutablePointer<Double>

    init(windowLength: Int, lagCount: Int) {
        precondition(windowLength > 0 && lagCount > 0)
        self.windowLength = windowLength
        self.lagCount = lagCount
        var n = 4, bits = 2
        while n < windowLength + lagCount { n <<= 1; bits += 1 }
        size = n
        cosTable = .allocate(capacity: n / 2)
        sinTable = .allocate(capacity: n / 2)
        bitReversed = .allocate(capacity: n)
        bitReversedHalf = .allocate(capacity: n / 2)
        re = .allocate(capacity: n)
        im = .allocate(capacity: n)
        halfRe = .allocate(capacity: n / 2)
        halfIm = .allocate(capacity: n / 2)
        for k in 0..<n / 2 {
            cosTable[k] = cos(2 * Double.pi * Double(k) / Double(n))
            sinTable[k] = -sin(2 * Double.pi * Double(k) / Double(n))
        }
        func reversed(_ i: Int, bits: Int) -> Int {
            var r = 0, v = i
            for _ in 0..<bits { r = (r << 1) | (v & 1); v >>= 1 }
            return r
        }
        for i in 0..<n { bitReversed[i] = reversed(i, bits: bits) }
        for i in 0..<n / 2 { bitReversedHalf[i] = reversed(i, bits: bits - 1) }
    }

    deinit {
        cosTable.deallocate()
        sinTable.deallocate()
        bitReversed.deallocate()
        bitReversedHalf.deallocate()
        re.deallocate()
        im.deallocate()
        halfRe.deallocate()
        halfIm.deallocate()
    }

    /// Fills `output[0..<lagCount]` with the correlation of `frame[0..<windowLength]` against
    /// `frame[τ..<τ+windowLength]`. `frame` should hold `windowLength + lagCount - 1` samples;
    /// samples past its end are taken as zero.
    ///
    /// - Note: Does not allocate.
    func correlate(_ frame: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Double>) {
        let n = size
        let half = n / 2
        let w = windowLength
        let available = min(frame.count, n)
        // Pack two real sequences into one complex one: z = a + i·b, a = window, b = whole frame.
        var j = 0
        while j < n {
            let value = j < available ? Double(frame[j]) : 0
            re[j] = j < w ? value : 0
            im[j] = value
            j += 1
        }
        transform(re, im, count: n, tableStride: 1, permutation: bitReversed)
        // Unpack A and B and form the cross spectrum P = conj(A)·B for bins 0...N/2 (the rest is
        // its mirror image, P_(N−k) = conj(P_k), as the correlation is real). Bin k reads bin
        // N − k, which lies above N/2 and is never written, so this can run in place.
        var k = 0
        while k <= half {
            let m = (n - k) & (n - 1)
            let zkr = re[k], zki = im[k], zmr = re[m], zmi = im[m]
            // A_k = (Z_k + conj Z_m) / 2,  B_k = (Z_k − conj Z_m) / 2i
            let akr = 0.5 * (zkr + zmr), aki = 0.5 * (zki - zmi)
            let bkr = 0.5 * (zki + zmi), bki = -0.5 * (zkr - zmr)
            re[k] = akr * bkr + aki * bki
            im[k] = akr * bki - aki * bkr
            k += 1
        }
        // Real inverse of size N as a complex inverse of size N/2: with X_k = P_k and
        // X_(k+N/2) = conj(P_(N/2−k)), even samples E_k = (X_k + X_(k+N/2))/2 and odd samples
        // O_k = (X_k − X_(k+N/2))·e^(2πik/N)/2 are packed as Z = E + i·O. Its conjugate is stored
        // so that the forward transform computes the inverse.
        k = 0
        while k < half {
            let xr = re[k], xi = im[k]
            let yr = re[half - k], yi = -im[half - k]
            let er = 0.5 * (xr + yr), ei = 0.5 * (xi + yi)
            let dr = 0.5 * (xr - yr), di = 0.5 * (xi - yi)
            let c = cosTable[k], s = -sinTable[k]  // e^(2πik/N) = c + i·s
            let or = dr * c - di * s, oi = dr * s + di * c
            halfRe[k] = er - oi
            halfIm[k] = -(ei + or)
            k += 1
        }
        transform(halfRe, halfIm, count: half, tableStride: 2, permutation: bitReversedHalf)
        // z = conj(result) / (N/2): x[2m] = Re z_m, x[2m+1] = Im z_m.
        let scale = 1 / Double(half)
        var t = 0
        while t < lagCount {
            output[t] = (t & 1) == 0 ? halfRe[t >> 1] * scale : -halfIm[t >> 1] * scale
            t += 1
        }
    }

    /// In-place iterative radix-2 forward FFT of `re` + i·`im`, `count` points, using every
    /// `tableStride`-th twiddle of the size-`N` tables.
    private func transform(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                           count n: Int, tableStride: Int, permutation: UnsafeMutablePointer<Int>) {
        var i = 0
        while i < n {
            let r = permutation[i]
            if r > i {
                let tr = re[i]; re[i] = re[r]; re[r] = tr
                let ti = im[i]; im[i] = im[r]; im[r] = ti
            }
            i += 1
        }
        // The first stage's only twiddle is 1.
        i = 0
        while i < n {
            let ar = re[i], ai = im[i], br = re[i + 1], bi = im[i + 1]
            re[i] = ar + br; im[i] = ai + bi
            re[i + 1] = ar - br; im[i + 1] = ai - bi
            i += 2
        }
        var half = 2
        var step = (n >> 2) * tableStride
        while half < n {
            var start = 0
            while start < n {
                var k = 0
                var twiddle = 0
                while k < half {
                    let wr = cosTable[twiddle], wi = sinTable[twiddle]
                    let a = start + k, b = a + half
                    let xr = re[b] * wr - im[b] * wi
                    let xi = re[b] * wi + im[b] * wr
                    re[b] = re[a] - xr; im[b] = im[a] - xi
                    re[a] += xr; im[a] += xi
                    k += 1
                    twiddle += step
                }
                start += half << 1
            }
            half <<= 1
            step >>= 1
        }
    }
}
