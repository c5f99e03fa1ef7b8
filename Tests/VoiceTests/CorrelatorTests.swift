import TestSupport
import Testing
@testable import Voice

@Suite struct CorrelatorTests {
    @Test(arguments: [(64, 40), (1024, 900), (1024, 1024), (300, 7)])
    func matchesTheDirectSum(windowLength: Int, lagCount: Int) {
        let frame = Signals.noise(seconds: 1, sampleRate: Double(windowLength + lagCount - 1), seed: 7)
        let correlator = Correlator(windowLength: windowLength, lagCount: lagCount)
        var fast = [Double](repeating: .nan, count: lagCount)
        frame.withUnsafeBufferPointer { f in
            fast.withUnsafeMutableBufferPointer { correlator.correlate(f, into: $0) }
        }
        var worst = 0.0
        for lag in 0..<lagCount {
            var direct = 0.0
            for j in 0..<windowLength { direct += Double(frame[j]) * Double(frame[j + lag]) }
            worst = max(worst, abs(fast[lag] - direct))
        }
        #expect(worst < 1e-9, "largest difference \(worst)")
    }
}
