/// English contractions typed without their apostrophe, which the refined variation restores,
/// and other short forms the corrector keeps.
/// Only spellings that are not also words are listed (`wont`, `ill`, `id`, `were` are left alone).
enum Contractions {
    static let english: [String: String] = [
        "dont": "don't", "cant": "can't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't",
        "werent": "weren't", "doesnt": "doesn't", "didnt": "didn't", "couldnt": "couldn't",
        "wouldnt": "wouldn't", "shouldnt": "shouldn't", "hasnt": "hasn't", "havent": "haven't",
        "hadnt": "hadn't", "mustnt": "mustn't", "neednt": "needn't", "im": "I'm", "ive": "I've",
        "youre": "you're", "youve": "you've", "youll": "you'll", "youd": "you'd", "theyre": "they're",
        "theyve": "they've", "theyll": "they'll", "theyd": "they'd", "weve": "we've", "thats": "that's",
        "whats": "what's", "wheres": "where's", "whos": "who's", "hows": "how's", "theres": "there's",
        "heres": "here's", "shes": "she's", "itll": "it'll", "wouldve": "would've",
        "couldve": "could've", "shouldve": "should've", "aint": "ain't",
    ]

    /// The contraction `english` lists for `spelling` (lower case). A spelling is short, so the
    /// string made for the look-up is held inline, with no allocation.
    static func english(spelling: some Collection<UInt8>) -> String? {
        spelling.count <= 8 ? english[String(decoding: spelling, as: UTF8.self)] : nil
    }

    /// Abbreviated titles, as written before a name ("Dr Patel"), kept as typed.
    static let titles: Set<String> = ["Dr", "Mr", "Mrs", "Ms", "Mx", "St", "Jr", "Sr", "Prof", "Rev", "Capt"]

    /// Words after which a typed "its" is "it's" ("its not", "its a", "its going"): words
    /// that follow a verb, not a possessive's noun.
    static let followItIs: Set<String> = [
        "not", "a", "an", "the", "so", "very", "too", "really", "just", "all", "been", "being", "going", "getting",
        "gonna", "my", "your", "our", "their", "his", "her", "okay", "ok", "fine", "true", "over", "raining",
        "snowing", "cold", "hot", "late", "early", "nice", "good", "great", "fun", "about", "like", "still",
        "always", "never", "also", "here", "there", "that", "this", "what", "because", "hard", "easy", "time",
        "me", "you", "him", "them", "us", "in", "on", "at", "for", "from", "to", "no", "only",
        "almost", "already", "quite", "pretty", "sunny", "dark", "cool", "amazing", "beautiful", "sad", "funny",
    ]

    /// Words that start a question, for the final punctuation.
    static let questionWords: Set<String> = [
        "who", "what", "where", "when", "why", "how", "which", "is", "are", "am", "can", "could",
        "do", "does", "did", "will", "would", "should", "shall", "may", "might", "have", "has",
    ]
}
