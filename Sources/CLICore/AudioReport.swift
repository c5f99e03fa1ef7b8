import AudioCore
import Foundation
import AudioFile
import Voice

/// What `pitchperfect info` says about a file: its format, its level and its median pitch.
public struct AudioReport: Codable, Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Container: `wav` or `aiff`.
    public var format: String
    /// Sample encoding as stored: `pcm16`, `pcm24`, `float32`, ...
    public var encoding: String
    /// Bits per stored sample.
    public var bitsPerSample: Int
    /// Number of channels.
    public var channels: Int
    /// Samples per second, in hertz.
    public var sampleRate: Double
    /// Whole frames in the file.
    public var frames: Int
    /// `frames / sampleRate`, in seconds.
    public var durationSeconds: Double
    /// Largest absolute sample over all channels, in dBFS; `nil` for digital silence.
    public var peakDBFS: Double?
    /// Root mean square over all samples of all channels, in dBFS (a full-scale sine is −3.01);
    /// `nil` for digital silence.
    public var rmsDBFS: Double?
    /// Median fundamental frequency of the voiced frames (YIN, 50...1500 Hz, channels mixed to
    /// mono), in hertz; `nil` when no frame is voiced.
    public var medianF0Hz: Double?

    enum CodingKeys: String, CodingKey {
        case path, format, encoding, bitsPerSample, channels, sampleRate, frames, durationSeconds
        case peakDBFS, rmsDBFS, medianF0Hz
    }

    /// Encodes every field; silence and unvoiced audio give explicit `null`s, not missing keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(format, forKey: .format)
        try c.encode(encoding, forKey: .encoding)
        try c.encode(bitsPerSample, forKey: .bitsPerSample)
        try c.encode(channels, forKey: .channels)
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(frames, forKey: .frames)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(peakDBFS, forKey: .peakDBFS)
        try c.encode(rmsDBFS, forKey: .rmsDBFS)
        try c.encode(medianF0Hz, forKey: .medianF0Hz)
    }

    /// Measures a decoded file.
    ///
    /// - Parameters:
    ///   - buffer: the samples as decoded.
    ///   - info: what the file's header declared.
    ///   - path: the path to report.
    public init(buffer: AudioBuffer, info: AudioFileInfo, path: String) {
        self.path = path
        format = info.format.rawValue
        encoding = info.encoding.rawValue
        bitsPerSample = info.encoding.bitsPerSample
        channels = buffer.channelCount
        sampleRate = buffer.sampleRate
        frames = buffer.frameCount
        durationSeconds = buffer.durationSeconds
        let peak = Double(buffer.peak), rms = Double(buffer.rms)
        peakDBFS = peak > 0 ? Units.decibels(fromAmplitude: peak) : nil
        rmsDBFS = rms > 0 ? Units.decibels(fromAmplitude: rms) : nil
        medianF0Hz = PitchDetector.medianFrequency(buffer.mixedToMono(), sampleRate: buffer.sampleRate)
    }

    /// Reads and measures the file at `path`.
    ///
    /// - Throws: ``CLIError/audioFile(_:)`` when the file is missing or not valid audio.
    public static func measure(path: String) throws(CLIError) -> AudioReport {
        do {
            let (buffer, info) = try AudioFileReader.read(path: path)
            return AudioReport(buffer: buffer, info: info, path: path)
        } catch {
            throw .audioFile(error)
        }
    }

    /// The frequencies the median f0 can report, e.g. `50...1500 Hz`.
    public static var pitchRangeText: String {
        let detector = PitchDetector()
        return "\(ParameterSpec.format(detector.minimumFrequencyHz))...\(ParameterSpec.format(detector.maximumFrequencyHz)) Hz"
    }

    /// The report as aligned lines for people.
    public var text: String {
        let encodingName = SampleEncoding(rawValue: encoding)?.displayName ?? encoding
        func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let rows: [(String, String)] = [
            ("file", path),
            ("format", "\(format.uppercased()), \(encodingName)"),
            ("channels", "\(channels)"),
            ("rate", "\(ParameterSpec.format(sampleRate)) Hz"),
            ("duration", "\(fixed(durationSeconds, 3)) s (\(frames) frames)"),
            ("peak", peakDBFS.map { "\(fixed($0, 2)) dBFS" } ?? "silent"),
            ("RMS", rmsDBFS.map { "\(fixed($0, 2)) dBFS" } ?? "silent"),
            ("median f0", medianF0Hz.map { "\(fixed($0, 2)) Hz" } ?? "unvoiced"),
        ]
        return rows.map { "\($0.0):".padded(to: 11) + $0.1 }.joined(separator: "\n")
    }
}

extension String {
    /// The string padded with spaces to `length` characters (never truncated).
    public func padded(to length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
