import AudioCore
import AudioFile
import Fluent
import Foundation
@testable import StudioServer
import Testing
import TestSupport
import VaporTesting

/// A temporary data directory and an in-memory studio over it.
struct StudioHarness {
    let app: Application
    let dataDirectory: String

    /// Runs `body` against a fresh studio in a fresh temporary data directory, then shuts the
    /// application down and removes the directory.
    static func with(
        dataDirectory existing: String? = nil,
        configure: (inout StudioConfiguration) -> Void = { _ in },
        _ body: (StudioHarness) async throws -> Void
    ) async throws {
        _ = quietLogging
        let directory = existing ?? makeTemporaryDirectory()
        var configuration = StudioConfiguration(port: 0, dataDirectory: directory, prefetchVoicesAfterUpload: false)
        configure(&configuration)
        let app = try await buildApplication(configuration, environment: .testing)
        do {
            try await body(StudioHarness(app: app, dataDirectory: directory))
        } catch {
            try? await app.asyncShutdown()
            if existing == nil { try? FileManager.default.removeItem(atPath: directory) }
            throw error
        }
        try await app.asyncShutdown()
        if existing == nil { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Warnings and errors only, so that failures stand out.
    static let quietLogging: Void = LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = .warning
        return handler
    }

    static func makeTemporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("studio-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: Requests

    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(method, path, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    }

    /// Uploads WAV bytes and expects 201.
    func upload(_ bytes: [UInt8], title: String? = nil) async throws -> RecordingJSON {
        var path = "/api/recordings"
        if let title { path += "?title=" + (title.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? title) }
        let response = try await send(.POST, path, headers: ["Content-Type": "audio/wav"], body: bytes)
        #expect(response.status == .created, "upload answered \(response.status): \(response.body.string)")
        return try response.json(RecordingJSON.self)
    }

    // MARK: What is stored

    func recordingRowCount() async throws -> Int {
        try await Recording.query(on: app.db).count()
    }

    /// Regular files anywhere under `data/<folder>`.
    func files(in folder: String) -> [String] {
        let root = dataDirectory + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found = [String]()
        while let name = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(name)
            }
        }
        return found
    }

    /// Expects no recording row and no file in blobs/ or tmp/.
    func expectNothingStored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await recordingRowCount() == 0, sourceLocation: sourceLocation)
        #expect(files(in: "blobs").isEmpty, "blobs: \(files(in: "blobs"))", sourceLocation: sourceLocation)
        #expect(files(in: "tmp").isEmpty, "tmp: \(files(in: "tmp"))", sourceLocation: sourceLocation)
    }
}

/// The recording JSON as a client sees it.
struct RecordingJSON: Codable, Equatable {
    let id: String
    let title: String
    let durationSeconds: Double
    let sampleRate: Double
    let channelCount: Int
    let frameCount: Int
    let createdAt: String
    let peakDecibels: Double
    let rmsDecibels: Double
}

struct ErrorJSON: Codable {
    let error: String
}

extension TestingHTTPResponse {
    func json<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    var bytes: [UInt8] { Array(body.readableBytesView) }

    /// Expects a 4xx JSON error body and returns its message.
    @discardableResult
    func expectError(_ status: HTTPStatus, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        #expect(self.status == status, "got \(self.status): \(body.string)", sourceLocation: sourceLocation)
        #expect(headers.contentType == .json, sourceLocation: sourceLocation)
        let error = try json(ErrorJSON.self)
        #expect(!error.error.isEmpty, sourceLocation: sourceLocation)
        return error.error
    }
}

/// Test recordings.
enum TestAudio {
    /// A sine as a WAV file.
    static func sineWAV(seconds: Double = 1, sampleRate: Double = 44_100, channelCount: Int = 1,
                        amplitude: Float = 0.5, encoding: SampleEncoding = .pcm16) -> [UInt8] {
        AudioFileWriter.encodeWAV(sineBuffer(seconds: seconds, sampleRate: sampleRate, channelCount: channelCount,
                                             amplitude: amplitude), encoding: encoding)
    }

    static func sineBuffer(seconds: Double, sampleRate: Double, channelCount: Int, amplitude: Float) -> AudioBuffer {
        let sine = Signals.sine(frequencyHz: 440, seconds: seconds, sampleRate: sampleRate, amplitude: amplitude)
        return AudioBuffer(channels: Array(repeating: sine, count: channelCount), sampleRate: sampleRate)
    }
}
