import Testing
import AudioCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct RealFFTTests {
    /// The textbook O(n²) DFT in Double, as the reference.
    func naiveDFT(_ x: [Float]) -> (re: [Double], im: [Double]) {
        let n = x.count
        var re = [Double](repeating: 0, count: n / 2 + 1), im = re
        for k in 0...(n / 2) {
            for t in 0..<n {
                let a = -2 * Double.pi * Double(k * t % n) / Double(n)
                re[k] += Double(x[t]) * cos(a)
                im[k] += Double(x[t]) * sin(a)
            }
        }
        return (re, im)
    }

    @Test(arguments: [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096])
    func forwardMatchesNaiveDFT(size: Int) {
        let x = Signals.noise(seconds: Double(size) / 44_100, amplitude: 1, seed: UInt64(size))
        let fft = RealFFT(size: size)
        let (re, im) = fft.forward(x)
        let ref = naiveDFT(x)
        var worst = 0.0
        for k in 0..<fft.binCount {
            worst = max(worst, abs(Double(re[k]) - ref.re[k]), abs(Double(im[k]) - ref.im[k]))
        }
        // Errors grow like sqrt(n) * log(n) * eps for a unit-amplitude input.
        #expect(worst < 2e-5 * Double(size).squareRoot() * log2(Double(size)))
    }

    @Test(arguments: [4, 64, 2048, 8192])
    func inverseReconstructsInput(size: Int) {
        let x = Signals.noise(seconds: Double(size) / 44_100, amplitude: 1, seed: 7)
        let fft = RealFFT(size: size)
        let (re, im) = fft.forward(x)
        let y = fft.inverse(real: re, imag: im)
        let worst = zip(x, y).map { abs($0 - $1) }.max()!
        #expect(worst < 1e-5)
    }

    @Test func sineLandsInItsBin() {
        let size = 1024
        let x = (0..<size).map { Float(sin(2 * Double.pi * 37 * Double($0) / Double(size))) }
        let (re, im) = RealFFT(size: size).forward(x)
        let mags = zip(re, im).map { ($0 * $0 + $1 * $1).squareRoot() }
        #expect(mags.indices.max { mags[$0] < mags[$1] } == 37)
        #expect(abs(mags[37] - Float(size) / 2) < 0.01 * Float(size))
    }

    @Test func forwardDoesNotAllocate() {
        let fft = RealFFT(size: 2048)
        var x = [Float](repeating: 0.25, count: 2048)
        var re = [Float](repeating: 0, count: 1025), im = re
        let count = x.withUnsafeMutableBufferPointer { xp in
            re.withUnsafeMutableBufferPointer { rp in
                im.withUnsafeMutableBufferPointer { ip in
                    // One warm-up call: the first use may instantiate runtime metadata (a one-time cost,
                    // like prepare); steady-state calls must not allocate.
                    fft.forward(xp.baseAddress!, real: rp.baseAddress!, imag: ip.baseAddress!)
                    return countAllocations {
                        fft.forward(xp.baseAddress!, real: rp.baseAddress!, imag: ip.baseAddress!)
                        fft.inverse(real: rp.baseAddress!, imag: ip.baseAddress!, output: xp.baseAddress!)
                    }
                }
            }
        }
        #expect(count == 0)
    }
}

@Suite struct FastMathTests {
    @Test func atan2MatchesLibm() {
        var worst: Float = 0
        var rng = SplitMix64(seed: 3)
        for _ in 0..<100_000 {
            let y = Float(Int64(bitPattern: rng.next()) % 2000) / 1000
            let x = Float(Int64(bitPattern: rng.next()) % 2000) / 1000
            worst = max(worst, abs(FastMath.atan2(y, x) - Glibc.atan2f(y, x)))
        }
        #expect(worst < 1e-6)
    }

    @Test func sinCosMatchLibm() {
        var worst = 0.0
        for i in -20_000...20_000 {
            let x = Float(i) * 0.01
            let (s, c) = FastMath.sinCos(x)
            worst = max(worst, abs(Double(s) - sin(Double(x))), abs(Double(c) - cos(Double(x))))
        }
        #expect(worst < 1e-6)
    }
}

@Suite struct AllocationCounterTests {
    @Test func countsAnAllocation() {
        let n = countAllocations {
            let a = [Int](repeating: 1, count: 1000)
            #expect(a.count == 1000)
        }
        #expect(n >= 1)
    }
}
