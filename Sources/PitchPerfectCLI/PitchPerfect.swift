import ArgumentParser

@main
struct PitchPerfect: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pitchperfect", abstract: "A voice and music studio.")
}
