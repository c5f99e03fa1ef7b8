import AudioCore
import AudioFile
import Foundation
import Studio
import Testing
import TestSupport
import Voice

@Suite struct RenderCommandTests {
    let rate = 44_100.0

    @Test(arguments: [("1/2", 0.5), ("0.5", 0.5), ("2", 2.0), ("2/1", 2.0)])
    func tempoGivesExactLengths(tempo: String, ratio: Double) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tone = Signals.harmonicTone(fundamentalHz: 180, seconds: 1.2345, sampleRate: rate)
        let input = try scratch.wav("in.wav", [tone])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--tempo", tempo])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let (output, _) = try AudioFileReader.read(path: scratch.file("out.wav"))
        #expect(output.frameCount == Int((Double(tone.count) / ratio).rounded()))
        // Pitch unchanged.
        let f0 = try #require(PitchDetector.medianFrequency(output.channel(0), sampleRate: rate))
        #expect(abs(Measure.cents(f0, relativeTo: 180)) < 1)
    }

    @Test func pitchUpAnOctaveMeasuresWithinOneCent() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tone = Signals.harmonicTone(fundamentalHz: 220, seconds: 1.5, sampleRate: rate)
        let input = try scratch.wav("in.wav", [tone])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--pitch", "1200"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let (output, _) = try AudioFileReader.read(path: scratch.file("out.wav"))
        #expect(output.frameCount == tone.count)
        let f0 = try #require(PitchDetector.medianFrequency(output.channel(0), sampleRate: rate))
        #expect(abs(Measure.cents(f0, relativeTo: 440)) < 1, "YIN \(f0) Hz")
    }

    @Test func negativePitchParsesAsAValue() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.harmonicTone(fundamentalHz: 440, seconds: 1, sampleRate: rate)])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--pitch", "-1200"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let (output, _) = try AudioFileReader.read(path: scratch.file("out.wav"))
        let f0 = try #require(PitchDetector.medianFrequency(output.channel(0), sampleRate: rate))
        #expect(abs(Measure.cents(f0, relativeTo: 220)) < 1, "YIN \(f0) Hz")
    }

    @Test func echoRepeatsAfterOneSecond() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.impulse(frame: 441, length: 22_050, amplitude: 0.9)])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--echo", "1:0.5:0.5"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let y = try AudioFileReader.read(path: scratch.file("out.wav")).buffer.channel(0)
        #expect(abs(y[441] - 0.9) < 1e-3)  // the dry impulse
        let expected = 441 + 44_100
        #expect(y.count > expected + 441)
        let window = (expected - 4_410)...(expected + 4_410)  // ±100 ms
        let repeatIndex = try #require(window.max { abs(y[$0]) < abs(y[$1]) })
        #expect(abs(repeatIndex - expected) <= 44, "first repeat at frame \(repeatIndex)")  // ±1 ms
        #expect(abs(abs(y[repeatIndex]) - 0.45) < 0.02)  // mix 0.5 of 0.9
    }

    @Test func planFileRendersLikeTheSameFlags() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tone = Signals.harmonicTone(fundamentalHz: 200, seconds: 0.8, sampleRate: rate)
        let input = try scratch.wav("in.wav", [tone])
        let plan = #"{"pitchTime": {"tempo": 2}, "effects": [{"type": "echo", "parameters": {"delaySeconds": 0.1, "feedback": 0, "mix": 0.5}}], "master": {"volumeDecibels": -6}}"#
        try plan.write(toFile: scratch.file("plan.json"), atomically: true, encoding: .utf8)
        let fromPlan = await pitchperfect(["render", input, "-o", scratch.file("a.wav"), "--plan", scratch.file("plan.json")])
        let fromFlags = await pitchperfect(["render", input, "-o", scratch.file("b.wav"), "--tempo", "2",
                                            "--echo", "0.1:0:0.5", "--volume", "-6"])
        #expect(fromPlan.exitCode == 0 && fromFlags.exitCode == 0, "\(fromPlan.stderr) \(fromFlags.stderr)")
        let a = try AudioFileReader.read(path: scratch.file("a.wav")).buffer
        let b = try AudioFileReader.read(path: scratch.file("b.wav")).buffer
        // Compared as one Bool so that a failure does not print a million samples.
        let identical = a == b
        #expect(identical)
        // Half as long plus the echo's 0.1 s tail, 6 dB down.
        #expect(abs(a.frameCount - (Int((Double(tone.count) / 2).rounded()) + 4_410)) < 100)
        let level = Measure.decibels(Measure.rms(a.channel(0), from: 1_000, to: 4_000))
        let dry = Measure.decibels(Measure.rms(tone, from: 2_000, to: 8_000))
        #expect(abs(level - (dry - 6)) < 0.2)
    }

    @Test(arguments: [("16", SampleEncoding.pcm16), ("24", .pcm24), ("32f", .float32)])
    func bitsChooseTheOutputFormat(bits: String, encoding: SampleEncoding) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 300, seconds: 0.2)], encoding: .pcm16)
        for command in [["apply", "chipmunk", input], ["render", input, "--volume", "-1"]] {
            let run = await pitchperfect(command + ["-o", scratch.file("out.wav"), "--bits", bits])
            #expect(run.exitCode == 0, "\(run.stderr)")
            let info = try AudioFileReader.read(path: scratch.file("out.wav")).info
            #expect(info.encoding == encoding)
            #expect(info.format == .wav && info.sampleRate == 44_100 && info.channelCount == 1)
        }
    }

    @Test(arguments: [(SampleEncoding.pcm16, SampleEncoding.pcm16), (.pcm24, .pcm24), (.float32, .float32), (.float64, .float32)])
    func withoutBitsTheInputDepthIsKept(input encoding: SampleEncoding, output expected: SampleEncoding) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 300, seconds: 0.2)], encoding: encoding)
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--volume", "-1"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(try AudioFileReader.read(path: scratch.file("out.wav")).info.encoding == expected)
    }

    @Test func applyKeepsStereoAndPrintsASummary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let left = Signals.harmonicTone(fundamentalHz: 180, seconds: 1, sampleRate: 48_000)
        let right = Signals.harmonicTone(fundamentalHz: 240, seconds: 1, sampleRate: 48_000)
        let input = try scratch.wav("in.wav", [left, right], sampleRate: 48_000, encoding: .pcm24)
        let run = await pitchperfect(["apply", "snail", input, "-o", scratch.file("snail.wav")])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let (output, info) = try AudioFileReader.read(path: scratch.file("snail.wav"))
        #expect(info.channelCount == 2 && info.sampleRate == 48_000 && info.encoding == .pcm24)
        #expect(output.frameCount == 2 * left.count)
        #expect(run.stdout == "\(scratch.file("snail.wav")): 2.0 s, 48000 Hz, 2 channels, 24-bit PCM\n")
        #expect(run.stderr.isEmpty)  // no progress bar when stderr is not a terminal
    }
}
