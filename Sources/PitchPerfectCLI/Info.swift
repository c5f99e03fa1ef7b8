import ArgumentParser
import CLICore

/// `pitchperfect info <file>`: format, level and median pitch.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe an audio file: format, channels, rate, duration, peak and RMS (dBFS), median f0.",
        discussion: "RMS is measured over all samples of all channels (a full-scale sine reads -3.01 dBFS). "
            + "The median f0 is YIN over the voiced frames (\(AudioReport.pitchRangeText), channels mixed to mono); "
            + "\"unvoiced\" (null in JSON) when no frame is voiced.")

    @Argument(help: ArgumentHelp("The WAV or AIFF file to read.", valueName: "file"))
    var file: String

    @Flag(help: "Print JSON for machines (levels and f0 are null for silence and unvoiced audio).")
    var json = false

    func run() throws {
        let report = try AudioReport.measure(path: file)
        Console.current.line(json ? JSON.text(report) : report.text)
    }
}
