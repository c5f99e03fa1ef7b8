import AudioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Changes pitch and tempo independently, as a push/pull stream.
///
/// Tempo is changed by a phase vocoder whose synthesis frames sit on a fixed grid while analysis
/// frames advance by `hop / stretch`. Phases stay coherent with *identity phase locking*: each
/// spectral peak's phase advances by its measured instantaneous frequency, and every bin in the
/// peak's region is rotated by the same complex factor, so a partial's shape (and the vertical
/// phase relations that make a voice sound present rather than "phasey") survives the stretch.
/// Sharp onsets are found in the time domain and copied one-to-one, with the phases reset to the
/// analysis phases, so a drum hit is neither doubled nor smeared. Pitch is then changed by
/// resampling the stretched signal with a band-limited sinc kernel. With formant preservation on,
/// each frame's cepstral envelope is warped so the vowel colour stays put while the pitch moves.
///
/// Output is time-aligned with the input: output frame `j` corresponds to input time
/// `j * tempo`. After ``flush()`` the total output is exactly `round(inputFrames / tempo)` frames.
public final class TimePitchStretcher {
    /// Tuning knobs; the defaults suit voice and music at 8–192 kHz.
    public struct Options: Sendable, Equatable {
        /// FFT length in frames; `nil` picks about 46 ms at the sample rate.
        public var fftSize: Int?
        /// Overlap: synthesis hop = fftSize / overlap (4 or 8).
        public var overlap: Int
        /// Copy detected onsets one-to-one instead of stretching them.
        public var preserveTransients: Bool
        public init(fftSize: Int? = nil, overlap: Int = 4, preserveTransients: Bool = true) {
            self.fftSize = fftSize
            self.overlap = overlap
            self.preserveTransients = preserveTransients
        }
    }

    /// Accepted pitch change, in cents.
    public static let centsRange: ClosedRange<Double> = -2400...2400
    /// Accepted tempo ratio.
    public static let tempoRange: ClosedRange<Double> = (1.0 / 32)...32

    public let channelCount: Int
    public let sampleRate: Double
    /// FFT length in frames.
    public let fftSize: Int
    /// Synthesis hop in frames.
    public let hopSize: Int

    /// Pitch change in cents (clamped to ``centsRange``), fixed for the stream's life: it decides
    /// whether resampling happens before the vocoder (shifting up: fewer frames to process) or
    /// after it (shifting down).
    public let pitchCents: Double

    /// Tempo ratio (clamped to ``tempoRange``); 2 plays twice as fast. May change mid-stream; the
    /// exact-length guarantee holds for a constant tempo.
    public var tempo: Double {
        didSet {
            tempo = Self.tempoRange.clamp(tempo)
            stretch = pitchRatio / tempo
        }
    }

    /// Keep the spectral envelope (vowel formants) in place while the pitch moves.
    public var preserveFormants: Bool

    private let options: Options
    private let binCount: Int
    private let fft: RealFFT
    private let window: UnsafeMutablePointer<Float>
    private let olaScale: Float

    // Ratios derived from pitch and tempo.
    private let pitchRatio: Double
    private var stretch: Double
    /// Resamples the input before the vocoder when shifting up.
    private let preKernel: SincKernel?
    /// Resamples the vocoder's output when shifting down.
    private let kernel: SincKernel?
    /// Raw input waiting for the pre-resampler; vocoder input `i` is raw position `i * pitchRatio`.
    private var source: SampleFIFO
    private var resampledFrames = 0

    // Input side.
    private var input: SampleFIFO
    private var detector: TransientDetector
    private var inputFrames = 0
    private var flushed = false

    // Frame scheduling.
    private var frameIndex: Int
    private var nominalAnalysis: Double
    private var previousAnalysis: Int?
    private var lockAnchor: Int?
    private var lockLast = 0
    private var lastRetired: Int?

    // Spectral scratch (owned; sized once).
    private let frame: UnsafeMutablePointer<Float>
    private let channelReal: UnsafeMutablePointer<Float>
    private let channelImag: UnsafeMutablePointer<Float>
    private let mixReal: UnsafeMutablePointer<Float>
    private let mixImag: UnsafeMutablePointer<Float>
    private let previousReal: UnsafeMutablePointer<Float>
    private let previousImag: UnsafeMutablePointer<Float>
    private let power: UnsafeMutablePointer<Float>
    private let rotation: UnsafeMutablePointer<Float>
    private let previousRotation: UnsafeMutablePointer<Float>
    private let rotationCos: UnsafeMutablePointer<Float>
    private let rotationSin: UnsafeMutablePointer<Float>
    private let formantGain: UnsafeMutablePointer<Float>
    private let envelope: UnsafeMutablePointer<Float>
    private let cepstrum: UnsafeMutablePointer<Float>
    private let logMagnitude: UnsafeMutablePointer<Float>
    private let peaks: UnsafeMutablePointer<Int32>
    private let regionStarts: UnsafeMutablePointer<Int32>
    private var hasPreviousFrame = false

    // Overlap-add accumulator covering the current frame, one per channel.
    private let overlapAdd: UnsafeMutablePointer<Float>

    // Stretched (pre-resampling) signal and output.
    private var stretched: SampleFIFO
    private var nextFinalized: Int
    // Output frame j reads the stretched signal at outputOrigin + (j - outputOriginIndex) * pitchRatio.
    private var outputOrigin = 0.0
    private var outputOriginIndex = 0
    private var outputProduced = 0
    private var output: SampleFIFO

    /// Creates a stretcher.
    ///
    /// - Important: Allocates.
    public init(channelCount: Int, sampleRate: Double, pitchCents: Double = 0, tempo: Double = 1,
                preserveFormants: Bool = false, options: Options = Options()) {
        precondition(channelCount >= 1 && channelCount <= AudioBuffer.maximumChannelCount, "channel count out of range")
        precondition(sampleRate > 0, "sample rate must be positive")
        precondition(options.overlap >= 2 && options.overlap & (options.overlap - 1) == 0, "overlap must be a power of two")
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.options = options
        self.pitchCents = Self.centsRange.clamp(pitchCents)
        self.tempo = Self.tempoRange.clamp(tempo)
        pitchRatio = Units.ratio(fromCents: self.pitchCents)
        stretch = pitchRatio / self.tempo
        let shifting = abs(pitchRatio - 1) > 1e-9
        preKernel = shifting && pitchRatio > 1 ? SincKernel(step: pitchRatio, zeroCrossings: 24) : nil
        // Whole-octave shifts down read the stretched signal at exact half (quarter...) steps: an
        // interpolating kernel copies every other output sample instead of filtering it. At 16
        // zero crossings its images are 79 dB down and it droops 0.24 dB at 0.9 of the band's top
        // (InterpolatingKernelTests); the spectral convergence against the ideal octave-down tone
        // is 0.020 as with 24.
        let wholeOctavesDown = pitchRatio < 1 && (1 / pitchRatio).rounded() == 1 / pitchRatio
            && Int(1 / pitchRatio).nonzeroBitCount == 1
        kernel = shifting && pitchRatio < 1
            ? SincKernel(step: pitchRatio, zeroCrossings: wholeOctavesDown ? 16 : 24, interpolating: wholeOctavesDown) : nil
        self.preserveFormants = preserveFormants
        // About 46 ms of the original signal per frame; when resampling first, the vocoder's
        // input runs at sampleRate / pitchRatio, so the frame shrinks with it.
        let ratio = Units.ratio(fromCents: Self.centsRange.clamp(pitchCents))
        let vocoderRate = ratio > 1 ? sampleRate / ratio : sampleRate
        let size = options.fftSize ?? (1 << max(6, Int(log2(0.046 * vocoderRate).rounded())))
        precondition(size >= 64 && size & (size - 1) == 0, "FFT size must be a power of two >= 64")
        fftSize = size
        hopSize = size / options.overlap
        binCount = size / 2 + 1
        fft = RealFFT(size: size)
        window = .allocate(capacity: size)
        for n in 0..<size { window[n] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(size))) }
        var sum: Float = 0
        for k in stride(from: 0, to: size, by: size / options.overlap) { sum += window[k] * window[k] }
        olaScale = 1 / sum
        func buffer(_ n: Int) -> UnsafeMutablePointer<Float> {
            let p = UnsafeMutablePointer<Float>.allocate(capacity: n)
            p.initialize(repeating: 0, count: n)
            return p
        }
        frame = buffer(size)
        channelReal = buffer(binCount * channelCount)
        channelImag = buffer(binCount * channelCount)
        mixReal = buffer(binCount)
        mixImag = buffer(binCount)
        previousReal = buffer(binCount)
        previousImag = buffer(binCount)
        power = buffer(binCount)
        rotation = buffer(binCount)
        previousRotation = buffer(binCount)
        rotationCos = buffer(binCount)
        rotationSin = buffer(binCount)
        formantGain = buffer(binCount)
        envelope = buffer(binCount)
        cepstrum = buffer(size)
        logMagnitude = buffer(binCount)
        peaks = .allocate(capacity: binCount)
        regionStarts = .allocate(capacity: binCount)
        overlapAdd = buffer(size * channelCount)
        input = SampleFIFO(channelCount: channelCount, capacity: 4 * size)
        source = SampleFIFO(channelCount: channelCount, capacity: preKernel == nil ? 0 : 4 * size)
        detector = TransientDetector(minimumSpacing: size / 8)
        stretched = SampleFIFO(channelCount: channelCount, capacity: 4 * size)
        output = SampleFIFO(channelCount: channelCount, capacity: 4 * size)
        frameIndex = 0
        nominalAnalysis = 0
        nextFinalized = 0
        reset()
    }

    deinit {
        for p in [window, frame, channelReal, channelImag, mixReal, mixImag, previousReal, previousImag, power,
                  rotation, previousRotation, rotationCos, rotationSin, formantGain, envelope, cepstrum, logMagnitude, overlapAdd] {
            p.deallocate()
        }
        peaks.deallocate()
        regionStarts.deallocate()
    }

    /// Stretched samples kept behind the read position, more than any kernel's reach.
    private static let stretchedHistory = 320

    /// Input frames that must be pushed past a point in time before output for it can be pulled.
    public var latencyFrames: Int {
        let taps = Double(kernel?.tapsAfter ?? 0) + 1
        let synthesisReach = (taps + Double(fftSize / 2 + hopSize)) / stretch
        let vocoder = Double(Int(synthesisReach.rounded(.up)) + onsetReach + inputReach)
        // Vocoder input frames are pitchRatio raw frames apart when resampling first.
        return Int((vocoder * (preKernel == nil ? 1 : pitchRatio)).rounded(.up)) + (preKernel?.tapsAfter ?? 0) + 1
    }

    /// How far past the nominal analysis centre onsets are taken into account.
    private var onsetReach: Int {
        options.preserveTransients ? Int((Double(fftSize / 2) * max(1, 1 / stretch)).rounded(.up)) + fftSize / 2 : 0
    }

    /// How far past the onset horizon input must be present before a frame is planned.
    private var inputReach: Int {
        options.preserveTransients ? fftSize + detector.lookahead : fftSize / 2
    }

    /// Forgets all input and output; the next push starts a new stream.
    public func reset() {
        if let preKernel {
            source.removeAll(startingAt: -preKernel.tapsBefore - 1)
            source.appendZeros(preKernel.tapsBefore + 1)
        }
        resampledFrames = 0
        input.removeAll(startingAt: -fftSize)
        input.appendZeros(fftSize)
        detector.reset()
        inputFrames = 0
        flushed = false
        frameIndex = 1 - options.overlap / 2
        nominalAnalysis = Double(frameIndex * hopSize) / stretch
        previousAnalysis = nil
        lockAnchor = nil
        lastRetired = nil
        hasPreviousFrame = false
        overlapAdd.update(repeating: 0, count: fftSize * channelCount)
        previousRotation.update(repeating: 0, count: binCount)
        stretched.removeAll(startingAt: -Self.stretchedHistory)
        nextFinalized = frameIndex * hopSize - fftSize / 2
        outputOrigin = 0
        outputOriginIndex = 0
        outputProduced = 0
        output.removeAll(startingAt: 0)
    }

    /// Pushes `frameCount` frames, one pointer per channel.
    public func push(_ channels: [UnsafePointer<Float>], frameCount: Int) {
        precondition(channels.count == channelCount, "channel count mismatch")
        precondition(!flushed, "push after flush; call reset() to start a new stream")
        guard frameCount > 0 else { return }
        inputFrames += frameCount
        if preKernel != nil {
            source.append(frameCount: frameCount) { channels[$0] }
            resampleSource()
        } else {
            let first = input.endPosition
            input.append(frameCount: frameCount) { channels[$0] }
            detectOnsets(from: first)
        }
        process()
    }

    /// Moves as much of the raw input through the pre-resampler as its taps allow.
    private func resampleSource() {
        guard let preKernel else { return }
        let reach = source.endPosition - preKernel.tapsAfter - 1
        var n = max(0, Int(Double(reach + 1) / pitchRatio) - resampledFrames)
        while n > 0, Int((Double(resampledFrames + n - 1) * pitchRatio).rounded(.down)) > reach { n -= 1 }
        while Int((Double(resampledFrames + n) * pitchRatio).rounded(.down)) <= reach { n += 1 }
        guard n > 0 else { return }
        let origin = source.startPosition
        let first = input.endPosition
        for c in 0..<channelCount {
            input.appendChannel(c, count: n) { out in
                source.withPointer(channel: c, at: origin) { p in
                    preKernel.render(p, origin: -Double(origin), originIndex: 0, firstIndex: resampledFrames,
                                     count: n, into: out)
                }
            }
        }
        input.commitFrames(n)
        resampledFrames += n
        source.discard(before: Int((Double(resampledFrames) * pitchRatio).rounded(.down)) - preKernel.tapsBefore - 1)
        detectOnsets(from: first)
    }

    /// Feeds the onset detector the mono mix of vocoder input from `first` to the end.
    private func detectOnsets(from first: Int) {
        guard options.preserveTransients else { return }
        let n = input.endPosition - first
        guard n > 0 else { return }
        let scale = 1 / Float(channelCount)
        if channelCount == 1 {
            input.withPointer(channel: 0, at: first) { detector.consume($0, count: n) }
            return
        }
        for i in 0..<n {
            var mix: Float = 0
            for c in 0..<channelCount { mix += input.withPointer(channel: c, at: first + i) { $0[0] } }
            detector.consume(mix * scale)
        }
    }

    /// Pushes a block.
    public func push(_ block: AudioBlock) {
        push((0..<block.channelCount).map { UnsafePointer(block.channels[$0]) }, frameCount: block.frameCount)
    }

    /// Declares the end of the input: the remaining output (to exactly `round(inputFrames / tempo)`
    /// frames) becomes available.
    public func flush() {
        guard !flushed else { return }
        if let preKernel {
            source.appendZeros(preKernel.tapsAfter + 2)
            resampleSource()
        }
        flushed = true
        process()
    }

    /// Frames ready to pull.
    public var availableFrames: Int { output.count }

    /// Total frames the stream will produce, known after ``flush()``.
    public var expectedOutputFrames: Int? {
        flushed ? Int((Double(inputFrames) / tempo).rounded()) : nil
    }

    /// Moves up to `frameCount` ready frames into `channels`; returns how many were written.
    @discardableResult
    public func pull(into channels: [UnsafeMutablePointer<Float>], frameCount: Int) -> Int {
        precondition(channels.count == channelCount, "channel count mismatch")
        let n = min(frameCount, output.count)
        guard n > 0 else { return 0 }
        let start = output.startPosition
        for c in 0..<channelCount {
            output.withPointer(channel: c, at: start) { channels[c].update(from: $0, count: n) }
        }
        output.discard(before: start + n)
        return n
    }

    /// Pulls into a block; returns frames written.
    @discardableResult
    public func pull(into block: AudioBlock) -> Int {
        pull(into: (0..<block.channelCount).map { block.channels[$0] }, frameCount: block.frameCount)
    }

    // MARK: - Scheduling

    private func process() {
        while true {
            if let target = expectedOutputFrames, outputProduced >= target { return }
            if !emitOutput() { if !processFrame() { return } }
        }
    }

    @inline(__always)
    private func outputPosition(_ j: Int) -> Double {
        outputOrigin + Double(j - outputOriginIndex) * pitchRatio
    }

    /// Produces output while stretched samples suffice; returns true if it produced any.
    private func emitOutput() -> Bool {
        let target = expectedOutputFrames ?? Int.max
        guard let kernel else {
            let n = min(stretched.endPosition - outputProduced, target - outputProduced)
            guard n > 0 else { return false }
            let start = outputProduced
            output.append(frameCount: n) { c in stretched.withPointer(channel: c, at: start) { $0 } }
            outputProduced += n
            stretched.discard(before: outputProduced - Self.stretchedHistory)
            return true
        }
        let reach = stretched.endPosition - kernel.tapsAfter - 1
        // Largest n with floor(position(outputProduced + n - 1)) <= reach, estimated then corrected.
        var n = max(0, Int((Double(reach + 1) - outputPosition(outputProduced)) / pitchRatio))
        n = min(n, target - outputProduced)
        while n > 0, Int(outputPosition(outputProduced + n - 1).rounded(.down)) > reach { n -= 1 }
        while outputProduced + n < target, Int(outputPosition(outputProduced + n).rounded(.down)) <= reach { n += 1 }
        guard n > 0 else { return false }
        let first = outputProduced
        let origin = stretched.startPosition
        for c in 0..<channelCount {
            output.appendChannel(c, count: n) { out in
                stretched.withPointer(channel: c, at: origin) { source in
                    kernel.render(source, origin: outputOrigin - Double(origin), originIndex: outputOriginIndex,
                                  firstIndex: first, count: n, into: out)
                }
            }
        }
        output.commitFrames(n)
        outputProduced += n
        stretched.discard(before: Int(outputPosition(outputProduced).rounded(.down)) - Self.stretchedHistory)
        return true
    }

    /// Plans and renders the next synthesis frame if its input is available.
    private func processFrame() -> Bool {
        let half = fftSize / 2
        let synthesisCentre = frameIndex * hopSize
        let horizon = Int(nominalAnalysis.rounded(.up)) + onsetReach
        // Plan only when everything the plan depends on is known, so that the result does not
        // depend on how the input was split into pushes.
        if !flushed && input.endPosition < horizon + inputReach { return false }
        var resetPhases = false
        var analysis = Int(nominalAnalysis.rounded())
        if options.preserveTransients {
            (analysis, resetPhases) = planAnalysis(synthesisCentre: synthesisCentre, horizon: horizon)
        }
        renderFrame(analysisCentre: analysis, resetPhases: resetPhases)
        // Frames after this one start at or after `synthesisCentre + hop - half`.
        let finalizedEnd = synthesisCentre + hopSize - half
        appendFinalized(upTo: finalizedEnd)
        frameIndex += 1
        nominalAnalysis += Double(hopSize) / stretch
        input.discard(before: min(analysis, Int(nominalAnalysis)) - half - hopSize)
        return true
    }

    /// Chooses where the next analysis frame reads, handling onsets so each is copied one-to-one
    /// by a run of frames whose analysis and synthesis positions differ by a constant.
    private func planAnalysis(synthesisCentre s: Int, horizon: Int) -> (Int, Bool) {
        let half = fftSize / 2
        let onsets = detector.onsets
        if let anchor = lockAnchor {
            let a = s - Int((Double(anchor) * (stretch - 1)).rounded())
            // Onsets entering this window join the cluster.
            for t in onsets where t > lockLast && t < a + half && t < horizon { lockLast = t }
            if lockLast >= a - half {
                return (a, false)
            }
            lockAnchor = nil
            lastRetired = lockLast
            detector.onsets.removeAll { $0 <= lockLast }
        }
        let pending = onsets.first { t in t > (lastRetired ?? Int.min) && t < horizon }
        if let t = pending, Double(t) * stretch < Double(s + half) {
            lockAnchor = t
            lockLast = t
            let a = s - Int((Double(t) * (stretch - 1)).rounded())
            for u in onsets where u > lockLast && u < a + half && u < horizon { lockLast = u }
            return (a, true)
        }
        var a = Int(nominalAnalysis.rounded())
        if let t = pending { a = min(a, t - half) }
        if let t = lastRetired { a = max(a, t + half) }
        return (a, false)
    }

    private func appendFinalized(upTo end: Int) {
        let start = nextFinalized
        guard end > start else { return }
        let n = end - start
        // The accumulator's first sample is stream position `start`.
        let skip = max(0, stretched.endPosition - start)
        if n > skip {
            stretched.append(frameCount: n - skip) { c in UnsafePointer(overlapAdd + c * fftSize + skip) }
        }
        // Shift the accumulators left by n.
        for c in 0..<channelCount {
            let acc = overlapAdd + c * fftSize
            acc.update(from: acc + n, count: fftSize - n)
            (acc + fftSize - n).update(repeating: 0, count: n)
        }
        nextFinalized = end
    }

    // MARK: - Spectral processing

    private func renderFrame(analysisCentre: Int, resetPhases: Bool) {
        let half = fftSize / 2
        let bins = binCount
        let start = analysisCentre - half
        // Analysis: window each channel and transform.
        for c in 0..<channelCount {
            readInput(channel: c, from: start)
            for n in 0..<fftSize { frame[n] *= window[n] }
            fft.forward(frame, real: channelReal + c * bins, imag: channelImag + c * bins)
        }
        if channelCount == 1 {
            mixReal.update(from: channelReal, count: bins)
            mixImag.update(from: channelImag, count: bins)
        } else {
            mixReal.update(from: channelReal, count: bins)
            mixImag.update(from: channelImag, count: bins)
            for c in 1..<channelCount {
                for k in 0..<bins {
                    mixReal[k] += channelReal[c * bins + k]
                    mixImag[k] += channelImag[c * bins + k]
                }
            }
        }
        for k in 0..<bins { power[k] = mixReal[k] * mixReal[k] + mixImag[k] * mixImag[k] }
        let analysisHop = previousAnalysis.map { analysisCentre - $0 } ?? hopSize
        previousAnalysis = analysisCentre
        computeRotations(analysisHop: analysisHop, resetPhases: resetPhases || !hasPreviousFrame)
        hasPreviousFrame = true
        let useFormants = preserveFormants && (kernel != nil || preKernel != nil)
        if useFormants { computeFormantGain() }
        // Synthesis: rotate, transform back, window and overlap-add.
        for c in 0..<channelCount {
            let re = channelReal + c * bins, im = channelImag + c * bins
            for k in 0..<bins {
                let cr = rotationCos[k], ci = rotationSin[k]
                let xr = re[k], xi = im[k]
                re[k] = xr * cr - xi * ci
                im[k] = xr * ci + xi * cr
            }
            if useFormants {
                for k in 0..<bins { re[k] *= formantGain[k]; im[k] *= formantGain[k] }
            }
            fft.inverse(real: re, imag: im, output: frame)
            let acc = overlapAdd + c * fftSize
            let scale = olaScale
            for n in 0..<fftSize { acc[n] += frame[n] * window[n] * scale }
        }
        previousReal.update(from: mixReal, count: bins)
        previousImag.update(from: mixImag, count: bins)
    }

    /// Copies `fftSize` input frames starting at stream position `start` into `frame`, with zeros
    /// outside what has been pushed.
    private func readInput(channel c: Int, from start: Int) {
        let lo = max(start, input.startPosition)
        let hi = min(start + fftSize, input.endPosition)
        if hi <= lo {
            frame.update(repeating: 0, count: fftSize)
            return
        }
        if lo > start { frame.update(repeating: 0, count: lo - start) }
        input.withPointer(channel: c, at: lo) { (frame + (lo - start)).update(from: $0, count: hi - lo) }
        if hi < start + fftSize { (frame + (hi - start)).update(repeating: 0, count: start + fftSize - hi) }
    }

    /// Sets `rotationCos/Sin` so that each bin's synthesis phase is its analysis phase plus the
    /// rotation of the peak that owns it.
    private func computeRotations(analysisHop: Int, resetPhases: Bool) {
        let bins = binCount
        if resetPhases {
            rotation.update(repeating: 0, count: bins)
            rotationCos.update(repeating: 1, count: bins)
            rotationSin.update(repeating: 0, count: bins)
            previousRotation.update(repeating: 0, count: bins)
            return
        }
        // One pass finds the peaks (larger than two neighbours on each side, and within 60 dB of
        // the loudest bin) and, for each, where its region starts: the weakest bin since the
        // previous peak.
        var loudest: Float = 0
        for k in 0..<bins { loudest = max(loudest, power[k]) }
        let floor = loudest * 1e-6
        var peakCount = 0
        var troughIndex = 0
        var troughPower = Float.infinity
        for k in 0..<bins {
            let p = power[k]
            if p < troughPower { troughPower = p; troughIndex = k }
            if p <= floor { continue }
            if k >= 1 && power[k - 1] >= p { continue }
            if k >= 2 && power[k - 2] >= p { continue }
            if k + 1 < bins && power[k + 1] > p { continue }
            if k + 2 < bins && power[k + 2] > p { continue }
            peaks[peakCount] = Int32(k)
            regionStarts[peakCount] = Int32(peakCount == 0 ? 0 : troughIndex)
            peakCount += 1
            troughPower = .infinity
        }
        let twoPiOverN = 2 * Float.pi / Float(fftSize)
        let hs = Float(hopSize)
        let ha = Float(analysisHop)
        let reliableHop = analysisHop >= 1 && analysisHop <= fftSize / 2
        for i in 0..<peakCount {
            let p = Int(peaks[i])
            let regionStart = Int(regionStarts[i])
            let regionEnd = i + 1 < peakCount ? Int(regionStarts[i + 1]) : bins
            // Phase advance of the peak between analysis frames.
            let xr = mixReal[p], xi = mixImag[p]
            let yr = previousReal[p], yi = previousImag[p]
            let dphi = FastMath.atan2(xi * yr - xr * yi, xr * yr + xi * yi)
            let centre = twoPiOverN * Float(p)
            var delta = previousRotation[p] - dphi
            if reliableHop {
                let deviation = FastMath.principalArgument(dphi - centre * ha)
                delta += hs * (centre + deviation / ha)
            } else {
                delta += hs * centre
            }
            delta = FastMath.principalArgument(delta)
            let (s, c) = FastMath.sinCos(delta)
            (rotation + regionStart).update(repeating: delta, count: regionEnd - regionStart)
            (rotationCos + regionStart).update(repeating: c, count: regionEnd - regionStart)
            (rotationSin + regionStart).update(repeating: s, count: regionEnd - regionStart)
        }
        if peakCount == 0 {
            rotationCos.update(repeating: 1, count: bins)
            rotationSin.update(repeating: 0, count: bins)
            rotation.update(repeating: 0, count: bins)
        }
        previousRotation.update(from: rotation, count: bins)
    }

    /// Gain per bin that moves the spectral envelope back to where it was before resampling.
    ///
    /// The envelope joins the spectrum's peaks (local maxima over ±3 bins) with straight lines in
    /// the log domain, then is smoothed cepstrally; it rides on the harmonics instead of averaging
    /// them with the gaps between them, which would exaggerate the lowest harmonic.
    private func computeFormantGain() {
        let bins = binCount
        // Smooth at quefrencies below ~3.3 ms of the original signal: the envelope, and not the
        // harmonics, of voices up to about 300 Hz.
        let vocoderRate = preKernel == nil ? sampleRate : sampleRate / pitchRatio
        let lifter = max(8, Int(vocoderRate / 300))
        for k in 0..<bins { logMagnitude[k] = 0.5 * log(max(power[k], 1e-18)) }
        var last = -1
        for k in 0..<bins {
            let v = logMagnitude[k]
            var isPeak = true
            for j in max(0, k - 3)...min(bins - 1, k + 3) where j != k && logMagnitude[j] > v { isPeak = false; break }
            guard isPeak else { continue }
            if last < 0 {
                (envelope).update(repeating: v, count: k + 1)
            } else {
                let start = logMagnitude[last]
                let span = Float(k - last)
                for j in (last + 1)...k { envelope[j] = start + (v - start) * Float(j - last) / span }
            }
            last = k
        }
        if last < 0 {
            envelope.update(from: logMagnitude, count: bins)
        } else if last < bins - 1 {
            (envelope + last + 1).update(repeating: logMagnitude[last], count: bins - 1 - last)
        }
        formantGain.update(repeating: 0, count: bins)
        fft.inverse(real: envelope, imag: formantGain, output: cepstrum)
        for n in 0..<fftSize {
            let q = min(n, fftSize - n)
            if q >= lifter { cepstrum[n] = 0 } else if q > lifter / 2 {
                cepstrum[n] *= 0.5 + 0.5 * cos(Float.pi * Float(q - lifter / 2) / Float(lifter / 2))
            }
        }
        fft.forward(cepstrum, real: envelope, imag: formantGain)
        // formantGain[k] = E(k * ratio) / E(k), in the log domain, limited to ±24 dB.
        let ratio = Float(pitchRatio)
        for k in 0..<bins {
            let x = Float(k) * ratio
            var target = envelope[bins - 1]
            if x < Float(bins - 1) {
                let i = Int(x)
                let f = x - Float(i)
                target = envelope[i] + (envelope[i + 1] - envelope[i]) * f
            }
            formantGain[k] = exp(min(max(target - envelope[k], -2.76), 2.76))
        }
    }
}

extension ClosedRange where Bound == Double {
    func clamp(_ x: Double) -> Double { x.isNaN ? lowerBound : Swift.min(Swift.max(x, lowerBound), upperBound) }
}
