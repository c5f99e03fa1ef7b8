import AudioFile

/// The sample formats `--bits` offers for the output file.
public enum OutputBits: String, CaseIterable, Sendable {
    /// 16-bit integer PCM.
    case pcm16 = "16"
    /// 24-bit integer PCM.
    case pcm24 = "24"
    /// 32-bit IEEE float.
    case float32 = "32f"

    /// The writer's encoding for this choice.
    public var encoding: SampleEncoding {
        switch self {
        case .pcm16: .pcm16
        case .pcm24: .pcm24
        case .float32: .float32
        }
    }

    /// The encoding to write when `--bits` is `choice` (or absent) and the input was `input`.
    ///
    /// Without a choice the input's integer depth is kept (the WAV writer stores every integer
    /// depth the readers accept) and float inputs become 32-bit float.
    public static func encoding(_ choice: OutputBits?, input: SampleEncoding) -> SampleEncoding {
        if let choice { return choice.encoding }
        return input.isFloat ? .float32 : input
    }
}

extension OutputBits {
    /// Why `path` is a poor name for the WAV file the commands write (its extension says another
    /// format), or nil.
    public static func namingProblem(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        guard suffix != "wav" && suffix != "wave" else { return nil }
        return "The output is always a WAV file; '\(path)' names a .\(suffix) file. Use a .wav name."
    }
}

extension SampleEncoding {
    /// A name for people: `16-bit PCM`, `32-bit float`.
    public var displayName: String {
        "\(bitsPerSample)-bit \(isFloat ? "float" : "PCM")"
    }
}
