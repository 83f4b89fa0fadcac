"""StoryKit's offline corrector and two spelling correctors from PyPI, side by side on the
tremor corpus (Tests/Fixtures/Correction/tremor-corpus.json, made by
scripts/generate-correction-corpus.py). Each corrector gets the typed sentence and should give
back the clean one.

    python3 Examples/python/bench_correction.py [rounds] [-v] [--chart DIR]    # sets up .venv-bench-correction

Peers (installed from PyPI into Examples/python/.venv-bench-correction on first run):
pyspellchecker 0.9.1 and symspellpy 6.10.1, the latter both word by word (`lookup`) and on
whole runs of words with its bigrams (`lookup_compound`). `-v` lists StoryKit's misses.

Reported per corrector: sentence exact match; word accuracy on the words the tremor changed;
the share of correctly typed words that the corrector damaged; median time per sentence
(every sentence timed `rounds` times, correctors interleaved, so a slow moment hits all).
The same for both halves of the corpus (even-numbered sentences were used for tuning, odd ones
are held out) and for real misspellings (Tests/Fixtures/Correction/real-misspellings.json,
from Wikipedia's list of common misspellings via codespell; tuning and held-out halves).
Then, for StoryKit's versions: the share of sentences whose intended text is among the versions
offered, versions per sentence, the share where refined has more wrong words than direct, and
the correctly typed words each version changes; and a clean-sentence run
(Tests/Fixtures/Correction/clean-sentences.txt): how often each version changes a word of a
correctly typed sentence; correctly spelt rare words (Tests/Fixtures/Correction/rare-words.txt,
a sample of SCOWL's words that neither frequency list has): how many each corrector changes;
sentences with names, brands and mixed-case words (Tests/Fixtures/Correction/names.txt): how
many each corrector changes, per half; and sentences in other languages (Tests/Fixtures/Correction/other-languages.txt): how many
come back as typed.
Words are compared after aligning the output with the clean sentence (difflib), as typed:
case and attached punctuation count. The peers correct word by word and are given the same
courtesy StoryKit gives itself: words they know are kept, and a capital first letter is kept.
"""

import difflib
import json
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench_environment  # noqa: E402

bench_environment.ensure(__file__, HERE / ".venv-bench-correction", ["pyspellchecker==0.9.1", "symspellpy==6.10.1"])

import storykit  # noqa: E402

FIXTURES = HERE.parents[1] / "Tests" / "Fixtures" / "Correction"
CORPUS = FIXTURES / "tremor-corpus.json"
MISSPELLINGS = FIXTURES / "real-misspellings.json"
CLEAN = FIXTURES / "clean-sentences.txt"
RARE_WORDS = FIXTURES / "rare-words.txt"
NAMES = FIXTURES / "names.txt"
OTHER_LANGUAGES = FIXTURES / "other-languages.txt"
LANGUAGE_CORPORA = FIXTURES / "language-corpora.json"
WORD = re.compile(r"[A-Za-z]+")
LETTERS = re.compile(r"[^\W\d_]+")
# The languages of other-languages.txt that StoryKit has no word list for.
UNREAD_LANGUAGES = {"pl", "ja", "ru"}
WORD_WITH_APOSTROPHE = re.compile(r"[^\W_]+(?:'[^\W\d_]+)?")


def storykit_direct(text: str) -> str:
    return storykit.correct_offline(text)["variations"][0]["text"]


def keep_case(original: str, corrected: str) -> str:
    return corrected[:1].upper() + corrected[1:] if original[:1].isupper() else corrected


def pyspellchecker_corrector(language: str = "en"):
    from spellchecker import SpellChecker

    checker = SpellChecker(language=language)
    pattern = WORD if language == "en" else LETTERS

    def fix(match: re.Match) -> str:
        word = match.group(0)
        lowered = word.lower()
        if lowered in checker or (word[:1].isupper() and word[1:].islower() and match.start() > 0):
            return word
        return keep_case(word, checker.correction(lowered) or word)

    return lambda text: pattern.sub(fix, text)


def symspell_dictionary():
    from importlib.resources import files
    from symspellpy import SymSpell

    sym_spell = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    sym_spell.load_dictionary(str(files("symspellpy") / "frequency_dictionary_en_82_765.txt"), 0, 1)
    sym_spell.load_bigram_dictionary(str(files("symspellpy") / "frequency_bigramdictionary_en_243_342.txt"), 0, 2)
    return sym_spell


def symspell_lookup_corrector(sym_spell):
    from symspellpy import Verbosity

    def fix(match: re.Match) -> str:
        word = match.group(0)
        if word[:1].isupper() and word[1:].islower() and match.start() > 0:
            return word
        suggestions = sym_spell.lookup(word.lower(), Verbosity.TOP, max_edit_distance=2)
        return keep_case(word, suggestions[0].term) if suggestions else word

    return lambda text: WORD.sub(fix, text)


def symspell_compound_corrector(sym_spell):
    """lookup_compound (splits and joins words, uses the bigrams) on each run of words between
    punctuation, with its own casing transfer."""
    run = re.compile(r"[A-Za-z][A-Za-z ]*[A-Za-z]|[A-Za-z]")

    def fix(match: re.Match) -> str:
        phrase = match.group(0)
        suggestions = sym_spell.lookup_compound(phrase, max_edit_distance=2, transfer_casing=True)
        return suggestions[0].term if suggestions else phrase

    return lambda text: run.sub(fix, text)


def aligned_positions(clean: str, output: str) -> set[int]:
    """Positions of clean words that come out unchanged."""
    expected, got = clean.split(), output.split()
    matcher = difflib.SequenceMatcher(a=expected, b=got, autojunk=False)
    kept = set()
    for block in matcher.get_matching_blocks():
        kept.update(range(block.a, block.a + block.size))
    return kept


def words(text: str) -> list[str]:
    """The words of a version, without case or punctuation: what a reader would call its words."""
    return WORD_WITH_APOSTROPHE.findall(text.lower())


def wrong_words(clean: str, output: str) -> int:
    """Clean words missing from the output, plus extra output words, after alignment."""
    expected, got = words(clean), words(output)
    matcher = difflib.SequenceMatcher(a=expected, b=got, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return (len(expected) - matched) + (len(got) - matched)


def changed_correct_words(clean: str, output: str, mistyped: set[int]) -> int:
    """Correctly typed words (by position in the clean text) that the output does not keep."""
    expected, got = words(clean), words(output)
    matcher = difflib.SequenceMatcher(a=expected, b=got, autojunk=False)
    kept = set()
    for block in matcher.get_matching_blocks():
        kept.update(range(block.a, block.a + block.size))
    # Positions count words split at spaces; `words` splits the same text the same way here,
    # as the corpus's sentences have no hyphens or numbers inside words.
    return sum(1 for position in range(len(expected)) if position not in mistyped and position not in kept)


def storykit_versions(text: str) -> list[dict]:
    return storykit.correct_offline(text)["variations"]


def time_correctors(correctors: dict, inputs: list[str], rounds: int) -> tuple[dict, dict]:
    """Each corrector's outputs (first round) and times per call, interleaved round by round."""
    outputs = {name: [] for name in correctors}
    times = {name: [] for name in correctors}
    for text in inputs:
        for round_index in range(rounds):
            for name, correct in correctors.items():
                start = time.perf_counter_ns()
                output = correct(text)
                times[name].append((time.perf_counter_ns() - start) / 1e6)
                if round_index == 0:
                    outputs[name].append(output)
    return outputs, times


# Figures kept for the charts (--chart DIR): set → corrector → share of mistyped words fixed.
CHARTED: dict[str, dict[str, float]] = {}


def report_accuracy(title: str, cases: list[dict], outputs: dict, times: dict | None, chart: str | None = None) -> None:
    mistyped_total = sum(len(case["mistyped"]) for case in cases)
    clean_total = sum(len(case["clean"].split()) for case in cases) - mistyped_total
    print(f"\n{title}: {len(cases)} sentences, {mistyped_total} mistyped words, {clean_total} correctly typed words")
    print(f"{'corrector':<28} {'exact':>7} {'fixed':>7} {'damaged':>8}" + (f" {'median ms':>10}" if times else ""))
    for name, got in outputs.items():
        exact = fixed = damaged = 0
        for case, output in zip(cases, got):
            exact += output == case["clean"]
            kept = aligned_positions(case["clean"], output)
            mistyped = set(case["mistyped"])
            fixed += len(mistyped & kept)
            damaged += sum(1 for position in range(len(case["clean"].split())) if position not in mistyped and position not in kept)
        line = f"{name:<28} {exact / len(cases):>7.1%} {fixed / max(mistyped_total, 1):>7.1%} {damaged / max(clean_total, 1):>8.2%}"
        if chart and name != "StoryKit, language told from text":
            CHARTED.setdefault(chart, {})[name.split(" (")[0]] = 100 * fixed / max(mistyped_total, 1)
        print(line + (f" {statistics.median(times[name]):>10.3f}" if times else ""))


def report_versions(title: str, cases: list[dict], versions: list[list[dict]], peers: dict) -> None:
    """What StoryKit's versions offer a writer who taps one, beside a peer's single answer."""
    print(f"\n{title}: the versions offered (words compared without case or punctuation)")
    print(f"{'':<28} {'intended offered':>16} {'versions':>9} {'refined worse':>14} "
          f"{'changed: direct':>16} {'refined':>8} {'altern.':>8}")
    offered = refined_worse = 0
    changed = {"direct": 0, "refined": 0, "alternative": 0}
    clean_words = sum(len(case["clean"].split()) - len(case["mistyped"]) for case in cases)
    count = 0
    for case, variations in zip(cases, versions):
        by_kind = {variation["kind"]: variation["text"] for variation in variations}
        by_kind.setdefault("refined", by_kind["direct"])
        count += len(variations)
        offered += any(words(text) == words(case["clean"]) for text in by_kind.values())
        refined_worse += wrong_words(case["clean"], by_kind["refined"]) > wrong_words(case["clean"], by_kind["direct"])
        for kind in changed:
            if kind in by_kind:
                changed[kind] += changed_correct_words(case["clean"], by_kind[kind], set(case["mistyped"]))
    print(f"{'StoryKit offline':<28} {offered / len(cases):>16.1%} {count / len(cases):>9.2f} {refined_worse / len(cases):>14.1%} "
          f"{changed['direct'] / clean_words:>16.2%} {changed['refined'] / clean_words:>8.2%} {changed['alternative'] / clean_words:>8.2%}")
    for name, got in peers.items():
        hit = sum(words(output) == words(case["clean"]) for case, output in zip(cases, got))
        damaged = sum(changed_correct_words(case["clean"], output, set(case["mistyped"])) for case, output in zip(cases, got))
        print(f"{name:<28} {hit / len(cases):>16.1%} {1:>9.2f} {'-':>14} {damaged / clean_words:>16.2%}")


def report_clean_run(sentences: list[str], correctors: dict) -> None:
    """Correct input: how often each version changes a word."""
    versions = [storykit_versions(sentence) for sentence in sentences]
    print(f"\nClean sentences (Tests/Fixtures/Correction/clean-sentences.txt): {len(sentences)} correctly typed sentences; "
          "share of sentences where a version changes a word")
    for kind in ("direct", "refined", "alternative"):
        changed = offered = 0
        examples = []
        for sentence, variations in zip(sentences, versions):
            text = next((variation["text"] for variation in variations if variation["kind"] == kind), None)
            if text is None:
                continue
            offered += 1
            if words(text) != words(sentence):
                changed += 1
                examples.append(f"{sentence} -> {text}")
        print(f"  StoryKit {kind:<12} offered {offered:>3}, changes a word in {changed:>3} ({changed / len(sentences):.1%})"
              + (f"; e.g. {examples[0]}" if examples else ""))
    for name, correct in correctors.items():
        changed = sum(words(correct(sentence)) != words(sentence) for sentence in sentences)
        print(f"  {name:<21} changes a word in {changed:>3} ({changed / len(sentences):.1%})")


def report_rare_words(correctors: dict) -> None:
    """Correctly spelt rare words, typed alone: how many each corrector changes."""
    rare_words = [line for line in RARE_WORDS.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    print(f"\nRare words (Tests/Fixtures/Correction/rare-words.txt): {len(rare_words)} correctly spelt words typed alone; share changed")
    for name, correct in correctors.items():
        changed = [word for word in rare_words if correct(word) != word]
        print(f"  {name:<28} {len(changed) / len(rare_words):>6.1%}" + (f"; e.g. {changed[0]} -> {correct(changed[0])}" if changed else ""))


def report_names(correctors: dict) -> None:
    """Sentences with names, brands and mixed-case words: how many each corrector changes."""
    sentences = [line for line in NAMES.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    print(f"\nNames (Tests/Fixtures/Correction/names.txt): {len(sentences)} correctly typed sentences with names, "
          "brands and mixed-case words; sentences changed (exactly, case included), tuning half / held-out half")
    refined = [next((v["text"] for v in storykit_versions(s) if v["kind"] == "refined"), None) for s in sentences]
    for name, correct in correctors.items():
        outputs = [correct(sentence) for sentence in sentences]
        halves = [sum(outputs[i] != sentences[i] for i in range(parity, len(sentences), 2)) for parity in (0, 1)]
        changed = [f"{sentences[i]} -> {outputs[i]}" for i in range(len(sentences)) if outputs[i] != sentences[i]]
        print(f"  {name:<28} {halves[0]:>3} / {halves[1]:>3}" + (f"; e.g. {changed[0]}" if changed else ""))
    halves = [sum(refined[i] not in (None, sentences[i]) for i in range(parity, len(sentences), 2)) for parity in (0, 1)]
    print(f"  {'StoryKit refined':<28} {halves[0]:>3} / {halves[1]:>3}")


def misspelling_cases(held_out: bool) -> list[dict]:
    cases = json.loads(MISSPELLINGS.read_text(encoding="utf-8"))["cases"]
    return [{"clean": case["intended"], "typed": case["typed"], "mistyped": [0]} for case in cases if case["heldOut"] == held_out]


def report_other_languages(peers: dict) -> None:
    """Sentences in other languages: those StoryKit has no word list for (Polish, Japanese,
    Russian) should come back as typed; the others should be read as their language, as when
    the caller names it."""
    rows = [line.split("\t", 2) for line in OTHER_LANGUAGES.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    print(f"\nOther languages ({OTHER_LANGUAGES.relative_to(HERE.parents[1])})")
    for split in ("seen", "held-out"):
        chosen = [row for row in rows if row[1] == split and row[0] in UNREAD_LANGUAGES]
        line = f"  {split:<9} {len(chosen):3} sentences without a word list, returned as typed: StoryKit {sum(storykit_direct(row[2]) == row[2] for row in chosen):3}"
        for name, correct in peers.items():
            line += f", {name} {sum(correct(row[2]) == row[2] for row in chosen)}"
        print(line)
        chosen = [row for row in rows if row[1] == split and row[0] not in UNREAD_LANGUAGES]
        told = sum(storykit_direct(row[2]) == storykit.correct_offline(row[2], language=row[0])["variations"][0]["text"] for row in chosen)
        print(f"  {split:<9} {len(chosen):3} sentences with a word list, read as their language without being told: StoryKit {told:3}")


def report_languages(rounds: int) -> None:
    """Spanish, French, German, Italian, Portuguese and Dutch: StoryKit told the language against
    pyspellchecker in that language, on each language's tremor corpus, and correct sentences."""
    corpora = json.loads(LANGUAGE_CORPORA.read_text(encoding="utf-8"))["languages"]
    print(f"\nOther languages ({LANGUAGE_CORPORA.relative_to(HERE.parents[1])}); first half tuning, second half held out")
    for code, corpus in corpora.items():
        cases = corpus["cases"]
        storykit.correct_offline("warm up", language=code)
        correctors = {
            f"StoryKit offline ({code})": lambda text, code=code: storykit.correct_offline(text, language=code)["variations"][0]["text"],
            "StoryKit, language told from text": storykit_direct,
            f"pyspellchecker 0.9.1 ({code})": pyspellchecker_corrector(code),
        }
        outputs, times = time_correctors(correctors, [case["typed"] for case in cases], rounds)
        half = len(cases) // 2
        report_accuracy(f"{code} ({corpus['layout']}), all", cases, outputs, times)
        report_accuracy(f"{code}, held-out half", cases[half:], {name: got[half:] for name, got in outputs.items()}, None,
                        chart=code)
        changed = {"direct": 0, "refined": 0, "alternative": 0}
        for case in cases:
            for version in storykit.correct_offline(case["clean"], language=code)["variations"]:
                changed[version["kind"]] += words(version["text"]) != words(case["clean"])
        print(f"  correct sentences changed by StoryKit: direct {changed['direct']}, refined {changed['refined']}, "
              f"alternative {changed['alternative']} of {len(cases)}")


FITTING_SET = HERE.parents[1] / ".build" / "fitting-sets" / "en.json"
# Words fixed per slip class on the generated test split, per corrector, for the chart.
FITTING_CHART: dict[str, dict[str, float]] = {}


def fitting_evaluator():
    """scripts/evaluate-fitting-set.py, loaded as a module (its name has hyphens)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("evaluate_fitting_set", HERE.parents[1] / "scripts" / "evaluate-fitting-set.py")
    evaluator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(evaluator)
    return evaluator


def report_fitting_set(correctors: dict, sentences: int) -> None:
    """The generated English sets (scripts/generate-fitting-sets.py), when generated: the first
    `sentences` of the test split (never chosen on), per slip class, every corrector side by
    side; and StoryKit on each split. Skipped, saying why, when the sets are not there."""
    if not FITTING_SET.is_file():
        print(f"\nGenerated fitting sets: skipped, {FITTING_SET.relative_to(HERE.parents[1])} is missing "
              "(python3 scripts/generate-fitting-sets.py --sources MIRRORS makes it)")
        return
    evaluator = fitting_evaluator()
    splits = json.loads(FITTING_SET.read_text("utf-8"))["splits"]
    print("\nGenerated fitting sets (the project's own simulated slips on sentences of Tatoeba, Grade School Math "
          "and Common Voice), StoryKit, each split:")
    listed = evaluator.listed_words("en")
    for split in ("train", "dev", "test"):
        print(evaluator.report(FITTING_SET.name, split, evaluator.evaluate(splits[split], storykit_direct, listed=listed)))
    cases = splits["test"][:sentences]
    print(f"\nThe test split's first {len(cases)} sentences, every corrector (words fixed per slip class; damage):")
    table = {name: evaluator.evaluate(cases, correct) for name, correct in correctors.items()}
    kinds = sorted(next(iter(table.values()))["slipped"])
    FITTING_CHART.update({kind: {name: 100 * figures["fixed"].get(kind, 0) / figures["slipped"][kind]
                                 for name, figures in table.items()} for kind in kinds})
    print(f"  {'corrector':<28} {'exact':>6} {'damaged':>8} " + " ".join(f"{kind:>11}" for kind in kinds))
    for name, figures in table.items():
        cells = " ".join(f"{100 * figures['fixed'].get(kind, 0) / figures['slipped'][kind]:10.1f}%" for kind in kinds)
        print(f"  {name:<28} {100 * figures['exact'] / figures['sentences']:5.1f}% "
              f"{100 * figures['damaged'] / figures['cleanWords']:7.2f}% {cells}")


# Words fixed on each language's generated test split, per corrector, for the chart.
LANGUAGE_FITTING_CHART: dict[str, dict[str, float]] = {}


def report_language_fitting_sets(sentences: int) -> None:
    """The other languages' generated sets (generate-fitting-sets.py --language CODE), when
    generated: StoryKit told the language on development and test per slip class, and the
    test split's first `sentences` against pyspellchecker in that language."""
    evaluator = fitting_evaluator()
    for code in ("es", "fr", "de", "it", "pt", "nl"):
        path = FITTING_SET.with_name(f"{code}.json")
        if not path.is_file():
            print(f"\nGenerated {code} sets: skipped, {path.relative_to(HERE.parents[1])} is missing "
                  f"(python3 scripts/generate-fitting-sets.py --sources MIRRORS --language {code} makes it)")
            continue
        splits = json.loads(path.read_text("utf-8"))["splits"]
        told = lambda text, code=code: storykit.correct_offline(text, language=code)["variations"][0]["text"]
        print(f"\nGenerated {code} sets (the project's own simulated slips on Common Voice sentences), StoryKit told {code}:")
        for split in ("dev", "test"):
            print(evaluator.report(path.name, split, evaluator.evaluate(splits[split], told)))
        cases = splits["test"][:sentences]
        table = {f"StoryKit offline ({code})": evaluator.evaluate(cases, told),
                 f"pyspellchecker 0.9.1 ({code})": evaluator.evaluate(cases, pyspellchecker_corrector(code))}
        kinds = sorted(next(iter(table.values()))["slipped"])
        print(f"  test split's first {len(cases)} sentences: {'corrector':<26} {'exact':>6} {'damaged':>8} {'fixed':>6} "
              + " ".join(f"{kind:>11}" for kind in kinds))
        for name, figures in table.items():
            fixed = 100 * sum(figures["fixed"].values()) / max(sum(figures["slipped"].values()), 1)
            LANGUAGE_FITTING_CHART.setdefault(code, {})["StoryKit offline" if "StoryKit" in name else "pyspellchecker 0.9.1"] = fixed
            cells = " ".join(f"{100 * figures['fixed'].get(kind, 0) / figures['slipped'][kind]:10.1f}%" for kind in kinds)
            print(f"  {'':<36} {name:<26} {100 * figures['exact'] / figures['sentences']:5.1f}% "
                  f"{100 * figures['damaged'] / figures['cleanWords']:7.2f}% {fixed:5.1f}% {cells}")


def draw_charts(folder: Path, rounds: int) -> None:
    """The held-out halves' mistyped words fixed, per corrector: English, then the other languages."""
    import bench_charts
    folder.mkdir(parents=True, exist_ok=True)
    command = f"python3 Examples/python/bench_correction.py {rounds} --chart {folder}"
    english = ["tremor", "real misspellings"]
    names = list(CHARTED["tremor"])
    bench_charts.render(folder / "correction-english.png", "English: mistyped words fixed, held-out halves (tremor: the project's own simulated slips; misspellings: real)",
                        english, {name: [CHARTED[group].get(name, 0) for group in english] for name in names}, "%", command)
    languages = [code for code in CHARTED if code not in english]
    names = list(CHARTED[languages[0]])
    bench_charts.render(folder / "correction-languages.png", "Other languages: mistyped words fixed, held-out halves of the project's own simulated slips",
                        languages, {name: [CHARTED[code].get(name, 0) for code in languages] for name in names}, "%", command)
    charts = (("correction-fitting-test.png", FITTING_CHART,
               "English, generated test split (the project's own simulated slips): words fixed per slip class"),
              ("correction-languages-fitting-test.png", LANGUAGE_FITTING_CHART,
               "Other languages, generated test splits (the project's own simulated slips): mistyped words fixed"))
    for file, table, title in charts:
        if table:
            groups = list(table)
            names = list(table[groups[0]])
            bench_charts.render(folder / file, title, groups,
                                {name: [table[group][name] for group in groups] for name in names}, "%", command)


def main() -> None:
    rounds = next((int(argument) for argument in sys.argv[1:] if argument.isdigit()), 3)
    cases = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]

    start = time.perf_counter()
    storykit_direct("warm up")
    print(f"StoryKit first call (loads the library and the word list): {(time.perf_counter() - start) * 1000:.1f} ms")
    sym_spell = symspell_dictionary()
    correctors = {
        "StoryKit offline": storykit_direct,
        "pyspellchecker 0.9.1": pyspellchecker_corrector(),
        "symspellpy lookup": symspell_lookup_corrector(sym_spell),
        "symspellpy lookup_compound": symspell_compound_corrector(sym_spell),
    }
    peers = {name: correct for name, correct in correctors.items() if name != "StoryKit offline"}

    outputs, times = time_correctors(correctors, [case["typed"] for case in cases], rounds)
    print(f"{rounds} rounds; the tremor corpus's even-numbered sentences were used for tuning, the odd-numbered are held out")
    report_accuracy("Tremor corpus, all (simulated slips)", cases, outputs, times)
    for label, parity in (("tuning half", 0), ("held-out half", 1)):
        half = [index for index in range(len(cases)) if index % 2 == parity]
        report_accuracy(f"Tremor corpus, {label}", [cases[index] for index in half],
                        {name: [got[index] for index in half] for name, got in outputs.items()}, None,
                        chart="tremor" if parity == 1 else None)
    versions = [storykit_versions(case["typed"]) for case in cases]
    report_versions("Tremor corpus, all", cases, versions, {name: outputs[name] for name in peers})

    for label, held_out in (("tuning half", False), ("held-out half", True)):
        real = misspelling_cases(held_out)
        real_outputs, _ = time_correctors(correctors, [case["typed"] for case in real], 1)
        report_accuracy(f"Real misspellings (Tests/Fixtures/Correction/real-misspellings.json), {label}", real, real_outputs, None,
                        chart="real misspellings" if held_out else None)

    sentences = [line for line in CLEAN.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    report_clean_run(sentences, peers)
    report_rare_words(correctors)
    report_names(correctors)
    report_other_languages(peers)
    report_languages(rounds)
    report_fitting_set(correctors, 2000)
    report_language_fitting_sets(1000)

    if "--chart" in sys.argv:
        draw_charts(Path(sys.argv[sys.argv.index("--chart") + 1]), rounds)

    if "-v" in sys.argv:
        for case, output, variations in zip(cases, outputs["StoryKit offline"], versions):
            if output != case["clean"] or len(variations) == 3:
                print(f"\n  typed: {case['typed']}\n  clean: {case['clean']}")
                for variation in variations:
                    print(f"  {variation['kind']:<12} {variation['text']}")


if __name__ == "__main__":
    main()
