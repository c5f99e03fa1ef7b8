import AudioCore

/// Parses AIFF and AIFF-C bytes (`FORM <size> AIFF` / `AIFC`).
enum AIFFDecoder {
    struct Common {
        var layout: SampleLayout
        var channelCount: Int
        var frameCount: Int
        var sampleRate: Double
    }

    /// Decodes a file whose first 12 bytes are `FORM <size> AIFF` or `FORM <size> AIFC`.
    ///
    /// As for WAV, the FORM size is ignored and the walk stops once `COMM` and `SSND` are found.
    static func decode(_ bytes: [UInt8]) throws(AudioFileError) -> (buffer: AudioBuffer, info: AudioFileInfo) {
        let isAIFC = bytes.hasFourCC("AIFC", at: 8)
        var common: Common?
        var sound: Range<Int>?
        var offset = 12
        while offset < bytes.count, common == nil || sound == nil {
            let remaining = bytes.count - offset
            guard remaining >= 8 else {
                throw .truncatedChunk(format: .aiff, chunk: "chunk header", offset: offset, needed: 8, remaining: remaining)
            }
            let id = bytes.fourCC(at: offset)
            let size = Int(bytes.uint32BE(at: offset + 4))
            let bodyStart = offset + 8
            let available = bytes.count - bodyStart
            guard size <= available else {
                throw .chunkOverrun(format: .aiff, chunk: id, offset: offset, claimedBytes: UInt64(size), remainingBytes: available)
            }
            if bytes.hasFourCC("COMM", at: offset), common == nil {
                common = try parseCommon(bytes, at: bodyStart, size: size, isAIFC: isAIFC)
            } else if bytes.hasFourCC("SSND", at: offset), sound == nil {
                guard size >= 8 else { throw .chunkTooSmall(format: .aiff, chunk: "SSND", size: size, minimum: 8) }
                // `offset` skips padding some writers put before the first frame (for alignment).
                let dataOffset = Int(bytes.uint32BE(at: bodyStart))
                guard dataOffset <= size - 8 else {
                    throw .chunkOverrun(format: .aiff, chunk: "SSND data offset", offset: bodyStart,
                                        claimedBytes: UInt64(dataOffset), remainingBytes: size - 8)
                }
                sound = bodyStart + 8 + dataOffset..<bodyStart + size
            }
            // Chunks are padded to an even size; the pad byte is not counted in `size`.
            offset = bodyStart + size + (size & 1)
        }
        guard let common else { throw .missingChunk(format: .aiff, chunk: "COMM") }
        // A file with no frames may omit SSND.
        guard let sound = sound ?? (common.frameCount == 0 ? 0..<0 : nil) else {
            throw .missingChunk(format: .aiff, chunk: "SSND")
        }
        let blockAlign = common.channelCount * common.layout.bytesPerSample
        // Whole frames only: a trailing partial frame is ignored.
        let availableFrames = sound.count / blockAlign
        guard common.frameCount <= availableFrames else {
            throw .frameCountMismatch(claimedFrames: common.frameCount, availableFrames: availableFrames)
        }
        let buffer = common.layout.decode(bytes, byteOffset: sound.lowerBound, frameCount: common.frameCount,
                                          channelCount: common.channelCount, sampleRate: common.sampleRate)
        let info = AudioFileInfo(format: .aiff, encoding: common.layout.encoding, channelCount: common.channelCount,
                                 sampleRate: common.sampleRate, frameCount: common.frameCount)
        return (buffer, info)
    }

    /// Validates a `COMM` chunk body of `size` bytes at `start`.
    static func parseCommon(_ bytes: [UInt8], at start: Int, size: Int, isAIFC: Bool) throws(AudioFileError) -> Common {
        let minimum = isAIFC ? 22 : 18
        guard size >= minimum else { throw .chunkTooSmall(format: .aiff, chunk: "COMM", size: size, minimum: minimum) }
        let channelCount = Int(Int16(bitPattern: bytes.uint16BE(at: start)))
        let frameCount = Int(bytes.uint32BE(at: start + 2))
        let bitsPerSample = Int(Int16(bitPattern: bytes.uint16BE(at: start + 6)))
        let sampleRate = Extended80.decode(bytes, at: start + 8)
        // The codec comes first, as for WAV: a compressed file's other fields may mean other things.
        var compression = "NONE"
        if isAIFC { compression = bytes.fourCC(at: start + 18) }
        let layout: SampleLayout
        switch compression {
        case "NONE", "twos", "sowt":
            // Integer samples are left-justified in whole bytes, so a 12-bit sample decodes as a
            // 16-bit one with zero low bits.
            let bigEndian = compression != "sowt"
            switch bitsPerSample {
            case 1...8: layout = .int8
            case 9...16: layout = .int16(bigEndian: bigEndian)
            case 17...24: layout = .int24(bigEndian: bigEndian)
            case 25...32: layout = .int32(bigEndian: bigEndian)
            default: throw .unsupportedBitDepth(format: .aiff, bitsPerSample: bitsPerSample, isFloat: false)
            }
        case "fl32", "FL32":
            layout = .float32(bigEndian: true)
        case "fl64", "FL64":
            layout = .float64(bigEndian: true)
        default:
            throw .unsupportedCompression(type: compression)
        }
        guard (1...AudioBuffer.maximumChannelCount).contains(channelCount) else {
            throw .invalidChannelCount(format: .aiff, channelCount: channelCount)
        }
        guard AudioFileReader.supportedSampleRates.contains(sampleRate) else {
            throw .invalidSampleRate(format: .aiff, sampleRate: sampleRate)
        }
        return Common(layout: layout, channelCount: channelCount, frameCount: frameCount, sampleRate: sampleRate)
    }
}
