// Fixed-width integer reads from a byte array. Callers check bounds first (the parsers compare
// offsets against `count` before every read), so these trap only on a parser bug, never on input.

extension Array where Element == UInt8 {
    @inline(__always)
    func uint16LE(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    @inline(__always)
    func uint32LE(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
    }

    @inline(__always)
    func uint16BE(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    @inline(__always)
    func uint32BE(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }

    @inline(__always)
    func uint64BE(at offset: Int) -> UInt64 {
        UInt64(uint32BE(at: offset)) << 32 | UInt64(uint32BE(at: offset + 4))
    }

    /// Whether the four bytes at `offset` spell `code` (an ASCII four-character code).
    func hasFourCC(_ code: StaticString, at offset: Int) -> Bool {
        guard offset >= 0, offset + 4 <= count else { return false }
        return code.withUTF8Buffer { code in
            code.count == 4 && self[offset] == code[0] && self[offset + 1] == code[1]
                && self[offset + 2] == code[2] && self[offset + 3] == code[3]
        }
    }

    /// The four bytes at `offset` as text for messages, with unprintable bytes shown as `?`.
    func fourCC(at offset: Int) -> String {
        String(decoding: self[offset..<offset + 4].map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    mutating func appendUInt16LE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendUInt32LE(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendFourCC(_ code: StaticString) {
        code.withUTF8Buffer { append(contentsOf: $0) }
    }
}

/// The 80-bit IEEE 754 extended-precision number AIFF uses for its sample rate.
enum Extended80 {
    /// Decodes 10 big-endian bytes at `offset`; returns NaN for infinities and NaNs.
    static func decode(_ bytes: [UInt8], at offset: Int) -> Double {
        let signAndExponent = bytes.uint16BE(at: offset)
        let mantissa = bytes.uint64BE(at: offset + 2)
        let exponent = Int(signAndExponent & 0x7FFF)
        if exponent == 0x7FFF { return .nan }
        if mantissa == 0 { return 0 }
        // value = mantissa × 2^(exponent − 16383 − 63); the integer bit is explicit.
        let magnitude = Double(sign: .plus, exponent: exponent - 16383 - 63, significand: Double(mantissa))
        return signAndExponent & 0x8000 != 0 ? -magnitude : magnitude
    }
}
