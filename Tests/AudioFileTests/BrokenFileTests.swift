import AudioCore
import AudioFile
import Testing

/// Every class of broken input gives one exact ``AudioFileError`` with a plain description, and no
/// input crashes the decoder or makes it allocate more than the bytes justify.
@Suite struct BrokenFileTests {
    /// The error decoding `bytes` throws, or nil if it decodes.
    static func failure(_ bytes: [UInt8]) -> AudioFileError? {
        do {
            _ = try AudioFileReader.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A valid 60-byte WAV: 16-bit stereo, 44.1 kHz, 4 frames; the data chunk header is at byte 36.
    static let wav = WAVFile.simple(channels: 2, bits: 16, data: Samples.integers(Array(1...8), bytes: 2, bigEndian: false))

    /// A valid AIFF: 16-bit mono, 4 frames; COMM at byte 12, SSND at byte 38.
    static let aiff = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 4, bits: 16, sampleRate: 44_100),
                                     AIFFFile.ssnd(Samples.integers([1, 2, 3, 4], bytes: 2, bigEndian: true))])

    static func wav(fmt: Chunk, data: [UInt8] = [0, 0, 0, 0]) -> [UInt8] { WAVFile.file([fmt, Chunk("data", data)]) }

    static func aiff(channels: Int = 1, bits: Int = 16, sampleRate: Double = 44_100) -> [UInt8] {
        AIFFFile.file([AIFFFile.comm(channels: channels, frames: 1, bits: bits, sampleRate: sampleRate), AIFFFile.ssnd([0, 0])])
    }

    @Test func fixturesAreValid() throws {
        #expect(Self.wav.count == 60 && Self.failure(Self.wav) == nil)
        #expect(Self.failure(Self.aiff) == nil)
    }

    // MARK: Not audio at all

    @Test func emptyFile() {
        let error = Self.failure([])
        #expect(error == .notAudio(firstBytes: []))
        #expect(error?.description == "Not a WAV or AIFF file: it is empty.")
    }

    @Test func textIsNotAudio() {
        let text = Array("<!DOCTYPE html><html>".utf8)
        let error = Self.failure(text)
        #expect(error == .notAudio(firstBytes: Array(text.prefix(12))))
        #expect(error?.description.contains("\"<!DOCTYPE ht\"") == true)
    }

    @Test func randomBytesAreNotAudio() {
        var random = SplitMix64(state: 1)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(Self.failure(bytes) == .notAudio(firstBytes: Array(bytes.prefix(12))))
    }

    @Test func otherRIFFTypeIsNotAudio() {
        var avi = Self.wav
        avi.replaceSubrange(8..<12, with: Array("AVI ".utf8))
        #expect(Self.failure(avi) == .notAudio(firstBytes: Array(avi.prefix(12))))
    }

    // MARK: Truncation

    @Test func truncatedContainerHeader() {
        #expect(Self.failure(Array(Self.wav.prefix(8))) == .truncatedHeader(format: .wav, byteCount: 8))
        #expect(Self.failure(Array(Self.aiff.prefix(11))) == .truncatedHeader(format: .aiff, byteCount: 11))
        #expect(Self.failure(Array(Self.wav.prefix(8)))?.description == "WAV: file is only 8 bytes, too short for the 12-byte header.")
    }

    @Test func truncatedChunkHeader() {
        #expect(Self.failure(Array(Self.wav.prefix(16)))
            == .truncatedChunk(format: .wav, chunk: "chunk header", offset: 12, needed: 8, remaining: 4))
        #expect(Self.failure(Array(Self.aiff.prefix(15)))
            == .truncatedChunk(format: .aiff, chunk: "chunk header", offset: 12, needed: 8, remaining: 3))
    }

    @Test func truncatedFormatChunk() {
        #expect(Self.failure(Array(Self.wav.prefix(30)))
            == .chunkOverrun(format: .wav, chunk: "fmt ", offset: 12, claimedBytes: 16, remainingBytes: 10))
        #expect(Self.failure(Array(Self.aiff.prefix(30)))
            == .chunkOverrun(format: .aiff, chunk: "COMM", offset: 12, claimedBytes: 18, remainingBytes: 10))
    }

    @Test func truncatedData() {
        let error = Self.failure(Array(Self.wav.prefix(50)))
        #expect(error == .chunkOverrun(format: .wav, chunk: "data", offset: 36, claimedBytes: 16, remainingBytes: 6))
        #expect(error?.description == "WAV: data chunk at byte 36 claims 16 bytes but only 6 remain (the file is cut short or its header is wrong).")
        #expect(Self.failure(Array(Self.aiff.dropLast(3)))
            == .chunkOverrun(format: .aiff, chunk: "SSND", offset: 38, claimedBytes: 16, remainingBytes: 13))
    }

    // MARK: Sizes that lie

    @Test(arguments: [0x7FFF_FFFF, 0xFFFF_FFFE, 17] as [UInt32])
    func dataSizeBeyondTheFile(_ claimed: UInt32) {
        var bytes = Self.wav
        bytes.replaceSubrange(40..<44, with: Samples.integers([Int64(claimed)], bytes: 4, bigEndian: false))
        #expect(Self.failure(bytes) == .chunkOverrun(format: .wav, chunk: "data", offset: 36, claimedBytes: UInt64(claimed), remainingBytes: 16))
    }

    @Test func unknownChunkSizeBeyondTheFile() {
        let bytes = WAVFile.file([Chunk("LIST", [1, 2], declaredSize: 0xFFFF_FF00), WAVFile.fmt(channels: 1, sampleRate: 8_000, bits: 8)])
        #expect(Self.failure(bytes) == .chunkOverrun(format: .wav, chunk: "LIST", offset: 12, claimedBytes: 0xFFFF_FF00, remainingBytes: 26))
    }

    @Test func streamedDataSizeBeforeFormatIsNotAStream() {
        let bytes = WAVFile.file([Chunk("data", [1, 2, 3, 4], declaredSize: 0xFFFF_FFFF), WAVFile.fmt(channels: 1, sampleRate: 8_000, bits: 8)])
        #expect(Self.failure(bytes) == .chunkOverrun(format: .wav, chunk: "data", offset: 12, claimedBytes: 0xFFFF_FFFF, remainingBytes: 28))
    }

    @Test func zeroDataSizeBeforeFormatIsAnEmptyChunk() throws {
        // Taken at its word: the fmt chunk after it is found, and the file holds no frames.
        let bytes = WAVFile.file([Chunk("data", [], declaredSize: 0), WAVFile.fmt(channels: 1, sampleRate: 8_000, bits: 8)])
        #expect(try AudioFileReader.decode(bytes).info.frameCount == 0)
    }

    @Test func aiffFrameCountBeyondTheSoundData() {
        // Four billion frames claimed by a 62-byte file: an error, not a 16 GB buffer.
        var bytes = Self.aiff
        bytes.replaceSubrange(22..<26, with: [0xEE, 0x6B, 0x28, 0x00])
        #expect(Self.failure(bytes) == .frameCountMismatch(claimedFrames: 4_000_000_000, availableFrames: 4))
    }

    @Test func aiffSoundDataOffsetBeyondTheChunk() {
        var bytes = Self.aiff
        bytes.replaceSubrange(46..<50, with: [0, 0, 0, 9])
        #expect(Self.failure(bytes) == .chunkOverrun(format: .aiff, chunk: "SSND data offset", offset: 46, claimedBytes: 9, remainingBytes: 8))
    }

    // MARK: Impossible header values

    @Test(arguments: [0, 9, 0xFFFF])
    func wavChannelCountOutOfRange(_ channels: Int) {
        let bytes = Self.wav(fmt: WAVFile.fmt(channels: channels, sampleRate: 44_100, bits: 16))
        #expect(Self.failure(bytes) == .invalidChannelCount(format: .wav, channelCount: channels))
    }

    @Test(arguments: [(0, 0), (9, 9), (0xFFFF, -1)])
    func aiffChannelCountOutOfRange(_ stored: Int, decoded: Int) {
        #expect(Self.failure(Self.aiff(channels: stored)) == .invalidChannelCount(format: .aiff, channelCount: decoded))
    }

    @Test func zeroChannelsSaysSo() {
        let error = Self.failure(Self.wav(fmt: WAVFile.fmt(channels: 0, sampleRate: 44_100, bits: 16)))
        #expect(error?.description == "WAV: 0 channels; only 1 to 8 are supported.")
    }

    @Test(arguments: [0, 1, 7_999, 192_001, 10_000_000, 0xFFFF_FFFF] as [UInt32])
    func wavSampleRateOutOfRange(_ rate: UInt32) {
        let bytes = Self.wav(fmt: WAVFile.fmt(channels: 1, sampleRate: rate, bits: 16))
        #expect(Self.failure(bytes) == .invalidSampleRate(format: .wav, sampleRate: Double(rate)))
    }

    @Test func absurdSampleRateIsPrintedAsAWholeNumber() {
        let error = Self.failure(Self.wav(fmt: WAVFile.fmt(channels: 1, sampleRate: 10_000_000, bits: 16)))
        #expect(error?.description == "WAV: sample rate 10000000 Hz is outside the supported 8000 to 192000 Hz.")
    }

    @Test(arguments: [1, 7_999.5, 10_000_000, 1e300])
    func aiffSampleRateOutOfRange(_ rate: Double) {
        #expect(Self.failure(Self.aiff(sampleRate: rate)) == .invalidSampleRate(format: .aiff, sampleRate: rate))
    }

    @Test(arguments: [
        ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.0),  // zero
        ([0xC0, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0], -44_100),  // negative
        ([0x7F, 0xFF, 0xC0, 0, 0, 0, 0, 0, 0, 0], .nan),  // NaN
        ([0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0], .nan),  // infinity is reported as not finite too
    ] as [([UInt8], Double)])
    func aiffSampleRateNotUsable(_ raw: [UInt8], expected: Double) {
        let bytes = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 0, bits: 16, rawSampleRate: raw)])
        guard case .invalidSampleRate(.aiff, let rate)? = Self.failure(bytes) else {
            Issue.record("expected invalidSampleRate, got \(String(describing: Self.failure(bytes)))")
            return
        }
        #expect(rate == expected || (rate.isNaN && expected.isNaN))
        if expected.isNaN { #expect(Self.failure(bytes)?.description == "AIFF: the sample rate is not a finite number.") }
    }

    @Test(arguments: [(WAVFile.pcmTag, 0), (WAVFile.pcmTag, 4), (WAVFile.pcmTag, 12), (WAVFile.pcmTag, 20), (WAVFile.pcmTag, 64),
                      (WAVFile.pcmTag, 0xFFFF), (WAVFile.floatTag, 16), (WAVFile.floatTag, 24), (WAVFile.floatTag, 0)])
    func wavBitDepthNotSupported(_ tag: UInt16, bits: Int) {
        let bytes = Self.wav(fmt: WAVFile.fmt(tag: tag, channels: 1, sampleRate: 44_100, bits: bits, blockAlign: 2))
        #expect(Self.failure(bytes) == .unsupportedBitDepth(format: .wav, bitsPerSample: bits, isFloat: tag == WAVFile.floatTag))
    }

    @Test(arguments: [(0, 0), (33, 33), (0xFFFF, -1), (0x7FFF, 0x7FFF)])
    func aiffBitDepthNotSupported(_ stored: Int, decoded: Int) {
        #expect(Self.failure(Self.aiff(bits: stored)) == .unsupportedBitDepth(format: .aiff, bitsPerSample: decoded, isFloat: false))
    }

    @Test(arguments: [0, 3, 2, 8, 0xFFFF])
    func blockAlignMismatch(_ blockAlign: Int) {
        let bytes = Self.wav(fmt: WAVFile.fmt(channels: 2, sampleRate: 44_100, bits: 16, blockAlign: blockAlign))
        let error = Self.failure(bytes)
        #expect(error == .blockAlignMismatch(blockAlign: blockAlign, expected: 4))
        #expect(error?.description == "WAV: fmt chunk block align is \(blockAlign) bytes but channels and bit depth imply 4.")
    }

    // MARK: Codecs we do not decode

    @Test(arguments: [(UInt16(0x0055), "MP3"), (0x0002, "Microsoft ADPCM"), (0x0011, "IMA ADPCM"), (0x0007, "mu-law"),
                      (0x1234, "format 0x1234")])
    func compressedWAVNamesItsCodec(_ tag: UInt16, name: String) {
        // Compressed formats declare fields PCM would reject (4-bit samples, odd block aligns):
        // the codec is what the user needs to hear about.
        let bytes = Self.wav(fmt: WAVFile.fmt(tag: tag, channels: 2, sampleRate: 44_100, bits: 4, blockAlign: 1024))
        let error = Self.failure(bytes)
        #expect(error == .unsupportedFormatTag(tag: tag))
        #expect(error?.description.contains(name) == true)
    }

    @Test func extensibleWithCompressedSubFormat() {
        let bytes = Self.wav(fmt: WAVFile.extensibleFmt(subFormat: 0x0055, channels: 2, sampleRate: 44_100, bits: 16))
        #expect(Self.failure(bytes) == .unsupportedSubFormat(guid: "00000055-0000-0010-8000-00AA00389B71"))
    }

    @Test func extensibleWithForeignGUID() {
        let tail: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0, 1, 2, 3, 4, 5, 6]
        let bytes = Self.wav(fmt: WAVFile.extensibleFmt(subFormat: WAVFile.pcmTag, channels: 2, sampleRate: 44_100, bits: 16, guidTail: tail))
        #expect(Self.failure(bytes) == .unsupportedSubFormat(guid: "34120001-7856-BC9A-DEF0-010203040506"))
    }

    @Test(arguments: ["ima4", "ulaw", "alaw", "MAC3"])
    func aifcCompressionNotSupported(_ compression: String) {
        let bytes = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 1, bits: 16, sampleRate: 44_100, compression: compression),
                                   AIFFFile.ssnd([0, 0])], aifc: true)
        let error = Self.failure(bytes)
        #expect(error == .unsupportedCompression(type: compression))
        #expect(error?.description.contains("'\(compression)'") == true)
    }

    // MARK: Missing or undersized chunks

    @Test func wavWithoutFormatChunk() {
        #expect(Self.failure(WAVFile.file([Chunk("data", [1, 2, 3, 4])])) == .missingChunk(format: .wav, chunk: "fmt"))
        #expect(Self.failure(WAVFile.file([])) == .missingChunk(format: .wav, chunk: "fmt"))
        #expect(Self.failure(WAVFile.file([]))?.description == "WAV: no fmt chunk found.")
    }

    @Test func wavWithoutDataChunk() {
        let bytes = WAVFile.file([WAVFile.fmt(channels: 1, sampleRate: 44_100, bits: 16), Chunk("LIST", [0, 0])])
        #expect(Self.failure(bytes) == .missingChunk(format: .wav, chunk: "data"))
    }

    @Test func aiffWithoutCommonChunk() {
        #expect(Self.failure(AIFFFile.file([AIFFFile.ssnd([0, 0])])) == .missingChunk(format: .aiff, chunk: "COMM"))
    }

    @Test func aiffWithFramesButNoSoundChunk() {
        let bytes = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 10, bits: 16, sampleRate: 44_100)])
        #expect(Self.failure(bytes) == .missingChunk(format: .aiff, chunk: "SSND"))
    }

    @Test func chunksTooSmallForTheirFields() {
        var shortFmt = WAVFile.fmt(channels: 1, sampleRate: 44_100, bits: 16)
        shortFmt.body.removeLast(2)
        #expect(Self.failure(Self.wav(fmt: shortFmt)) == .chunkTooSmall(format: .wav, chunk: "fmt", size: 14, minimum: 16))

        var shortExtensible = WAVFile.extensibleFmt(subFormat: 1, channels: 1, sampleRate: 44_100, bits: 16)
        shortExtensible.body.removeLast(22)
        #expect(Self.failure(Self.wav(fmt: shortExtensible)) == .chunkTooSmall(format: .wav, chunk: "fmt (extensible)", size: 18, minimum: 40))

        var shortComm = AIFFFile.comm(channels: 1, frames: 0, bits: 16, sampleRate: 44_100)
        shortComm.body.removeLast(2)
        #expect(Self.failure(AIFFFile.file([shortComm])) == .chunkTooSmall(format: .aiff, chunk: "COMM", size: 16, minimum: 18))
        // AIFF-C needs the compression type too.
        let plainComm = AIFFFile.comm(channels: 1, frames: 0, bits: 16, sampleRate: 44_100)
        #expect(Self.failure(AIFFFile.file([plainComm], aifc: true)) == .chunkTooSmall(format: .aiff, chunk: "COMM", size: 18, minimum: 22))

        let shortSound = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 1, bits: 16, sampleRate: 44_100), Chunk("SSND", [0, 0, 0, 0])])
        #expect(Self.failure(shortSound) == .chunkTooSmall(format: .aiff, chunk: "SSND", size: 4, minimum: 8))
    }

    // MARK: Any damage: an answer, never a crash, and no more samples than bytes

    /// Valid files of every layout the decoders read, to be cut and corrupted.
    static let damageSources: [[UInt8]] = [
        wav,
        aiff,
        WAVFile.simple(channels: 1, bits: 8, data: [1, 2, 3]),
        WAVFile.simple(tag: WAVFile.floatTag, channels: 2, bits: 32, data: Samples.float32([0.5, -0.5], bigEndian: false)),
        WAVFile.file([WAVFile.extensibleFmt(subFormat: 3, channels: 1, sampleRate: 48_000, bits: 64), Chunk("data", [UInt8](repeating: 0, count: 16))]),
        AIFFFile.file([AIFFFile.comm(channels: 2, frames: 2, bits: 32, sampleRate: 48_000, compression: "fl32"),
                       AIFFFile.ssnd(Samples.float32([0.5, -0.5, 1, 0], bigEndian: true))], aifc: true),
    ]

    /// Decodes `bytes` and checks the one promise that holds for any input.
    static func decodesWithinBounds(_ bytes: [UInt8]) -> Bool {
        guard let (buffer, info) = try? AudioFileReader.decode(bytes) else { return true }
        return buffer.samples.count <= bytes.count && info.frameCount == buffer.frameCount
    }

    @Test(arguments: damageSources.indices)
    func everyPrefixDecodesOrFails(_ index: Int) {
        let source = Self.damageSources[index]
        for length in 0...source.count {
            let prefix = Array(source.prefix(length))
            #expect(Self.decodesWithinBounds(prefix), "prefix of \(length) bytes")
            // A prefix that ends before the header is complete must fail, not decode.
            if length < 12 { #expect(Self.failure(prefix) != nil) }
        }
    }

    @Test(arguments: damageSources.indices)
    func everyByteCorruptedDecodesOrFails(_ index: Int) {
        let source = Self.damageSources[index]
        for position in source.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] {
                var damaged = source
                damaged[position] = value
                #expect(Self.decodesWithinBounds(damaged), "byte \(position) set to \(value)")
            }
        }
    }

    @Test func randomTailsAfterValidContainerHeaders() {
        var random = SplitMix64(state: 42)
        for header in [Array(Self.wav.prefix(12)), Array(Self.aiff.prefix(12)), Array(Self.wav.prefix(36))] {
            for _ in 0..<500 {
                let tail = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                #expect(Self.decodesWithinBounds(header + tail))
            }
        }
    }

    @Test func everyErrorDescriptionIsOneSentence() {
        let errors: [AudioFileError] = [
            .notAudio(firstBytes: [0x00, 0x41]), .truncatedHeader(format: .aiff, byteCount: 3),
            .truncatedChunk(format: .wav, chunk: "chunk header", offset: 12, needed: 8, remaining: 2),
            .chunkOverrun(format: .aiff, chunk: "SSND", offset: 40, claimedBytes: 1 << 32, remainingBytes: 10),
            .chunkTooSmall(format: .wav, chunk: "fmt", size: 2, minimum: 16), .missingChunk(format: .aiff, chunk: "COMM"),
            .invalidChannelCount(format: .aiff, channelCount: -3), .invalidSampleRate(format: .aiff, sampleRate: 44_100.5),
            .unsupportedFormatTag(tag: 2), .unsupportedSubFormat(guid: "X"), .unsupportedCompression(type: "ima4"),
            .unsupportedBitDepth(format: .aiff, bitsPerSample: 40, isFloat: false), .blockAlignMismatch(blockAlign: 1, expected: 2),
            .frameCountMismatch(claimedFrames: 9, availableFrames: 1), .fileNotFound(path: "/a"),
            .cannotRead(path: "/a", reason: "is a directory"), .cannotWrite(path: "/a", reason: "read-only file system"),
        ]
        for error in errors {
            let text = error.description
            #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
            #expect(!text.contains("Optional(") && !text.contains("\n"), "\(text)")
        }
        #expect(AudioFileError.invalidSampleRate(format: .aiff, sampleRate: 44_100.5).description.contains("44100.5 Hz"))
        #expect(AudioFileError.notAudio(firstBytes: [0x00, 0x41]).description.contains("00 41"))
    }
}
