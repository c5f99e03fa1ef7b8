import AudioFile
import Crypto
import Foundation
import Logging
import NIOPosix
import Studio

/// Rendered voices of stored blobs, kept on disk and rendered at most once.
///
/// Each render is a file `renders/ab/<blob key>/<voice>-<plan digest>.wav` (32-bit float WAV,
/// the blob's sample rate and channels), written atomically. Concurrent requests for the same
/// render share one job. Renders run on a dedicated thread pool, never on an event loop or the
/// cooperative pool that runs request handlers, and at most `concurrency` run at once; queued
/// jobs start in the order they were asked for.
actor RenderCache {
    private let directory: String
    private let blobs: BlobStore
    private let pool: NIOThreadPool
    private let logger: Logger
    private var jobs: [String: Task<String, any Error>] = [:]
    /// Renders finished since start-up (cache hits and shared jobs do not count).
    private(set) var renderCount = 0

    /// - Parameters:
    ///   - directory: `data/renders`.
    ///   - concurrency: The most renders that run at once.
    init(directory: String, blobs: BlobStore, concurrency: Int, logger: Logger) {
        self.directory = directory
        self.blobs = blobs
        self.logger = logger
        pool = NIOThreadPool(numberOfThreads: max(1, concurrency))
        pool.start()
    }

    /// The path of `voice` rendered from the blob `blobKey`, rendering it first if needed.
    func renderedFile(blobKey: String, voice: ClassicVoice) async throws -> String {
        try await job(blobKey: blobKey, voice: voice)?.value ?? path(blobKey: blobKey, voice: voice)
    }

    /// Starts rendering every classic voice of a blob that is not rendered yet, in menu order,
    /// without waiting for them.
    func prefetch(blobKey: String) {
        for voice in ClassicVoice.all { _ = job(blobKey: blobKey, voice: voice) }
    }

    /// Lets running renders finish, drops queued ones and stops the threads.
    func shutdown() async {
        try? await pool.shutdownGracefully()
    }

    /// The running job for this render, a new one, or nil when the file already exists.
    private func job(blobKey: String, voice: ClassicVoice) -> Task<String, any Error>? {
        let destination = path(blobKey: blobKey, voice: voice)
        if let running = jobs[destination] { return running }
        if FileManager.default.fileExists(atPath: destination) { return nil }
        let source = blobs.path(forKey: blobKey)
        let (pool, logger) = (self.pool, self.logger)
        let job = Task {
            defer { jobs[destination] = nil }
            do {
                try await pool.runIfActive {
                    try Self.render(source: source, voice: voice, destination: destination, logger: logger)
                }
                renderCount += 1
                return destination
            } catch is NIOThreadPoolError.ThreadPoolInactive, is CancellationError {
                logger.debug("Rendering \(voice.id) of blob \(blobKey.prefix(12)) dropped: shutting down")
                throw CancellationError()
            } catch {
                logger.error("Rendering \(voice.id) of blob \(blobKey.prefix(12)) failed: \(error)")
                throw error
            }
        }
        jobs[destination] = job
        return job
    }

    private func path(blobKey: String, voice: ClassicVoice) -> String {
        "\(directory)/\(blobKey.prefix(2))/\(blobKey)/\(voice.id)-\(Self.digest(of: voice.plan)).wav"
    }

    /// A short digest of a plan, so that a changed voice definition never serves an old render.
    static func digest(of plan: RenderPlan) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(plan)) ?? Data()
        return SHA256.hash(data: json).prefix(8).hexString
    }

    /// Decodes the blob, renders the voice and writes the result atomically. Runs on the pool.
    private static func render(source: String, voice: ClassicVoice, destination: String, logger: Logger) throws {
        let started = ContinuousClock.now
        let input = try AudioFileReader.read(path: source).buffer
        let output = try Renderer.render(voice.plan, input: input)
        let folder = (destination as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AudioFileWriter.write(output, toPath: destination, encoding: .float32)
        let elapsed = (ContinuousClock.now - started).components
        let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
        logger.info("Rendered \(voice.id) of a \(String(format: "%.1f", input.durationSeconds)) s recording in \(milliseconds) ms")
    }
}
