"""The offline corrector's first use in a fresh process: how long the first correction takes
and how much memory it adds, per language, for two builds of libstorykit.so side by side.

    python3 Examples/python/bench_load.py [--rounds N] [--chart DIR] [NEW.so [OLD.so]]

NEW defaults to the library scripts/build-library.sh builds; with OLD as well, every
scenario runs for both, interleaved (new, old, old, new, ...), each in a process of its own,
and the table shows the medians side by side with their ratio. Linux only: memory comes from
/proc/self/smaps_rollup (Rss, Private_Dirty) before and after the calls measured.

Scenarios: the first English sentence (language named); the first sentence in each other
pack (language named); all seven languages one after another; "teh teh teh" and 10 KB of
mistyped English with the language told from the text (whatever packs the telling consults).
Then the size of each pack the library embeds (Sources/StoryKit*Data/*.skpack). With --chart,
the first-use times and private dirty memory also go to DIR/load-time.png and
DIR/load-memory.png (bench_charts.py).
"""

import ctypes
import json
import random
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


def memory() -> dict[str, int]:
    fields = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return {"rss": fields["Rss"], "dirty": fields["Private_Dirty"]}


def child(library: str, scenario: str) -> None:
    """Runs one scenario in this fresh process and prints its figures as JSON."""
    lib = ctypes.CDLL(library)
    lib.storykit_correct_offline.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    lib.storykit_correct_offline.restype = ctypes.c_int
    lib.storykit_string_free.argtypes = [ctypes.c_void_p]
    # Run code that is not the corrector's first (the Swift runtime, the JSON writer), so that
    # the figures are the corrector's own.
    lib.storykit_json_format.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    out = ctypes.c_void_p()
    warm_up = b'{"variations":[{"text":"a","kind":"direct"}],"issues":[]}'
    if lib.storykit_json_format(ctypes.byref(out), warm_up, len(warm_up), None) == 0:
        lib.storykit_string_free(out)
    before = memory()
    start = time.perf_counter()
    for language, text in SCENARIOS[scenario]:
        data = text.encode()
        options = json.dumps({"language": language}).encode() if language else None
        status = lib.storykit_correct_offline(ctypes.byref(out), data, len(data), options)
        if status != 0:
            raise SystemExit(f"storykit_correct_offline returned {status} for {scenario}")
        lib.storykit_string_free(out)
    elapsed = time.perf_counter() - start
    after = memory()
    print(json.dumps({"ms": elapsed * 1000, "rss": after["rss"] - before["rss"], "dirty": after["dirty"] - before["dirty"]}))


def run(library: Path, scenario: str) -> dict:
    result = subprocess.run([sys.executable, __file__, "--child", str(library), scenario], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["--child"]:
        child(arguments[1], arguments[2])
        return
    command = "python3 Examples/python/bench_load.py " + " ".join(arguments)
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
        raise SystemExit("bench_load.py: at most two libraries (new, old)")
    for library in libraries:
        if not library.is_file():
            raise SystemExit(f"bench_load.py: no library at {library} (run scripts/build-library.sh)")
    names = ["new", "old"][:len(libraries)]
    print(f"{rounds} rounds, each in a fresh process; medians. ms: time of the calls; "
          "RSS and private dirty: KiB added by them")
    header = f"{'scenario':<16}" + "".join(f"{name + ' ms':>10}{name + ' RSS':>11}{name + ' dirty':>12}" for name in names)
    print(header + ("   ms ratio" if len(libraries) == 2 else ""))
    charted: dict[str, dict[str, list[float]]] = {"ms": {name: [] for name in names}, "dirty": {name: [] for name in names}}
    for scenario in SCENARIOS:
        figures: dict[str, list[dict]] = {name: [] for name in names}
        for round_number in range(rounds):
            order = list(zip(names, libraries))
            if round_number % 2:
                order.reverse()
            for name, library in order:
                figures[name].append(run(library, scenario))
        medians = {name: {key: statistics.median(item[key] for item in figures[name]) for key in ("ms", "rss", "dirty")}
                   for name in names}
        line = f"{scenario:<16}" + "".join(
            f"{medians[name]['ms']:>10.1f}{medians[name]['rss']:>11.0f}{medians[name]['dirty']:>12.0f}" for name in names)
        if len(libraries) == 2:
            line += f"{medians['old']['ms'] / max(medians['new']['ms'], 1e-9):>10.1f}x"
        print(line, flush=True)
        for name in names:
            charted["ms"][name].append(medians[name]["ms"])
            charted["dirty"][name].append(medians[name]["dirty"] / 1024)
    print("\npacks embedded (bytes):")
    total = 0
    for pack in sorted(ROOT.glob("Sources/StoryKit*Data/*.skpack")):
        total += pack.stat().st_size
        print(f"  {pack.name:<12}{pack.stat().st_size:>12,}")
    print(f"  {'all':<12}{total:>12,}")
    if chart:
        import bench_charts
        chart.mkdir(parents=True, exist_ok=True)
        labels = {"new": "this build", "old": "the build compared"}
        groups = [scenario.replace("first ", "") for scenario in SCENARIOS]
        bench_charts.render(chart / "load-time.png", "Offline corrector: first use in a fresh process, time", groups,
                            {labels[name]: values for name, values in charted["ms"].items()}, "ms", command,
                            higher_is_better=False)
        bench_charts.render(chart / "load-memory.png", "Offline corrector: first use, private dirty memory added", groups,
                            {labels[name]: values for name, values in charted["dirty"].items()}, "MiB", command,
                            higher_is_better=False)


if __name__ == "__main__":
    main(sys.argv[1:])
