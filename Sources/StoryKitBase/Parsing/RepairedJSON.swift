/// A value read by the tolerant parser, and the repairs it took.
///
/// JSON (the `storykit_json_repair` result): `{"value":{...},"repairs":[...]}`.
public struct RepairedJSON: Sendable, Hashable, JSONConvertible {
    /// The value.
    public var value: JSONValue
    /// The repairs, one per kind, in the order each kind was first needed. Empty when the
    /// text was strict JSON.
    public var repairs: [JSONRepair]

    /// Creates a result.
    public init(value: JSONValue, repairs: [JSONRepair] = []) {
        self.value = value
        self.repairs = repairs
    }

    /// Whether any repair was needed.
    public var wasRepaired: Bool { !repairs.isEmpty }

    /// The result in its C ABI shape, built directly: the value can be large, and going
    /// through `Codable` would copy every node.
    public var json: JSONValue {
        .object(["value": value, "repairs": JSONRepair.json(repairs)])
    }
}
