/// What a `refined` or `alternative` version may change beyond slips, per language: its
/// function words (articles, pronouns, auxiliaries, prepositions, conjunctions — closed
/// classes a grammar fix adds, drops or swaps) and, for `refined`, another inflection of a
/// typed word (`go`, `goes`, `went`). Words are folded as ``CheckedWord/folded`` folds
/// them: lower case, apostrophes dropped.
struct RefinementWords: Sendable {
    /// The function words.
    let functionWords: Set<String>
    /// The words that negate (`not`, `never`, `dont`; `nicht`, `jamais`): a version may not
    /// add, drop or swap one, whatever a slip allows.
    let negations: Set<String>
    /// Endings a regular inflection adds, longest first.
    private let endings: [String]
    /// Each irregular form → its group's first form.
    private let irregularStems: [String: String]

    /// The words of `language` (its primary subtag); English's for a language with no list.
    init(language: String) {
        self = Self.byLanguage[language] ?? Self.byLanguage["en"]!
    }

    /// Each language's words, read from its table once per process.
    private static let byLanguage = tables.mapValues(RefinementWords.init(table:))

    private init(table: Table) {
        functionWords = Set(table.functionWords.split(separator: " ").map(String.init))
        negations = Set(table.negations.split(separator: " ").map(String.init))
        endings = table.endings.split(separator: " ").map(String.init)
        var stems: [String: String] = [:]
        for group in table.irregular.split(separator: ",") {
            let forms = group.split(separator: " ").map(String.init)
            for form in forms { stems[form] = forms[0] }
        }
        irregularStems = stems
    }

    /// Whether `word` and `other` are forms of one word (`walks`, `walked`; `go`, `went`).
    func areInflections(_ word: String, _ other: String) -> Bool {
        if word == other { return true }
        if let stem = irregularStems[word], irregularStems[other] == stem { return true }
        let first = stem(of: word), second = stem(of: other)
        return first.count >= 3 && first == second
    }

    private func stem(of word: String) -> String {
        for ending in endings where word.count > ending.count + 2 && word.hasSuffix(ending) {
            var stem = String(word.dropLast(ending.count))
            // `stopped` → `stop`, `making` → `mak` and `make` → `mak`.
            if let last = stem.last, stem.dropLast().last == last, !"aeiou".contains(last) { stem.removeLast() }
            return stem
        }
        return word.count > 3 && word.hasSuffix("e") ? String(word.dropLast()) : word
    }

    private struct Table {
        let functionWords: String
        let negations: String
        let endings: String
        let irregular: String
    }

    private static let tables: [String: Table] = [
        "en": Table(
            functionWords: """
                a an the i me my mine you your yours he him his she her hers it its we us our they them their \
                this that these those am is are was were be been being do does did have has had will would can \
                could shall should may might must to of in on at by for with from up down out off about into onto \
                over under after before and or but so if then as than because while when where not no there here \
                im ive id ill youre theyre were dont didnt doesnt cant wont isnt arent wasnt werent thats theres \
                lets very too also just all some any
                """,
            negations:
                "not no never nor neither none nobody nothing nowhere cannot dont didnt doesnt cant wont isnt arent wasnt werent couldnt shouldnt wouldnt hasnt havent hadnt mustnt neednt aint",
            endings: "ing ies ied est ed es er ly s d",
            irregular: """
                go goes went gone,come came,see saw seen,run ran,eat ate eaten,take took taken,make made,\
                say said,get got gotten,give gave given,find found,think thought,tell told,become became,\
                leave left,feel felt,bring brought,begin began begun,keep kept,hold held,write wrote written,\
                stand stood,hear heard,mean meant,meet met,sit sat,speak spoke spoken,lose lost,fall fell fallen,\
                fly flew flown,swim swam swum,sing sang sung,buy bought,catch caught,teach taught,sleep slept,\
                wake woke woken,win won,throw threw thrown,grow grew grown,draw drew drawn,know knew known,\
                drive drove driven,ride rode ridden,hide hid hidden,break broke broken,choose chose chosen,\
                forget forgot forgotten,wear wore worn,child children,mouse mice,foot feet,tooth teeth,man men,\
                woman women
                """),
        "es": Table(
            functionWords: """
                el la los las un una unos unas lo al del de a en con por para sin sobre entre hasta desde y e o u \
                pero que si no ni como cuando donde yo tu te ti mi mis me se su sus nos nuestro nuestra vos le les \
                él ella ellos ellas usted ustedes este esta estos estas ese esa eso es son era fue ser estar está \
                están estaba ha han he has había muy ya también
                """,
            negations: "no nunca jamás nada nadie ni ningún ninguno ninguna tampoco",
            endings: "aron ieron ando iendo aba ado ido ar er ir as es os a o s",
            irregular: "ir voy va van fue fueron,ser soy es son era,tener tengo tiene tienen tuvo"),
        "fr": Table(
            functionWords: """
                le la les l un une des du de d au aux à a en dans sur sous avec pour par sans chez et ou mais donc \
                car ni que qu qui si ne n pas plus je j tu il elle on nous vous ils elles me m te t se s lui leur \
                leurs mon ma mes ton ta tes son sa ses notre nos votre vos ce c cet cette ces est sont était été \
                être ai as avons avez ont avait très aussi y
                """,
            negations: "ne n pas jamais rien personne aucun aucune ni non",
            endings: "aient ions iez ait ais ant ées és ée er ez es é e s",
            irregular: "aller vais va vont allé,être suis es est sommes êtes sont été,avoir ai as a avons avez ont eu"),
        "de": Table(
            functionWords: """
                der die das den dem des ein eine einen einem einer eines und oder aber denn sondern dass ob wenn \
                als wie in im an am auf aus bei mit nach von vom zu zum zur für über unter vor durch gegen ohne \
                ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihn ihnen mein meine dein deine sein \
                seine unser unsere ist sind war waren bin bist hat habe haben hatte wird werden wurde nicht kein \
                keine sehr auch noch schon
                """,
            negations: "nicht kein keine keinen keinem keiner keines nie niemals nichts niemand weder",
            endings: "ten test ende en er es et st te em e n s t",
            irregular: "gehen geht ging gegangen,sein bin ist sind war gewesen,kommen kommt kam gekommen"),
        "it": Table(
            functionWords: """
                il lo la i gli le l un uno una un di del della dei degli delle a al alla ai agli alle da dal dalla \
                in nel nella con su sul sulla per tra fra e ed o ma che se non né io tu lui lei noi voi loro mi ti \
                si ci vi ne mio mia miei mie tuo tua suo sua nostro nostra è sono era erano ho hai ha abbiamo hanno \
                aveva molto anche già
                """,
            negations: "non mai niente nulla nessuno nessuna né",
            endings: "ando endo ato ito uto are ere ire iamo ano ono a e i o",
            irregular: "andare vado va vanno andato,essere sono è siamo era stato"),
        "pt": Table(
            functionWords: """
                o a os as um uma uns umas de do da dos das em no na nos nas por pelo pela para com sem sobre entre \
                e ou mas que se não nem como quando onde eu tu ele ela nós vós eles elas me te se lhe nos vos lhes \
                meu minha meus minhas seu sua seus suas este esta isto esse essa isso é são era foi ser estar está \
                estão estava tem têm tinha muito já também
                """,
            negations: "não nunca jamais nada ninguém nem nenhum nenhuma",
            endings: "aram eram ando endo ava ado ido ar er ir as es os a o s",
            irregular: "ir vou vai vão foi foram,ser sou é são era"),
        "nl": Table(
            functionWords: """
                de het een en of maar want dat die dit deze als dan in op aan bij met naar van voor uit over onder \
                door tot om te ik jij je hij zij ze het wij we jullie mij me jou hem haar ons hun mijn jouw zijn \
                onze is ben bent was waren heb hebt heeft hebben had wordt worden werd niet geen zeer ook nog al er
                """,
            negations: "niet geen nooit niets niemand noch",
            endings: "end den ten de te en st t s",
            irregular: "gaan ga gaat ging gingen gegaan,zijn ben is was waren geweest,komen kom komt kwam gekomen")
    ]
}
