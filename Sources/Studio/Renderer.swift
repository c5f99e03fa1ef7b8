import AudioCore

/// What can be wrong with a plan; the message names the path to the bad value.
public struct PlanError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where in the plan, e.g. `effects[1].parameters.feedback`.
    public let path: String
    /// What is wrong there.
    public let message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// Renders plans offline (whole buffers) — shared by the CLI and the server.
public enum Renderer {
    /// Renders `input` through `plan`.
    ///
    /// - Parameters:
    ///   - progress: called now and then with the fraction done (0...1), from the calling thread.
    /// - Returns: the rendered audio; echo and reverb tails are kept until they fall below -60 dBFS.
    /// - Throws: ``PlanError`` when the plan is invalid (checked before any work).
    public static func render(_ plan: RenderPlan, input: AudioBuffer,
                              progress: ((Double) -> Void)? = nil) throws(PlanError) -> AudioBuffer {
        // Placeholder until the PitchTime and Effects stages land: returns the input.
        progress?(1)
        return input
    }
}
