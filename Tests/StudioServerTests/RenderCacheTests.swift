import AudioFile
import Foundation
import Logging
import Studio
@testable import StudioServer
import Testing

@Suite struct RenderCacheTests {
    @Test func concurrentRequestsForOneRenderShareOneJob() async throws {
        let directory = StudioHarness.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = DataDirectory(path: directory)
        let lock = try data.prepare()
        defer { lock.release() }
        let blobs = BlobStore(root: data.blobsPath)
        let key = String(repeating: "ab", count: 32)
        let temporary = data.temporaryFile(prefix: "test")
        try Data(TestAudio.sineWAV(seconds: 0.5)).write(to: URL(fileURLWithPath: temporary))
        try blobs.adopt(temporaryFile: temporary, key: key)

        let cache = RenderCache(directory: data.rendersPath, blobs: blobs, concurrency: 2, logger: Logger(label: "test"))
        let voice = try #require(ClassicVoice.named("chipmunk"))
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await cache.renderedFile(blobKey: key, voice: voice) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(paths).count == 1)
        #expect(await cache.renderCount == 1)
        _ = try await cache.renderedFile(blobKey: key, voice: voice)
        #expect(await cache.renderCount == 1)
        let rendered = try AudioFileReader.read(path: paths[0])
        #expect(rendered.info.encoding == .float32)
        await cache.shutdown()
    }

    @Test func blobKeysMustBeHex() {
        #expect(BlobStore.isValidKey(String(repeating: "0f", count: 32)))
        #expect(!BlobStore.isValidKey("../../etc/passwd"))
        #expect(!BlobStore.isValidKey(String(repeating: "AB", count: 32)))
    }
}
