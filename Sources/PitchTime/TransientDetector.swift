/// Finds sharp onsets (clicks, drum hits, plosives) in a stream of mono samples, so the
/// stretcher can copy them untouched instead of smearing them across overlapping frames.
///
/// It compares the high-frequency energy (first difference) of short blocks with the mean of
/// the preceding ~25 ms; a block several times louder than that, and above an absolute floor,
/// is an onset, timed at its largest sample-to-sample step.
struct TransientDetector {
    private let blockSize = 64
    private let historyBlocks = 16
    private let ratio: Float = 12
    private let floorEnergy: Float
    private var history: [Float]
    private var historyIndex = 0
    private var historySum: Float = 0
    private var blockEnergy: Float = 0
    private var blockFill = 0
    private var blockStart = 0
    private var blockPeakStep: Float = 0
    private var blockPeakIndex = 0
    private var previousSample: Float = 0
    private var previousEnergy: Float = 0
    private var lastOnset = Int.min / 2
    private let minimumSpacing: Int
    /// Input samples seen so far.
    private(set) var position = 0
    /// Onset sample positions found so far (oldest first; consumers drop the ones they are done with).
    var onsets: [Int] = []

    init(minimumSpacing: Int) {
        self.minimumSpacing = minimumSpacing
        history = [Float](repeating: 0, count: historyBlocks)
        // About -50 dBFS of first-difference energy per block.
        floorEnergy = Float(blockSize) * 1e-5
        onsets.reserveCapacity(64)
    }

    /// How far behind the input the detector's decisions lag, in samples.
    var lookahead: Int { blockSize }

    mutating func reset() {
        self = TransientDetector(minimumSpacing: minimumSpacing)
    }

    /// Consumes `count` samples.
    mutating func consume(_ samples: UnsafePointer<Float>, count: Int) {
        for i in 0..<count { consume(samples[i]) }
    }

    @inline(__always)
    mutating func consume(_ x: Float) {
        let step = x - previousSample
        previousSample = x
        let e = step * step
        blockEnergy += e
        if e > blockPeakStep { blockPeakStep = e; blockPeakIndex = position }
        position += 1
        blockFill += 1
        if blockFill == blockSize { finishBlock() }
    }

    private mutating func finishBlock() {
        let mean = historySum / Float(historyBlocks)
        if blockEnergy > floorEnergy, blockEnergy > ratio * mean + floorEnergy * 0.1,
           blockEnergy > 2 * previousEnergy, blockPeakIndex - lastOnset >= minimumSpacing {
            onsets.append(blockPeakIndex)
            lastOnset = blockPeakIndex
        }
        historySum += blockEnergy - history[historyIndex]
        history[historyIndex] = blockEnergy
        historyIndex = (historyIndex + 1) % historyBlocks
        previousEnergy = blockEnergy
        blockEnergy = 0
        blockPeakStep = 0
        blockFill = 0
        blockStart = position
    }
}
