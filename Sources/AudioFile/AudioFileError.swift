/// Why a file could not be decoded, read or written.
///
/// Bad input is expected: every case names what is wrong and, where it helps, where in the file.
/// ``description`` is a sentence fit to show a user.
public enum AudioFileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The bytes start with neither `RIFF….WAVE` nor `FORM….AIFF`/`AIFC`; `firstBytes` holds up to
    /// the first 12.
    case notAudio(firstBytes: [UInt8])
    /// The file ends inside its 12-byte container header.
    case truncatedHeader(format: AudioFileFormat, byteCount: Int)
    /// A chunk's header or fixed fields run past the end of the file.
    case truncatedChunk(format: AudioFileFormat, chunk: String, offset: Int, needed: Int, remaining: Int)
    /// A chunk's declared size runs past the end of the file.
    case chunkOverrun(format: AudioFileFormat, chunk: String, offset: Int, claimedBytes: UInt64, remainingBytes: Int)
    /// A chunk is smaller than its fixed fields require.
    case chunkTooSmall(format: AudioFileFormat, chunk: String, size: Int, minimum: Int)
    /// A required chunk (`fmt `/`data` in WAV, `COMM`/`SSND` in AIFF) is absent.
    case missingChunk(format: AudioFileFormat, chunk: String)
    /// The channel count is outside 1...8.
    case invalidChannelCount(format: AudioFileFormat, channelCount: Int)
    /// The sample rate is not a finite number in 8000...192000 Hz.
    case invalidSampleRate(format: AudioFileFormat, sampleRate: Double)
    /// A WAV format tag other than PCM (1), IEEE float (3) or extensible (0xFFFE).
    case unsupportedFormatTag(tag: UInt16)
    /// A WAVE_FORMAT_EXTENSIBLE sub-format GUID other than PCM or IEEE float.
    case unsupportedSubFormat(guid: String)
    /// An AIFF-C compression type other than `NONE`, `twos`, `sowt`, `fl32` or `fl64`.
    case unsupportedCompression(type: String)
    /// A bit depth the format's sample type does not support.
    case unsupportedBitDepth(format: AudioFileFormat, bitsPerSample: Int, isFloat: Bool)
    /// The WAV block align disagrees with channels × bytes per sample.
    case blockAlignMismatch(blockAlign: Int, expected: Int)
    /// AIFF's `COMM` chunk promises more frames than the `SSND` chunk holds.
    case frameCountMismatch(claimedFrames: Int, availableFrames: Int)
    /// No file exists at `path` (or a directory on the way is missing).
    case fileNotFound(path: String)
    /// The file at `path` exists but could not be read.
    case cannotRead(path: String, reason: String)
    /// Writing `path` failed; no partial file was left behind.
    case cannotWrite(path: String, reason: String)

    /// A sentence naming what is wrong and where.
    public var description: String {
        switch self {
        case .notAudio(let firstBytes):
            if firstBytes.isEmpty { return "Not a WAV or AIFF file: it is empty." }
            return "Not a WAV or AIFF file: it starts with \(Self.hex(firstBytes)) (\(Self.printable(firstBytes)))."
        case .truncatedHeader(let format, let byteCount):
            return "\(Self.name(format)): file is only \(byteCount) bytes, too short for the 12-byte header."
        case .truncatedChunk(let format, let chunk, let offset, let needed, let remaining):
            return "\(Self.name(format)): \(chunk) at byte \(offset) needs \(needed) bytes but only \(remaining) remain."
        case .chunkOverrun(let format, let chunk, let offset, let claimed, let remaining):
            return "\(Self.name(format)): \(chunk) chunk at byte \(offset) claims \(claimed) bytes but only \(remaining) remain"
                + " (the file is cut short or its header is wrong)."
        case .chunkTooSmall(let format, let chunk, let size, let minimum):
            return "\(Self.name(format)): \(chunk) chunk is \(size) bytes, but needs at least \(minimum)."
        case .missingChunk(let format, let chunk):
            return "\(Self.name(format)): no \(chunk) chunk found."
        case .invalidChannelCount(let format, let count):
            return "\(Self.name(format)): \(count) channels; only 1 to 8 are supported."
        case .invalidSampleRate(let format, let rate):
            guard rate.isFinite else { return "\(Self.name(format)): the sample rate is not a finite number." }
            return "\(Self.name(format)): sample rate \(Self.number(rate)) Hz is outside the supported 8000 to 192000 Hz."
        case .unsupportedFormatTag(let tag):
            let codec = Self.codecName(tag).map { "compressed as \($0) (format tag \(Self.hex16(tag)))" }
                ?? "in format \(Self.hex16(tag))"
            return "WAV: the audio is \(codec), which is not supported; only uncompressed PCM (0x0001), IEEE float (0x0003)"
                + " and extensible (0xFFFE) files can be read."
        case .unsupportedSubFormat(let guid):
            return "WAV: extensible sub-format \(guid) is not supported (only PCM and IEEE float)."
        case .unsupportedCompression(let type):
            return "AIFF: AIFF-C compression '\(type)' is not supported (only NONE, twos, sowt, fl32 and fl64)."
        case .unsupportedBitDepth(let format, let bits, let isFloat):
            let kind = isFloat ? "float" : "integer"
            let supported = isFloat ? "32 and 64" : (format == .wav ? "8, 16, 24 and 32" : "1 to 32")
            return "\(Self.name(format)): \(bits)-bit \(kind) samples are not supported (only \(supported))."
        case .blockAlignMismatch(let blockAlign, let expected):
            return "WAV: fmt chunk block align is \(blockAlign) bytes but channels and bit depth imply \(expected)."
        case .frameCountMismatch(let claimed, let available):
            return "AIFF: COMM chunk claims \(claimed) frames but the SSND chunk holds only \(available)."
        case .fileNotFound(let path):
            return "No file at '\(path)'."
        case .cannotRead(let path, let reason):
            return "Cannot read '\(path)': \(reason)."
        case .cannotWrite(let path, let reason):
            return "Cannot write '\(path)': \(reason)."
        }
    }

    private static func name(_ format: AudioFileFormat) -> String {
        format == .wav ? "WAV" : "AIFF"
    }

    /// Common codecs found in WAV files, so that the message names what the user has.
    private static func codecName(_ tag: UInt16) -> String? {
        switch tag {
        case 0x0002: "Microsoft ADPCM"
        case 0x0006: "A-law"
        case 0x0007: "mu-law"
        case 0x0011: "IMA ADPCM"
        case 0x0031: "GSM 6.10"
        case 0x0050: "MPEG audio"
        case 0x0055: "MP3"
        case 0x00FF, 0x1610: "AAC"
        case 0x2000: "AC-3"
        case 0xF1AC: "FLAC"
        default: nil
        }
    }

    /// `value` without a fractional part when it is whole: "10000000", not "10000000.0".
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func hex(_ bytes: [UInt8], separator: String = " ") -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined(separator: separator)
    }

    private static func hex16(_ value: UInt16) -> String {
        "0x" + hex([UInt8(value >> 8), UInt8(value & 0xFF)], separator: "")
    }

    private static func printable(_ bytes: [UInt8]) -> String {
        "\"" + String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: ".") }, as: UTF8.self) + "\""
    }
}
