import ArgumentParser
import AudioCore
import AudioFile
import CLICore
import Foundation
import Synchronization
@testable import PitchPerfectCLI

/// What one run of `pitchperfect` did.
struct CLIRun {
    var exitCode: Int32
    var stdout: String
    var stderr: String
}

/// Text written to a captured console.
final class Capture: Sendable {
    private let out = Mutex("")
    private let err = Mutex("")

    var console: Console {
        Console(out: { text in self.out.withLock { $0 += text } },
                err: { text in self.err.withLock { $0 += text } },
                errIsTerminal: false)
    }
    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }
}

/// Runs `pitchperfect` in-process as its `main()` would: parse, validate, run; on an error, the
/// exit code and the full message that `main()` prints to stderr.
func pitchperfect(_ arguments: [String]) async -> CLIRun {
    let capture = Capture()
    do {
        var command = try PitchPerfect.parseAsRoot(arguments)
        try await Console.$current.withValue(capture.console) {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
        return CLIRun(exitCode: 0, stdout: capture.stdout, stderr: capture.stderr)
    } catch {
        return CLIRun(exitCode: PitchPerfect.exitCode(for: error).rawValue, stdout: capture.stdout,
                      stderr: capture.stderr + PitchPerfect.fullMessage(for: error))
    }
}

/// Runs the built `pitchperfect` executable (next to the test runner) as a child process.
func pitchperfectProcess(_ arguments: [String]) throws -> CLIRun {
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let binary = runner.deletingLastPathComponent().appendingPathComponent("pitchperfect")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                  stderr: String(decoding: errData, as: UTF8.self))
}

/// A fresh directory for one test's files, removed by ``remove()``.
struct Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/cli-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `channels` as a WAV file and returns its path.
    @discardableResult
    func wav(_ name: String, _ channels: [[Float]], sampleRate: Double = 44_100,
             encoding: SampleEncoding = .float32) throws -> String {
        let path = file(name)
        try AudioFileWriter.write(AudioBuffer(channels: channels, sampleRate: sampleRate), toPath: path, encoding: encoding)
        return path
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }
}
