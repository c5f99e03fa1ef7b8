import AudioFile
import Foundation
import Testing
import VaporTesting

/// Every refused upload answers a 4xx JSON error and leaves nothing behind: no row, no blob, no
/// temporary file.
@Suite struct BadUploadTests {
    func post(_ studio: StudioHarness, _ body: [UInt8], contentType: String = "audio/wav",
              extraHeaders: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var headers = extraHeaders
        headers.replaceOrAdd(name: .contentType, value: contentType)
        return try await studio.send(.POST, "/api/recordings?title=bad", headers: headers, body: body)
    }

    @Test func notAWAVFileIs400() async throws {
        try await StudioHarness.with { studio in
            let message = try await post(studio, Array("this is not audio at all".utf8)).expectError(.badRequest)
            #expect(message.contains("Not a WAV or AIFF file"))
            try await studio.expectNothingStored()
        }
    }

    @Test func truncatedWAVIs400() async throws {
        try await StudioHarness.with { studio in
            let whole = TestAudio.sineWAV(seconds: 0.5)
            let message = try await post(studio, Array(whole.prefix(whole.count / 2))).expectError(.badRequest)
            #expect(message.contains("WAV"))
            try await studio.expectNothingStored()
        }
    }

    @Test func aiffIs415() async throws {
        try await StudioHarness.with { studio in
            // The smallest valid AIFF: COMM (1 channel, 1 frame, 16-bit, 44.1 kHz) and SSND.
            var aiff = Array("FORM".utf8) + [0, 0, 0, 46] + Array("AIFF".utf8)
            aiff += Array("COMM".utf8) + [0, 0, 0, 18, 0, 1, 0, 0, 0, 1, 0, 16]
            aiff += [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]
            aiff += Array("SSND".utf8) + [0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x00]
            let message = try await post(studio, aiff).expectError(.unsupportedMediaType)
            #expect(message.contains("AIFF"))
            try await studio.expectNothingStored()
        }
    }

    @Test func titleThatIsNotUTF8Is400() async throws {
        try await StudioHarness.with { studio in
            let response = try await studio.send(.POST, "/api/recordings?title=%FF%FEab",
                                                 headers: ["Content-Type": "audio/wav"], body: TestAudio.sineWAV(seconds: 0.1))
            let message = try response.expectError(.badRequest)
            #expect(message.contains("UTF-8"))
            try await studio.expectNothingStored()
        }
    }

    @Test func truncatedHeaderIs400() async throws {
        try await StudioHarness.with { studio in
            try await post(studio, Array(TestAudio.sineWAV(seconds: 0.1).prefix(30))).expectError(.badRequest)
            try await studio.expectNothingStored()
        }
    }

    @Test func emptyBodyIs400() async throws {
        try await StudioHarness.with { studio in
            let message = try await post(studio, []).expectError(.badRequest)
            #expect(message.contains("empty"))
            try await studio.expectNothingStored()
        }
    }

    @Test func zeroFramesIs400() async throws {
        try await StudioHarness.with { studio in
            try await post(studio, TestAudio.sineWAV(seconds: 0)).expectError(.badRequest)
            try await studio.expectNothingStored()
        }
    }

    @Test func tooLargeWhileStreamingIs413() async throws {
        try await StudioHarness.with(configure: { $0.maximumUploadBytes = 4096 }) { studio in
            let message = try await post(studio, TestAudio.sineWAV(seconds: 0.5)).expectError(.payloadTooLarge)
            #expect(message.contains("4 KiB"))
            try await studio.expectNothingStored()
        }
    }

    @Test func tooLargeByContentLengthIs413BeforeReading() async throws {
        try await StudioHarness.with(configure: { $0.maximumUploadBytes = 4096 }) { studio in
            try await post(studio, TestAudio.sineWAV(seconds: 0.5), extraHeaders: ["Content-Length": "44144"])
                .expectError(.payloadTooLarge)
            try await studio.expectNothingStored()
        }
    }

    @Test func exactlyAtTheLimitIsAccepted() async throws {
        let bytes = TestAudio.sineWAV(seconds: 0.1)
        try await StudioHarness.with(configure: { $0.maximumUploadBytes = bytes.count }) { studio in
            _ = try await studio.upload(bytes)
        }
    }

    @Test func tooLongIs400() async throws {
        try await StudioHarness.with(configure: { $0.maximumDurationSeconds = 1 }) { studio in
            let message = try await post(studio, TestAudio.sineWAV(seconds: 1.5)).expectError(.badRequest)
            #expect(message.contains("limit"))
            try await studio.expectNothingStored()
        }
    }

    @Test func wrongContentTypeIs415() async throws {
        try await StudioHarness.with { studio in
            try await post(studio, TestAudio.sineWAV(seconds: 0.1), contentType: "text/plain").expectError(.unsupportedMediaType)
            try await studio.expectNothingStored()
        }
    }
}
