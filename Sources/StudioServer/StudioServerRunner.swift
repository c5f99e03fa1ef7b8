import Foundation
import Vapor

/// The log levels `runStudioServer(_:logLevel:)` understands, quietest last.
public let studioLogLevelNames = Logger.Level.allCases.map(\.rawValue)

/// Runs the studio until SIGINT or SIGTERM: logging to the terminal, storage opened, server
/// started, its URL printed on standard output (with the real port when 0 was asked for).
///
/// - Parameters:
///   - configuration: Address, data directory, limits.
///   - logLevel: One of ``studioLogLevelNames``; `info` logs start-up, uploads and renders.
public func runStudioServer(_ configuration: StudioConfiguration, logLevel: String) async throws {
    let level = Logger.Level(rawValue: logLevel) ?? .info
    LoggingSystem.bootstrap(console: Terminal(), level: level)
    // No arguments: Vapor's default command, `serve`, takes the address from the configuration.
    let environment = Environment(name: "production", arguments: ["pitchperfect"])
    let app = try await buildApplication(configuration, environment: environment)
    do {
        try await app.startup()
        if configuration.publicDirectory == nil {
            app.logger.warning("No Public/ directory found: serving the API only.")
        }
        let port = app.http.server.shared.localAddress?.port ?? configuration.port
        let line = "PitchPerfect studio: http://\(configuration.host):\(port)/  (data: \(configuration.dataDirectory))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        try await app.running?.onStop.get()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
