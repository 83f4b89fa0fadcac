"""Runs every snippet of README.md, of the manual pages under docs/ and of
Examples/python/README.md, so that what a new user copies works: shell blocks in bash from the
repository root, C blocks compiled against libstorykit and run, Python blocks in one session
(in the Python README, each block's printed output must equal the ```text block after it), and
Swift blocks checked to be the ones Examples/storykit-cli/Sources/ReadmeTour compiles, which
then runs.

Environment: STORYKIT_LIB (the library), STORYKIT_README_TOUR (the built readme-tour), as
scripts/test.sh sets them."""
import contextlib
import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
README = REPOSITORY / "README.md"
PYTHON_README = REPOSITORY / "Examples" / "python" / "README.md"
# The manual pages that moved out of the README: their snippets run as the README's do.
MANUAL = [REPOSITORY / "docs" / f"{name}.md" for name in (
    "language-packs", "models", "c-api", "limits", "apple-platforms", "testing", "benchmarks", "architecture")]
TOUR = REPOSITORY / "Examples" / "storykit-cli" / "Sources" / "ReadmeTour" / "main.swift"
CLI_MANIFEST = REPOSITORY / "Examples" / "storykit-cli" / "Package.swift"
LIBRARY = Path(os.environ.get("STORYKIT_LIB", REPOSITORY / ".build" / "release" / "libstorykit.so"))
# The command that runs this very test; running it from here would recurse.
TEST_COMMAND = "scripts/test.sh"

sys.path.insert(0, str(REPOSITORY / "Examples" / "python"))


BENCHMARK_MARK = "<!-- benchmark:"


def blocks(path):
    """(language, code, the text block right after it or None), in order. A block right after
    a benchmark mark has the language "benchmark": the tests check what it runs exists."""
    text = path.read_text()
    found = list(re.finditer(r"^```(\w*)\n(.*?)^```\n", text, re.MULTILINE | re.DOTALL))
    result = []
    for index, match in enumerate(found):
        if text[:match.start()].rstrip().endswith("-->") and BENCHMARK_MARK in text[:match.start()].rstrip().splitlines()[-1]:
            result.append(("benchmark", match.group(2), None))
            continue
        following = found[index + 1] if index + 1 < len(found) else None
        output = None
        if following and following.group(1) == "text" and path.read_text()[match.end():following.start()].strip() == "":
            output = following.group(2)
        result.append((match.group(1), match.group(2), output))
    return result


def of_language(path, language):
    return [(code, output) for lang, code, output in blocks(path) if lang == language]


def run_shell(code, cwd, env):
    lines = [line for line in code.splitlines() if TEST_COMMAND not in line]
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", "\n".join(lines)], cwd=cwd, env=env,
                            capture_output=True, timeout=900)
    assert result.returncode == 0, f"{code}\n--- stdout\n{result.stdout.decode()}\n--- stderr\n{result.stderr.decode()}"
    return result.stdout.decode()


def environment():
    env = {key: value for key, value in os.environ.items() if key not in ("GEMINI_API_KEY", "OPENAI_API_KEY")}
    env["STORYKIT_LIB"] = str(LIBRARY)
    return env


def test_both_readmes_have_snippets_of_each_kind():
    languages = {language for language, _, _ in blocks(README)}
    assert {"sh", "swift", "c", "python"} <= languages
    assert len(of_language(PYTHON_README, "python")) >= 5


def snippets(language):
    """(page name, index, code) of every `language` block of the README and the manual."""
    return [(page.name, index, code) for page in [README, *MANUAL]
            for index, (code, _) in enumerate(of_language(page, language))]


def snippet_id(snippet):
    return f"{snippet[0]}#{snippet[1]}"


@pytest.mark.parametrize("snippet", snippets("sh"), ids=snippet_id)
def test_readme_shell_snippet_runs(snippet):
    run_shell(snippet[2], REPOSITORY, environment())


@pytest.mark.parametrize("snippet", snippets("benchmark"), ids=snippet_id)
def test_readme_benchmark_commands_name_what_exists(snippet):
    code = snippet[2]
    benchmarks_manifest = (REPOSITORY / "Examples" / "Benchmarks" / "Package.swift").read_text()
    for line in code.splitlines():
        words = line.split()
        if words[:2] == ["swift", "run"]:
            assert f'name: "{words[-1]}"' in benchmarks_manifest, line
        elif words[:1] == ["scripts/fuzz.sh"]:
            script = REPOSITORY / words[0]
            assert script.exists() and os.access(script, os.X_OK), line
            targets = [word for word in words[1:] if not word.startswith("-") and not word.isdigit()]
            assert all((REPOSITORY / "Tests" / "Fuzz" / "Targets" / f"{target}.swift").exists() for target in targets), line
        elif words[:1] == ["python3"]:
            script = REPOSITORY / words[1]
            assert script.exists(), line
            subprocess.run([sys.executable, "-m", "py_compile", str(script)], check=True)
        else:
            pytest.fail(f"unexpected benchmark command: {line}")


def test_readme_main_job_is_the_cli_demo():
    first, _ = of_language(README, "sh")[0]
    assert first.splitlines()[0].startswith("./scripts/storykit demo")
    assert any(TEST_COMMAND in line for line in first.splitlines())


def test_readme_swift_snippets_are_the_ones_the_tour_compiles_and_it_runs():
    tour = TOUR.read_text()
    manifest = CLI_MANIFEST.read_text()
    snippets = of_language(README, "swift")
    assert len(snippets) >= 7
    for code, _ in snippets:
        if code.startswith("// Package.swift"):
            for line in code.splitlines()[1:]:
                assert line.strip().rstrip(",") in manifest, line
            continue
        indented = textwrap.indent(code, "    ")
        assert indented in tour, f"README Swift snippet not in {TOUR.name}:\n{code}"
    binary = os.environ.get("STORYKIT_README_TOUR", str(REPOSITORY / "Examples" / "storykit-cli" / ".build" / "debug" / "readme-tour"))
    result = subprocess.run([binary], capture_output=True, timeout=120, env=environment())
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().splitlines()[-1] == "README snippets: OK"


@pytest.mark.parametrize("index", range(len(of_language(README, "c"))))
def test_readme_c_snippet_compiles_and_runs(index, tmp_path):
    code, _ = of_language(README, "c")[index]
    (tmp_path / "program.c").write_text(code)
    libdir = str(LIBRARY.parent)
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", str(REPOSITORY / "include"),
                    str(tmp_path / "program.c"), "-L", libdir, "-lstorykit", f"-Wl,-rpath,{libdir}", "-o", str(tmp_path / "program")],
                   check=True, timeout=120)
    result = subprocess.run([str(tmp_path / "program")], capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout


def run_python(code, namespace):
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<snippet>", "exec"), namespace)
    return printed.getvalue()


def test_readme_python_snippets_run_in_one_session(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STORYKIT_LIB", str(LIBRARY))
    namespace = {}
    for code, _ in of_language(README, "python"):
        run_python(code, namespace)


def test_python_readme_session_prints_what_it_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STORYKIT_LIB", str(LIBRARY))
    namespace = {}
    cells = of_language(PYTHON_README, "python")
    for code, expected in cells:
        printed = run_python(code, namespace)
        if expected is not None:
            assert printed == expected, f"{code}\n--- printed\n{printed}\n--- the README shows\n{expected}"
    assert sum(expected is not None for _, expected in cells) == len(cells)


def test_python_readme_install_commands_install_a_working_package(tmp_path):
    """Runs the install block in a new virtual environment (the library the test run built is
    bundled, through STORYKIT_LIB, rather than built again), then imports the installed package
    from another folder with no STORYKIT_LIB: it loads the library inside the package."""
    (install, _), = of_language(PYTHON_README, "sh")
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True, timeout=300)
    env = environment()
    env["PATH"] = f"{tmp_path / 'venv' / 'bin'}:{env['PATH']}"
    run_shell(install, REPOSITORY, env)
    env.pop("STORYKIT_LIB")
    python = str(tmp_path / "venv" / "bin" / "python")
    check = "import storykit; print(storykit.__file__); print(storykit.version()); print(storykit.library()._name)"
    loaded = subprocess.run([python, "-c", check], cwd=tmp_path, capture_output=True, timeout=60, env=env)
    assert loaded.returncode == 0, loaded.stderr.decode()
    location, version, library = loaded.stdout.decode().splitlines()
    assert str(tmp_path / "venv") in location and re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert library.startswith(str(tmp_path / "venv")) and library.endswith("storykit/libstorykit.so")


FOUNDATION_MODELS_ARTICLE = REPOSITORY / "Sources" / "StoryKitCore" / "StoryKitCore.docc" / "FoundationModelsBackend.md"
FOUNDATION_MODELS_STUB = REPOSITORY / "Tests" / "Snippets" / "AppleStubs" / "FoundationModels.swift"


def test_foundation_models_snippet_type_checks_against_storykitcore(tmp_path):
    """The article's snippet uses StoryKitCore's public API as it is: it is type-checked against
    the built module, with FoundationModels' own declarations stood in by a stub of their
    documented shapes (the framework exists only on Apple platforms)."""
    modules = Path(os.environ.get("STORYKIT_SWIFT_MODULES", REPOSITORY / ".build" / "debug" / "Modules"))
    assert (modules / "StoryKitCore.swiftmodule").exists(), f"build StoryKitCore first (swift build): {modules}"
    snippets = of_language(FOUNDATION_MODELS_ARTICLE, "swift")
    assert len(snippets) == 1
    (tmp_path / "snippet.swift").write_text(snippets[0][0])
    subprocess.run(["swiftc", "-emit-module", "-module-name", "FoundationModels", "-swift-version", "6",
                    str(FOUNDATION_MODELS_STUB), "-emit-module-path", str(tmp_path / "FoundationModels.swiftmodule")],
                   check=True, timeout=300)
    # StoryKitCore's corrector imports the English pack's C module (its module map is in include/).
    english_data = REPOSITORY / "Sources" / "StoryKitEnglishData" / "include"
    result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", str(tmp_path), "-I", str(modules),
                             "-I", str(english_data), str(tmp_path / "snippet.swift")], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
