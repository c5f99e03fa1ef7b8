#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes `r(τ) = Σ_{j<windowLength} x[j]·x[j+τ]` for `τ` in `0..<lagCount` with one complex FFT
/// pair in double precision.
///
/// Both real sequences (the window and the whole frame) are packed into one complex FFT, the
/// cross spectrum is formed, and one inverse FFT gives every lag at once: O(N log N) per frame
/// instead of O(window · lags).
///
/// - Important: Allocates its scratch in `init`; `correlate` does not allocate.
final class Correlator {
    let windowLength: Int
    let lagCount: Int
    /// FFT size, a power of two of at least `windowLength + lagCount`.
    let size: Int
    private let cosTable: UnsafeMutablePointer<Double>
    private let sinTable: UnsafeMutablePointer<Double>
    private let bitReversed: UnsafeMutablePointer<Int>
    private let re: UnsafeMutablePointer<Double>
    private let im: UnsafeMutablePointer<Double>

    init(windowLength: Int, lagCount: Int) {
        precondition(windowLength > 0 && lagCount > 0)
        self.windowLength = windowLength
        self.lagCount = lagCount
        var n = 1, bits = 0
        while n < windowLength + lagCount { n <<= 1; bits += 1 }
        size = n
        cosTable = .allocate(capacity: n / 2)
        sinTable = .allocate(capacity: n / 2)
        bitReversed = .allocate(capacity: n)
        re = .allocate(capacity: n)
        im = .allocate(capacity: n)
        for k in 0..<n / 2 {
            cosTable[k] = cos(2 * Double.pi * Double(k) / Double(n))
            sinTable[k] = -sin(2 * Double.pi * Double(k) / Double(n))
        }
        for i in 0..<n {
            var r = 0, v = i
            for _ in 0..<bits { r = (r << 1) | (v & 1); v >>= 1 }
            bitReversed[i] = r
        }
    }

    deinit {
        cosTable.deallocate()
        sinTable.deallocate()
        bitReversed.deallocate()
        re.deallocate()
        im.deallocate()
    }

    /// Fills `output[0..<lagCount]` with the correlation of `frame[0..<windowLength]` against
    /// `frame[τ..<τ+windowLength]`. `frame` should hold `windowLength + lagCount - 1` samples;
    /// samples past its end are taken as zero.
    ///
    /// - Note: Does not allocate.
    func correlate(_ frame: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Double>) {
        let n = size
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
        transform()
        // Unpack A and B, form the cross spectrum P = conj(A)·B and store conj(P), so that a
        // second forward transform computes the inverse. Bins k and n-k are read and written
        // together because each needs the other's original value.
        var k = 0
        while k <= n / 2 {
            let m = (n - k) & (n - 1)
            let zkr = re[k], zki = im[k], zmr = re[m], zmi = im[m]
            // A_k = (Z_k + conj Z_m) / 2,  B_k = (Z_k − conj Z_m) / 2i
            let akr = 0.5 * (zkr + zmr), aki = 0.5 * (zki - zmi)
            let bkr = 0.5 * (zki + zmi), bki = -0.5 * (zkr - zmr)
            let pkr = akr * bkr + aki * bki
            let pki = akr * bki - aki * bkr
            // Real inputs: P_m = conj(P_k).
            re[k] = pkr; im[k] = -pki
            if m != k { re[m] = pkr; im[m] = pki }
            k += 1
        }
        transform()
        let scale = 1 / Double(n)
        var t = 0
        while t < lagCount {
            output[t] = re[t] * scale
            t += 1
        }
    }

    /// In-place iterative radix-2 forward FFT of `re` + i·`im`.
    private func transform() {
        let n = size
        var i = 0
        while i < n {
            let r = bitReversed[i]
            if r > i {
                let tr = re[i]; re[i] = re[r]; re[r] = tr
                let ti = im[i]; im[i] = im[r]; im[r] = ti
            }
            i += 1
        }
        var half = 1
        var step = n >> 1
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
