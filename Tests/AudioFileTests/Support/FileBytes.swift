// Builds WAV and AIFF files byte by byte, independently of `AudioFileWriter`, so that decoder tests
// state exactly what is in the file and can break it on purpose.

/// A growing byte array with the fixed-width writes file headers need.
struct Bytes {
    var array: [UInt8] = []

    mutating func u8(_ value: UInt8) { array.append(value) }
    mutating func u16le(_ value: UInt16) { append(UInt64(value), count: 2, bigEndian: false) }
    mutating func u32le(_ value: UInt32) { append(UInt64(value), count: 4, bigEndian: false) }
    mutating func u16be(_ value: UInt16) { append(UInt64(value), count: 2, bigEndian: true) }
    mutating func u32be(_ value: UInt32) { append(UInt64(value), count: 4, bigEndian: true) }
    mutating func fourCC(_ code: String) {
        precondition(code.utf8.count == 4, "a four-character code has four bytes")
        array += Array(code.utf8)
    }

    /// Appends the low `count` bytes of `value` in the given byte order.
    mutating func append(_ value: UInt64, count: Int, bigEndian: Bool) {
        let shifts = (0..<count).map { UInt64($0 * 8) }
        for shift in bigEndian ? shifts.reversed() : shifts { array.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends a positive finite `value` as an IEEE 754 80-bit extended float (AIFF sample rates).
    mutating func extended80(_ value: Double) {
        precondition(value > 0 && value.isFinite && value.isNormal)
        u16be(UInt16(value.exponent + 16_383))
        // The 64-bit mantissa has an explicit integer bit, then Double's 52 fraction bits.
        append(1 << 63 | value.significandBitPattern << 11, count: 8, bigEndian: true)
    }
}

/// One chunk: a four-character id, a body, and the size its header declares (normally the body's).
struct Chunk {
    var id: String
    var body: [UInt8]
    var declaredSize: UInt32?

    init(_ id: String, _ body: [UInt8], declaredSize: UInt32? = nil) {
        self.id = id
        self.body = body
        self.declaredSize = declaredSize
    }

    /// Header, body and, for an odd body, the pad byte both RIFF and AIFF require.
    func bytes(bigEndian: Bool) -> [UInt8] {
        var out = Bytes()
        out.fourCC(id)
        let size = declaredSize ?? UInt32(body.count)
        if bigEndian { out.u32be(size) } else { out.u32le(size) }
        out.array += body
        if body.count % 2 == 1 { out.u8(0) }
        return out.array
    }
}

/// Interleaved integer samples in a given width and byte order.
enum Samples {
    static func integers(_ values: [Int64], bytes width: Int, bigEndian: Bool) -> [UInt8] {
        var out = Bytes()
        for v in values { out.append(UInt64(bitPattern: v), count: width, bigEndian: bigEndian) }
        return out.array
    }

    static func float32(_ values: [Float], bigEndian: Bool) -> [UInt8] {
        var out = Bytes()
        for v in values { out.append(UInt64(v.bitPattern), count: 4, bigEndian: bigEndian) }
        return out.array
    }

    static func float64(_ values: [Double], bigEndian: Bool) -> [UInt8] {
        var out = Bytes()
        for v in values { out.append(v.bitPattern, count: 8, bigEndian: bigEndian) }
        return out.array
    }

    /// Interleaves per-channel arrays: `[[l0, l1], [r0, r1]]` → `[l0, r0, l1, r1]`.
    static func interleave<T>(_ channels: [[T]]) -> [T] {
        (0..<channels[0].count).flatMap { f in channels.map { $0[f] } }
    }
}

enum WAVFile {
    static let pcmTag: UInt16 = 1
    static let floatTag: UInt16 = 3

    /// A classic 16-byte `fmt ` body; `blockAlign` and `byteRate` default to the consistent values.
    static func fmt(tag: UInt16 = pcmTag, channels: Int, sampleRate: UInt32, bits: Int, blockAlign: Int? = nil) -> Chunk {
        let align = blockAlign ?? channels * bits / 8
        var b = Bytes()
        b.u16le(tag)
        b.u16le(UInt16(truncatingIfNeeded: channels))
        b.u32le(sampleRate)
        b.u32le(sampleRate &* UInt32(truncatingIfNeeded: align))
        b.u16le(UInt16(truncatingIfNeeded: align))
        b.u16le(UInt16(truncatingIfNeeded: bits))
        return Chunk("fmt ", b.array)
    }

    /// A 40-byte WAVE_FORMAT_EXTENSIBLE `fmt ` body whose sub-format GUID carries `subFormat`.
    static func extensibleFmt(subFormat: UInt16, channels: Int, sampleRate: UInt32, bits: Int, validBits: Int? = nil,
                              guidTail: [UInt8] = standardGUIDTail) -> Chunk {
        var chunk = fmt(tag: 0xFFFE, channels: channels, sampleRate: sampleRate, bits: bits)
        var b = Bytes(array: chunk.body)
        b.u16le(22)
        b.u16le(UInt16(validBits ?? bits))
        b.u32le(channels == 2 ? 0x3 : 0)  // front left | front right
        b.u16le(subFormat)
        b.array += guidTail
        chunk.body = b.array
        return chunk
    }

    /// `-0000-0010-8000-00AA00389B71` after the 2-byte tag, as stored (first fields little-endian).
    static let standardGUIDTail: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]

    /// `RIFF <size> WAVE` followed by the chunks; the RIFF size is right unless given.
    static func file(_ chunks: [Chunk], riffSize: UInt32? = nil) -> [UInt8] {
        let body = chunks.flatMap { $0.bytes(bigEndian: false) }
        var b = Bytes()
        b.fourCC("RIFF")
        b.u32le(riffSize ?? UInt32(4 + body.count))
        b.fourCC("WAVE")
        return b.array + body
    }

    /// A complete PCM or float file from interleaved sample bytes.
    static func simple(tag: UInt16 = pcmTag, channels: Int, sampleRate: UInt32 = 44_100, bits: Int, data: [UInt8]) -> [UInt8] {
        file([fmt(tag: tag, channels: channels, sampleRate: sampleRate, bits: bits), Chunk("data", data)])
    }
}

enum AIFFFile {
    /// A `COMM` body: 18 bytes for AIFF, plus the compression type and an empty name for AIFF-C.
    static func comm(channels: Int, frames: UInt32, bits: Int, sampleRate: Double, compression: String? = nil) -> Chunk {
        var b = Bytes()
        b.u16be(UInt16(truncatingIfNeeded: channels))
        b.u32be(frames)
        b.u16be(UInt16(truncatingIfNeeded: bits))
        b.extended80(sampleRate)
        if let compression {
            b.fourCC(compression)
            b.u16be(0)  // empty Pascal string for the compression name, padded to even length
        }
        return Chunk("COMM", b.array)
    }

    /// A `COMM` body with raw sample-rate bytes, for rates `extended80` cannot express.
    static func comm(channels: Int, frames: UInt32, bits: Int, rawSampleRate: [UInt8]) -> Chunk {
        var chunk = comm(channels: channels, frames: frames, bits: bits, sampleRate: 44_100)
        chunk.body.replaceSubrange(8..<18, with: rawSampleRate)
        return chunk
    }

    /// An `SSND` body: offset and block size fields, `offset` bytes of padding, then the samples.
    static func ssnd(_ samples: [UInt8], offset: UInt32 = 0) -> Chunk {
        var b = Bytes()
        b.u32be(offset)
        b.u32be(0)
        b.array += [UInt8](repeating: 0xEE, count: Int(offset))
        return Chunk("SSND", b.array + samples)
    }

    /// `FORM <size> AIFF` (or `AIFC`, with its `FVER` chunk) followed by the chunks.
    static func file(_ chunks: [Chunk], aifc: Bool = false) -> [UInt8] {
        var all = chunks
        if aifc {
            var version = Bytes()
            version.u32be(0xA280_5140)  // AIFF-C version 1
            all.insert(Chunk("FVER", version.array), at: 0)
        }
        let body = all.flatMap { $0.bytes(bigEndian: true) }
        var b = Bytes()
        b.fourCC("FORM")
        b.u32be(UInt32(4 + body.count))
        b.fourCC(aifc ? "AIFC" : "AIFF")
        return b.array + body
    }
}

/// A small deterministic generator, so that "random" inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
