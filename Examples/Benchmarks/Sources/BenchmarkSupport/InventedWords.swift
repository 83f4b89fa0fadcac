// Made-up words for a benchmark's texts: the same on every run.

/// Invented words of four to five syllables, the same on every run.
public func inventedWords(_ count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    let consonants = Array("bcdfghjklmnpqrstvwxz"), vowels = Array("aeiou")
    return (0..<count).map { _ in
        String((0..<(4 + next(2))).flatMap { _ in [consonants[next(consonants.count)], vowels[next(vowels.count)]] })
    }
}
