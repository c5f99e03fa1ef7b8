import AudioFile
import Studio

/// Why a command could not do its work; ``description`` is the sentence shown on stderr.
public enum CLIError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Reading or writing an audio file failed.
    case audioFile(AudioFileError)
    /// The output path names the input file (after resolving links, or the same inode).
    case wouldOverwriteInput(input: String, output: String)
    /// A plan file could not be read or decoded; `detail` names the JSON path where it can.
    case unreadablePlan(path: String, detail: String)
    /// A plan (from `source`, e.g. a file name) holds a value out of range; the error names the
    /// path to it.
    case invalidPlan(source: String?, error: PlanError)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .audioFile(let error):
            error.description
        case .wouldOverwriteInput(let input, let output):
            "Refusing to overwrite the input file: '\(output)' is '\(input)'. Choose another output path."
        case .unreadablePlan(let path, let detail):
            "Cannot read plan '\(path)': \(detail)"
        case .invalidPlan(let source, let error):
            "Invalid plan\(source.map { " " + $0 } ?? ""): \(error.path): \(error.message)."
        }
    }
}

/// A command-line value that cannot be used; ``description`` names the flag.
public struct FlagError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The flag, e.g. `--pitch`.
    public let flag: String
    /// What is wrong with its value.
    public let message: String

    /// Creates an error for `flag`.
    public init(flag: String, message: String) {
        self.flag = flag
        self.message = message
    }

    /// `--pitch: 3000 is outside -2400...2400 cents`.
    public var description: String { "\(flag): \(message)" }
}
