"""The shapes of StoryKit's main results, as ``TypedDict``s for type checkers. At run time
they are plain dicts, exactly the C ABI's JSON (see include/storykit.h)."""

from __future__ import annotations

from typing import Any, List, Optional, TypedDict

__all__ = ["ListItem", "ParsedList", "Variation", "VariationIssue", "VariationSet", "Repair", "RepairedJSON",
           "CorrectionAttempt", "CorrectionOutcome", "RecordPage"]


class _ListItemText(TypedDict):
    text: str


class ListItem(_ListItemText, total=False):
    """``number`` only for numbered and labeled lists."""
    number: int


class ParsedList(TypedDict):
    """``parse_list``: the items, the style the first one fixed, and the text around them."""
    items: List[ListItem]
    style: Optional[str]
    preamble: str
    postamble: str


class _VariationBase(TypedDict):
    text: str
    kind: Optional[str]


class Variation(_VariationBase, total=False):
    """``source`` ("model", "offline" or "mended") is present in a correction's versions,
    absent from a parsed reply's."""
    source: str


class VariationIssue(TypedDict, total=False):
    """``code`` says which fields it has: count (expected, found), duplicate (index, of),
    language (detected), split (pieces), keptAsTyped (offset, length), unfaithful (kind,
    reason, words), mended (kind, words)."""
    code: str
    expected: int
    found: int
    index: int
    of: int
    detected: str
    pieces: int
    offset: int
    length: int
    kind: Optional[str]
    reason: str
    words: List[str]


class _VariationSetFields(TypedDict):
    variations: List[Variation]
    source: str
    repaired: bool
    issues: List[VariationIssue]


class VariationSet(_VariationSetFields, total=False):
    """``parse_variations`` and ``correct_offline``: the versions, where they came from, and
    what is wrong with them (a wrong count, duplicates); ``words`` when asked for."""
    words: List[Any]


class Repair(TypedDict):
    kind: str
    line: int
    column: int
    count: int


class RepairedJSON(TypedDict):
    """``repair_json``: the value, and each kind of repair it needed (where first, how often)."""
    value: Any
    repairs: List[Repair]


class CorrectionAttempt(TypedDict, total=False):
    backend: str
    error: Any
    problem: str


class CorrectionOutcome(TypedDict, total=False):
    """``correct``: the versions, the backend that gave them, and every attempt before it."""
    variations: List[Variation]
    source: str
    repaired: bool
    issues: List[VariationIssue]
    backend: str
    attempts: List[CorrectionAttempt]


class RecordPage(TypedDict):
    """``Store.list``: a page of records, the id to list after, and unreadable records."""
    items: List[Any]
    nextAfter: Optional[str]
    problems: List[Any]
