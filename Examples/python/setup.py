"""Builds the storykit wheel with libstorykit.so inside it, so that `import storykit` works
anywhere once installed, with no environment variable.

The library comes from $STORYKIT_LIB when that names a built libstorykit.so, and otherwise is
built from this repository with scripts/build-library.sh (a release build: a few minutes the
first time). The wheel holds a native library, so it is tagged for the platform
(py3-none-<platform>), not as pure Python. Metadata lives in pyproject.toml.
"""

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1 kept it in the wheel package
    from wheel.bdist_wheel import bdist_wheel

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
LIBRARY = "libstorykit.so"


def built_library() -> Path:
    configured = os.environ.get("STORYKIT_LIB")
    if configured and Path(configured).is_file():
        return Path(configured).resolve()
    script = REPOSITORY / "scripts" / "build-library.sh"
    if not script.exists():
        raise SystemExit(
            "storykit: cannot find libstorykit.so to bundle. Install from a StoryKit checkout "
            "(pip install ./Examples/python), or set STORYKIT_LIB to a built libstorykit.so.")
    print("storykit: building libstorykit.so with scripts/build-library.sh (a release build; a few minutes the first time)")
    result = subprocess.run([str(script)], cwd=REPOSITORY, stdout=subprocess.PIPE, text=True, check=True)
    return Path(result.stdout.strip().splitlines()[-1]).resolve()


class BuildWithLibrary(build_py):
    """Copies the library into the built package beside the Python modules, with the licences
    of the word lists and word pairs embedded in it (their terms ask for the notice to travel
    with the binary)."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "storykit" / LIBRARY
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built_library(), target)
        licences = target.parent / "licenses"
        licences.mkdir(exist_ok=True)
        for licence in sorted((REPOSITORY / "Sources").glob("*/**/*.LICENSE")):
            shutil.copyfile(licence, licences / licence.name)


class PlatformWheel(bdist_wheel):
    """A wheel for this platform and any Python 3: the library is native, the binding is ctypes."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        return "py3", "none", sysconfig.get_platform().replace("-", "_").replace(".", "_")


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
