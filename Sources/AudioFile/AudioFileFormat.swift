/// The container formats ``AudioFileReader`` understands.
public enum AudioFileFormat: String, Sendable {
    /// RIFF/WAVE, little-endian (including WAVE_FORMAT_EXTENSIBLE).
    case wav
    /// AIFF and AIFF-C, big-endian (AIFF-C may also hold little-endian or float samples).
    case aiff
}

/// How each sample is stored in a file.
public enum SampleEncoding: String, Sendable, CaseIterable {
    /// 8-bit integer (unsigned in WAV, signed in AIFF).
    case pcm8
    /// 16-bit signed integer.
    case pcm16
    /// 24-bit signed integer, packed in 3 bytes.
    case pcm24
    /// 32-bit signed integer.
    case pcm32
    /// 32-bit IEEE 754 float, nominal range -1...1.
    case float32
    /// 64-bit IEEE 754 float, nominal range -1...1.
    case float64

    /// Bytes one sample occupies in the file.
    public var bytesPerSample: Int {
        switch self {
        case .pcm8: 1
        case .pcm16: 2
        case .pcm24: 3
        case .pcm32, .float32: 4
        case .float64: 8
        }
    }

    /// Bits per sample as written in a file header.
    public var bitsPerSample: Int { bytesPerSample * 8 }

    /// Whether the samples are IEEE floats rather than integers.
    public var isFloat: Bool { self == .float32 || self == .float64 }
}

/// What a decoded file declared about itself.
public struct AudioFileInfo: Sendable, Equatable {
    /// The container the bytes were in.
    public var format: AudioFileFormat
    /// How the samples were stored.
    public var encoding: SampleEncoding
    /// Number of channels, 1...8.
    public var channelCount: Int
    /// Samples per second, in hertz (8000...192000).
    public var sampleRate: Double
    /// Number of whole frames decoded.
    public var frameCount: Int

    /// Creates a description of a file's contents.
    public init(format: AudioFileFormat, encoding: SampleEncoding, channelCount: Int, sampleRate: Double, frameCount: Int) {
        self.format = format
        self.encoding = encoding
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.frameCount = frameCount
    }
}
