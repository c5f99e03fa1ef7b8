import ArgumentParser

/// The `pitchperfect` command: a thin shell over the Studio engine.
@main
struct PitchPerfect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pitchperfect",
        abstract: "A voice and music studio: change the pitch, tempo and sound of recordings.",
        subcommands: [Voices.self, Apply.self, Render.self, Info.self, Serve.self])
}
