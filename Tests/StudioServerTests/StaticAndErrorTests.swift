import Foundation
import Testing
import VaporTesting

@Suite struct StaticAndErrorTests {
    /// A studio serving a small public directory.
    func withPublic(_ body: (StudioHarness) async throws -> Void) async throws {
        let publicDirectory = StudioHarness.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: publicDirectory) }
        try Data("<!doctype html><title>studio</title>".utf8).write(to: URL(fileURLWithPath: publicDirectory + "/index.html"))
        try Data("export const x = 1;".utf8).write(to: URL(fileURLWithPath: publicDirectory + "/app.js"))
        try Data("export const y = 2;".utf8).write(to: URL(fileURLWithPath: publicDirectory + "/lib.mjs"))
        try await StudioHarness.with(configure: { $0.publicDirectory = publicDirectory }, body)
    }

    @Test func indexIsServedAtTheRoot() async throws {
        try await withPublic { studio in
            let response = try await studio.send(.GET, "/")
            #expect(response.status == .ok)
            #expect(response.body.string.contains("<title>studio</title>"))
            #expect(response.headers.contentType?.type == "text")
            #expect(response.headers.contentType?.subType == "html")
            #expect(response.headers.first(name: .cacheControl) == "no-cache")
        }
    }

    @Test(arguments: ["/app.js", "/lib.mjs"])
    func modulesAreTextJavaScript(path: String) async throws {
        try await withPublic { studio in
            let response = try await studio.send(.GET, path)
            #expect(response.status == .ok)
            #expect(response.headers.contentType?.type == "text")
            #expect(response.headers.contentType?.subType == "javascript")
            #expect(response.headers.first(name: .cacheControl) == "no-cache")
        }
    }

    @Test func missingStaticFileIs404JSON() async throws {
        try await withPublic { studio in
            try await studio.send(.GET, "/missing.js").expectError(.notFound)
        }
    }

    @Test(arguments: ["/api/nope", "/api/recordings/x/y/z", "/api"])
    func unknownAPIRouteIs404JSON(path: String) async throws {
        try await StudioHarness.with { studio in
            let message = try await studio.send(.GET, path).expectError(.notFound)
            #expect(message.contains(path))
        }
    }

    @Test func wrongMethodIs404JSON() async throws {
        try await StudioHarness.with { studio in
            try await studio.send(.DELETE, "/api/voices").expectError(.notFound)
        }
    }

    @Test func apiJSONIsNotCached() async throws {
        try await StudioHarness.with { studio in
            let response = try await studio.send(.GET, "/api/voices")
            #expect(response.headers.first(name: .cacheControl) == "no-store")
        }
    }
}
