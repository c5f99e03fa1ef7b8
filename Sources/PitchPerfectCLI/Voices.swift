import ArgumentParser
import CLICore
import Studio

/// `pitchperfect voices`: the six classic voices.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices", abstract: "List the classic voices that `apply` takes.")

    @Flag(help: "Print JSON (id, name, description and the plan of each voice).")
    var json = false

    func run() {
        let console = Console.current
        if json {
            console.line(JSON.text(ClassicVoice.all))
            return
        }
        let idWidth = ClassicVoice.all.map(\.id.count).max() ?? 0
        let nameWidth = ClassicVoice.all.map(\.name.count).max() ?? 0
        for voice in ClassicVoice.all {
            console.line(voice.id.padded(to: idWidth + 2) + voice.name.padded(to: nameWidth + 2) + voice.description)
        }
    }
}
