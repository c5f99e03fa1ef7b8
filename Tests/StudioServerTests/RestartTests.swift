import Foundation
import Testing
@testable import StudioServer
import VaporTesting

@Suite struct RestartTests {
    @Test func recordingsSurviveARestart() async throws {
        let directory = StudioHarness.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = TestAudio.sineWAV(seconds: 0.5)
        var uploaded: RecordingJSON?
        try await StudioHarness.with(dataDirectory: directory) { studio in
            uploaded = try await studio.upload(bytes, title: "kept")
        }
        let recording = try #require(uploaded)
        // A crash mid-upload leaves a partial file in tmp/: the next start removes it.
        try Data("partial".utf8).write(to: URL(fileURLWithPath: directory + "/tmp/upload-crashed.part"))
        try await StudioHarness.with(dataDirectory: directory) { studio in
            #expect(studio.files(in: "tmp").isEmpty)
            let listed = try await studio.send(.GET, "/api/recordings").json([RecordingJSON].self)
            #expect(listed == [recording])
            let audio = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio")
            #expect(audio.bytes == bytes)
            let rendered = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=rabbit")
            #expect(rendered.status == .ok)
        }
        // A crash mid-render leaves `.NAME.tmp-XXXX` beside the renders: the next start removes it.
        let renderFolder = try #require(FileManager.default.subpathsOfDirectory(atPath: directory + "/renders")
            .first { !$0.hasSuffix(".wav") })
        try Data("partial".utf8).write(to: URL(fileURLWithPath: directory + "/renders/" + renderFolder + "/.snail.wav.tmp-1f2e"))
        // And a render made before a restart is served from disk after it.
        try await StudioHarness.with(dataDirectory: directory) { studio in
            #expect(studio.files(in: "renders").count == 1)
            let rendered = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=rabbit")
            #expect(rendered.status == .ok)
            #expect(studio.files(in: "renders").count == 1)
        }
    }
}

@Suite struct DataDirectoryLockTests {
    @Test func twoStudiosCannotShareADataDirectory() async throws {
        try await StudioHarness.with { studio in
            await #expect(throws: (any Error).self) {
                let second = try await buildApplication(StudioConfiguration(dataDirectory: studio.dataDirectory), environment: .testing)
                try await second.asyncShutdown()
            }
            // The failed start must not have touched the first studio's files.
            _ = try await studio.upload(TestAudio.sineWAV(seconds: 0.1))
        }
    }
}
