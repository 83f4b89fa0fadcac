"""The offline corrector's first use in a fresh process, against what a user would otherwise
load: how long the first correction takes and how much memory it adds, per language, for
StoryKit, the design before language packs, pyspellchecker and symspellpy.

    python3 Examples/python/bench_load.py [--rounds N] [--chart DIR] [NEW.so [BEFORE.so]]

NEW defaults to the library scripts/build-library.sh builds. BEFORE is a build of the design
before packs (commit 20b4a33^, whose word lists were Swift string literals parsed by every
process): `git worktree add /tmp/before 20b4a33^ && (cd /tmp/before && scripts/build-library.sh)`.
The peers, pyspellchecker 0.9.1 (its dictionary for each language) and symspellpy 6.10.1 (its
English dictionary of 82,765 words and 243,342 bigrams; English only), are installed from PyPI
into Examples/python/.venv-bench-correction. Every subject runs every scenario it can, each run
in a process of its own, subjects interleaved, and the medians are shown side by side. Linux
only: memory comes from /proc/self/smaps_rollup (Rss; Anonymous, the memory the process holds
of its own, which a just-built library's dirty page-cache pages do not inflate as
Private_Dirty would), measured from before the library or module is loaded to after the first
correction.

Scenarios: the first sentence in each language (language named); all seven languages one
after another; "teh teh teh" (StoryKit tells the language from the text) and 10 KB of mistyped
English (word by word for the peers; pyspellchecker is not run on it: minutes per run). Then
the size of each pack the library embeds. With --chart, the times and private memory go
to DIR/load-time.png and DIR/load-memory.png with their figures as JSON beside them
(bench_charts.py; the RSS added is kept in the JSON too), which the README's tables quote and
scripts/check-readme-figures.py checks.
"""

import ctypes
import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_LIBRARY = ROOT / ".build" / "release" / "libstorykit.so"
SENTENCES = {
    "en": "the little dog ran acros the feild to find his frend",
    "es": "mañana vamos a la plaza con mis amigos y comemos helado",
    "fr": "le petit chat dort sur le canapé pendant que il pleut dehors",
    "de": "der kleine Hund läuft über die Wiese und sucht seinen Freund",
    "it": "il piccolo cane corre nel prato e cerca il suo amico",
    "pt": "o pequeno cachorro corre no campo e procura o seu amigo",
    "nl": "de kleine hond rent over het veld en zoekt zijn vriend",
}


def typo_text(size: int) -> str:
    """About `size` bytes of English with a slip in most words (fixed seed)."""
    words = "the quick brown fox jumps over a lazy dog while children play in the garden after school".split()
    generator = random.Random(7)
    out: list[str] = []
    while sum(len(word) + 1 for word in out) < size - 20:
        word = generator.choice(words)
        if len(word) > 2 and generator.random() < 0.7:
            position = generator.randrange(len(word) - 1)
            word = word[:position] + word[position + 1] + word[position] + word[position + 2:]
        out.append(word)
    return " ".join(out)


SCENARIOS = {
    "first en": [("en", SENTENCES["en"])],
    **{f"first {code}": [(code, SENTENCES[code])] for code in ("es", "fr", "de", "it", "pt", "nl")},
    "all seven": [(code, SENTENCES[code]) for code in SENTENCES],
    "teh teh teh": [(None, "teh teh teh")],
    "10 KB of typos": [(None, typo_text(9_900))],
}


PEER_VENV = Path(__file__).resolve().parent / ".venv-bench-correction"
PEERS = ["pyspellchecker==0.9.1", "symspellpy==6.10.1"]
WORD = re.compile(r"[^\W\d_]+")
SUBJECTS = {
    "new": "StoryKit",
    "before": "StoryKit before packs",
    "pyspellchecker": "pyspellchecker 0.9.1",
    "symspellpy": "symspellpy 6.10.1",
}


def memory() -> dict[str, int]:
    fields = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return {"rss": fields["Rss"], "dirty": fields["Anonymous"]}


def runs_scenario(subject: str, scenario: str) -> bool:
    if subject == "symspellpy":
        return scenario in ("first en", "teh teh teh", "10 KB of typos")
    if subject == "pyspellchecker":
        return scenario != "10 KB of typos"
    return True


def storykit_corrector(library: str):
    lib = ctypes.CDLL(library)
    lib.storykit_correct_offline.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    lib.storykit_correct_offline.restype = ctypes.c_int
    lib.storykit_string_free.argtypes = [ctypes.c_void_p]

    def correct(language, text):
        data = text.encode()
        options = json.dumps({"language": language}).encode() if language else None
        out = ctypes.c_void_p()
        status = lib.storykit_correct_offline(ctypes.byref(out), data, len(data), options)
        if status != 0:
            raise SystemExit(f"storykit_correct_offline returned {status}")
        lib.storykit_string_free(out)

    return correct


def pyspellchecker_corrector():
    from spellchecker import SpellChecker

    checkers = {}

    def correct(language, text):
        checker = checkers.setdefault(language or "en", SpellChecker(language=language or "en"))
        for word in WORD.findall(text.lower()):
            if word not in checker:
                checker.correction(word)

    return correct


def symspellpy_corrector():
    from importlib.resources import files
    from symspellpy import SymSpell, Verbosity

    sym_spell = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    sym_spell.load_dictionary(str(files("symspellpy") / "frequency_dictionary_en_82_765.txt"), 0, 1)
    sym_spell.load_bigram_dictionary(str(files("symspellpy") / "frequency_bigramdictionary_en_243_342.txt"), 0, 2)

    def correct(language, text):
        for word in WORD.findall(text.lower()):
            sym_spell.lookup(word, Verbosity.TOP, max_edit_distance=2)

    return correct


def child(subject: str, library: str, scenario: str) -> None:
    """Runs one scenario in this fresh process and prints its figures as JSON."""
    before = memory()
    start = time.perf_counter()
    if subject in ("new", "before"):
        correct = storykit_corrector(library)
    elif subject == "pyspellchecker":
        correct = pyspellchecker_corrector()
    else:
        correct = symspellpy_corrector()
    for language, text in SCENARIOS[scenario]:
        correct(language, text)
    elapsed = time.perf_counter() - start
    after = memory()
    print(json.dumps({"ms": elapsed * 1000, "rss": after["rss"] - before["rss"], "dirty": after["dirty"] - before["dirty"]}))


def run(subject: str, library: Path | None, scenario: str) -> dict:
    result = subprocess.run([sys.executable, __file__, "--child", subject, str(library or ""), scenario],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["--child"]:
        child(arguments[1], arguments[2], arguments[3])
        return
    rounds = 5
    chart: Path | None = None
    if "--chart" in arguments:
        at = arguments.index("--chart")
        if at + 1 >= len(arguments):
            raise SystemExit("bench_load.py: --chart needs a folder")
        chart, arguments = Path(arguments[at + 1]), arguments[:at] + arguments[at + 2:]
    if arguments[:1] == ["--rounds"]:
        if len(arguments) < 2 or not arguments[1].isdigit() or int(arguments[1]) < 1:
            raise SystemExit("bench_load.py: --rounds needs a whole number of at least 1")
        rounds, arguments = int(arguments[1]), arguments[2:]
    libraries = [Path(argument) for argument in arguments] or [DEFAULT_LIBRARY]
    if len(libraries) > 2:
        raise SystemExit("bench_load.py: at most two libraries (NEW.so BEFORE.so)")
    for library in libraries:
        if not library.is_file():
            raise SystemExit(f"bench_load.py: no library at {library} (run scripts/build-library.sh)")
    # The caption names the libraries by role: a machine's paths say nothing to a reader.
    command = "python3 Examples/python/bench_load.py --rounds " + str(rounds) + (f" --chart {chart}" if chart else "") \
        + " " + " ".join(["NEW.so", "BEFORE.so"][:len(libraries)])
    subjects = {"new": libraries[0], **({"before": libraries[1]} if len(libraries) == 2 else {}),
                "pyspellchecker": None, "symspellpy": None}
    print(f"{rounds} rounds, each in a fresh process; medians. ms: time of the calls; "
          "RSS and private (anonymous) memory: MiB added by them")
    print(f"{'scenario':<16}" + "".join(f"{SUBJECTS[name]:>34}" for name in subjects))
    charted = {key: {SUBJECTS[name]: [] for name in subjects} for key in ("ms", "dirty", "rss")}
    for scenario in SCENARIOS:
        figures: dict[str, list[dict]] = {name: [] for name in subjects if runs_scenario(name, scenario)}
        for round_number in range(rounds):
            order = list(figures)
            if round_number % 2:
                order.reverse()
            for name in order:
                figures[name].append(run(name, subjects[name], scenario))
        line = f"{scenario:<16}"
        for name in subjects:
            if name not in figures:
                line += f"{'—':>34}"
                for key in charted:
                    charted[key][SUBJECTS[name]].append(None)
                continue
            medians = {key: statistics.median(item[key] for item in figures[name]) for key in ("ms", "rss", "dirty")}
            line += f"{medians['ms']:>12.1f} ms{medians['rss'] / 1024:>9.1f}{medians['dirty'] / 1024:>9.1f} MiB"
            charted["ms"][SUBJECTS[name]].append(round(medians["ms"], 3))
            charted["dirty"][SUBJECTS[name]].append(round(medians["dirty"] / 1024, 3))
            charted["rss"][SUBJECTS[name]].append(round(medians["rss"] / 1024, 3))
        print(line, flush=True)
    print("\npacks embedded (bytes):")
    total = 0
    for pack in sorted(ROOT.glob("Sources/StoryKit*Data/*.skpack")):
        total += pack.stat().st_size
        print(f"  {pack.name:<12}{pack.stat().st_size:>12,}")
    print(f"  {'all':<12}{total:>12,}")
    if chart:
        import bench_charts
        chart.mkdir(parents=True, exist_ok=True)
        groups = [scenario.replace("first ", "") for scenario in SCENARIOS]
        extra = {"rssMiB": charted["rss"]}
        bench_charts.render(chart / "load-time.png", "First correction in a fresh process, time (load included)",
                            groups, charted["ms"], "ms", command, higher_is_better=False, logarithmic=True, extra=extra)
        bench_charts.render(chart / "load-memory.png", "First correction in a fresh process, private memory added",
                            groups, charted["dirty"], "MiB", command, higher_is_better=False, logarithmic=True,
                            extra=extra)


if __name__ == "__main__":
    if sys.argv[1:2] != ["--child"]:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import bench_environment
        bench_environment.ensure(__file__, PEER_VENV, PEERS)
    main(sys.argv[1:])
