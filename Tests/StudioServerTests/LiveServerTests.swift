import Foundation
import NIOCore
import StudioServer
import Testing
import VaporTesting

/// Uploads over a real socket in chunked transfer encoding: the body reaches the server in many
/// pieces with no Content-Length, which is the path the byte counting exists for.
@Suite struct LiveServerTests {
    /// Starts the studio on a free port, runs `body` with its base URL, stops it.
    func withLiveStudio(configure: (inout StudioConfiguration) -> Void = { _ in },
                        _ body: (StudioHarness, String) async throws -> Void) async throws {
        try await StudioHarness.with(configure: configure) { studio in
            try await studio.app.server.start(address: .hostname("127.0.0.1", port: 0))
            do {
                let port = try #require(studio.app.http.server.shared.localAddress?.port)
                try await body(studio, "http://127.0.0.1:\(port)")
            } catch {
                await studio.app.server.shutdown()
                throw error
            }
            await studio.app.server.shutdown()
        }
    }

    /// POSTs `bytes` chunked, `chunkSize` bytes at a time.
    func postChunked(_ bytes: [UInt8], to url: String, chunkSize: Int = 64 << 10) async throws -> HTTPClient.Response {
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
            ByteBuffer(bytes: bytes[$0..<min(bytes.count, $0 + chunkSize)])
        }
        let request = try HTTPClient.Request(
            url: url, method: .POST, headers: ["Content-Type": "audio/wav"],
            body: .stream(contentLength: nil) { writer in
                var written = writer.write(.byteBuffer(chunks[0]))
                for chunk in chunks.dropFirst() {
                    written = written.flatMap { writer.write(.byteBuffer(chunk)) }
                }
                return written
            })
        return try await HTTPClient.shared.execute(request: request).get()
    }

    @Test func chunkedUploadRoundTrips() async throws {
        try await withLiveStudio { studio, base in
            let bytes = TestAudio.sineWAV(seconds: 20, sampleRate: 48_000, channelCount: 2)  // 3.8 MB
            let response = try await postChunked(bytes, to: base + "/api/recordings?title=live")
            #expect(response.status == .created)
            let recording = try JSONDecoder().decode(RecordingJSON.self, from: Data(response.body?.readableBytesView ?? .init()))
            #expect(recording.frameCount == 960_000)
            let audio = try await HTTPClient.shared.get(url: base + "/api/recordings/\(recording.id)/audio").get()
            #expect(audio.body.map { Array($0.readableBytesView) } == bytes)
        }
    }

    @Test func chunkedUploadPastTheLimitIs413AndLeavesNothing() async throws {
        try await withLiveStudio(configure: { $0.maximumUploadBytes = 256 << 10 }) { studio, base in
            let bytes = TestAudio.sineWAV(seconds: 20)  // 1.7 MB
            let response = try await postChunked(bytes, to: base + "/api/recordings")
            #expect(response.status == .payloadTooLarge)
            let error = try JSONDecoder().decode(ErrorJSON.self, from: Data(response.body?.readableBytesView ?? .init()))
            #expect(error.error.contains("256 KiB"))
            try await studio.expectNothingStored()
            // The refused body was read to its end, so the connection (pooled by the client) is
            // still usable: the next request is answered rather than waiting behind the body.
            let voices = try await HTTPClient.shared.get(url: base + "/api/voices", deadline: NIODeadline.now() + .seconds(20)).get()
            #expect(voices.status == .ok)
        }
    }

    @Test func refusedContentTypeClosesTheConnection() async throws {
        try await withLiveStudio { studio, base in
            let request = try HTTPClient.Request(url: base + "/api/recordings", method: .POST,
                                                 headers: ["Content-Type": "text/plain"],
                                                 body: .bytes(TestAudio.sineWAV(seconds: 10)))
            let response = try await HTTPClient.shared.execute(request: request).get()
            #expect(response.status == .unsupportedMediaType)
            try await studio.expectNothingStored()
        }
    }
}
