/// Words the corrector never offers as the reading of a slip or of two typed words joined:
/// profanity, slurs and sexual terms. Its users include children writing stories, and a
/// tremor's slip must not turn "shiy" into an obscenity. A word on the list that the writer
/// typed as it is stays as typed.
enum NeverSuggestedWords {
    static let english: [String] = [
        "arse", "arsehole", "ass", "bastard", "bastards", "bitch", "bitches", "bollocks", "boob", "boobs",
        "bullshit", "cock", "cocks", "crap", "cunt", "damn", "dick", "dicks", "dildo", "fag", "faggot", "fuck", "fucked",
        "fucker", "fucking", "fucks", "goddamn", "horny", "motherfucker", "nigga", "nigger", "piss", "pissed", "porn",
        "porno", "pussy", "rape", "raped", "retard", "retarded", "sex", "sexy", "shit", "shits", "shitty", "slut",
        "sluts", "tits", "twat", "wank", "wanker", "whore", "whores", "xxx",
    ]
}
