import AudioCore
import AudioFile
import CLICore
import Foundation
import Testing
import TestSupport

@Suite struct InfoCommandTests {
    /// The fields of `info --json`, decoded independently of the type that wrote them.
    struct Report: Decodable {
        var format: String
        var encoding: String
        var bitsPerSample: Int
        var channels: Int
        var sampleRate: Double
        var frames: Int
        var durationSeconds: Double
        var peakDBFS: Double?
        var rmsDBFS: Double?
        var medianF0Hz: Double?
    }

    func info(_ path: String) async throws -> (Report, [String: Any]) {
        let run = await pitchperfect(["info", path, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let data = Data(run.stdout.utf8)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try JSONDecoder().decode(Report.self, from: data), object)
    }

    @Test(arguments: [44_100.0, 48_000.0])
    func jsonReportsTheKnownSignal(sampleRate: Double) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A 0.5-amplitude sine: peak −6.02 dBFS, RMS −9.03 dBFS; the right channel 6 dB quieter.
        let left = Signals.sine(frequencyHz: 233, seconds: 1.25, sampleRate: sampleRate, amplitude: 0.5)
        let right = left.map { $0 * 0.5 }
        let path = try scratch.wav("tone.wav", [left, right], sampleRate: sampleRate, encoding: .pcm24)
        let (report, _) = try await info(path)
        #expect(report.format == "wav" && report.encoding == "pcm24" && report.bitsPerSample == 24)
        #expect(report.channels == 2)
        #expect(report.sampleRate == sampleRate)
        #expect(report.frames == left.count)
        #expect(abs(report.durationSeconds - 1.25) < 1e-9)
        let peak = try #require(report.peakDBFS)
        #expect(abs(peak - 20 * log10(0.5)) < 0.1)
        // Mean square over both channels: (0.125 + 0.03125) / 2.
        let rms = try #require(report.rmsDBFS)
        #expect(abs(rms - 10 * log10((0.125 + 0.031_25) / 2)) < 0.1, "\(rms)")
        let f0 = try #require(report.medianF0Hz)
        #expect(abs(Measure.cents(f0, relativeTo: 233)) < 1, "\(f0)")
    }

    @Test func pitchIsFoundInAnyChannel() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tone = Signals.harmonicTone(fundamentalHz: 196, seconds: 1)
        let path = try scratch.wav("right.wav", [[Float](repeating: 0, count: tone.count), tone])
        let (report, _) = try await info(path)
        let f0 = try #require(report.medianF0Hz)
        #expect(abs(Measure.cents(f0, relativeTo: 196)) < 1, "\(f0)")
    }

    @Test func silenceIsUnvoicedWithNullLevels() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.wav("silence.wav", [[Float](repeating: 0, count: 22_050)], encoding: .pcm16)
        let (report, object) = try await info(path)
        #expect(report.medianF0Hz == nil && report.peakDBFS == nil && report.rmsDBFS == nil)
        // Present as null, not missing.
        #expect(object["medianF0Hz"] is NSNull && object["peakDBFS"] is NSNull)
        let text = await pitchperfect(["info", path])
        #expect(text.stdout.contains("median f0: unvoiced\n"), "\(text.stdout)")
        #expect(text.stdout.contains("peak:      silent\n"))
    }

    @Test func noiseIsUnvoiced() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.wav("noise.wav", [Signals.noise(seconds: 1, amplitude: 0.3)])
        let (report, _) = try await info(path)
        #expect(report.medianF0Hz == nil)
        #expect(report.peakDBFS != nil)
    }

    @Test func textListsEveryField() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.wav("tone.wav", [Signals.sine(frequencyHz: 220, seconds: 0.5)], encoding: .pcm16)
        let run = await pitchperfect(["info", path])
        #expect(run.exitCode == 0)
        #expect(run.stdout == """
            file:      \(path)
            format:    WAV, 16-bit PCM
            channels:  1
            rate:      44100 Hz
            duration:  0.500 s (22050 frames)
            peak:      -6.02 dBFS
            RMS:       -9.03 dBFS
            median f0: 220.00 Hz

            """)
    }
}
