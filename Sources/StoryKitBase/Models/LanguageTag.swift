/// A BCP 47 language tag such as `en`, `es-MX` or `zh-Hant`, checked for form, with the
/// English name prompts use to ask for a reply in that language.
///
///     LanguageTag("es-MX")?.promptName   // "Spanish (es-MX)"
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The longest tag accepted, in characters.
    public static let maxLength = 35

    /// The tag as given.
    public let tag: String

    /// Checks the form of `tag`: a primary language of 2 or 3 letters (ISO 639), then subtags
    /// of 1 to 8 letters or digits, joined by `-`; `nil` for anything else, including the
    /// reserved 4-to-8-letter primary subtags, so that `english` is caught as a mistake.
    public init?(_ tag: String) {
        guard (2...Self.maxLength).contains(tag.utf8.count) else { return nil }
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...3).contains(primary.count),
            primary.allSatisfy(\.isASCIILetter),
            Self.twoLetterForm(of: String(decoding: primary, as: UTF8.self)) == nil
        else { return nil }
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit }) else {
                return nil
            }
        }
        self.tag = tag
    }

    /// The two-letter subtag BCP 47 uses for a three-letter ISO 639 code that has one (`es`
    /// for `spa`, `de` for `deu` or `ger`), when StoryKit knows it: such a tag is not valid
    /// BCP 47, and read as a language of its own it would have no pack.
    public static func twoLetterForm(of primary: String) -> String? {
        threeLetterCodes[primary.lowercased()]
    }

    private static let threeLetterCodes: [String: String] = [
        "eng": "en", "spa": "es", "fra": "fr", "fre": "fr", "deu": "de", "ger": "de", "ita": "it", "por": "pt",
        "nld": "nl", "dut": "nl", "pol": "pl", "rus": "ru", "zho": "zh", "chi": "zh", "jpn": "ja", "ara": "ar",
        "cat": "ca", "swe": "sv", "dan": "da", "fin": "fi", "tur": "tr", "ukr": "uk", "ces": "cs", "cze": "cs"
    ]

    /// The primary language subtag, lowercased: `es` for `es-MX`.
    public var language: String {
        String(tag.prefix { $0 != "-" }).lowercased()
    }

    /// The English name of the language, when StoryKit knows it.
    public var englishName: String? {
        Self.names[language]
    }

    /// How prompts name the language: `Spanish` for `es`, `Spanish (es-MX)` for a tag with
    /// subtags, and `the language with BCP 47 tag "x-klingon"`-style wording for others.
    public var promptName: String {
        guard let name = englishName else { return "the language with the BCP 47 tag \"\(tag)\"" }
        return tag.contains("-") ? "\(name) (\(tag))" : name
    }

    public var description: String { tag }

    private static let names: [String: String] = [
        "ar": "Arabic", "bg": "Bulgarian", "bn": "Bengali", "ca": "Catalan", "cs": "Czech", "cy": "Welsh",
        "da": "Danish", "de": "German", "el": "Greek", "en": "English", "es": "Spanish", "et": "Estonian",
        "eu": "Basque", "fa": "Persian", "fi": "Finnish", "fil": "Filipino", "fr": "French", "ga": "Irish",
        "gl": "Galician", "gu": "Gujarati", "he": "Hebrew", "hi": "Hindi", "hr": "Croatian", "hu": "Hungarian",
        "id": "Indonesian", "is": "Icelandic", "it": "Italian", "ja": "Japanese", "kn": "Kannada", "ko": "Korean",
        "lt": "Lithuanian", "lv": "Latvian", "ml": "Malayalam", "mr": "Marathi", "ms": "Malay",
        "nb": "Norwegian Bokmål",
        "nl": "Dutch", "nn": "Norwegian Nynorsk", "no": "Norwegian", "pa": "Punjabi", "pl": "Polish",
        "pt": "Portuguese",
        "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "sr": "Serbian", "sv": "Swedish",
        "sw": "Swahili", "ta": "Tamil", "te": "Telugu", "th": "Thai", "tr": "Turkish", "uk": "Ukrainian",
        "ur": "Urdu", "vi": "Vietnamese", "zh": "Chinese"
    ]
}
