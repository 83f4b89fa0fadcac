#!/usr/bin/env python3
"""Runs the pack writer and reader that ships in the Python package (storykit.pack) from the
repository, for the generators and for `git diff` of packs (see that module):

    python3 scripts/storykit_pack.py dump PACK
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Examples" / "python"))
from storykit.pack import *  # noqa: E402,F401,F403 - this module is that one
from storykit.pack import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
