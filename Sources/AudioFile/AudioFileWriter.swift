import AudioCore

/// Encodes ``AudioCore/AudioBuffer``s as WAV.
public enum AudioFileWriter {
    /// Encodes `buffer` as a complete WAV file.
    ///
    /// Mono and stereo use the classic `fmt ` chunk (PCM, or IEEE float with a `fact` chunk); more
    /// channels use WAVE_FORMAT_EXTENSIBLE, as the format's specification asks.
    ///
    /// - Parameters:
    ///   - buffer: The audio; its sample rate is rounded to whole hertz.
    ///   - encoding: How samples are stored. Integer encodings round `x × 2^(bits−1)` and clip to
    ///     full scale (NaN becomes 0); float encodings store the values as they are.
    /// - Returns: The file's bytes.
    /// - Precondition: The sample rate rounds to 1...4294967295 Hz and the audio fits in 4 GB.
    public static func encodeWAV(_ buffer: AudioBuffer, encoding: SampleEncoding) -> [UInt8] {
        if let problem = wavProblem(buffer, encoding: encoding) { preconditionFailure(problem) }
        let channels = buffer.channelCount
        let blockAlign = channels * encoding.bytesPerSample
        let dataSize = buffer.frameCount * blockAlign
        let extensible = channels > 2
        let formatTag: UInt16 = encoding.isFloat ? 3 : 1
        let fmtSize = extensible ? 40 : (encoding.isFloat ? 18 : 16)
        let factSize = encoding.isFloat || extensible ? 12 : 0
        let headerSize = 12 + 8 + fmtSize + factSize + 8
        // A padding byte follows odd-sized data (8-bit audio with an odd sample count).
        let pad = dataSize & 1

        var out = [UInt8]()
        out.reserveCapacity(headerSize + dataSize + pad)
        out.appendFourCC("RIFF")
        out.appendUInt32LE(UInt32(headerSize - 8 + dataSize + pad))
        out.appendFourCC("WAVE")

        out.appendFourCC("fmt ")
        out.appendUInt32LE(UInt32(fmtSize))
        out.appendUInt16LE(extensible ? 0xFFFE : formatTag)
        out.appendUInt16LE(UInt16(channels))
        out.appendUInt32LE(UInt32(buffer.sampleRate.rounded()))
        out.appendUInt32LE(UInt32(buffer.sampleRate.rounded()) * UInt32(blockAlign))
        out.appendUInt16LE(UInt16(blockAlign))
        out.appendUInt16LE(UInt16(encoding.bitsPerSample))
        if extensible {
            out.appendUInt16LE(22)  // cbSize
            out.appendUInt16LE(UInt16(encoding.bitsPerSample))  // valid bits
            out.appendUInt32LE(0)  // channel mask: no speaker assignment
            out.appendUInt16LE(formatTag)
            out.append(contentsOf: WAVDecoder.subFormatGUIDTail)
        } else if encoding.isFloat {
            out.appendUInt16LE(0)  // cbSize
        }
        if factSize > 0 {
            out.appendFourCC("fact")
            out.appendUInt32LE(4)
            out.appendUInt32LE(UInt32(buffer.frameCount))
        }

        out.appendFourCC("data")
        out.appendUInt32LE(UInt32(dataSize))
        SampleEncoder.appendInterleaved(buffer, encoding: encoding, to: &out)
        if pad == 1 { out.append(0) }
        return out
    }

    /// Encodes `buffer` as WAV and replaces the file at `path` atomically.
    ///
    /// The bytes go to a temporary file in the same directory, are flushed to disk, and the file is
    /// renamed over `path`: readers see either the old file or the whole new one, never a part.
    ///
    /// - Parameters:
    ///   - buffer: The audio; its sample rate is rounded to whole hertz.
    ///   - path: Where to write; the directory must exist.
    ///   - encoding: How samples are stored (see ``encodeWAV(_:encoding:)``).
    /// - Throws: ``AudioFileError/cannotWrite(path:reason:)`` naming the path; nothing is left behind.
    public static func write(_ buffer: AudioBuffer, toPath path: String, encoding: SampleEncoding) throws(AudioFileError) {
        if let problem = wavProblem(buffer, encoding: encoding) { throw .cannotWrite(path: path, reason: problem) }
        try FileIO.writeAtomically(encodeWAV(buffer, encoding: encoding), to: path)
    }

    /// Why `buffer` cannot be stored as WAV, or `nil` if it can.
    static func wavProblem(_ buffer: AudioBuffer, encoding: SampleEncoding) -> String? {
        let rate = buffer.sampleRate.rounded()
        guard rate >= 1, rate <= Double(UInt32.max) else {
            return "sample rate \(buffer.sampleRate) Hz cannot be stored in a WAV header"
        }
        let blockAlign = buffer.channelCount * encoding.bytesPerSample
        guard rate * Double(blockAlign) <= Double(UInt32.max) else {
            return "sample rate \(buffer.sampleRate) Hz gives a byte rate too large for a WAV header"
        }
        // Header (at most 80 bytes) plus data plus pad must fit the 32-bit RIFF size.
        let (dataSize, overflow) = buffer.frameCount.multipliedReportingOverflow(by: blockAlign)
        guard !overflow, dataSize <= Int(UInt32.max) - 100 else {
            return "\(buffer.frameCount) frames of \(blockAlign) bytes exceed the 4 GB a WAV file can hold"
        }
        return nil
    }
}
