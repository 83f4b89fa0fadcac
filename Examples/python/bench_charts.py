"""Draws a benchmark's figures as a grouped bar chart (PNG), captioned with the date, the
machine and the command that made them, so that a chart beside the README says where its
numbers come from; the figures are kept beside it as JSON (the same name, `.json`).

matplotlib is installed from PyPI on first use into Examples/python/.venv-bench-charts, its own
environment: it is never a dependency of the library, of the binding or of the benchmarks'
peer environments. A benchmark calls `render(...)`, which runs this file in that environment:

    python3 Examples/python/bench_charts.py DATA.json OUT.png
"""

import json
import os
import platform
import subprocess
import sys
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-bench-charts"
MATPLOTLIB = "matplotlib==3.10.7"


def render(path: Path, title: str, groups: list[str], series: dict[str, list[float | None]], unit: str,
           command: str, higher_is_better: bool = True, logarithmic: bool = False, extra: dict | None = None) -> None:
    """Writes the chart of `series` (name → one value per group, None where not measured) to
    `path`; `logarithmic` for figures that span decades; `extra` holds more figures of the same
    runs for the JSON only (the README may quote them)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", MATPLOTLIB], check=True)
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    data = {"title": title, "groups": groups, "series": series, "unit": unit, "higher_is_better": higher_is_better,
            "logarithmic": logarithmic,
            "caption": f"{time.strftime('%Y-%m-%d')} · {machine} · {command}"}
    if extra:
        data["extra"] = extra
    # The figures go beside the chart, so that it can be redrawn and its numbers read.
    figures = path.with_suffix(".json")
    figures.write_text(json.dumps(data, indent=1) + "\n")
    subprocess.run([str(python), __file__, str(figures), str(path)], check=True)
    print(f"chart: {path} (figures: {figures.name})")


def draw(data: dict, path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups, series = data["groups"], data["series"]
    width = 0.8 / max(len(series), 1)
    figure, axes = plt.subplots(figsize=(max(6.0, 1.1 * len(groups) + 2.5), 4.2), dpi=110)
    for index, (name, values) in enumerate(series.items()):
        positions = [group + (index - (len(series) - 1) / 2) * width for group in range(len(groups))]
        bars = axes.bar(positions, [value or 0 for value in values], width, label=name)
        axes.bar_label(bars, labels=["" if value is None else f"{value:.3g}" for value in values], fontsize=7, padding=1)
    axes.set_xticks(range(len(groups)), groups, fontsize=8)
    direction = "higher is better" if data["higher_is_better"] else "lower is better"
    axes.set_ylabel(f"{data['unit']} ({direction})")
    axes.set_title("\n".join(textwrap.wrap(data["title"], 64, break_on_hyphens=False)), fontsize=11)
    measured = [value for values in series.values() for value in values if value]
    if data.get("logarithmic"):
        axes.set_yscale("log")
        axes.set_ylim(min(measured, default=1) / 2, max(measured, default=1) * 3)
    else:
        axes.set_ylim(0, 1.1 * max(measured, default=1))
    # The legend stands right of the plot, one name a line, and the saved image grows to hold
    # it: no name is ever cut, however long.
    axes.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    axes.spines[["top", "right"]].set_visible(False)
    figure.text(0.01, 0.01, data["caption"], fontsize=6.5, color="0.35")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    figure.savefig(path, metadata={"Software": None}, bbox_inches="tight")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: bench_charts.py DATA.json OUT.png")
    draw(json.loads(Path(sys.argv[1]).read_text()), sys.argv[2])
