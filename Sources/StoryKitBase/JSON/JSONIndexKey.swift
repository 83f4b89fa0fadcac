/// The coding key of an array element, shared by `JSONValueEncoder` and `JSONValueDecoder` so
/// that coding paths name elements the same way (`"traits"[1]`).
struct JSONIndexKey: CodingKey {
    var stringValue: String { "\(intValue ?? 0)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
