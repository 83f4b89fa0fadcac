"""scripts/check-readme-figures.py: the benchmark tables of the README and of docs/ agree with
the figures files the benchmarks wrote, and the check fails on a wrong figure or a machine path."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "check-readme-figures.py"
# The page whose tables quote the packs' load figures.
PACKS_PAGE = ROOT / "docs" / "language-packs.md"


def run(readme: Path | None, charts: Path) -> subprocess.CompletedProcess:
    pages = ["--readme", str(readme)] if readme else []
    return subprocess.run([sys.executable, str(CHECK), *pages, "--charts", str(charts)],
                          capture_output=True, text=True)


def copy(tmp_path: Path) -> tuple[Path, Path]:
    readme = tmp_path / PACKS_PAGE.name
    shutil.copy(PACKS_PAGE, readme)
    charts = tmp_path / "charts"
    shutil.copytree(ROOT / "docs" / "charts", charts)
    return readme, charts


def test_the_readme_and_the_docs_quote_the_measured_figures():
    result = run(None, ROOT / "docs" / "charts")
    assert result.returncode == 0, result.stdout
    assert "quoted table(s) in" in result.stdout and "documents agree" in result.stdout
    assert not result.stdout.startswith("check-readme-figures: 0 quoted")


def test_a_planted_wrong_figure_fails(tmp_path):
    readme, charts = copy(tmp_path)
    lines = readme.read_text("utf-8").splitlines()
    marker = next(index for index, line in enumerate(lines) if "<!-- figures:" in line)
    row = next(index for index in range(marker + 1, len(lines)) if lines[index].startswith("| en "))
    cells = lines[row].split("|")
    cells[2] = " 999.9 "
    lines[row] = "|".join(cells)
    readme.write_text("\n".join(lines) + "\n", "utf-8")
    result = run(readme, charts)
    assert result.returncode == 1
    assert "en / " in result.stdout and "shows 999.9" in result.stdout


def test_a_machine_path_in_a_caption_fails(tmp_path):
    readme, charts = copy(tmp_path)
    figures = next(charts.glob("*.json"))
    figures.write_text(figures.read_text("utf-8").replace('"caption": "', '"caption": "/home/someone/lib.so '), "utf-8")
    result = run(readme, charts)
    assert result.returncode == 1
    assert f"{figures.name}: holds a machine path" in result.stdout
