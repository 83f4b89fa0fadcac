"""The offline corrector's time per sentence in a warm process, for one build or two side by
side: the figure a change to the corrector is judged by, against the build before it.

    python3 Examples/python/bench_sentence_time.py [--runs N] [--passes K] [NEW.so [BEFORE.so]]

NEW defaults to the library scripts/build-library.sh builds; BEFORE is any other build of it
(a worktree of the last landed commit, built the same way). The sentences are the typed ones of
the tremor corpus (Tests/Fixtures/Correction/tremor-corpus.json, English, 162) and of the
language corpora (language-corpora.json, 60 per language, each with its language named). Each
run is a process of its own: it loads the library, corrects every sentence once so that the
packs and caches are read before the clock starts, then corrects them all K times (default 5)
and reports the mean time per sentence. Runs of the two builds alternate, N of each (default
9), so a slow moment on a shared machine falls on both; the medians are shown side by side,
with their ratio. The time includes the call through ctypes (bench_load.py's, which writes each
call's options as JSON), the same for both builds.
"""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_LIBRARY = ROOT / ".build" / "release" / "libstorykit.so"
FIXTURES = ROOT / "Tests" / "Fixtures" / "Correction"
USAGE = "usage: bench_sentence_time.py [--runs N] [--passes K] [NEW.so [BEFORE.so]]"


def sentences() -> dict[str, list[str]]:
    """The typed sentences by language: English's tremor corpus, then each language corpus."""
    tremor = json.loads((FIXTURES / "tremor-corpus.json").read_text(encoding="utf-8"))
    corpora = json.loads((FIXTURES / "language-corpora.json").read_text(encoding="utf-8"))
    found = {"en": [case["typed"] for case in tremor["cases"]]}
    for language, corpus in corpora["languages"].items():
        found[language] = [case["typed"] for case in corpus["cases"]]
    return found


def child(library: str, passes: int) -> None:
    """Times the sentences in this fresh process; prints ms per sentence by language as JSON."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_load import storykit_corrector

    correct = storykit_corrector(library)
    by_language = sentences()
    calls = [(language, text) for language, texts in by_language.items() for text in texts]
    for language, text in calls:
        correct(language, text)
    totals = dict.fromkeys(by_language, 0)
    counts = dict.fromkeys(by_language, 0)
    for _ in range(passes):
        for language, text in calls:
            start = time.perf_counter_ns()
            correct(language, text)
            totals[language] += time.perf_counter_ns() - start
            counts[language] += 1
    figures = {language: totals[language] / counts[language] / 1e6 for language in totals}
    figures["all"] = sum(totals.values()) / sum(counts.values()) / 1e6
    print(json.dumps(figures))


def run(library: Path, passes: int) -> dict[str, float]:
    result = subprocess.run([sys.executable, __file__, "--child", str(library), str(passes)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"bench_sentence_time.py: the run of {library} failed: {result.stderr.strip()}")
    return json.loads(result.stdout)


def whole_number(arguments: list[str], flag: str) -> tuple[int | None, list[str]]:
    """The value of `flag` (a whole number of at least 1) and the arguments without it."""
    if flag not in arguments:
        return None, arguments
    at = arguments.index(flag)
    if at + 1 >= len(arguments) or not arguments[at + 1].isdigit() or int(arguments[at + 1]) < 1:
        raise SystemExit(f"bench_sentence_time.py: {flag} needs a whole number of at least 1\n{USAGE}")
    return int(arguments[at + 1]), arguments[:at] + arguments[at + 2:]


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["--child"]:
        child(arguments[1], int(arguments[2]))
        return
    runs, arguments = whole_number(arguments, "--runs")
    passes, arguments = whole_number(arguments, "--passes")
    runs, passes = runs or 9, passes or 5
    unknown = [argument for argument in arguments if argument.startswith("-")]
    if unknown:
        raise SystemExit(f"bench_sentence_time.py: unknown option {unknown[0]}\n{USAGE}")
    libraries = [Path(argument) for argument in arguments] or [DEFAULT_LIBRARY]
    if len(libraries) > 2:
        raise SystemExit(f"bench_sentence_time.py: at most two libraries (NEW.so BEFORE.so)\n{USAGE}")
    for library in libraries:
        if not library.is_file():
            raise SystemExit(f"bench_sentence_time.py: no library at {library} (run scripts/build-library.sh)")
    names = ["NEW", "BEFORE"][:len(libraries)]
    figures: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    for number in range(runs):
        order = names if number % 2 == 0 else names[::-1]
        for name in order:
            figures[name].append(run(libraries[names.index(name)], passes))
    print(f"{runs} runs of each build, alternating, each a fresh process correcting every sentence {passes} "
          "times after one pass to warm up; medians of the runs' mean ms per sentence")
    print(f"{'sentences':<12}" + "".join(f"{name:>12}" for name in names) + ("  NEW / BEFORE" if len(names) == 2 else ""))
    for key in figures[names[0]][0]:
        medians = [statistics.median(run_figures[key] for run_figures in figures[name]) for name in names]
        line = f"{key:<12}" + "".join(f"{median:>9.3f} ms" for median in medians)
        if len(medians) == 2:
            line += f"{medians[0] / medians[1]:>14.2f}"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
