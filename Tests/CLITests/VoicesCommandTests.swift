import Foundation
import Studio
import Testing

@Suite struct VoicesCommandTests {
    @Test func textListsTheSixVoicesInOrder() async {
        let run = await pitchperfect(["voices"])
        #expect(run.exitCode == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        for (line, voice) in zip(lines, ClassicVoice.all) {
            let words = line.split(separator: " ", maxSplits: 1)
            #expect(words.first.map(String.init) == voice.id)
            #expect(line.contains(voice.name) && line.hasSuffix(voice.description))
        }
    }

    @Test func jsonDecodesToTheVoices() async throws {
        let run = await pitchperfect(["voices", "--json"])
        #expect(run.exitCode == 0)
        let decoded = try JSONDecoder().decode([ClassicVoice].self, from: Data(run.stdout.utf8))
        #expect(decoded == ClassicVoice.all)
    }
}
