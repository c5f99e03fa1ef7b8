import AudioCore
import AudioFile
import Foundation
import Studio
import Testing
import VaporTesting

@Suite struct VoiceRenderTests {
    /// Renders one second of a 44.1 kHz mono sine with `voice` and decodes the answer.
    func render(_ voice: String, channelCount: Int = 1) async throws -> (input: RecordingJSON, output: AudioBuffer, info: AudioFileInfo) {
        var result: (RecordingJSON, AudioBuffer, AudioFileInfo)?
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 1, channelCount: channelCount))
            let response = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=\(voice)")
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(response.headers.contentType?.serialize() == "audio/wav")
            let decoded = try AudioFileReader.decode(response.bytes)
            result = (recording, decoded.buffer, decoded.info)
        }
        return try #require(result)
    }

    @Test(arguments: ClassicVoice.all.map(\.id))
    func rendersAre32BitFloatAtTheRecordingsRateAndChannels(voice: String) async throws {
        let (input, output, info) = try await render(voice, channelCount: 2)
        #expect(info.encoding == .float32)
        #expect(info.sampleRate == input.sampleRate)
        #expect(info.channelCount == 2)
        #expect(output.rms > 0.01)
        #expect(output.peak < 2)
    }

    @Test(arguments: ["chipmunk", "vader"])
    func pitchVoicesKeepTheDuration(voice: String) async throws {
        let (input, output, _) = try await render(voice)
        #expect(abs(output.frameCount - input.frameCount) <= 1)
    }

    @Test func snailIsTwiceAsLong() async throws {
        let (input, output, _) = try await render("snail")
        #expect(abs(output.frameCount - 2 * input.frameCount) <= 1)
    }

    @Test func rabbitIsHalfAsLong() async throws {
        let (input, output, _) = try await render("rabbit")
        #expect(abs(2 * output.frameCount - input.frameCount) <= 2)
    }

    @Test func echoKeepsItsTail() async throws {
        let (input, output, _) = try await render("echo")
        let rate = input.sampleRate
        // The first repeat starts one second after the input ends; the tail fades by half each second.
        #expect(Double(output.frameCount - input.frameCount) > 1.0 * rate)
        #expect(Double(output.frameCount - input.frameCount) < 30 * rate)
        let repeatStart = input.frameCount + Int(0.1 * rate)
        let repeatEnd = input.frameCount + Int(0.9 * rate)
        let energy = (repeatStart..<repeatEnd).map { Double(abs(output[0, $0])) }.max() ?? 0
        #expect(energy > 0.05, "the first repeat should sound after the input ends")
    }

    @Test func reverbKeepsItsTail() async throws {
        let (input, output, _) = try await render("reverb")
        #expect(output.frameCount > input.frameCount + Int(0.2 * input.sampleRate))
    }

    @Test(arguments: ["kazoo", "", "../etc"])
    func unknownVoiceIs400ListingTheValidOnes(voice: String) async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.1))
            let query = voice.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? voice
            let message = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=\(query)").expectError(.badRequest)
            for id in ClassicVoice.all.map(\.id) { #expect(message.contains(id)) }
        }
    }

    @Test func voiceIdsAreCaseInsensitive() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.2))
            let response = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=Chipmunk")
            #expect(response.status == .ok)
        }
    }

    @Test func unknownFormatIs400() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.1))
            try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?format=mp3").expectError(.badRequest)
            let wav = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?format=wav")
            #expect(wav.status == .ok)
        }
    }

    @Test func aRenderIsCachedOnDiskAndServedAgain() async throws {
        try await StudioHarness.with { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.5))
            let first = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=vader")
            #expect(studio.files(in: "renders").count == 1)
            let second = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=vader")
            #expect(first.bytes == second.bytes)
            #expect(studio.files(in: "renders").count == 1)
        }
    }

    @Test func uploadPrefetchesAllSixVoices() async throws {
        try await StudioHarness.with(configure: { $0.prefetchVoicesAfterUpload = true }) { studio in
            let recording = try await studio.upload(TestAudio.sineWAV(seconds: 0.5))
            let deadline = ContinuousClock.now + .seconds(60)
            while studio.files(in: "renders").filter({ $0.hasSuffix(".wav") }).count < 6, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let names = studio.files(in: "renders").map { ($0 as NSString).lastPathComponent }
            for voice in ClassicVoice.all.map(\.id) {
                #expect(names.contains { $0.hasPrefix(voice + "-") }, "\(voice) not prefetched: \(names)")
            }
            let response = try await studio.send(.GET, "/api/recordings/\(recording.id)/audio?voice=snail")
            #expect(response.status == .ok)
        }
    }
}
