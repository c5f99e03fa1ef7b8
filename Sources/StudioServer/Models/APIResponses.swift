import Foundation
import Studio
import Vapor

/// `GET /api/voices` element: a classic voice and the plan that makes it.
struct VoiceResponse: Content {
    let id: String
    let name: String
    let description: String
    let plan: RenderPlan

    init(_ voice: ClassicVoice) {
        id = voice.id
        name = voice.name
        description = voice.description
        plan = voice.plan
    }
}

/// A recording as the API shows it.
struct RecordingResponse: Content {
    let id: String
    let title: String
    let durationSeconds: Double
    let sampleRate: Double
    let channelCount: Int
    let frameCount: Int
    /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-23T19:20:05.123Z`.
    let createdAt: String
    let peakDecibels: Double
    let rmsDecibels: Double

    init(_ recording: Recording) {
        id = recording.id?.uuidString.lowercased() ?? ""
        title = recording.title
        durationSeconds = recording.sampleRate > 0 ? Double(recording.frameCount) / recording.sampleRate : 0
        sampleRate = recording.sampleRate
        channelCount = recording.channelCount
        frameCount = recording.frameCount
        createdAt = recording.createdAt.formatted(Self.timestampStyle)
        peakDecibels = recording.peakDecibels
        rmsDecibels = recording.rmsDecibels
    }

    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// The body of every error answer: `{"error": "what is wrong"}`.
struct ErrorResponse: Content {
    let error: String
}
