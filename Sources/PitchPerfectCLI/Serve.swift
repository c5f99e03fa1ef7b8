import ArgumentParser
import Foundation
import StudioServer

/// `pitchperfect serve`: runs the web studio until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web studio (browser UI and HTTP API).",
        discussion: "Recordings, renders and the SQLite database live in the data directory, created on first start.")

    @Option(help: "Interface to listen on.")
    var host = "127.0.0.1"

    @Option(help: "TCP port; 0 picks any free port (the real one is printed).")
    var port = 8080

    @Option(name: .customLong("data-dir"), help: "Directory for the database, audio and renders.")
    var dataDirectory = "./data"

    @Option(name: .customLong("public-dir"),
            help: "Directory of the browser UI (default: ./Public, else the repository's Public/).")
    var publicDirectory: String?

    @Option(name: .customLong("max-upload-mb"), help: "Largest upload accepted, in MiB.")
    var maximumUploadMegabytes = StudioConfiguration.defaultMaximumUploadBytes >> 20

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535.") }
        guard maximumUploadMegabytes > 0 else { throw ValidationError("--max-upload-mb must be positive.") }
        guard studioLogLevelNames.contains(logLevel) else {
            throw ValidationError("--log-level must be one of \(studioLogLevelNames.joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let configuration = StudioConfiguration(
            host: host, port: port, dataDirectory: dataDirectory,
            publicDirectory: Self.resolvePublicDirectory(publicDirectory),
            maximumUploadBytes: maximumUploadMegabytes << 20)
        try await runStudioServer(configuration, logLevel: logLevel)
    }

    /// `--public-dir` as given, else `./Public` if it exists, else the repository's `Public/`
    /// (found from this source file), else nil.
    static func resolvePublicDirectory(_ option: String?) -> String? {
        let files = FileManager.default
        if let option { return URL(fileURLWithPath: option).standardizedFileURL.path }
        let candidates = [
            URL(fileURLWithPath: files.currentDirectoryPath).appendingPathComponent("Public"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Public"),
        ]
        var isDirectory: ObjCBool = false
        return candidates.first { files.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue }?
            .standardizedFileURL.path
    }
}
