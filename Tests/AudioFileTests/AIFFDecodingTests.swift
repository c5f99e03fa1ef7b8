import AudioCore
import AudioFile
import Testing

/// Decodes AIFF and AIFF-C files built byte by byte: big-endian integers, AIFF-C `NONE`/`twos`/
/// `sowt`/`fl32`/`fl64`, 80-bit sample rates, and the chunk walk.
@Suite struct AIFFDecodingTests {
    @Test(arguments: [(SampleEncoding.pcm8, 8), (.pcm16, 16), (.pcm24, 24), (.pcm32, 32)])
    func bigEndianIntegersDecodeExactlyInChannelOrder(_ encoding: SampleEncoding, bits: Int) throws {
        let (left, right) = WAVDecodingTests.extremes(bits: bits)
        let data = Samples.integers(Samples.interleave([left, right]), bytes: bits / 8, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: 2, frames: 5, bits: bits, sampleRate: 44_100), AIFFFile.ssnd(data)])
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info == AudioFileInfo(format: .aiff, encoding: encoding, channelCount: 2, sampleRate: 44_100, frameCount: 5))
        let scale = Double(Int64(1) << (bits - 1))
        #expect(buffer.channel(0) == left.map { Float(Double($0) / scale) })
        #expect(buffer.channel(1) == right.map { Float(Double($0) / scale) })
    }

    @Test(arguments: ["NONE", "twos"])
    func aifcUncompressedIsBigEndian(_ compression: String) throws {
        let data = Samples.integers([0x1234, -2, 0x4000], bytes: 2, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 3, bits: 16, sampleRate: 48_000, compression: compression),
                                  AIFFFile.ssnd(data)], aifc: true)
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info == AudioFileInfo(format: .aiff, encoding: .pcm16, channelCount: 1, sampleRate: 48_000, frameCount: 3))
        #expect(buffer.channel(0) == [Float(0x1234) / 32_768, -2 / 32_768, 0.5])
    }

    @Test func aifcSowtIsLittleEndian() throws {
        let data = Samples.integers([0x1234, -2], bytes: 2, bigEndian: false)
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 2, bits: 16, sampleRate: 48_000, compression: "sowt"),
                                  AIFFFile.ssnd(data)], aifc: true)
        #expect(try AudioFileReader.decode(file).buffer.channel(0) == [Float(0x1234) / 32_768, -2 / 32_768])
    }

    @Test(arguments: ["fl32", "FL32"])
    func aifcFloat32IsBigEndian(_ compression: String) throws {
        let left: [Float] = [0.5, -1.25, 1e-4]
        let right: [Float] = [-0.5, 0, 1]
        let file = AIFFFile.file([AIFFFile.comm(channels: 2, frames: 3, bits: 32, sampleRate: 96_000, compression: compression),
                                  AIFFFile.ssnd(Samples.float32(Samples.interleave([left, right]), bigEndian: true))], aifc: true)
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.encoding == .float32 && info.sampleRate == 96_000)
        #expect(buffer.channel(0) == left && buffer.channel(1) == right)
    }

    @Test func aifcFloat64IsBigEndian() throws {
        let values: [Double] = [0.1, -0.9]
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 2, bits: 64, sampleRate: 44_100, compression: "fl64"),
                                  AIFFFile.ssnd(Samples.float64(values, bigEndian: true))], aifc: true)
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.encoding == .float64)
        #expect(buffer.channel(0) == values.map { Float($0) })
    }

    @Test(arguments: [8_000, 11_025, 22_050, 44_100, 48_000, 96_000, 192_000, 44_100.5, 12_345.678])
    func extendedSampleRateDecodes(_ sampleRate: Double) throws {
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 1, bits: 16, sampleRate: sampleRate), AIFFFile.ssnd([0x40, 0])])
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.sampleRate == sampleRate && buffer.sampleRate == sampleRate)
    }

    @Test func hand80BitEncodingOf44100IsRead() throws {
        // 44100 = 0xAC44 × 2^0: exponent 16383 + 15 = 0x400E, mantissa 0xAC44 << 48.
        let raw: [UInt8] = [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 0, bits: 16, rawSampleRate: raw)])
        #expect(try AudioFileReader.decode(file).info.sampleRate == 44_100)
    }

    @Test func twelveBitSamplesAreLeftJustifiedInSixteen() throws {
        let data = Samples.integers([0x7FF0, -0x8000, 0x0010], bytes: 2, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 3, bits: 12, sampleRate: 44_100), AIFFFile.ssnd(data)])
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.encoding == .pcm16)
        #expect(buffer.channel(0) == [Float(0x7FF0) / 32_768, -1, Float(0x10) / 32_768])
    }

    @Test func soundDataOffsetSkipsAlignmentPadding() throws {
        let data = Samples.integers([-0x4000, 0x2000], bytes: 2, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 2, bits: 16, sampleRate: 44_100), AIFFFile.ssnd(data, offset: 6)])
        #expect(try AudioFileReader.decode(file).buffer.channel(0) == [-0.5, 0.25])
    }

    @Test func unknownAndOddSizedChunksAreSkipped() throws {
        let data = Samples.integers([1, -1], bytes: 2, bigEndian: true)
        let file = AIFFFile.file([
            Chunk("NAME", Array("odd".utf8)),  // 3 bytes + pad
            Chunk("ANNO", Array("hi".utf8)),
            AIFFFile.comm(channels: 2, frames: 1, bits: 16, sampleRate: 44_100),
            Chunk("MARK", [0, 0]),
            AIFFFile.ssnd(data),
        ])
        let (buffer, info) = try AudioFileReader.decode(file)
        #expect(info.channelCount == 2 && info.frameCount == 1)
        #expect(buffer.channel(0) == [1.0 / 32_768] && buffer.channel(1) == [-1.0 / 32_768])
    }

    @Test func soundChunkBeforeCommonChunkIsFound() throws {
        let file = AIFFFile.file([AIFFFile.ssnd([0x20, 0]), AIFFFile.comm(channels: 1, frames: 1, bits: 16, sampleRate: 44_100)])
        #expect(try AudioFileReader.decode(file).buffer.channel(0) == [0.25])
    }

    @Test func commonFrameCountBelowSoundDataDecodesOnlyThoseFrames() throws {
        let data = Samples.integers([1, 2, 3, 4], bytes: 1, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: 1, frames: 2, bits: 8, sampleRate: 44_100), AIFFFile.ssnd(data)])
        #expect(try AudioFileReader.decode(file).buffer.channel(0) == [1.0 / 128, 2.0 / 128])
    }

    @Test func zeroFramesNeedNoSoundChunk() throws {
        let (buffer, info) = try AudioFileReader.decode(AIFFFile.file([AIFFFile.comm(channels: 3, frames: 0, bits: 16, sampleRate: 8_000)]))
        #expect(info.frameCount == 0 && buffer.frameCount == 0 && buffer.channelCount == 3)
    }

    @Test(arguments: 1...8)
    func everyChannelCountFromOneToEight(_ channelCount: Int) throws {
        let channels = (0..<channelCount).map { c in [Int64](repeating: Int64(-1000 * (c + 1)), count: 2) }
        let data = Samples.integers(Samples.interleave(channels), bytes: 3, bigEndian: true)
        let file = AIFFFile.file([AIFFFile.comm(channels: channelCount, frames: 2, bits: 24, sampleRate: 44_100), AIFFFile.ssnd(data)])
        let buffer = try AudioFileReader.decode(file).buffer
        #expect(buffer.channelCount == channelCount)
        for c in 0..<channelCount { #expect(buffer[c, 1] == Float(-1000 * (c + 1)) / 8_388_608) }
    }
}
