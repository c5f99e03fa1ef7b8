/// The unit a parameter is expressed in; drives formatting in the CLI and the UI.
public enum ParameterUnit: String, Sendable, Codable, CaseIterable {
    case hertz, seconds, milliseconds, decibels, cents, semitones, ratio, percent, generic
}

/// A parameter declared as data: CLI flags, JSON plans and UI controls are derived from these.
public struct ParameterSpec: Sendable, Equatable, Hashable, Codable {
    /// Stable identifier used in plans and APIs, e.g. `"delaySeconds"`.
    public let id: String
    /// Human-readable name, e.g. `"Delay time"`.
    public let name: String
    /// Smallest accepted value.
    public let minimum: Double
    /// Largest accepted value.
    public let maximum: Double
    /// Value used when a plan does not mention the parameter.
    public let defaultValue: Double
    /// Unit of the value.
    public let unit: ParameterUnit

    public init(id: String, name: String, range: ClosedRange<Double>, defaultValue: Double, unit: ParameterUnit) {
        precondition(range.contains(defaultValue), "default of \(id) outside its range")
        self.id = id
        self.name = name
        self.minimum = range.lowerBound
        self.maximum = range.upperBound
        self.defaultValue = defaultValue
        self.unit = unit
    }

    /// The accepted range.
    public var range: ClosedRange<Double> { minimum...maximum }

    /// `value` limited to the range (NaN becomes the default).
    public func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return defaultValue }
        return min(max(value, minimum), maximum)
    }
}

/// The current values of a processor's parameters, kept in declaration order.
///
/// Lookup by id is a linear scan over a handful of specs: cheap, but meant for the control thread.
public struct ParameterValues: Sendable {
    public let specs: [ParameterSpec]
    public private(set) var values: [Double]

    public init(_ specs: [ParameterSpec]) {
        self.specs = specs
        self.values = specs.map(\.defaultValue)
    }

    /// Index of a parameter id, or nil.
    public func index(of id: String) -> Int? { specs.firstIndex { $0.id == id } }

    /// Sets a value (clamped); returns false for an unknown id.
    @discardableResult
    public mutating func set(_ id: String, _ value: Double) -> Bool {
        guard let i = index(of: id) else { return false }
        values[i] = specs[i].clamp(value)
        return true
    }

    /// The value of an id, or nil.
    public func value(_ id: String) -> Double? { index(of: id).map { values[$0] } }

    /// The value at a declaration index.
    public subscript(index: Int) -> Double { values[index] }
}
