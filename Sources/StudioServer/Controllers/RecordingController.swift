import AudioCore
import AudioFile
import Fluent
import Foundation
import Studio
import Vapor

/// Recordings: upload, list, fetch, and their audio, original or rendered with a voice.
///
/// ```
/// POST /api/recordings?title=…           body: WAV bytes        -> 201 RecordingResponse
/// GET  /api/recordings                   newest first           -> [RecordingResponse]
/// GET  /api/recordings/{id}                                     -> RecordingResponse
/// GET  /api/recordings/{id}/audio[?voice=chipmunk][&format=wav] -> audio/wav
/// ```
struct RecordingController: RouteCollection {
    let blobs: BlobStore
    let renders: RenderCache
    let receiver: UploadReceiver
    let maximumDurationSeconds: Double
    let prefetchVoices: Bool

    /// Content types an upload may declare; a missing one is accepted too.
    static let acceptedContentTypes: Set<String> = [
        "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "application/octet-stream",
    ]
    /// Titles longer than this are cut.
    static let maximumTitleLength = 200

    func boot(routes: any RoutesBuilder) throws {
        let recordings = routes.grouped("api", "recordings")
        recordings.on(.POST, body: .stream, use: upload)
        recordings.get(use: list)
        recordings.get(":id", use: show)
        recordings.get(":id", "audio", use: audio)
    }

    // MARK: - Routes

    @Sendable
    func upload(request: Request) async throws -> Response {
        try checkContentType(request)
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > receiver.maximumBytes {
            throw UploadReceiver.tooLarge(limit: receiver.maximumBytes)
        }
        let asked = try? request.query.get(String.self, at: "title")
        if asked == nil, let query = request.url.query, query.hasPrefix("title=") || query.contains("&title=") {
            throw Abort(.badRequest, reason: "The title is not valid UTF-8 text.")
        }
        let title = Self.title(from: asked)
        let upload = try await receiver.receive(request)
        let recording: Recording
        do {
            guard upload.byteCount > 0 else {
                throw Abort(.badRequest, reason: "The request body is empty: send the WAV file's bytes.")
            }
            let (limit, blobs) = (maximumDurationSeconds, self.blobs)
            // Decoding, fsync and rename block: keep them off the threads that run handlers.
            let analysis = try await request.application.threadPool.runIfActive {
                let analysis = try Self.analyse(fileAt: upload.path, maximumDurationSeconds: limit)
                try blobs.adopt(temporaryFile: upload.path, key: upload.sha256)
                return analysis
            }
            recording = Recording(
                title: title, createdAt: Self.now(), blobKey: upload.sha256, byteCount: upload.byteCount,
                sampleRate: analysis.sampleRate, channelCount: analysis.channelCount, frameCount: analysis.frameCount,
                peakDecibels: analysis.levels.peakDecibels, rmsDecibels: analysis.levels.rmsDecibels)
            try await recording.create(on: request.db)
        } catch {
            try? FileManager.default.removeItem(atPath: upload.path)
            throw error
        }
        request.logger.info("Stored recording \(recording.id?.uuidString.lowercased() ?? "?") '\(title)': \(String(format: "%.1f", Double(recording.frameCount) / recording.sampleRate)) s, \(upload.byteCount) bytes")
        if prefetchVoices {
            await renders.prefetch(blobKey: upload.sha256)
        }
        return try await RecordingResponse(recording).encodeResponse(status: .created, for: request)
    }

    @Sendable
    func list(request: Request) async throws -> [RecordingResponse] {
        try await Recording.query(on: request.db)
            .sort(\.$createdAt, .descending)
            .all()
            .map(RecordingResponse.init)
    }

    @Sendable
    func show(request: Request) async throws -> RecordingResponse {
        RecordingResponse(try await find(request))
    }

    @Sendable
    func audio(request: Request) async throws -> Response {
        let recording = try await find(request)
        if let format = try? request.query.get(String.self, at: "format"), format.lowercased() != "wav" {
            throw Abort(.badRequest, reason: "Unknown format '\(format)'; the only format is wav.")
        }
        let path: String
        if let voiceID = try? request.query.get(String.self, at: "voice") {
            guard let voice = ClassicVoice.named(voiceID) else {
                let valid = ClassicVoice.all.map(\.id).joined(separator: ", ")
                throw Abort(.badRequest, reason: "Unknown voice '\(voiceID)'; valid voices are \(valid).")
            }
            do {
                path = try await renders.renderedFile(blobKey: recording.blobKey, voice: voice)
            } catch is CancellationError {
                throw Abort(.serviceUnavailable, reason: "The studio is shutting down; try again in a moment.")
            }
        } else {
            path = blobs.path(forKey: recording.blobKey)
        }
        let response = try await request.fileio.asyncStreamFile(at: path, mediaType: HTTPMediaType(type: "audio", subType: "wav"))
        // The same URL may name a different render after a voice is retuned: revalidate by ETag.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        return response
    }

    // MARK: - Helpers

    /// The recording named by the `id` path parameter, or a 404.
    private func find(_ request: Request) async throws -> Recording {
        let text = request.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text), let recording = try await Recording.find(id, on: request.db) else {
            throw Abort(.notFound, reason: "No recording with id '\(text)'.")
        }
        return recording
    }

    private func checkContentType(_ request: Request) throws {
        guard let type = request.headers.contentType else { return }
        let name = "\(type.type)/\(type.subType)".lowercased()
        guard Self.acceptedContentTypes.contains(name) else {
            throw Abort(.unsupportedMediaType,
                        reason: "Send the recording as a WAV file (Content-Type audio/wav), not \(name).")
        }
    }

    /// What the server needs to know about an uploaded file.
    struct Analysis: Sendable {
        let sampleRate: Double
        let channelCount: Int
        let frameCount: Int
        let levels: AudioLevels
    }

    /// Decodes the file and checks that it is a recording the studio can keep. Blocks: run it on
    /// a thread pool.
    static func analyse(fileAt path: String, maximumDurationSeconds: Double) throws -> Analysis {
        let buffer: AudioBuffer
        do {
            let (decoded, info) = try AudioFileReader.read(path: path)
            // Stored bytes are served as audio/wav and decoded by the browser: keep WAV only.
            guard info.format == .wav else {
                throw Abort(.unsupportedMediaType, reason: "This is an AIFF file; the studio keeps WAV recordings. "
                            + "Convert it first, for example with `pitchperfect render in.aiff -o out.wav`.")
            }
            buffer = decoded
        } catch let error as AudioFileError {
            throw Abort(.badRequest, reason: error.description)
        }
        guard buffer.frameCount > 0 else {
            throw Abort(.badRequest, reason: "The recording has no audio: its data chunk holds 0 frames.")
        }
        guard buffer.durationSeconds <= maximumDurationSeconds else {
            throw Abort(.badRequest, reason: "The recording is \(describe(seconds: buffer.durationSeconds)) long; the limit is \(describe(seconds: maximumDurationSeconds)).")
        }
        return Analysis(sampleRate: buffer.sampleRate, channelCount: buffer.channelCount,
                        frameCount: buffer.frameCount, levels: AudioLevels(measuring: buffer))
    }

    /// The title asked for, trimmed and cut to length, or "Recording <UTC date time>".
    static func title(from query: String?, now: Date = Date()) -> String {
        // Control characters (NUL, newlines, escapes) become spaces; the cut counts Unicode scalars,
        // so combining marks cannot stretch a title past the limit.
        let scalars = (query ?? "").unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
        let cleaned = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespacesAndNewlines)
        if !cleaned.isEmpty {
            let cut = String(String.UnicodeScalarView(cleaned.unicodeScalars.prefix(maximumTitleLength)))
            return cut.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "Recording \(components.year ?? 0)-\(two(components.month))-\(two(components.day)) \(two(components.hour)):\(two(components.minute)):\(two(components.second))"
    }

    /// Now, to the millisecond, so that the time shown equals the time stored.
    static func now() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// `12 min 30 s`, `45.2 s`.
    static func describe(seconds: Double) -> String {
        if seconds >= 60 {
            let whole = Int(seconds.rounded())
            return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
        }
        return String(format: "%.1f s", seconds)
    }
}
