import sys
from pathlib import Path

import pytest

PYTHON_ROOT = Path(__file__).resolve().parents[1]
REPOSITORY_ROOT = PYTHON_ROOT.parents[1]
sys.path.insert(0, str(PYTHON_ROOT))

import storykit  # noqa: E402


@pytest.fixture(scope="session")
def lib():
    return storykit.library()


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return REPOSITORY_ROOT / "Tests" / "Fixtures"
