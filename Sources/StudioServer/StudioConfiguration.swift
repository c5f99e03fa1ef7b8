/// Everything `buildApplication(_:environment:)` needs to know; the CLI fills it from flags and the
/// tests from a temporary directory.
public struct StudioConfiguration: Sendable {
    /// Interface to listen on, e.g. `"127.0.0.1"`.
    public var host: String
    /// TCP port; 0 asks the system for any free port.
    public var port: Int
    /// Holds the SQLite database, the blob store, the render cache and temporary uploads.
    public var dataDirectory: String
    /// Static files (the browser UI); `nil` serves the API only.
    public var publicDirectory: String?
    /// The largest upload accepted, in bytes, counted as the body streams in.
    public var maximumUploadBytes: Int
    /// The longest recording accepted, in seconds.
    public var maximumDurationSeconds: Double
    /// How many renders may run at once (each one keeps a core busy).
    public var renderConcurrency: Int
    /// Render the classic voices in the background right after an upload, so that the UI's
    /// requests for them usually find the result already on disk.
    public var prefetchVoicesAfterUpload: Bool

    /// The default upload limit, 200 MiB: room for the longest recording (15 minutes) as 16-bit
    /// mono at 96 kHz or stereo at 48 kHz, which is what browsers send.
    public static let defaultMaximumUploadBytes = 200 << 20
    /// The default length limit, 15 minutes.
    public static let defaultMaximumDurationSeconds = 15.0 * 60

    /// A configuration with the defaults of `pitchperfect serve`; only the data directory is
    /// required.
    public init(host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String,
                publicDirectory: String? = nil,
                maximumUploadBytes: Int = defaultMaximumUploadBytes,
                maximumDurationSeconds: Double = defaultMaximumDurationSeconds,
                renderConcurrency: Int = 2, prefetchVoicesAfterUpload: Bool = true) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.publicDirectory = publicDirectory
        self.maximumUploadBytes = maximumUploadBytes
        self.maximumDurationSeconds = maximumDurationSeconds
        self.renderConcurrency = renderConcurrency
        self.prefetchVoicesAfterUpload = prefetchVoicesAfterUpload
    }
}
