import Studio
import Vapor

/// `GET /api/voices`: the classic voices in menu order.
struct VoiceController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("api", "voices", use: list)
    }

    @Sendable
    func list(request: Request) async throws -> [VoiceResponse] {
        ClassicVoice.all.map(VoiceResponse.init)
    }
}
