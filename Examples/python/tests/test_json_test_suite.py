"""JSONTestSuite (Tests/Fixtures/JSONTestSuite, MIT) through the shared library."""

import pytest

import storykit


def cases(fixtures, prefix):
    folder = fixtures / "JSONTestSuite" / "test_parsing"
    return sorted(p for p in folder.iterdir() if p.name.startswith(prefix) and p.suffix == ".json")


def test_counts(fixtures):
    assert len(cases(fixtures, "y_")) == 95
    assert len(cases(fixtures, "n_")) == 188
    assert len(cases(fixtures, "i_")) == 35


def test_accepts_every_yes_case(fixtures):
    rejected = [p.name for p in cases(fixtures, "y_") if not storykit.is_valid_json(p.read_bytes())]
    assert rejected == []


def test_rejects_every_no_case(fixtures):
    accepted = [p.name for p in cases(fixtures, "n_") if storykit.is_valid_json(p.read_bytes())]
    assert accepted == []


def test_no_case_errors_are_parse_or_limit_errors_with_a_position(fixtures):
    for path in cases(fixtures, "n_"):
        with pytest.raises((storykit.ParseError, storykit.LimitError)) as raised:
            storykit.validate_json(path.read_bytes())
        assert "line " in raised.value.message and "(byte " in raised.value.message, path.name


def test_implementation_defined_cases_decide_without_crashing(fixtures):
    for path in cases(fixtures, "i_"):
        data = path.read_bytes()
        valid = storykit.is_valid_json(data)
        if valid:
            # What validates also formats, and formats to valid JSON.
            assert storykit.is_valid_json(storykit.format_json(data)), path.name
        else:
            with pytest.raises(storykit.StoryKitError):
                storykit.format_json(data)


def test_accepted_documents_round_trip_through_format(fixtures):
    for path in cases(fixtures, "y_"):
        once = storykit.format_json(path.read_bytes(), indent=0)
        assert storykit.format_json(once, indent=0) == once, path.name
