"""Whether a version of a typed sentence changes its content, judged against the sentence the
writer meant, independently of the library's own check.

A version changes the content when it holds a word that is neither in the typed nor in the
meant sentence and that no slip of a typed word explains (a few letters away), other than a
small function word; or when it loses a word the writer typed correctly (three letters or more,
not a function word). Used by Tests/RealServer and bench_remote.py.
"""

import re

# English closed-class words a refined version may add or drop (articles, prepositions,
# pronouns, auxiliaries, conjunctions, a few adverbs of degree), kept here apart from the
# library's own list so that the judge does not share the judged code's blind spots.
FUNCTION_WORDS = frozenset("""
a an the this that these those my your his her its our their me him us them i you he she it we they
to of in on at by for with from into onto over under up down out off about as than so and or but if
then because while when where is am are was were be been being do does did done have has had having
will would shall should can could may might must not no just very too also there here what which who
""".split())


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def _distance(first: str, second: str, bound: int) -> int:
    """Edit distance with adjacent swaps, or bound + 1 once it is past the bound."""
    if abs(len(first) - len(second)) > bound:
        return bound + 1
    previous2, previous = None, list(range(len(second) + 1))
    for i in range(1, len(first) + 1):
        current = [i] + [0] * len(second)
        for j in range(1, len(second) + 1):
            cost = 0 if first[i - 1] == second[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if previous2 is not None and i > 1 and j > 1 and first[i - 1] == second[j - 2] and first[i - 2] == second[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > bound:
            return bound + 1
        previous2, previous = previous, current
    return previous[-1]


def _explained(word: str, typed: list[str], known: set[str]) -> bool:
    if word in known or word in FUNCTION_WORDS:
        return True
    for other in typed:
        bound = 1 if max(len(word), len(other)) <= 3 else 2
        if _distance(word, other, bound) <= bound:
            return True
    # Two typed words run together, or one typed word split in two.
    joined = {a + b for a, b in zip(typed, typed[1:])}
    return word in joined or any(word in other and len(word) >= 3 for other in typed)


def content_changes(version: str, typed: str, meant: str) -> list[str]:
    """The words by which `version` changes the content of `typed` (meant as `meant`)."""
    typed_words, version_words = words(typed), words(version)
    known = set(typed_words) | set(words(meant))
    invented = [word for word in version_words if not _explained(word, typed_words, known)]
    present = set(version_words)
    lost = [word for word in set(typed_words) & set(words(meant))
            if len(word) >= 3 and word not in FUNCTION_WORDS and word not in present
            and not any(word in other for other in present)]
    return sorted(set(invented)) + sorted(lost)
