import AudioCore
import Effects
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs `processor` over `input` (one array per channel) in blocks of `blockSize` frames.
///
/// Prepares the processor first unless `prepare` is false (to continue a stream).
func render(_ processor: any AudioProcessor, _ input: [[Float]], sampleRate: Double = 44_100,
            blockSize: Int = 512, prepare: Bool = true) -> [[Float]] {
    var buffer = AudioBuffer(channels: input, sampleRate: sampleRate)
    if prepare {
        processor.prepare(ProcessSpec(sampleRate: sampleRate, channelCount: input.count,
                                      maximumFrameCount: max(1, blockSize)))
    }
    processor.process(&buffer, blockSize: blockSize)
    return buffer.channels
}

/// Mono convenience for ``render(_:_:sampleRate:blockSize:prepare:)``.
func renderMono(_ processor: any AudioProcessor, _ input: [Float], sampleRate: Double = 44_100,
                blockSize: Int = 512, prepare: Bool = true) -> [Float] {
    render(processor, [input], sampleRate: sampleRate, blockSize: blockSize, prepare: prepare)[0]
}

/// Largest absolute difference between two equally shaped signals.
func maximumDifference(_ a: [[Float]], _ b: [[Float]]) -> Float {
    precondition(a.count == b.count)
    var worst: Float = 0
    for (x, y) in zip(a, b) {
        precondition(x.count == y.count)
        for i in x.indices { worst = max(worst, abs(x[i] - y[i])) }
    }
    return worst
}

/// Largest absolute sample-to-sample step in `x[range]`: a click shows up as a step far larger
/// than the signal's own slope.
func largestStep(_ x: [Float], in range: Range<Int>) -> Float {
    var worst: Float = 0
    for i in max(1, range.lowerBound)..<range.upperBound { worst = max(worst, abs(x[i] - x[i - 1])) }
    return worst
}

/// Room-acoustics measurements on impulse responses.
enum Acoustics {
    /// RT60 by Schroeder backward integration: the energy decay curve is fitted by least squares
    /// between -5 and -35 dB (T30) and extrapolated to -60 dB.
    static func rt60(_ h: [Float], sampleRate: Double) -> Double {
        var edc = [Double](repeating: 0, count: h.count)
        var sum = 0.0
        for i in stride(from: h.count - 1, through: 0, by: -1) {
            sum += Double(h[i]) * Double(h[i])
            edc[i] = sum
        }
        let total = edc[0]
        precondition(total > 0, "silent impulse response")
        var sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, count = 0.0
        for i in edc.indices {
            let level = 10 * log10(edc[i] / total)
            if level > -5 { continue }
            if level < -35 { break }
            let t = Double(i) / sampleRate
            sx += t; sy += level; sxx += t * t; sxy += t * level; count += 1
        }
        precondition(count > 10, "decay range not covered")
        let slope = (count * sxy - sx * sy) / (count * sxx - sx * sx)  // dB per second
        return -60 / slope
    }

    /// Normalised echo density (Abel & Huang): in each window, the fraction of samples whose
    /// magnitude exceeds the window's standard deviation, divided by the fraction expected for
    /// Gaussian noise (erfc(1/√2) ≈ 0.3173). About 1 for a dense, noise-like tail; near 0 for
    /// sparse, separate echoes.
    static func echoDensity(_ h: [Float], from start: Int, to end: Int, window: Int) -> [Double] {
        var result: [Double] = []
        var i = start
        while i + window <= end {
            var energy = 0.0
            for k in i..<(i + window) { energy += Double(h[k]) * Double(h[k]) }
            let sd = (energy / Double(window)).squareRoot()
            var above = 0
            for k in i..<(i + window) where Double(abs(h[k])) > sd { above += 1 }
            result.append(Double(above) / Double(window) / erfc(1 / 2.0.squareRoot()))
            i += window
        }
        return result
    }

    /// Pearson correlation of two signals.
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let n = min(a.count, b.count)
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for i in 0..<n {
            sab += Double(a[i]) * Double(b[i])
            saa += Double(a[i]) * Double(a[i])
            sbb += Double(b[i]) * Double(b[i])
        }
        return sab / (saa * sbb).squareRoot()
    }

    /// Magnitude in dB of the frequency response at `frequencyHz`, from an impulse response.
    static func responseDecibels(_ h: [Float], atHz frequencyHz: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * frequencyHz / sampleRate
        var re = 0.0, im = 0.0
        for (n, v) in h.enumerated() {
            re += Double(v) * cos(w * Double(n))
            im -= Double(v) * sin(w * Double(n))
        }
        return 10 * log10(re * re + im * im)
    }
}
