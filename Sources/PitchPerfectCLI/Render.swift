import ArgumentParser
import CLICore

/// `pitchperfect render <input> -o <output> [flags | --plan plan.json]`: a custom plan.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a recording through a custom plan, from flags or a JSON plan.",
        discussion: "Stages run in order: pitch and tempo, echo, reverb, low-pass, volume. "
            + "A plan file holds the same stages as JSON (pitchTime, effects, master).")

    @Argument(help: ArgumentHelp("The WAV or AIFF file to read.", valueName: "input"))
    var input: String

    @OptionGroup var output: OutputOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(PlanFlags.Help.pitch, valueName: "cents"))
    var pitch: Double?

    @Option(help: ArgumentHelp(PlanFlags.Help.tempo, valueName: "ratio"))
    var tempo: String?

    @Flag(help: ArgumentHelp(PlanFlags.Help.formants))
    var formants = false

    @Option(help: ArgumentHelp(PlanFlags.Help.echo, valueName: "delay[:feedback[:mix]]"))
    var echo: String?

    @Option(help: ArgumentHelp(PlanFlags.Help.reverb, valueName: "preset"))
    var reverb: String?

    @Option(name: .customLong("reverb-mix"), help: ArgumentHelp(PlanFlags.Help.reverbMix, valueName: "mix"))
    var reverbMix: Double?

    @Option(name: .customLong("lowpass"), help: ArgumentHelp(PlanFlags.Help.lowPass, valueName: "hz"))
    var lowPass: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(PlanFlags.Help.volume, valueName: "db"))
    var volume: Double?

    @Option(help: ArgumentHelp("A render plan as JSON, instead of the flags above.", valueName: "plan.json"))
    var plan: String?

    var flags: PlanFlags {
        var flags = PlanFlags()
        flags.pitchCents = pitch
        flags.tempo = tempo
        flags.preserveFormants = formants
        flags.echo = echo
        flags.reverb = reverb
        flags.reverbMix = reverbMix
        flags.lowPassHz = lowPass
        flags.volumeDecibels = volume
        return flags
    }

    func validate() throws {
        if plan != nil, !flags.givenFlags.isEmpty {
            throw ValidationError("--plan cannot be combined with \(flags.givenFlags.joined(separator: ", ")).")
        }
        do {
            _ = try flags.makePlan()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let chosen = try plan.map { path throws(CLIError) in try PlanFile.load(path: path) } ?? flags.makePlan()
        try RenderJob(inputPath: input, outputPath: output.output, plan: chosen, bits: output.bits).perform()
    }
}
