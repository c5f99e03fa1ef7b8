import AudioCore
import AudioFile
import Studio

/// One render from a file to a file: the work behind `apply` and `render`.
public struct RenderJob: Sendable {
    /// The file to read.
    public var inputPath: String
    /// The file to write (replaced atomically).
    public var outputPath: String
    /// What to do to the sound.
    public var plan: RenderPlan
    /// `--bits`; nil keeps the input's depth (float inputs become 32-bit float).
    public var bits: OutputBits?

    /// Creates a job.
    public init(inputPath: String, outputPath: String, plan: RenderPlan, bits: OutputBits? = nil) {
        self.inputPath = inputPath
        self.outputPath = outputPath
        self.plan = plan
        self.bits = bits
    }

    /// What a finished job wrote.
    public struct Result: Sendable, Equatable {
        /// Frames in the output file.
        public var frameCount: Int
        /// Channels in the output file.
        public var channelCount: Int
        /// Output sample rate, in hertz.
        public var sampleRate: Double
        /// How the output samples are stored.
        public var encoding: SampleEncoding

        /// `out.wav: 2.470 s, 44100 Hz, 1 channel, 16-bit PCM`.
        public func summary(path: String) -> String {
            let seconds = Double(frameCount) / sampleRate
            let rounded = (seconds * 1000).rounded() / 1000
            return "\(path): \(rounded) s, \(ParameterSpec.format(sampleRate)) Hz, "
                + "\(channelCount) channel\(channelCount == 1 ? "" : "s"), \(encoding.displayName)"
        }
    }

    /// Reads, renders and writes.
    ///
    /// The checks that need no audio come first (the output is not the input, the plan is valid),
    /// so a mistake is reported at once rather than after a long render.
    ///
    /// - Parameter progress: called with the fraction done (0...1) while rendering.
    /// - Throws: ``CLIError`` naming what is wrong; the output file is untouched on any error.
    public func run(progress: ((Double) -> Void)? = nil) throws(CLIError) -> Result {
        if SameFile.check(input: inputPath, output: outputPath) {
            throw .wouldOverwriteInput(input: inputPath, output: outputPath)
        }
        do {
            try plan.validate()
        } catch {
            throw .invalidPlan(source: nil, error: error)
        }
        let buffer: AudioBuffer, info: AudioFileInfo
        do {
            (buffer, info) = try AudioFileReader.read(path: inputPath)
        } catch {
            throw .audioFile(error)
        }
        let encoding = OutputBits.encoding(bits, input: info.encoding)
        let output: AudioBuffer
        do {
            output = try Renderer.render(plan, input: buffer, progress: progress)
        } catch {
            throw .invalidPlan(source: nil, error: error)
        }
        do {
            try AudioFileWriter.write(output, toPath: outputPath, encoding: encoding)
        } catch {
            throw .audioFile(error)
        }
        return Result(frameCount: output.frameCount, channelCount: output.channelCount,
                      sampleRate: output.sampleRate, encoding: encoding)
    }
}

extension RenderJob {
    /// Runs the job with a progress bar on `console`'s stderr (a terminal only, work over a
    /// second only) and prints a one-line summary of the output on its stdout.
    public func perform(on console: Console = .current) throws(CLIError) {
        let bar = ProgressBar(console: console)
        defer { bar.finish() }
        let result = try run(progress: bar.update)
        bar.finish()  // before the summary, so the summary starts on a clean line
        console.line(result.summary(path: outputPath))
    }
}
