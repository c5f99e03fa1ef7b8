import ArgumentParser
import CLICore
import Studio

/// `pitchperfect apply <voice> <input> -o <output>`: one classic voice.
struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Render a recording in one of the classic voices.",
        discussion: "Voices: \(ClassicVoice.all.map(\.id).joined(separator: ", ")). `pitchperfect voices` describes them.")

    @Argument(help: ArgumentHelp("The voice id, e.g. chipmunk.", valueName: "voice"))
    var voice: String

    @Argument(help: ArgumentHelp("The WAV or AIFF file to read.", valueName: "input"))
    var input: String

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard ClassicVoice.named(voice) != nil else {
            throw ValidationError("Unknown voice '\(voice)'. Valid voices: \(ClassicVoice.all.map(\.id).joined(separator: ", ")).")
        }
    }

    func run() throws {
        guard let chosen = ClassicVoice.named(voice) else { throw ValidationError("Unknown voice '\(voice)'.") }
        try RenderJob(inputPath: input, outputPath: output.output, plan: chosen.plan, bits: output.bits).perform()
    }
}
