import AudioCore

/// One on-disk sample layout: how to turn the bytes at a pointer into a `Float` in -1...1.
protocol SampleDecoder {
    static var width: Int { get }
    static func decode(_ p: UnsafeRawPointer) -> Float
}

// Integer scales are powers of two (2^(bits-1)), so decoding is exact and the writer's
// `round(x × scale)` followed by decoding returns the same integer.

enum UInt8Sample: SampleDecoder {
    static var width: Int { 1 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Int(p.load(as: UInt8.self)) - 128) * (1 / 128)
    }
}

enum Int8Sample: SampleDecoder {
    static var width: Int { 1 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(p.load(as: Int8.self)) * (1 / 128)
    }
}

enum Int16LESample: SampleDecoder {
    static var width: Int { 2 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Int16(littleEndian: p.loadUnaligned(as: Int16.self))) * (1 / 32_768)
    }
}

enum Int16BESample: SampleDecoder {
    static var width: Int { 2 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Int16(bigEndian: p.loadUnaligned(as: Int16.self))) * (1 / 32_768)
    }
}

enum Int24LESample: SampleDecoder {
    static var width: Int { 3 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        let b = p.assumingMemoryBound(to: UInt8.self)
        // Assemble in the top 24 bits of an Int32 so the sign extends for free.
        let v = Int32(bitPattern: UInt32(b[0]) << 8 | UInt32(b[1]) << 16 | UInt32(b[2]) << 24) >> 8
        return Float(v) * (1 / 8_388_608)
    }
}

enum Int24BESample: SampleDecoder {
    static var width: Int { 3 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        let b = p.assumingMemoryBound(to: UInt8.self)
        let v = Int32(bitPattern: UInt32(b[2]) << 8 | UInt32(b[1]) << 16 | UInt32(b[0]) << 24) >> 8
        return Float(v) * (1 / 8_388_608)
    }
}

enum Int32LESample: SampleDecoder {
    static var width: Int { 4 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Double(Int32(littleEndian: p.loadUnaligned(as: Int32.self))) * (1 / 2_147_483_648))
    }
}

enum Int32BESample: SampleDecoder {
    static var width: Int { 4 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Double(Int32(bigEndian: p.loadUnaligned(as: Int32.self))) * (1 / 2_147_483_648))
    }
}

enum Float32LESample: SampleDecoder {
    static var width: Int { 4 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(bitPattern: UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
    }
}

enum Float32BESample: SampleDecoder {
    static var width: Int { 4 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(bitPattern: UInt32(bigEndian: p.loadUnaligned(as: UInt32.self)))
    }
}

enum Float64LESample: SampleDecoder {
    static var width: Int { 8 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Double(bitPattern: UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))))
    }
}

enum Float64BESample: SampleDecoder {
    static var width: Int { 8 }
    @inline(__always) static func decode(_ p: UnsafeRawPointer) -> Float {
        Float(Double(bitPattern: UInt64(bigEndian: p.loadUnaligned(as: UInt64.self))))
    }
}

/// A sample layout picked at run time from a file header.
enum SampleLayout: Equatable {
    case uint8, int8
    case int16(bigEndian: Bool), int24(bigEndian: Bool), int32(bigEndian: Bool)
    case float32(bigEndian: Bool), float64(bigEndian: Bool)

    var bytesPerSample: Int {
        switch self {
        case .uint8, .int8: 1
        case .int16: 2
        case .int24: 3
        case .int32, .float32: 4
        case .float64: 8
        }
    }

    var encoding: SampleEncoding {
        switch self {
        case .uint8, .int8: .pcm8
        case .int16: .pcm16
        case .int24: .pcm24
        case .int32: .pcm32
        case .float32: .float32
        case .float64: .float64
        }
    }

    /// Deinterleaves `frameCount` frames starting at `byteOffset` into a new buffer.
    ///
    /// The caller guarantees `byteOffset + frameCount × channelCount × bytesPerSample <= bytes.count`.
    func decode(_ bytes: [UInt8], byteOffset: Int, frameCount: Int, channelCount: Int, sampleRate: Double) -> AudioBuffer {
        precondition(byteOffset >= 0 && byteOffset + frameCount * channelCount * bytesPerSample <= bytes.count)
        switch self {
        case .uint8: return Self.run(UInt8Sample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int8: return Self.run(Int8Sample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int16(false): return Self.run(Int16LESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int16(true): return Self.run(Int16BESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int24(false): return Self.run(Int24LESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int24(true): return Self.run(Int24BESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int32(false): return Self.run(Int32LESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .int32(true): return Self.run(Int32BESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .float32(false): return Self.run(Float32LESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .float32(true): return Self.run(Float32BESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .float64(false): return Self.run(Float64LESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        case .float64(true): return Self.run(Float64BESample.self, bytes, byteOffset, frameCount, channelCount, sampleRate)
        }
    }

    private static func run<D: SampleDecoder>(_: D.Type, _ bytes: [UInt8], _ byteOffset: Int, _ frameCount: Int,
                                              _ channelCount: Int, _ sampleRate: Double) -> AudioBuffer {
        var buffer = AudioBuffer(channelCount: channelCount, frameCount: frameCount, sampleRate: sampleRate)
        guard frameCount > 0 else { return buffer }
        let frameStride = D.width * channelCount
        bytes.withUnsafeBytes { raw in
            let start = raw.baseAddress! + byteOffset
            buffer.withBlock { block in
                for c in 0..<channelCount {
                    let out = block.channels[c]
                    var p = start + c * D.width
                    for f in 0..<frameCount {
                        out[f] = D.decode(p)
                        p += frameStride
                    }
                }
            }
        }
        return buffer
    }
}

/// Converts planar floats to interleaved little-endian bytes for WAV.
enum SampleEncoder {
    /// Appends every frame of `buffer` to `out` in `encoding`, interleaved.
    ///
    /// Integers are `round(x × 2^(bits−1))` clipped to the type's range; NaN becomes 0.
    static func appendInterleaved(_ buffer: AudioBuffer, encoding: SampleEncoding, to out: inout [UInt8]) {
        let channels = buffer.channelCount, frames = buffer.frameCount
        let width = encoding.bytesPerSample
        let byteCount = channels * frames * width
        guard byteCount > 0 else { return }
        let start = out.count
        let prefix = out
        // One allocation of the final size: the prefix is copied in, then every sample byte is
        // written exactly once (no zero fill, no growth).
        out = [UInt8](unsafeUninitializedCapacity: start + byteCount) { storage, initialized in
            _ = storage.initialize(from: prefix)
            buffer.withChannelPointers { inputs in
                let base = UnsafeMutableRawPointer(storage.baseAddress!) + start
                for c in 0..<channels {
                    let input = inputs[c]
                    var p = base + c * width
                    let stride = channels * width
                    switch encoding {
                    case .pcm8:
                        for f in 0..<frames {
                            p.storeBytes(of: UInt8(truncatingIfNeeded: quantize(input[f], scale: 128) + 128), as: UInt8.self)
                            p += stride
                        }
                    case .pcm16:
                        for f in 0..<frames {
                            p.storeBytes(of: Int16(truncatingIfNeeded: quantize(input[f], scale: 32_768)).littleEndian,
                                         toByteOffset: 0, as: Int16.self)
                            p += stride
                        }
                    case .pcm24:
                        for f in 0..<frames {
                            let v = UInt32(bitPattern: Int32(truncatingIfNeeded: quantize(input[f], scale: 8_388_608)))
                            p.storeBytes(of: UInt8(truncatingIfNeeded: v), as: UInt8.self)
                            p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 8), toByteOffset: 1, as: UInt8.self)
                            p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 16), toByteOffset: 2, as: UInt8.self)
                            p += stride
                        }
                    case .pcm32:
                        for f in 0..<frames {
                            p.storeBytes(of: Int32(truncatingIfNeeded: quantize(input[f], scale: 2_147_483_648)).littleEndian,
                                         toByteOffset: 0, as: Int32.self)
                            p += stride
                        }
                    case .float32:
                        for f in 0..<frames {
                            p.storeBytes(of: input[f].bitPattern.littleEndian, toByteOffset: 0, as: UInt32.self)
                            p += stride
                        }
                    case .float64:
                        for f in 0..<frames {
                            p.storeBytes(of: Double(input[f]).bitPattern.littleEndian, toByteOffset: 0, as: UInt64.self)
                            p += stride
                        }
                    }
                }
            }
            initialized = start + byteCount
        }
    }

    /// `round(x × scale)` clipped to `-scale...scale − 1`; NaN maps to 0.
    @inline(__always)
    static func quantize(_ x: Float, scale: Double) -> Int64 {
        let v = (Double(x) * scale).rounded()
        if v.isNaN { return 0 }
        if v >= scale - 1 { return Int64(scale) - 1 }
        if v <= -scale { return -Int64(scale) }
        return Int64(v)
    }
}
