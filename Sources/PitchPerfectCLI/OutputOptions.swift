import ArgumentParser
import CLICore

/// The output file and its sample format, shared by `apply` and `render`.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "The WAV file to write (replaced atomically; never the input).", valueName: "output"))
    var output: String

    @Option(help: ArgumentHelp(
        "Output sample format (default: the input's bit depth; float inputs give 32f).",
        valueName: "bits"))
    var bits: OutputBits?

    func validate() throws {
        if let problem = OutputBits.namingProblem(output) { throw ValidationError(problem) }
    }
}

extension OutputBits: ExpressibleByArgument {}
