#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import StoryKitEnglishData

/// A language's words for the offline corrector: how often each is written, the word pairs
/// where a permissive source has them, and the spelling variants, read in place from a
/// language pack (`docs/language-pack-format.md`).
///
/// The packs the library ships are built into it; an app that downloads a language can read
/// its pack from bytes or a file (`init(packBytes:)`, `init(packFile:)`). Either way the pack
/// is checked before it is read: a pack of another format version, a damaged one (checksum)
/// or one whose offsets do not hold is refused with an error that says why.
public final class LanguageWordList: Sendable {
    let lexicon: WordLexicon
    let pairs: WordContextModel
    let variants: SpellingVariants
    /// The pack's rules (its RULE section).
    let rules: LanguagePack.Rules
    /// The keyboard its writers usually use (rule `layout`; QWERTY when the pack names none).
    let defaultLayout: KeyboardLayout

    /// The largest pack read from bytes or a file: 64 MiB, the largest file the library reads
    /// (the C ABI's `STORYKIT_MAX_INPUT_BYTES`; the largest pack shipped is under 7 MB).
    public static let maxPackBytes = FileSystem.maxFileBytes

    private init(pack: WordPack) throws(StoryKitError) {
        let values = pack.ruleValues
        var rules = try LanguagePack.Rules(values: values, names: pack.ruleNames)
        if rules.writtenLetters == nil { rules.writtenLetters = LanguagePack.Rules.builtInLetters[pack.language] }
        rules.readsSentenceStartAsWord = LanguagePack.Rules.builtInSentenceStartWordLanguages.contains(pack.language)
        rules.nameContextWord = LanguagePack.Rules.builtInNameContextWords[pack.language].map { Array($0.utf8) }
        self.rules = rules
        let layout = values["layout"]?.first ?? KeyboardLayout.qwerty.rawValue
        guard let keyboard = KeyboardLayout(rawValue: layout) else {
            throw StoryKitError(.parse, "language pack: rule layout names \(layout), not qwerty, qwertz or azerty")
        }
        defaultLayout = keyboard
        lexicon = WordLexicon(pack: pack)
        pairs = WordContextModel(lexicon: lexicon)
        variants = SpellingVariants(pack: pack)
    }

    /// Reads a pack built into the binary (a language module's constant bytes, which must
    /// outlive the process: a C array with static storage).
    package convenience init(embeddedPack bytes: UnsafeRawBufferPointer) throws(StoryKitError) {
        try self.init(pack: WordPack(embedded: bytes))
    }

    /// Reads a pack from `bytes`, which are copied: the caller may free them afterwards.
    ///
    /// - Throws: `StoryKitError` `.parse` for bytes that are not a pack of this format
    ///   version, or are damaged; `.limit` over ``maxPackBytes``.
    public convenience init(packBytes bytes: some Collection<UInt8>) throws(StoryKitError) {
        guard bytes.count <= Self.maxPackBytes else {
            throw StoryKitError(.limit, "language pack: \(bytes.count) bytes, over the limit of \(Self.maxPackBytes)")
        }
        try self.init(pack: WordPack(copying: bytes))
    }

    /// Reads the pack in the regular file at `path`.
    ///
    /// - Throws: `StoryKitError` `.notFound` when there is no such file, `.io` when it cannot
    ///   be read or is not a regular file, and the errors of ``init(packBytes:)``.
    public convenience init(packFile path: String) throws(StoryKitError) {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { throw StoryKitError(.notFound, "language pack: no file at \(path)") }
            throw FileSystem.failure("read the language pack", path)
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { throw FileSystem.failure("read the language pack", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoryKitError(.io, "language pack: \(path) is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= Self.maxPackBytes else {
            throw StoryKitError(
                .limit, "language pack: \(path) is \(size) bytes, over the limit of \(Self.maxPackBytes)")
        }
        try self.init(packBytes: FileSystem.readAll(file, size: size, path: path))
    }

    /// The language the pack was made for, as its primary BCP 47 subtag (`es`).
    public var language: String { lexicon.pack.language }

    /// How many words the list holds (spellings that differ only by diacritics count once).
    public var wordCount: Int { lexicon.words.count }

    /// English: symspellpy's words with pyspellchecker's American spellings and SCOWL's rarer
    /// words (inflections, recent words), and the word pairs of CMU Sphinx's US English language
    /// model (see `scripts/generate-word-frequencies.py`).
    static let english = LanguageWordList(builtIn: storykit_english_pack)

    /// The pack built into the library that `bytes` returns (a language data target's
    /// function), which the test suite checks in full: a failure here is a build defect.
    package convenience init(builtIn bytes: @convention(c) (UnsafeMutablePointer<Int>?) -> UnsafeRawPointer?) {
        do {
            try self.init(embeddedPack: Self.builtInBytes(bytes))
        } catch {
            preconditionFailure("built-in \(error)")
        }
    }

    /// The bytes that a language data target's function returns.
    package static func builtInBytes(_ bytes: @convention(c) (UnsafeMutablePointer<Int>?) -> UnsafeRawPointer?)
        -> UnsafeRawBufferPointer
    {
        var count = 0
        return UnsafeRawBufferPointer(start: bytes(&count), count: count)
    }
}
