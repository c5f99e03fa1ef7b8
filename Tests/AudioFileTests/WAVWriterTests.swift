#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AudioCore
import AudioFile
import Testing
import TestSupport

/// Writes WAV files to disk and reads them back: headers as the format defines them, samples
/// within quantisation error, and atomic replacement that leaves nothing half-written behind.
@Suite struct WAVWriterTests {
    static func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) | u16(b, i + 2) << 16 }
    static func text(_ b: [UInt8], _ i: Int) -> String { String(decoding: b[i..<i + 4], as: UTF8.self) }

    @Test func sixteenBitStereoHasTheCanonical44ByteHeader() {
        let buffer = AudioBuffer(channels: [[0.5, -0.5, 0], [0.25, 1, -1]], sampleRate: 44_100)
        let b = AudioFileWriter.encodeWAV(buffer, encoding: .pcm16)
        #expect(b.count == 44 + 12)
        #expect(Self.text(b, 0) == "RIFF" && Self.u32(b, 4) == b.count - 8 && Self.text(b, 8) == "WAVE")
        #expect(Self.text(b, 12) == "fmt " && Self.u32(b, 16) == 16)
        #expect(Self.u16(b, 20) == 1 && Self.u16(b, 22) == 2)  // PCM, 2 channels
        #expect(Self.u32(b, 24) == 44_100 && Self.u32(b, 28) == 44_100 * 4)  // rate, byte rate
        #expect(Self.u16(b, 32) == 4 && Self.u16(b, 34) == 16)  // block align, bits
        #expect(Self.text(b, 36) == "data" && Self.u32(b, 40) == 12)
        // Interleaved: L0 R0 L1 R1 ...; 0.5 → 16384, 0.25 → 8192, 1 clips to 32767.
        #expect(Array(b[44..<52]) == [0x00, 0x40, 0x00, 0x20, 0x00, 0xC0, 0xFF, 0x7F])
    }

    @Test func float32DeclaresIEEEFloatAndItsFrameCount() {
        let buffer = AudioBuffer(mono: [0.1, 0.2, 0.3], sampleRate: 48_000)
        let b = AudioFileWriter.encodeWAV(buffer, encoding: .float32)
        #expect(Self.u16(b, 20) == 3 && Self.u16(b, 34) == 32 && Self.u16(b, 32) == 4)
        let fact = (12..<b.count - 4).first { Self.text(b, $0) == "fact" }
        #expect(fact.map { Self.u32(b, $0 + 8) } == 3)
    }

    @Test func moreThanTwoChannelsUseExtensible() {
        let buffer = AudioBuffer(channelCount: 6, frameCount: 2, sampleRate: 48_000)
        let b = AudioFileWriter.encodeWAV(buffer, encoding: .pcm24)
        #expect(Self.u16(b, 20) == 0xFFFE && Self.u32(b, 16) == 40)
        #expect(Self.u16(b, 44) == 1 && Array(b[46..<60]) == WAVFile.standardGUIDTail)  // PCM sub-format
    }

    @Test(arguments: [(SampleEncoding.pcm16, Float(1.0 / 32_768)), (.pcm24, Float(1.0 / 8_388_608)), (.float32, 0)])
    func writtenFileReadsBackWithinQuantisation(_ encoding: SampleEncoding, lsb: Float) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/take.wav"
        let original = RoundTripTests.signal(sampleRate: 44_100)
        try AudioFileWriter.write(original, toPath: path, encoding: encoding)
        let (decoded, info) = try AudioFileReader.read(path: path)
        #expect(info == AudioFileInfo(format: .wav, encoding: encoding, channelCount: 2, sampleRate: 44_100, frameCount: original.frameCount))
        // Half a step for rounding, a whole one where +1.0 clips below full scale; floats are exact.
        #expect(RoundTripTests.maxError(original, decoded) <= lsb * 1.0001)
        #expect(directory.entries() == ["take.wav"])
    }

    @Test(arguments: [SampleEncoding.pcm16, .pcm24, .float32])
    func eightChannelsAt192KilohertzKeepTheirOrder(_ encoding: SampleEncoding) throws {
        let channels = (0..<8).map { c in Signals.sine(frequencyHz: 100 * Double(c + 1), seconds: 0.01, sampleRate: 192_000, amplitude: 0.5) }
        let original = AudioBuffer(channels: channels, sampleRate: 192_000)
        let (decoded, info) = try AudioFileReader.decode(AudioFileWriter.encodeWAV(original, encoding: encoding))
        #expect(info.channelCount == 8 && info.sampleRate == 192_000)
        for c in 0..<8 {
            let error = zip(original.channel(c), decoded.channel(c)).map { abs($0 - $1) }.max() ?? 1
            #expect(error <= 1.0 / 32_768, "channel \(c)")
        }
    }

    @Test func oddLength8BitDataIsPaddedAndReadBack() throws {
        let original = AudioBuffer(mono: [0.5, -0.5, 0], sampleRate: 8_000)
        let bytes = AudioFileWriter.encodeWAV(original, encoding: .pcm8)
        #expect(bytes.count % 2 == 0 && Self.u32(bytes, 4) == bytes.count - 8)
        #expect(try AudioFileReader.decode(bytes).buffer == original)
    }

    @Test func writingReplacesAnExistingFileWhole() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/song.wav"
        try AudioFileWriter.write(AudioBuffer(mono: [Float](repeating: 0.5, count: 10_000), sampleRate: 44_100), toPath: path, encoding: .pcm24)
        try AudioFileWriter.write(AudioBuffer(mono: [0.25], sampleRate: 22_050), toPath: path, encoding: .pcm16)
        let (buffer, info) = try AudioFileReader.read(path: path)
        #expect(info.sampleRate == 22_050 && buffer.channel(0) == [0.25])
        #expect(directory.entries() == ["song.wav"])
    }

    @Test func aNameOfTheMaximumLengthCanBeWritten() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "n", count: 251) + ".wav"  // 255 bytes, the most a name may have
        try AudioFileWriter.write(AudioBuffer(mono: [0.5], sampleRate: 44_100), toPath: directory.path + "/" + name, encoding: .pcm16)
        #expect(directory.entries() == [name])
        #expect(try AudioFileReader.read(path: directory.path + "/" + name).buffer.channel(0) == [0.5])
    }

    @Test func writingIntoAMissingDirectoryFailsAndCreatesNothing() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/missing/take.wav"
        #expect(throws: AudioFileError.cannotWrite(path: path, reason: "directory '\(directory.path)/missing' does not exist")) {
            try AudioFileWriter.write(AudioBuffer(mono: [0], sampleRate: 44_100), toPath: path, encoding: .pcm16)
        }
        #expect(directory.entries().isEmpty)
    }

    @Test func failedRenameLeavesNoTemporaryFile() {
        // The target is a directory, so the final rename fails after the bytes were written.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        mkdir(directory.path + "/take.wav", 0o755)
        var thrown: AudioFileError?
        do {
            try AudioFileWriter.write(AudioBuffer(mono: [0.1], sampleRate: 44_100), toPath: directory.path + "/take.wav", encoding: .float32)
        } catch {
            thrown = error
        }
        guard case .cannotWrite(let path, let reason)? = thrown else {
            Issue.record("expected cannotWrite, got \(String(describing: thrown))")
            return
        }
        #expect(path == directory.path + "/take.wav" && reason.contains("directory"))
        #expect(directory.entries() == ["take.wav"])
    }

    @Test func unwritableBufferLeavesTheOldFileAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/keep.wav"
        try AudioFileWriter.write(AudioBuffer(mono: [0.5], sampleRate: 44_100), toPath: path, encoding: .pcm16)
        #expect(throws: AudioFileError.cannotWrite(path: path, reason: "sample rate 0.0 Hz cannot be stored in a WAV header")) {
            try AudioFileWriter.write(AudioBuffer(mono: [0.1], sampleRate: 0), toPath: path, encoding: .pcm16)
        }
        #expect(try AudioFileReader.read(path: path).buffer.channel(0) == [0.5])
        #expect(directory.entries() == ["keep.wav"])
    }

    @Test func readingReportsMissingFilesAndDirectories() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: AudioFileError.fileNotFound(path: directory.path + "/nope.wav")) {
            try AudioFileReader.read(path: directory.path + "/nope.wav")
        }
        #expect(throws: AudioFileError.cannotRead(path: directory.path, reason: "it is not a regular file")) {
            try AudioFileReader.read(path: directory.path)
        }
    }

    @Test func readingAFIFOFailsInsteadOfWaitingForAWriter() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/pipe.wav"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: AudioFileError.cannotRead(path: path, reason: "it is not a regular file")) {
            try AudioFileReader.read(path: path)
        }
    }

    @Test func readingABrokenFileGivesTheDecodingError() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.put(Array(BrokenFileTests.wav.prefix(50)), as: "cut.wav")
        #expect(throws: AudioFileError.chunkOverrun(format: .wav, chunk: "data", offset: 36, claimedBytes: 16, remainingBytes: 6)) {
            try AudioFileReader.read(path: directory.path + "/cut.wav")
        }
    }
}
