#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the commands write their text: the process's stdout and stderr, or a capture in tests.
///
/// Commands write through ``current`` instead of calling `print`, so a test can run a command
/// in-process with `Console.$current.withValue(capture) { ... }` and read what it printed.
public struct Console: Sendable {
    /// Writes text to standard output.
    public let out: @Sendable (String) -> Void
    /// Writes text to standard error.
    public let err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is drawn only then).
    public let errIsTerminal: Bool

    /// Creates a console from two writers.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                errIsTerminal: Bool) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
    }

    /// The process's own standard output and standard error.
    public static let standard = Console(
        out: { writeAll($0, to: STDOUT_FILENO) },
        err: { writeAll($0, to: STDERR_FILENO) },
        errIsTerminal: isatty(STDERR_FILENO) == 1)

    /// The console the running command writes to.
    @TaskLocal public static var current: Console = .standard

    /// Writes a line to standard output.
    public func line(_ text: String) { out(text + "\n") }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }  // A closed pipe: nothing more can be said.
            done += n
        }
    }
}
