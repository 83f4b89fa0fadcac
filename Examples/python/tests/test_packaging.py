"""`pip install ./Examples/python` gives a package that works anywhere with no environment
variable: the library is inside it, and the wheel is tagged for the platform."""
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import storykit
from storykit import _library

PACKAGE = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the package installed from the checkout; the
    library already built (the one these tests use) is bundled rather than built again."""
    root = tmp_path_factory.mktemp("install")
    venv.EnvBuilder(with_pip=True).create(root / "venv")
    python = root / "venv" / "bin" / "python"
    env = dict(os.environ, STORYKIT_LIB=str(_library.default_library_path()))
    result = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(PACKAGE)], env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"pip install failed (it needs setuptools from PyPI):\n{result.stderr[-3000:]}"
    return python


def test_an_installed_package_finds_its_own_library_from_any_folder(installed, tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "STORYKIT_LIB"}
    code = ("import storykit; print(storykit.parse_list('1. Rest\\n2. Drink water')['items'][1]['text']); "
            "print(storykit.library()._name)")
    result = subprocess.run([str(installed), "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    text, library = result.stdout.splitlines()
    assert text == "Drink water"
    assert "site-packages/storykit/libstorykit.so" in library


def test_the_package_is_typed(installed):
    result = subprocess.run([str(installed), "-c", "import storykit, pathlib; print((pathlib.Path(storykit.__file__).parent / 'py.typed').exists())"],
                            capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "True", result.stderr


def test_the_wheel_is_tagged_for_the_platform(installed, tmp_path):
    env = dict(os.environ, STORYKIT_LIB=str(_library.default_library_path()))
    result = subprocess.run([str(installed), "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(PACKAGE)],
                            env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    wheels = [path.name for path in tmp_path.glob("*.whl")]
    assert len(wheels) == 1 and "-py3-none-" in wheels[0] and not wheels[0].endswith("-any.whl"), wheels
    # The embedded word lists' and word pairs' licences travel with the library.
    with zipfile.ZipFile(tmp_path / wheels[0]) as wheel:
        names = set(wheel.namelist())
        assert {"storykit/licenses/EnglishPack.LICENSE", "storykit/licenses/GermanPack.LICENSE"} <= names, sorted(names)
        assert b"Carnegie Mellon University" in wheel.read("storykit/licenses/EnglishPack.LICENSE")


def test_the_public_face_lists_public_names_only():
    import storykit
    shown = dir(storykit)
    assert not {"ctypes", "os", "json", "threading", "_library", "_Handle", "Union"} & set(shown)
    assert set(storykit.__all__) <= set(shown)
    assert all(hasattr(storykit, name) for name in storykit.__all__)
    assert not [name for name in storykit.__all__ if name.startswith("_")]
