import Fluent
import FluentSQLiteDriver
import Vapor

/// Builds the studio's Vapor application: storage opened and migrated, middleware and routes in
/// place. Used by `pitchperfect serve` and by the tests.
///
/// - Parameters:
///   - configuration: Where the data lives, limits, address.
///   - environment: Vapor's environment; the tests pass `.testing`.
/// - Returns: An application ready to `startup()` (or to test in memory). Call
///   `asyncShutdown()` when done.
public func buildApplication(_ configuration: StudioConfiguration,
                             environment: Environment = .development) async throws -> Application {
    let app = try await Application.make(environment)
    do {
        try await configure(app, configuration)
        return app
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
}

private func configure(_ app: Application, _ configuration: StudioConfiguration) async throws {
    let data = DataDirectory(path: configuration.dataDirectory)
    let lock = try data.prepare()

    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port

    app.databases.use(.sqlite(.file(data.databasePath)), as: .sqlite)
    app.migrations.add(CreateRecording())
    try await app.autoMigrate()

    let blobs = BlobStore(root: data.blobsPath)
    let renders = RenderCache(directory: data.rendersPath, blobs: blobs,
                              concurrency: configuration.renderConcurrency, logger: app.logger)
    app.lifecycle.use(StudioLifecycle(renders: renders, lock: lock))

    app.middleware = Middlewares()
    app.middleware.use(JSONErrorMiddleware())
    app.middleware.use(StaticHeadersMiddleware())
    if let publicDirectory = configuration.publicDirectory {
        app.middleware.use(FileMiddleware(publicDirectory: publicDirectory, defaultFile: "index.html",
                                          directoryAction: .redirect))
    }

    try app.register(collection: VoiceController())
    try app.register(collection: RecordingController(
        blobs: blobs, renders: renders,
        receiver: UploadReceiver(dataDirectory: data, maximumBytes: configuration.maximumUploadBytes),
        maximumDurationSeconds: configuration.maximumDurationSeconds,
        prefetchVoices: configuration.prefetchVoicesAfterUpload))
}

/// At shutdown stops the render threads, then lets the data directory go.
private struct StudioLifecycle: LifecycleHandler {
    let renders: RenderCache
    let lock: DataDirectoryLock

    func shutdownAsync(_ application: Application) async {
        await renders.shutdown()
        lock.release()
    }
}
