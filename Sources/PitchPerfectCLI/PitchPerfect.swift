import ArgumentParser

@main
struct PitchPerfect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pitchperfect", abstract: "A voice and music studio.",
                                                    subcommands: [Serve.self])
}
