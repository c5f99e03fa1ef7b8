import AudioCore
import AudioFile
import CLICore
import Foundation
import Studio
import Testing
import TestSupport

/// Bad input is reported on stderr with a non-zero exit, and nothing is written.
@Suite struct CommandErrorTests {
    @Test func missingInputNamesThePath() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = scratch.file("nothing-here.wav")
        for command in [["info", missing], ["apply", "chipmunk", missing, "-o", scratch.file("out.wav")],
                        ["render", missing, "-o", scratch.file("out.wav"), "--pitch", "100"]] {
            let run = await pitchperfect(command)
            #expect(run.exitCode == 1)
            #expect(run.stderr == "Error: No file at '\(missing)'.", "\(command[0])")
            #expect(!scratch.exists("out.wav"))
        }
    }

    @Test func brokenWAVShowsTheDecoderError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A RIFF header whose fmt chunk claims 16 bytes and has 4.
        let bytes: [UInt8] = Array("RIFF".utf8) + [28, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.file("broken.wav")))
        let expected = try #require(decodeError(bytes)).description
        #expect(expected.contains("fmt"))
        for command in [["info", scratch.file("broken.wav")],
                        ["apply", "echo", scratch.file("broken.wav"), "-o", scratch.file("out.wav")]] {
            let run = await pitchperfect(command)
            #expect(run.exitCode == 1)
            #expect(run.stderr == "Error: \(expected)")
            #expect(!scratch.exists("out.wav"))
        }
    }

    private func decodeError(_ bytes: [UInt8]) -> AudioFileError? {
        do {
            _ = try AudioFileReader.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Same path, a path through `..`, a symbolic link and a hard link all name the input.
    @Test(arguments: ["same", "dotdot", "symlink", "hardlink"])
    func overwritingTheInputIsRefused(alias: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 440, seconds: 0.3)])
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        try FileManager.default.createDirectory(atPath: scratch.file("sub"), withIntermediateDirectories: false)
        let output: String
        switch alias {
        case "same": output = input
        case "dotdot": output = scratch.file("sub/../in.wav")
        case "symlink":
            output = scratch.file("link.wav")
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: input)
        default:
            output = scratch.file("hard.wav")
            try FileManager.default.linkItem(atPath: input, toPath: output)
        }
        let run = await pitchperfect(["apply", "chipmunk", input, "-o", output])
        #expect(run.exitCode == 1)
        #expect(run.stderr.hasPrefix("Error: Refusing to overwrite the input file"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        // A different file in the same place is fine.
        let other = await pitchperfect(["apply", "chipmunk", input, "-o", scratch.file("other.wav")])
        #expect(other.exitCode == 0, "\(other.stderr)")
    }

    @Test func unknownVoiceListsTheValidIds() async throws {
        let run = await pitchperfect(["apply", "robot", "in.wav", "-o", "out.wav"])
        #expect(run.exitCode == 64)
        let ids = ClassicVoice.all.map(\.id).joined(separator: ", ")
        #expect(run.stderr.hasPrefix("Error: Unknown voice 'robot'. Valid voices: \(ids).\n"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--pitch", "2401"], "Error: --pitch: 2401 is outside -2400...2400 cents"),
        (["--pitch=-3000"], "Error: --pitch: -3000 is outside -2400...2400 cents"),
        (["--tempo", "1/33"], "Error: --tempo: 1/33 is outside 1/32...32"),
        (["--tempo", "33"], "Error: --tempo: 33 is outside 1/32...32"),
        (["--tempo", "fast"], "Error: --tempo: 'fast' is not a ratio (write 0.5 or 1/2)"),
        (["--echo", "5"], "Error: --echo delay time: 5 is outside 0.01...4 s"),
        (["--echo", "0.5:1"], "Error: --echo feedback: 1 is outside 0...0.95"),
        (["--echo", "0.5:0.5:x"], "Error: --echo mix: 'x' is not a number (0...1)"),
        (["--echo", "1:2:3:4"], "Error: --echo: '1:2:3:4' is not DELAY[:FEEDBACK[:MIX]]"),
        (["--reverb", "hall"], "Error: --reverb: unknown preset 'hall' (known: room, mediumHall, largeHall, plate, cathedral)"),
        (["--reverb", "plate", "--reverb-mix", "2"], "Error: --reverb-mix: 2 is outside 0...1"),
        (["--reverb-mix", "0.2"], "Error: --reverb-mix: needs --reverb PRESET"),
        (["--lowpass", "10"], "Error: --lowpass: 10 is outside 20...20000 Hz"),
        (["--volume", "13"], "Error: --volume: 13 is outside -60...12 dB"),
        (["--plan", "p.json", "--volume", "-3"], "Error: --plan cannot be combined with --volume."),
    ])
    func badFlagsAreUsageErrors(flags: [String], message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 440, seconds: 0.1)])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav")] + flags)
        #expect(run.exitCode == 64)
        #expect(run.stderr.hasPrefix(message + "\n"), "\(run.stderr)")
        #expect(!scratch.exists("out.wav"))
    }

    @Test(arguments: [
        (#"{"effects": [{"type": "echo", "parameters": {"feedback": 2}}]}"#,
         "Error: Invalid plan 'PLAN': effects[0].parameters.feedback: 2.0 is outside 0.0...0.95 ratio."),
        (#"{"effects": [{"type": "echo"}, {"type": "chorus"}]}"#,
         "Error: Invalid plan 'PLAN': effects[1].type: unknown effect 'chorus' (known: echo, reverb, lowPass, gain)."),
        (#"{"pitchTime": {"cents": 5000}}"#,
         "Error: Invalid plan 'PLAN': pitchTime.cents: 5000.0 is outside -2400...2400."),
        (#"{"effects": [{"type": "echo", "parameters": {"mix": "lots"}}]}"#,
         "Error: Cannot read plan 'PLAN': effects[0].parameters.mix: expected a number."),
        (#"{"effects": [{"parameters": {}}]}"#,
         "Error: Cannot read plan 'PLAN': effects[0].type: missing."),
        (#"{"master": {"volumeDecibels": -3"#,
         "Error: Cannot read plan 'PLAN': not valid JSON (The given data was not valid JSON.)"),
        (#"{"pitchtime": {"cents": 1200}}"#,
         "Error: Cannot read plan 'PLAN': pitchtime: unknown key; expected one of pitchTime, effects, master"),
        (#"{"effects": [{"type": "echo", "enable": false}]}"#,
         "Error: Cannot read plan 'PLAN': effects[0].enable: unknown key; expected one of type, enabled, parameters"),
    ])
    func invalidPlanNamesThePath(json: String, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 440, seconds: 0.1)])
        let plan = scratch.file("plan.json")
        try json.write(toFile: plan, atomically: true, encoding: .utf8)
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--plan", plan])
        #expect(run.exitCode == 1)
        #expect(run.stderr == message.replacingOccurrences(of: "PLAN", with: plan))
        #expect(!scratch.exists("out.wav"))
    }

    @Test func missingPlanFile() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 440, seconds: 0.1)])
        let run = await pitchperfect(["render", input, "-o", scratch.file("out.wav"), "--plan", scratch.file("none.json")])
        #expect(run.exitCode == 1)
        #expect(run.stderr == "Error: Cannot read plan '\(scratch.file("none.json"))': no such file.")
    }

    @Test(arguments: ["out.aiff", "dir.v2/take.mp3", "OUT.FLAC"])
    func outputNamedForAnotherFormatIsRefused(output: String) async throws {
        let run = await pitchperfect(["apply", "echo", "in.wav", "-o", output])
        #expect(run.exitCode == 64)
        let suffix = output.split(separator: ".").last!.lowercased()
        #expect(run.stderr.hasPrefix("Error: The output is always a WAV file; '\(output)' names a .\(suffix) file. Use a .wav name.\n"),
                "\(run.stderr)")
    }

    @Test(arguments: ["out.wav", "OUT.WAV", "take.v2/out", "out.wave", ".hidden"])
    func wavOrExtensionlessOutputNamesAreAccepted(output: String) {
        #expect(OutputBits.namingProblem(output) == nil)
    }

    @Test func badBitsAreRefused() async throws {
        let run = await pitchperfect(["apply", "echo", "in.wav", "-o", "out.wav", "--bits", "8"])
        #expect(run.exitCode == 64)
        #expect(run.stderr.hasPrefix("Error: The value '8' is invalid for '--bits <bits>'. Please provide one of '16', '24' or '32f'."))
    }
}
