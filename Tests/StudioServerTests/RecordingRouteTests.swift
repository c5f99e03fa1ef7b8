import AudioCore
import AudioFile
import Foundation
import Testing
import TestSupport
import VaporTesting

@Suite struct RecordingRouteTests {
    @Test(arguments: [SampleEncoding.pcm16, .float32])
    func uploadMeasuresTheRecording(encoding: SampleEncoding) async throws {
        try await StudioHarness.with { studio in
            // 1.5 s stereo 48 kHz sine at amplitude 0.5: peak -6.02 dBFS, RMS -9.03 dBFS.
            let bytes = TestAudio.sineWAV(seconds: 1.5, sampleRate: 48_000, channelCount: 2, encoding: encoding)
            let recording = try await studio.upload(bytes, title: "Hello sine")
            #expect(UUID(uuidString: recording.id) != nil)
            #expect(recording.title == "Hello sine")
            #expect(recording.sampleRate == 48_000)
            #expect(recording.channelCount == 2)
            #expect(recording.frameCount == 72_000)
            #expect(abs(recording.durationSeconds - 1.5) <= 1 / 48_000)
            #expect(abs(recording.peakDecibels - -6.02) < 0.05)
            #expect(abs(recording.rmsDecibels - -9.03) < 0.05)
            let created = try #require(try? Date(recording.createdAt, strategy: .iso8601))
            #expect(abs(created.timeIntervalSinceNow) < 60)
            #expect(try await studio.recordingRowCount() == 1)
            #expect(studio.files(in: "blobs").count == 1)
            #expect(studio.files(in: "tmp").isEmpty)
        }
    }

    @Test func uploadWithoutTitleGetsADatedDefault() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.2))
            #expect(recording.title.hasPrefix("Recording 20"))
        }
    }

    @Test func silenceIsValidAndReportsTheFloorLevel() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.5, amplitude: 0))
            #expect(recording.peakDecibels == -120)
            #expect(recording.rmsDecibels == -120)
        }
    }

    @Test func acceptsTheOtherWAVContentTypes() async throws {
        try await StudioHarness.with { studio in
            for type in ["audio/x-wav", "application/octet-stream"] {
                let response = try await studio.send(.POST, "/api/recordings", headers: ["Content-Type": type],
                                                     body: TestAudio.sineWAV(seconds: 0.1))
                #expect(response.status == .created, "\(type)")
            }
            #expect(try await studio.recordingRowCount() == 2)
        }
    }

    @Test func listIsNewestFirst() async throws {
        try await StudioHarness.with { studio in
            let first = try await studio.upload(TestAudio.sineWAV(seconds: 0.1), title: "first")
            try await Task.sleep(for: .milliseconds(5))
            let second = try await studio.upload(TestAudio.sineWAV(seconds: 0.2), title: "second")
            try await Task.sleep(for: .milliseconds(5))
            let third = try await studio.upload(TestAudio.sineWAV(seconds: 0.3), title: "third")
            let response = try await studio.send(.GET, "/api/recordings")
            #expect(response.status == .ok)
            let listed = try response.json([RecordingJSON].self)
            #expect(listed == [third, second, first])
        }
    }

    @Test func emptyListIsAnEmptyArray() async throws {
        try await StudioHarness.with { studio in
            let response = try await studio.send(.GET, "/api/recordings")
            #expect(response.status == .ok)
            #expect(try response.json([RecordingJSON].self).isEmpty)
        }
    }

    @Test func getOneReturnsWhatTheUploadReturned() async throws {
        try await StudioHarness.with { studio in
            let uploaded = try await studio.upload(TestAudio.sineWAV(seconds: 0.3), title: "one")
            let response = try await studio.send(.GET, "/api/recordings/\(uploaded.id)")
            #expect(response.status == .ok)
            #expect(try response.json(RecordingJSON.self) == uploaded)
            // Upper-case ids name the same recording.
            let upper = try await studio.send(.GET, "/api/recordings/\(uploaded.id.uppercased())")
            #expect(try upper.json(RecordingJSON.self) == uploaded)
        }
    }

    @Test(arguments: ["8c1f1c52-1a76-4c1e-9b0a-4f1f3c0e2a11", "not-a-uuid", "42"])
    func unknownOrMalformedIdIs404JSON(id: String) async throws {
        try await StudioHarness.with { studio in
            let message = try await studio.send(.GET, "/api/recordings/\(id)").expectError(.notFound)
            #expect(message.contains(id))
            try await studio.send(.GET, "/api/recordings/\(id)/audio").expectError(.notFound)
            try await studio.send(.GET, "/api/recordings/\(id)/audio?voice=chipmunk").expectError(.notFound)
        }
    }

    @Test func originalAudioIsTheUploadedBytes() async throws {
        try await StudioHarness.with { studio in
            let bytes = TestAudio.sineWAV(seconds: 0.5, encoding: .pcm24)
            let recording = try await studio.upload(bytes)
            let response = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio")
            #expect(response.status == .ok)
            #expect(response.headers.contentType?.serialize() == "audio/wav")
            #expect(response.bytes == bytes)
        }
    }

    @Test func originalAudioAnswersRangeRequests() async throws {
        try await StudioHarness.with { studio in
            let bytes = TestAudio.sineWAV(seconds: 0.5)
            let recording = try await studio.upload(bytes)
            let response = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio", headers: ["Range": "bytes=100-199"])
            #expect(response.status == .partialContent)
            #expect(response.bytes == Array(bytes[100...199]))
        }
    }

    @Test func sameBytesTwiceAreTwoRecordingsSharingOneBlob() async throws {
        try await StudioHarness.with { studio in
            let bytes = TestAudio.sineWAV(seconds: 0.2)
            let a = try await studio.upload(bytes, title: "a")
            let b = try await studio.upload(bytes, title: "b")
            #expect(a.id != b.id)
            #expect(try await studio.recordingRowCount() == 2)
            #expect(studio.files(in: "blobs").count == 1)
            #expect(try await studio.send(.GET, "/api/recordings/\(b.id)/audio").bytes == bytes)
        }
    }

    @Test func longTitlesAreCut() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.1), title: String(repeating: "x", count: 500))
            #expect(recording.title.count == 200)
            // Combining marks count as scalars: they cannot stretch a title past the limit.
            let marks = try await studio.upload(TestAudio.sineWAV(seconds: 0.1),
                                                title: String(repeating: "e" + String(repeating: "\u{301}", count: 50), count: 200))
            #expect(marks.title.unicodeScalars.count == 200)
        }
    }

    @Test func controlCharactersInTitlesBecomeSpaces() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.1), title: "a\u{0}b\nc\u{1B}d\t")
            #expect(recording.title == "a b c d")
        }
    }
}
