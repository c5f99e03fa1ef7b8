import Foundation
import Testing
import TestSupport

/// The real executable: exit status and stderr as a shell sees them.
@Suite struct ProcessTests {
    @Test func exitStatusAndMessagesReachTheShell() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = try pitchperfectProcess(["info", scratch.file("none.wav")])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr == "Error: No file at '\(scratch.file("none.wav"))'.\n")
        #expect(missing.stdout.isEmpty)

        let input = try scratch.wav("in.wav", [Signals.sine(frequencyHz: 440, seconds: 0.1)])
        let badPitch = try pitchperfectProcess(["render", input, "-o", scratch.file("out.wav"), "--pitch", "9000"])
        #expect(badPitch.exitCode == 64)
        #expect(badPitch.stderr.hasPrefix("Error: --pitch: 9000 is outside -2400...2400 cents\n"))

        // Output piped, not a terminal: the summary on stdout and nothing on stderr.
        let ok = try pitchperfectProcess(["apply", "vader", input, "-o", scratch.file("out.wav")])
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == "\(scratch.file("out.wav")): 0.1 s, 44100 Hz, 1 channel, 32-bit float\n")
        #expect(ok.stderr.isEmpty)
    }
}
