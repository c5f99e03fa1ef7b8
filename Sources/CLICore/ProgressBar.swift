/// A one-line progress bar for stderr, drawn only on a terminal and only for work that has
/// already taken a second (short jobs stay silent).
///
/// Call ``update(_:)`` with the fraction done as often as convenient; it redraws at most ten
/// times a second. ``finish()`` erases the line so that nothing is left behind.
public final class ProgressBar {
    /// Work shorter than this never shows a bar, in seconds.
    public static let delaySeconds = 1.0
    /// Shortest time between two redraws, in seconds.
    static let redrawInterval = 0.1
    /// Characters in the bar itself.
    static let width = 30

    private let enabled: Bool
    private let write: (String) -> Void
    private let now: () -> Double
    private let start: Double
    private var lastDraw = -Double.infinity
    private var drawn = false

    /// Creates a bar.
    ///
    /// - Parameters:
    ///   - isTerminal: whether the destination is a terminal; when false the bar writes nothing.
    ///   - write: where the text goes (stderr).
    ///   - now: a monotonic clock in seconds.
    public init(isTerminal: Bool, write: @escaping (String) -> Void, now: @escaping () -> Double = ProgressBar.monotonicSeconds) {
        self.enabled = isTerminal
        self.write = write
        self.now = now
        self.start = now()
    }

    /// A bar on the current console's stderr.
    public convenience init(console: Console = .current) {
        self.init(isTerminal: console.errIsTerminal, write: console.err)
    }

    /// Reports the fraction done, 0...1.
    public func update(_ fraction: Double) {
        guard enabled else { return }
        let t = now()
        guard t - start >= Self.delaySeconds, t - lastDraw >= Self.redrawInterval else { return }
        lastDraw = t
        drawn = true
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((clamped * Double(Self.width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        let percent = Int((clamped * 100).rounded(.down))
        write("\r[\(bar)] \(percent)%  \(Int(t - start)) s")
    }

    /// Erases the bar if one was drawn.
    public func finish() {
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
    }

    /// Seconds on a monotonic clock.
    public static func monotonicSeconds() -> Double {
        let elapsed = ContinuousClock.now - epoch
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private static let epoch = ContinuousClock.now
}
