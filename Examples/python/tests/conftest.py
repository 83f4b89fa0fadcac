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


@pytest.fixture
def no_provider_keys(monkeypatch):
    """Provider keys from the environment would come before the request's: tests of services
    run without them."""
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
