/// Where variations live in a JSON reply: `{"directCorrection": "...", ...}` (also with
/// `{"text": ...}` values), `{"variations": [...]}` of strings or `{"text": ...}` objects, or a
/// bare array of either. Streaming and batch reading both ask this type, so they agree.
enum JSONVariationShape {
    static let kindKeys: [String: TextVariation.Kind] = [
        "directCorrection": .direct, "refinedPhrasing": .refined, "alternativeInterpretation": .alternative
    ]

    /// What a string at `path` is to the variation set.
    enum Role: Equatable {
        /// The text of a variation: its kind when the path says it, and its array element.
        case text(kind: TextVariation.Kind?, element: Int?)
        /// The `kind` member of array element `element`.
        case kind(element: Int)
        case none
    }

    static func role(of path: [JSONPathComponent]) -> Role {
        switch path.count {
        case 1:
            if case .key(let key) = path[0], let kind = kindKeys[key] { return .text(kind: kind, element: nil) }
            if case .index(let element) = path[0] { return .text(kind: nil, element: element) }
        case 2:
            if case .key(let key) = path[0], let kind = kindKeys[key], path[1] == .key("text") {
                return .text(kind: kind, element: nil)
            }
            if path[0] == .key("variations"), case .index(let element) = path[1] {
                return .text(kind: nil, element: element)
            }
            if case .index(let element) = path[0] {
                if path[1] == .key("text") { return .text(kind: nil, element: element) }
                if path[1] == .key("kind") { return .kind(element: element) }
            }
        case 3:
            if path[0] == .key("variations"), case .index(let element) = path[1] {
                if path[2] == .key("text") { return .text(kind: nil, element: element) }
                if path[2] == .key("kind") { return .kind(element: element) }
            }
        default:
            break
        }
        return .none
    }

    /// A kind written out in a reply: `direct`, `refined`, `alternative`, or a long key name.
    static func kind(named name: String) -> TextVariation.Kind? {
        TextVariation.Kind(rawValue: name) ?? kindKeys[name]
    }

    /// The variations of a complete value, in document order.
    static func variations(in value: JSONValue) -> [TextVariation] {
        var found: [TextVariation] = []
        func elements(_ array: [JSONValue]) {
            for element in array {
                switch element {
                case .string(let text):
                    found.append(TextVariation(text: text))
                case .object(let object):
                    let kind = object["kind"]?.stringValue.flatMap(kind(named:))
                    for member in object where member.key == "text" {
                        if case .string(let text) = member.value { found.append(TextVariation(text: text, kind: kind)) }
                    }
                default:
                    break
                }
            }
        }
        switch value {
        case .array(let array):
            elements(array)
        case .object(let object):
            for member in object {
                if let kind = kindKeys[member.key] {
                    if case .string(let text) = member.value {
                        found.append(TextVariation(text: text, kind: kind))
                    } else if case .object(let inner) = member.value {
                        for innerMember in inner where innerMember.key == "text" {
                            if case .string(let text) = innerMember.value {
                                found.append(TextVariation(text: text, kind: kind))
                            }
                        }
                    }
                } else if member.key == "variations", case .array(let array) = member.value {
                    elements(array)
                }
            }
        default:
            break
        }
        return found
    }
}
