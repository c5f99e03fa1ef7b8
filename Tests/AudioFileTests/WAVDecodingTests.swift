import AudioCore
import AudioFile
import Testing

/// Decodes WAV files built byte by byte and checks every sample, the channel order and the header.
@Suite struct WAVDecodingTests {
    /// Left and right integer samples including both extremes of a `bits`-bit signed integer.
    static func extremes(bits: Int) -> (left: [Int64], right: [Int64]) {
        let top = Int64(1) << (bits - 1)
        return ([0, 1, top - 1, -top, top / 2], [-1, -top / 2, 7, top - 2, -top + 1])
    }

    @Test func unsigned8BitIsCentredOn128() throws {
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: 1, bits: 8, data: [0, 128, 255, 64, 192]))
        #expect(info == AudioFileInfo(format: .wav, encoding: .pcm8, channelCount: 1, sampleRate: 44_100, frameCount: 5))
        #expect(buffer.channel(0) == [-1, 0, 127.0 / 128, -0.5, 0.5])
    }

    @Test(arguments: [(SampleEncoding.pcm16, 16), (.pcm24, 24), (.pcm32, 32)])
    func signedIntegersDecodeExactlyInChannelOrder(_ encoding: SampleEncoding, bits: Int) throws {
        let (left, right) = Self.extremes(bits: bits)
        let data = Samples.integers(Samples.interleave([left, right]), bytes: bits / 8, bigEndian: false)
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: 2, sampleRate: 48_000, bits: bits, data: data))
        #expect(info == AudioFileInfo(format: .wav, encoding: encoding, channelCount: 2, sampleRate: 48_000, frameCount: 5))
        let scale = Double(Int64(1) << (bits - 1))
        #expect(buffer.channel(0) == left.map { Float(Double($0) / scale) })
        #expect(buffer.channel(1) == right.map { Float(Double($0) / scale) })
        #expect(buffer.channel(0)[3] == -1)
    }

    @Test func float32KeepsValuesBeyondFullScale() throws {
        let left: [Float] = [0, 0.25, -1, 1.75, -3.5e-6]
        let right: [Float] = [1, -0.125, 0.5, -2, .leastNormalMagnitude]
        let data = Samples.float32(Samples.interleave([left, right]), bigEndian: false)
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(tag: WAVFile.floatTag, channels: 2, bits: 32, data: data))
        #expect(info.encoding == .float32)
        #expect(buffer.channel(0) == left && buffer.channel(1) == right)
    }

    @Test func float64IsRoundedToFloat() throws {
        let values: [Double] = [0.1, -0.75, 1e-3, 0.333333333333]
        let data = Samples.float64(values, bigEndian: false)
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(tag: WAVFile.floatTag, channels: 1, bits: 64, data: data))
        #expect(info.encoding == .float64)
        #expect(buffer.channel(0) == values.map { Float($0) })
    }

    @Test(arguments: [(WAVFile.pcmTag, 16, SampleEncoding.pcm16), (WAVFile.pcmTag, 24, .pcm24), (WAVFile.pcmTag, 32, .pcm32),
                      (WAVFile.floatTag, 32, .float32), (WAVFile.floatTag, 64, .float64)])
    func extensibleSubFormatsDecodeSixChannelsInOrder(_ subFormat: UInt16, bits: Int, encoding: SampleEncoding) throws {
        // Channel c holds the value (c + 1) / 16 in every frame, so a swapped channel shows.
        let channels = (0..<6).map { c in [Double](repeating: Double(c + 1) / 16, count: 3) }
        let interleaved = Samples.interleave(channels)
        let data: [UInt8]
        switch encoding {
        case .float32: data = Samples.float32(interleaved.map(Float.init), bigEndian: false)
        case .float64: data = Samples.float64(interleaved, bigEndian: false)
        default: data = Samples.integers(interleaved.map { Int64($0 * Double(Int64(1) << (bits - 1))) }, bytes: bits / 8, bigEndian: false)
        }
        let fmt = WAVFile.extensibleFmt(subFormat: subFormat, channels: 6, sampleRate: 96_000, bits: bits)
        let (buffer, info) = try AudioFileReader.decode(WAVFile.file([fmt, Chunk("data", data)]))
        #expect(info == AudioFileInfo(format: .wav, encoding: encoding, channelCount: 6, sampleRate: 96_000, frameCount: 3))
        for c in 0..<6 { #expect(buffer.channel(c) == [Float](repeating: Float(c + 1) / 16, count: 3)) }
    }

    @Test func extensible24ValidBitsInA32BitContainerDecodesTheContainer() throws {
        // 24 valid bits are left-justified in each 32-bit word; the low byte is zero.
        let words: [Int64] = [0x7FFF_FF00, -0x8000_0000, 0x0000_0100]
        let fmt = WAVFile.extensibleFmt(subFormat: WAVFile.pcmTag, channels: 1, sampleRate: 44_100, bits: 32, validBits: 24)
        let (buffer, _) = try AudioFileReader.decode(WAVFile.file([fmt, Chunk("data", Samples.integers(words, bytes: 4, bigEndian: false))]))
        #expect(buffer.channel(0) == [Float(8_388_607.0 / 8_388_608), -1, Float(1.0 / 8_388_608)])
    }

    @Test(arguments: 1...8)
    func everyChannelCountFromOneToEight(_ channelCount: Int) throws {
        let channels = (0..<channelCount).map { c in [Int64](repeating: Int64(1000 * (c + 1)), count: 4) }
        let data = Samples.integers(Samples.interleave(channels), bytes: 2, bigEndian: false)
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: channelCount, bits: 16, data: data))
        #expect(info.channelCount == channelCount && buffer.channelCount == channelCount && buffer.frameCount == 4)
        for c in 0..<channelCount { #expect(buffer[c, 3] == Float(1000 * (c + 1)) / 32_768) }
    }

    @Test(arguments: [8_000, 11_025, 16_000, 22_050, 44_100, 48_000, 88_200, 96_000, 176_400, 192_000] as [UInt32])
    func everySampleRateFrom8To192Kilohertz(_ sampleRate: UInt32) throws {
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: 1, sampleRate: sampleRate, bits: 16, data: [1, 0]))
        #expect(info.sampleRate == Double(sampleRate) && buffer.sampleRate == Double(sampleRate))
        #expect(buffer.channel(0) == [1.0 / 32_768])
    }

    @Test func unknownChunksBeforeBetweenAndAfterAreSkipped() throws {
        let data = Samples.integers([100, -100, 200, -200], bytes: 2, bigEndian: false)
        var fact = Bytes()
        fact.u32le(2)
        let file = WAVFile.file([
            Chunk("JUNK", [UInt8](repeating: 0, count: 28)),
            WAVFile.fmt(channels: 2, sampleRate: 44_100, bits: 16),
            Chunk("fact", fact.array),
            Chunk("LIST", Array("INFOISFT\u{5}\0\0\0test\0".utf8)),
            Chunk("data", data),
            Chunk("id3 ", [1, 2, 3, 4]),
        ])
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.frameCount == 2)
        #expect(buffer.channel(0) == [100.0 / 32_768, 200.0 / 32_768])
        #expect(buffer.channel(1) == [-100.0 / 32_768, -200.0 / 32_768])
    }

    @Test func oddSizedChunksArePaddedToEvenLength() throws {
        // A 3-byte chunk is followed by one pad byte; reading the next header one byte early
        // would find "\0fmt" instead of "fmt ".
        let file = WAVFile.file([
            Chunk("note", [0x61, 0x62, 0x63]),
            WAVFile.fmt(channels: 1, sampleRate: 22_050, bits: 8),
            Chunk("data", [0, 255, 128]),  // odd 8-bit data, padded too
            Chunk("LIST", [9]),
        ])
        #expect(file.count == 12 + 12 + 24 + 12 + 10)
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.frameCount == 3 && info.sampleRate == 22_050)
        #expect(buffer.channel(0) == [-1, 127.0 / 128, 0])
    }

    @Test func fmtChunkWithExtraBytesIsAccepted() throws {
        var fmt = WAVFile.fmt(channels: 1, sampleRate: 44_100, bits: 16)
        fmt.body += [0, 0]  // cbSize = 0, as many writers add
        let (buffer, _) = try AudioFileReader.decode(WAVFile.file([fmt, Chunk("data", [0, 0x40])]))
        #expect(buffer.channel(0) == [0.5])
    }

    @Test func wrongRIFFSizeIsIgnored() throws {
        let file = WAVFile.file([WAVFile.fmt(channels: 1, sampleRate: 44_100, bits: 16), Chunk("data", [0, 0x40, 0, 0xC0])],
                                riffSize: 0xFFFF_FFFF)
        #expect(try AudioFileReader.decode(file).buffer.channel(0) == [0.5, -0.5])
    }

    @Test(arguments: [0, 0xFFFF_FFFF] as [UInt32])
    func streamedDataSizeReadsToEndOfFile(_ declaredSize: UInt32) throws {
        let samples = Samples.integers([1, 2, 3, 4, 5, 6], bytes: 2, bigEndian: false)
        let file = WAVFile.file([WAVFile.fmt(channels: 2, sampleRate: 16_000, bits: 16),
                                 Chunk("data", samples, declaredSize: declaredSize)], riffSize: declaredSize)
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.frameCount == 3)
        #expect(buffer.channel(1) == [2, 4, 6].map { Float($0) / 32_768 })
    }

    @Test func trailingPartialFrameIsDropped() throws {
        // 2 whole stereo 16-bit frames plus 3 bytes of a frame the writer never finished.
        let data = Samples.integers([1, 2, 3, 4], bytes: 2, bigEndian: false) + [9, 9, 9]
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: 2, bits: 16, data: data))
        #expect(info.frameCount == 2 && buffer.frameCount == 2)
    }

    @Test func emptyDataChunkGivesAnEmptyBuffer() throws {
        let (buffer, info) = try AudioFileReader.decode(WAVFile.simple(channels: 2, bits: 16, data: []))
        #expect(info.frameCount == 0 && buffer.frameCount == 0 && buffer.channelCount == 2)
    }
}
