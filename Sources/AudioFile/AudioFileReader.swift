import AudioCore

/// Decodes WAV and AIFF/AIFF-C files into ``AudioCore/AudioBuffer``s.
///
/// Any byte sequence gives either audio or a specific ``AudioFileError``: the decoder never traps
/// on input, never loops on a bad size, and allocates only in proportion to the bytes it is given.
public enum AudioFileReader {
    /// The sample rates files may declare, in hertz.
    public static let supportedSampleRates: ClosedRange<Double> = 8_000...192_000

    /// Decodes a whole file held in memory, recognising the format from its first 12 bytes.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The samples, scaled to -1...1 for integer formats, and what the header declared.
    /// - Throws: ``AudioFileError`` naming what is wrong and where.
    public static func decode(_ bytes: [UInt8]) throws(AudioFileError) -> (buffer: AudioBuffer, info: AudioFileInfo) {
        if bytes.hasFourCC("RIFF", at: 0) {
            guard bytes.count >= 12 else { throw .truncatedHeader(format: .wav, byteCount: bytes.count) }
            if bytes.hasFourCC("WAVE", at: 8) { return try WAVDecoder.decode(bytes) }
        } else if bytes.hasFourCC("FORM", at: 0) {
            guard bytes.count >= 12 else { throw .truncatedHeader(format: .aiff, byteCount: bytes.count) }
            if bytes.hasFourCC("AIFF", at: 8) || bytes.hasFourCC("AIFC", at: 8) { return try AIFFDecoder.decode(bytes) }
        }
        throw .notAudio(firstBytes: Array(bytes.prefix(12)))
    }

    /// Reads and decodes the file at `path`.
    ///
    /// - Parameter path: A filesystem path, absolute or relative to the working directory.
    /// - Throws: ``AudioFileError/fileNotFound(path:)`` or ``AudioFileError/cannotRead(path:reason:)``
    ///   naming the path, or any decoding error.
    public static func read(path: String) throws(AudioFileError) -> (buffer: AudioBuffer, info: AudioFileInfo) {
        try decode(FileIO.readAll(path: path))
    }
}
