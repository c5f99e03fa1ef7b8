import Foundation

/// The JSON the commands print: sorted keys, indented, slashes unescaped.
public enum JSON {
    /// `value` as JSON text.
    public static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only our own plain structs are encoded here; they always encode.
        guard let data = try? encoder.encode(value) else { preconditionFailure("unencodable \(type(of: value))") }
        return String(decoding: data, as: UTF8.self)
    }
}
