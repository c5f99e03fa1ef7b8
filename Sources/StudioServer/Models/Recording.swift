import Fluent
import Foundation

/// One uploaded recording: its metadata row. The audio itself is a blob named by `blobKey`.
final class Recording: Model, @unchecked Sendable {
    static let schema = "recordings"

    @ID(key: .id) var id: UUID?
    @Field(key: "title") var title: String
    @Field(key: "created_at") var createdAt: Date
    /// SHA-256 of the uploaded file, the key into the blob store.
    @Field(key: "blob_key") var blobKey: String
    /// Size of the uploaded file in bytes.
    @Field(key: "byte_count") var byteCount: Int
    @Field(key: "sample_rate") var sampleRate: Double
    @Field(key: "channel_count") var channelCount: Int
    @Field(key: "frame_count") var frameCount: Int
    /// Largest absolute sample, in dBFS (floored at ``AudioLevels/floorDecibels``).
    @Field(key: "peak_decibels") var peakDecibels: Double
    /// Root mean square over all channels, in dBFS (floored likewise).
    @Field(key: "rms_decibels") var rmsDecibels: Double

    init() {}

    init(id: UUID = UUID(), title: String, createdAt: Date, blobKey: String, byteCount: Int,
         sampleRate: Double, channelCount: Int, frameCount: Int, peakDecibels: Double, rmsDecibels: Double) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.blobKey = blobKey
        self.byteCount = byteCount
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.peakDecibels = peakDecibels
        self.rmsDecibels = rmsDecibels
    }
}

/// Creates the `recordings` table.
struct CreateRecording: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Recording.schema)
            .id()
            .field("title", .string, .required)
            .field("created_at", .datetime, .required)
            .field("blob_key", .string, .required)
            .field("byte_count", .int, .required)
            .field("sample_rate", .double, .required)
            .field("channel_count", .int, .required)
            .field("frame_count", .int, .required)
            .field("peak_decibels", .double, .required)
            .field("rms_decibels", .double, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Recording.schema).delete()
    }
}
