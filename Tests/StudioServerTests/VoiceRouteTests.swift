import Studio
import Testing
import VaporTesting

@Suite struct VoiceRouteTests {
    struct VoiceJSON: Codable {
        let id: String
        let name: String
        let description: String
        let plan: RenderPlan
    }

    @Test func listsTheSixClassicVoicesInMenuOrder() async throws {
        try await StudioHarness.with { studio in
            let response = try await studio.send(.GET, "/api/voices")
            #expect(response.status == .ok)
            #expect(response.headers.contentType == .json)
            let voices = try response.json([VoiceJSON].self)
            #expect(voices.map(\.id) == ["snail", "rabbit", "chipmunk", "vader", "echo", "reverb"])
            #expect(voices.map(\.name) == ["Snail", "Rabbit", "Chipmunk", "Darth Vader", "Echo", "Reverb"])
            #expect(voices.allSatisfy { !$0.description.isEmpty })
            #expect(voices.map(\.plan) == ClassicVoice.all.map(\.plan))
            #expect(voices.first { $0.id == "snail" }?.plan.pitchTime?.tempo == 0.5)
        }
    }
}
