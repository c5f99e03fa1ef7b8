import AudioFile
import Foundation
import Studio

/// Reads `--plan plan.json`: a ``Studio/RenderPlan`` as JSON, checked before any audio is read.
public enum PlanFile {
    /// The plan in the file at `path`, validated.
    ///
    /// - Throws: ``CLIError/unreadablePlan(path:detail:)`` for a missing file, malformed JSON or a
    ///   wrong type (naming the JSON path, e.g. `effects[0].parameters.mix`), and
    ///   ``CLIError/invalidPlan(source:error:)`` for a value out of range.
    public static func load(path: String) throws(CLIError) -> RenderPlan {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw .unreadablePlan(path: path, detail: missing ? "no such file." : "\(error.localizedDescription)")
        }
        return try decode(data, source: "'\(path)'", path: path)
    }

    /// The plan in `data`, validated; `source` names it in errors.
    public static func decode(_ data: Data, source: String, path: String) throws(CLIError) -> RenderPlan {
        let plan: RenderPlan
        do {
            plan = try JSONDecoder().decode(RenderPlan.self, from: data)
        } catch let error as DecodingError {
            throw .unreadablePlan(path: path, detail: describe(error))
        } catch {
            throw .unreadablePlan(path: path, detail: "\(error)")
        }
        do {
            try plan.validate()
        } catch {
            throw .invalidPlan(source: source, error: error)
        }
        return plan
    }

    /// A decoding error as `path: what is wrong`, with the path written as in ``Studio/PlanError``.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type))."
        case .valueNotFound(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type)), found null."
        case .keyNotFound(let key, let context):
            return "\(jsonPath(context.codingPath + [key])): missing."
        case .dataCorrupted(let context):
            // Malformed JSON (Foundation's parser says no more than that) or a bad value.
            return context.codingPath.isEmpty
                ? "not valid JSON (\(context.debugDescription))"
                : "\(jsonPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `effects[1].parameters.mix` for a coding path; `(top level)` for the root.
    static func jsonPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(top level)" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [EffectSlot].Type: "an array"
        default: "an object"
        }
    }
}
