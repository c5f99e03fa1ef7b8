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
        createdAt = Self.timestamp(recording.createdAt)
        peakDecibels = recording.peakDecibels
        rmsDecibels = recording.rmsDecibels
    }

    /// `2026-11-23T19:20:05.123Z`, rounded to the millisecond (the database may hand back a time
    /// a few nanoseconds off the one stored, which must not change the text).
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, positiveFraction) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
        let text = Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(.iso8601)
        let digits = String(positiveFraction + 1000).dropFirst()
        return text.hasSuffix("Z") ? text.dropLast() + ".\(digits)Z" : text
    }
}

/// The body of every error answer: `{"error": "what is wrong"}`.
struct ErrorResponse: Content {
    let error: String
}
