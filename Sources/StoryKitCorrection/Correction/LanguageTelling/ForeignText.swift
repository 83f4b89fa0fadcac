/// Tells text in another language from English, so that the English corrector returns it as
/// typed instead of rewriting it into English words ("Ich mochte nach hasue" is not "Rich
/// mochte bach haze").
///
/// The signs are the short words every sentence of a language uses (articles, pronouns,
/// prepositions, common verbs) that are not also common English words, and letters English does
/// not write (`ä`, `é`, `ñ`, `ł`) or hardly groups (`sch`, `ij`, `rz`). Text is judged foreign
/// when such words and letters make up at least `minimumShare` of its words, at least two of
/// them, and they outnumber the English function words in it. A name or a borrowed word in an English sentence (`café`, `Zoë`,
/// `con carne`) is too few to count.
enum ForeignText {
    /// What the signs say of the language of `tokens`.
    struct Judgement: Equatable {
        /// The language when it is confidently not English: a BCP 47 code.
        var language: String?
        /// The languages with any sign, the most signs first: their word lists may decide
        /// between them.
        var candidates: [String] = []
    }

    /// The language of `tokens` when it is confidently not English, or the others it hints at.
    static func judge(_ tokens: [CorrectionToken], lexicon: WordLexicon) -> Judgement {
        var words = 0, english = 0
        var scores = [Double](repeating: 0, count: languages.count)
        var scripts: [String: Int] = [:]
        for token in tokens where token.kind != .space {
            if token.kind == .word {
                // Most words of English text are common English words: one look-up, no string.
                words += 1
                let index = lexicon.index(of: token.lowered)
                if let index, lexicon.logProbability[index] > commonEnglishLogProbability {
                    if englishFunctionWords.contains(index) { english += 1 }
                    continue
                }
                let signOf = signWords[String(decoding: token.lowered, as: UTF8.self)] ?? 0
                for language in languages.indices {
                    if signOf & (1 << language) != 0 {
                        scores[language] += 1
                    } else if index == nil,
                        languages[language].clusters.contains(where: { contains(token.lowered, $0) })
                    {
                        scores[language] += foreignLetterWeight
                    }
                }
            } else if let script = script(of: token) {
                // A word in another script: no pack reads it.
                words += 1
                scripts[script, default: 0] += 1
            } else if let word = letters(of: token) {
                // Kept text: a word with letters English does not write, a number, an address.
                words += 1
                let signOf = signWords[word] ?? 0
                let hasForeignLetter = word.unicodeScalars.contains { $0.value >= 0xC0 }
                let bytes = Array(word.utf8)
                for (index, language) in languages.enumerated() {
                    if signOf & (1 << index) != 0 {
                        scores[index] += 1
                    } else if hasForeignLetter,
                        word.unicodeScalars.contains(where: language.letters.contains)
                            || language.clusters.contains(where: { contains(bytes, $0) })
                    {
                        scores[index] += foreignLetterWeight
                    }
                }
            }
        }
        // Scripts equally common are told apart by name: a dictionary's order changes from one
        // process to the next, and the answer must not.
        if let (script, count) = scripts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
            2 * count >= words
        {
            return Judgement(language: script)
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] >= 1 else {
            return Judgement()
        }
        let score = scores[best]
        let candidates = scores.indices.filter { scores[$0] > 0 }
            .sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }.map { languages[$0].code }
        guard score >= 2, score >= minimumShare * Double(words), Double(english) < score else {
            return Judgement(candidates: candidates)
        }
        return Judgement(language: languages[best].code, candidates: candidates)
    }

    /// Whether the UTF-8 `bytes` hold `part` somewhere (short words and parts: a plain scan; the
    /// standard library's collection search costs far more here).
    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        for start in 0...(bytes.count - part.count) where bytes[start] == part[0] {
            if bytes[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }

    /// How much of a text's words the signs of another language must make up.
    static let minimumShare = 0.25
    /// What a word with a letter English does not write, or a word outside the English list
    /// with letters the language groups and English hardly does (`sch`, `ij`, `rz`, `nh`),
    /// counts for against a whole sign word: English borrows such words, and a slip can make
    /// such groups.
    private static let foreignLetterWeight = 0.5
    /// A word at least this common in English (log10 share) is no sign of another language
    /// ("die", "son" and "con" are rarer; "la", "de" and "no" are not).
    private static let commonEnglishLogProbability: Float = -4

    /// The language most written in the script of a kept token's first letter outside the Latin
    /// script (`ru` for Cyrillic, `ja` for kana, `zh` for Han alone), or `nil` for a Latin token.
    private static func script(of token: CorrectionToken) -> String? {
        guard token.text.utf8.contains(where: { $0 >= 0xC0 }) else { return nil }
        var han = false
        for scalar in token.text.unicodeScalars where scalar.value >= 0x370 && scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x370...0x3FF: return "el"
            case 0x400...0x52F: return "ru"
            case 0x590...0x5FF: return "he"
            case 0x600...0x6FF: return "ar"
            case 0x900...0x97F: return "hi"
            case 0xE00...0xE7F: return "th"
            case 0x3040...0x30FF: return "ja"
            case 0xAC00...0xD7AF, 0x1100...0x11FF: return "ko"
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: han = true
            default: continue
            }
        }
        return han ? "zh" : nil
    }

    /// The letters of a kept token in lower case, without the punctuation around them;
    /// `nil` for a number, an address or a token without letters.
    private static func letters(of token: CorrectionToken) -> String? {
        let text = token.text.lowercased()
        guard let first = text.firstIndex(where: \.isLetter), let last = text.lastIndex(where: \.isLetter) else {
            return nil
        }
        let word = text[first...last]
        guard word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else { return nil }
        return String(word)
    }

    private struct Language {
        let code: String
        let words: Set<String>
        let letters: Set<Unicode.Scalar>
        /// Letter groups, as UTF-8.
        let clusters: [[UInt8]]

        init(code: String, words: Set<String>, letters: Set<Unicode.Scalar>, clusters: [String]) {
            self.code = code
            self.words = words
            self.letters = letters
            self.clusters = clusters.map { Array($0.utf8) }
        }
    }

    /// Each sign word with the languages it is a sign of, one bit per entry of `languages`.
    private static let signWords: [String: UInt8] = {
        var signs: [String: UInt8] = [:]
        for (index, language) in languages.enumerated() {
            for word in language.words { signs[word, default: 0] |= 1 << index }
        }
        return signs
    }()

    /// The English function words, by lexicon index.
    private static let englishFunctionWords: Set<Int> = Set(
        englishFunctionWordList.compactMap { WordLexicon.english.index(of: $0.utf8) })

    private static let englishFunctionWordList: [String] = [
        "the", "and", "is", "are", "was", "were", "to", "of", "in", "on", "at", "it", "you", "he", "she", "we",
        "they", "i", "a", "an", "my", "your", "this", "that", "with", "for", "have", "has", "not", "be", "will",
        "can", "what", "where", "when", "there", "their", "our", "from", "but", "or", "would", "could"
    ]

    private static let languages: [Language] = [
        Language(
            code: "de",
            words: [
                "ich", "du", "er", "sie", "wir", "ihr", "es", "und", "oder", "aber", "nicht", "kein", "keine", "der",
                "die", "das",
                "dem", "den", "des", "ein", "eine", "einen", "einem", "ist", "bin", "bist", "sind", "seid", "war",
                "hat",
                "habe", "haben", "nach", "mit", "zu", "zum", "zur", "auf", "aus", "bei", "vom", "im", "für", "fur",
                "über",
                "uber", "wie", "wo", "wer", "warum", "heute", "morgen", "gestern", "jetzt", "hier", "dort", "sehr",
                "auch",
                "noch", "schon", "immer", "wieder", "bitte", "danke", "ja", "nein", "mein", "meine", "dein", "deine",
                "mir",
                "mich", "dich", "uns", "möchte", "mochte", "kann", "muss", "gehen", "haus", "hause", "schule", "mutter",
                "vater", "kinder", "spielen", "machen", "gut", "viel", "klein", "groß", "gross", "dann", "wenn", "weil",
                "sich", "nur", "um", "durch", "gegen", "ohne", "unter", "vor", "seit", "bis", "dass", "ob", "etwas",
                "nichts",
                "alles", "alle", "andere", "mehr", "gleich", "einmal", "kleine", "kleiner", "neue", "neu", "tag",
                "nacht",
                "abend", "freund", "freunde", "buch", "wasser", "essen", "schlafen", "trinken", "lesen", "gemacht",
                "geht",
                "gehe", "komme", "kommt", "wollte", "konnte", "sollte", "hast", "wird", "werden", "würde", "wurde",
                "einem",
                "einer", "diese", "dieser", "dieses", "unser", "unsere", "euch", "ihm", "ihn", "ihnen", "zusammen",
                "warte"
            ], letters: ["ä", "ö", "ü", "ß"], clusters: ["sch", "pf", "tz", "chs", "ung", "eit", "ie"]),
        Language(
            code: "fr",
            words: [
                "je", "tu", "il", "elle", "nous", "vous", "ils", "elles", "le", "les", "et", "pas", "une", "un", "des",
                "du",
                "que", "qui", "pour", "avec", "dans", "sur", "au", "aux", "mon", "ma", "mes", "ton", "ta", "tes", "sa",
                "ses",
                "ce", "cette", "ces", "mais", "ou", "donc", "très", "tres", "bien", "veux", "voudrais", "aller", "suis",
                "sommes", "êtes", "sont", "avoir", "être", "etre", "fait", "faire", "maison", "aujourd'hui", "demain",
                "merci", "oui", "bonjour", "chat", "chien", "école", "ecole", "mère", "père", "enfants", "jouer",
                "petit",
                "petite", "beaucoup", "toujours", "quand", "parce", "j'ai", "c'est", "n'est", "l'école", "est",
                "se", "me", "te", "lui", "leur", "leurs", "notre", "votre", "nos", "vos", "ne", "était", "etait", "été",
                "avait", "vais", "vas", "va", "allons", "allez", "vont", "peux", "peut", "veut", "dois", "doit", "où",
                "comment",
                "pourquoi", "quoi", "tout", "tous", "toute", "rien", "autre", "plus", "moins", "sans", "sous", "chez",
                "après",
                "avant", "aussi", "déjà", "encore", "bon", "bonne", "nouveau", "nouvelle", "jour", "nuit", "soir",
                "matin",
                "ami", "amis", "livre", "eau", "manger", "dormir", "viens", "vient", "serai", "sera", "avons", "avez",
                "ont"
            ], letters: ["é", "è", "ê", "à", "ç", "ù", "â", "î", "ô", "œ", "ë", "ï"],
            clusters: ["eau", "aux", "oi", "ou", "qu"]),
        Language(
            code: "es",
            words: [
                "el", "los", "las", "y", "es", "que", "en", "un", "una", "por", "con", "para", "muy", "yo", "tú", "él",
                "ella", "nosotros", "ellos", "mi", "mis", "tu", "su", "sus", "del", "pero", "como", "está", "esta",
                "estoy",
                "quiero", "ir", "casa", "hoy", "mañana", "manana", "gracias", "sí", "hola", "tengo", "tiene", "hay",
                "bien",
                "perro", "gato", "escuela", "madre", "padre", "niños", "jugar", "pequeño", "mucho", "siempre", "cuando",
                "porque", "también", "tambien", "ayer", "ahora", "aquí", "aqui", "me", "te", "se", "le", "lo", "nos",
                "les",
                "voy", "vas", "va", "vamos", "van", "soy", "eres", "somos", "fue", "era", "ser", "estar", "hacer",
                "tener",
                "puedo", "puedes", "puede", "quieres", "quiere", "donde", "dónde", "qué", "cómo", "cuándo", "este",
                "estos",
                "esto", "eso", "todo", "todos", "nada", "algo", "otro", "otra", "más", "mas", "menos", "sin", "sobre",
                "entre",
                "hasta", "desde", "ya", "después", "despues", "antes", "bueno", "buena", "nuevo", "nueva", "día", "dia",
                "días", "noche", "tarde", "temprano", "amigo", "amigos", "libro", "agua", "comer", "dormir", "había",
                "habia", "hicieron", "cansado", "cansada", "sábado", "sabado", "hermana", "hermano", "abuela", "abuelo"
            ], letters: ["ñ", "¿", "¡", "á", "í", "ó", "ú"], clusters: ["ll", "rr", "ci\u{F3}n", "ue"]),
        Language(
            code: "it",
            words: [
                "il", "lo", "gli", "le", "è", "non", "che", "di", "un", "una", "per", "con", "mi", "ti", "si", "sono",
                "ho",
                "ha", "io", "tu", "lui", "lei", "noi", "voi", "loro", "mio", "mia", "questo", "questa", "quella", "ma",
                "anche", "molto", "bene", "voglio", "andare", "casa", "oggi", "domani", "grazie", "ciao", "della",
                "delle",
                "nel", "nella", "sempre", "quando", "perché", "perche", "scuola", "madre", "padre", "bambini",
                "giocare",
                "piccolo", "ieri", "adesso", "qui", "gatto", "cane", "sei", "siamo", "era", "essere", "avere", "fare",
                "andiamo", "vado", "vai", "va", "posso", "puoi", "può", "vuoi", "dove", "cosa", "come", "quello",
                "tutto",
                "tutti", "niente", "qualcosa", "altro", "più", "meno", "senza", "sopra", "tra", "fra", "fino", "dopo",
                "prima",
                "già", "ancora", "buono", "buona", "nuovo", "nuova", "giorno", "notte", "sera", "stasera", "presto",
                "tardi",
                "amico", "amici", "libro", "acqua", "mangiare", "dormire", "dei", "allo", "alla", "ai", "agli", "alle",
                "dal", "dalla", "sul", "sulla", "uno", "stanco", "stanca", "nonna", "nonno", "fratello", "sorella",
                "mare"
            ], letters: ["à", "è", "é", "ì", "ò", "ù"], clusters: ["gli", "zz", "cch", "gn", "tt"]),
        Language(
            code: "pt",
            words: [
                "o", "os", "as", "é", "não", "nao", "que", "do", "da", "dos", "das", "em", "na", "um", "uma", "para",
                "com", "eu", "você", "voce", "ele", "ela", "nós", "nos", "meu", "minha", "mas", "muito", "bem", "quero",
                "ir",
                "casa", "hoje", "amanhã", "amanha", "obrigado", "obrigada", "sim", "olá", "ola", "tenho", "tem",
                "escola",
                "mãe", "mae", "pai", "crianças", "brincar", "pequeno", "sempre", "quando", "porque", "ontem", "agora",
                "aqui", "gato", "cachorro", "estou", "está", "ao", "aos", "à", "às", "pelo", "pela", "num", "numa",
                "vou",
                "vai", "vamos", "sou", "somos", "foi", "era", "ser", "estar", "fazer", "ter", "posso", "pode", "quer",
                "onde",
                "como", "este", "isso", "isto", "tudo", "todos", "nada", "outro", "outra", "mais", "menos", "sem",
                "sobre",
                "entre", "até", "depois", "antes", "também", "tambem", "já", "ainda", "bom", "boa", "novo", "nova",
                "dia",
                "noite", "tarde", "cedo", "amigo", "amigos", "livro", "água", "agua", "comer", "dormir", "avó", "avô",
                "irmã", "irmão", "cansado", "cansada", "sábado", "sabado", "cinema"
            ], letters: ["ã", "õ", "ç", "á", "â", "ê", "ô", "í", "ó", "ú"], clusters: ["nh", "lh", "\u{E3}o", "\u{F5}e"]
        ),
        Language(
            code: "nl",
            words: [
                "ik", "je", "jij", "hij", "zij", "wij", "het", "een", "en", "niet", "van", "naar", "met", "op", "te",
                "dat",
                "die", "voor", "maar", "ook", "heel", "goed", "wil", "gaan", "huis", "vandaag", "morgen", "dank", "ja",
                "nee",
                "mijn", "zijn", "heb", "hebben", "ben", "bent", "wat", "waar", "wanneer", "omdat", "altijd", "nu",
                "hier",
                "daar", "school", "moeder", "vader", "kinderen", "spelen", "klein", "veel", "gisteren", "kat", "hond",
                "alsjeblieft", "bedankt", "graag", "thuis", "kleine", "groot", "grote", "draak", "wilde", "kan", "kun",
                "kunt", "moet", "mag", "zal", "zou", "werd", "worden", "wordt", "er", "hem", "haar", "ons", "hun",
                "jullie",
                "deze", "dit", "geen", "nog", "wel", "zo", "dan", "als", "door", "bij", "uit", "om", "tot", "tegen",
                "zonder",
                "onder", "na", "slapen", "eten", "drinken", "lezen", "boek", "dag", "nacht", "avond", "vriend",
                "vrienden",
                "mij", "jou", "samen", "eens", "heeft", "hebt", "gemaakt", "wacht", "slaapt", "tuin", "taart"
            ], letters: ["ĳ"], clusters: ["ij", "aa", "oe", "uu", "ee", "cht"]),
        Language(
            code: "pl",
            words: [
                "i", "w", "z", "na", "nie", "jest", "się", "sie", "że", "ze", "do", "jak", "ale", "co", "mam", "chcę",
                "chce", "iść", "isc", "dom", "domu", "dzisiaj", "jutro", "dziękuję", "dziekuje", "tak", "ja", "ty",
                "on",
                "ona", "my", "wy", "oni", "moja", "mój", "moj", "szkoła", "szkoly", "mama", "tata", "dzieci", "bawić",
                "mały", "maly", "zawsze", "kiedy", "bo", "wczoraj", "teraz", "tutaj", "kot", "pies", "bardzo", "dobrze",
                "są", "był", "była", "było", "być", "mieć", "masz", "możesz", "może", "chcesz", "gdzie", "dlaczego",
                "ten",
                "ta", "te", "tego", "wszystko", "nic", "coś", "inny", "bez", "przez", "przy", "od", "dla", "już",
                "jeszcze",
                "też", "także", "dobry", "dobra", "nowy", "nowa", "dzień", "noc", "wieczór", "rano", "książka", "woda",
                "jeść", "spać", "smok", "sobie", "temu", "razem", "zaraz", "czy", "mnie", "mi", "ci", "go", "jej",
                "ich",
                "dawno", "będę", "bede", "idziemy", "idę", "ide"
            ], letters: ["ą", "ć", "ę", "ł", "ń", "ś", "ź", "ż"], clusters: ["cz", "sz", "rz", "dz", "wsz", "ow"])
    ]
}
