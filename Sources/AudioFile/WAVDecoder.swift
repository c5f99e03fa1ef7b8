import AudioCore

/// Parses RIFF/WAVE bytes (PCM, IEEE float and WAVE_FORMAT_EXTENSIBLE).
enum WAVDecoder {
    /// The tail every KSDATAFORMAT_SUBTYPE GUID shares after its 2-byte format tag:
    /// `xxxx0000-0000-0010-8000-00aa00389b71`, as stored in the file.
    static let subFormatGUIDTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    struct Format {
        var layout: SampleLayout
        var channelCount: Int
        var sampleRate: Double
        var blockAlign: Int
    }

    /// Decodes a file whose first 12 bytes are `RIFF <size> WAVE`.
    ///
    /// The RIFF size is ignored (writers often get it wrong); chunks are walked to the end of the
    /// bytes, and the walk stops once both `fmt ` and `data` have been seen, so trailing junk
    /// after the audio is tolerated.
    static func decode(_ bytes: [UInt8]) throws(AudioFileError) -> (buffer: AudioBuffer, info: AudioFileInfo) {
        var format: Format?
        var data: Range<Int>?
        var offset = 12
        while offset < bytes.count, format == nil || data == nil {
            let remaining = bytes.count - offset
            guard remaining >= 8 else {
                throw .truncatedChunk(format: .wav, chunk: "chunk header", offset: offset, needed: 8, remaining: remaining)
            }
            let id = bytes.fourCC(at: offset)
            let size = bytes.uint32LE(at: offset + 4)
            let bodyStart = offset + 8
            let available = bytes.count - bodyStart
            let isData = bytes.hasFourCC("data", at: offset)
            // A data size of 0 or 0xFFFFFFFF after the format is what streaming writers leave when
            // they cannot seek back: the audio runs to the end of the file. Before a `fmt ` chunk
            // such a size cannot be a stream, so it is taken at its word.
            if isData, format != nil, size == 0 || size == 0xFFFF_FFFF {
                data = bodyStart..<bytes.count
                break
            }
            guard Int(size) <= available else {
                throw .chunkOverrun(format: .wav, chunk: id, offset: offset, claimedBytes: UInt64(size), remainingBytes: available)
            }
            if isData {
                if data == nil { data = bodyStart..<bodyStart + Int(size) }
            } else if bytes.hasFourCC("fmt ", at: offset), format == nil {
                format = try parseFormat(bytes, at: bodyStart, size: Int(size))
            }
            // Chunks are padded to an even size; the pad byte is not counted in `size`.
            offset = bodyStart + Int(size) + Int(size & 1)
        }
        guard let format else { throw .missingChunk(format: .wav, chunk: "fmt") }
        guard let data else { throw .missingChunk(format: .wav, chunk: "data") }
        // A trailing partial frame (a writer killed mid-frame) is ignored rather than rejected.
        let frameCount = data.count / format.blockAlign
        let buffer = format.layout.decode(bytes, byteOffset: data.lowerBound, frameCount: frameCount,
                                          channelCount: format.channelCount, sampleRate: format.sampleRate)
        let info = AudioFileInfo(format: .wav, encoding: format.layout.encoding, channelCount: format.channelCount,
                                 sampleRate: format.sampleRate, frameCount: frameCount)
        return (buffer, info)
    }

    /// Validates a `fmt ` chunk body of `size` bytes at `start`.
    static func parseFormat(_ bytes: [UInt8], at start: Int, size: Int) throws(AudioFileError) -> Format {
        guard size >= 16 else { throw .chunkTooSmall(format: .wav, chunk: "fmt", size: size, minimum: 16) }
        var tag = bytes.uint16LE(at: start)
        let channelCount = Int(bytes.uint16LE(at: start + 2))
        let sampleRate = Double(bytes.uint32LE(at: start + 4))
        let blockAlign = Int(bytes.uint16LE(at: start + 12))
        let bitsPerSample = Int(bytes.uint16LE(at: start + 14))
        if tag == 0xFFFE {
            guard size >= 40 else { throw .chunkTooSmall(format: .wav, chunk: "fmt (extensible)", size: size, minimum: 40) }
            let guidStart = start + 24
            let guid = Array(bytes[guidStart..<guidStart + 16])
            guard Array(guid[2...]) == subFormatGUIDTail else { throw .unsupportedSubFormat(guid: guidString(guid)) }
            tag = bytes.uint16LE(at: guidStart)
            guard tag == 1 || tag == 3 else { throw .unsupportedSubFormat(guid: guidString(guid)) }
        }
        // The codec comes first: a compressed file's other fields describe its compressed blocks.
        guard tag == 1 || tag == 3 else { throw .unsupportedFormatTag(tag: tag) }
        guard (1...AudioBuffer.maximumChannelCount).contains(channelCount) else {
            throw .invalidChannelCount(format: .wav, channelCount: channelCount)
        }
        guard AudioFileReader.supportedSampleRates.contains(sampleRate) else {
            throw .invalidSampleRate(format: .wav, sampleRate: sampleRate)
        }
        let layout: SampleLayout
        switch (tag, bitsPerSample) {
        case (1, 8): layout = .uint8
        case (1, 16): layout = .int16(bigEndian: false)
        case (1, 24): layout = .int24(bigEndian: false)
        case (1, 32): layout = .int32(bigEndian: false)
        case (3, 32): layout = .float32(bigEndian: false)
        case (3, 64): layout = .float64(bigEndian: false)
        default: throw .unsupportedBitDepth(format: .wav, bitsPerSample: bitsPerSample, isFloat: tag == 3)
        }
        let expected = channelCount * layout.bytesPerSample
        guard blockAlign == expected else { throw .blockAlignMismatch(blockAlign: blockAlign, expected: expected) }
        return Format(layout: layout, channelCount: channelCount, sampleRate: sampleRate, blockAlign: blockAlign)
    }

    /// A GUID in its registry form, e.g. `00000001-0000-0010-8000-00AA00389B71`.
    static func guidString(_ g: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        func hex(_ bytes: [UInt8]) -> String { String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) }
        // The first three fields are little-endian in the file.
        return hex([g[3], g[2], g[1], g[0]]) + "-" + hex([g[5], g[4]]) + "-" + hex([g[7], g[6]]) + "-"
            + hex(Array(g[8..<10])) + "-" + hex(Array(g[10..<16]))
    }
}
