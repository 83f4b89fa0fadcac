"""`storykit story write`, `story illustrate` and `story show --html` against the loopback
server, and the HTML book opened in a real headless browser (Chromium from Debian's packages,
STORYKIT_BROWSER or chromium-headless-shell on PATH): the browser's own screenshot must show
every page's picture, each a colour no other page has."""
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from test_cli import REPOSITORY, USAGE_ERROR, assert_explained, failure, loopback, ok, run, server  # noqa: F401

sys.path.insert(0, str(REPOSITORY / "Tests" / "Fixtures" / "Transport"))
import loopback_server  # noqa: E402

TEMPORARY_FAILURE = 75


def browser():
    for candidate in (os.environ.get("STORYKIT_BROWSER"), shutil.which("chromium-headless-shell"),
                      shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def base_url(port, scenario, test):
    return f"http://127.0.0.1:{port}/{scenario}/{test}/v1beta"


def write_story(port, cwd):
    # The story scenario answers a title first, then pages, counting per test name.
    test = f"cli-book-{os.getpid()}-{cwd.name}"
    out = ok("story", "write", "--hero", "Mia", "--appearance", "curly red hair", "--theme", "a lost kite",
             "--backend", "openai", "--base-url", f"http://127.0.0.1:{port}/story/{test}/v1",
             "--model", "local", "--id", "s1", "--json", cwd=cwd, env=loopback())
    assert json.loads(out)["saved"] is True


def decode_png(data):
    """The pixels of an 8-bit RGB or RGBA PNG, as rows of (r, g, b) tuples."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(b"".join(chunks)), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return rows


def test_a_story_is_written_illustrated_resumed_and_opened_as_a_book(server, tmp_path):
    write_story(server, tmp_path)
    # The hero was saved beside the story, so the book is drawn with no --hero-id.
    blocked = run("story", "illustrate", "s1", "--base-url", base_url(server, "book-blocked", "cli-blocked"),
                  cwd=tmp_path, env=loopback())
    text = blocked.stdout.decode()
    assert blocked.returncode == TEMPORARY_FAILURE, blocked.stderr
    assert "portrait: drawn" in text and "page 3: failed" in text and "run the command again" in text
    resumed = ok("story", "illustrate", "s1", "--json", "--base-url", base_url(server, "book", "cli-resume"),
                 cwd=tmp_path, env=loopback())
    outcome = json.loads(resumed)
    assert outcome["requests"] == 1 and outcome["complete"] is True
    assert [page["status"] for page in outcome["pages"]] == ["kept", "kept", "drawn"]

    written = ok("story", "show", "s1", "--html", "book.html", cwd=tmp_path)
    assert "3 pages, 3 with a picture" in written
    book = tmp_path / "book.html"
    assert book.read_text().count("data:image/png;base64,") == 4

    chromium = browser()
    if chromium is None:
        pytest.skip("no headless Chromium: apt-get install chromium-headless-shell (scripts/browser-env.sh)")
    shot = tmp_path / "book.png"
    subprocess.run([chromium, "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                    "--window-size=800,2600", f"--screenshot={shot}", book.as_uri()],
                   check=True, capture_output=True, timeout=120)
    pixels = decode_png(shot.read_bytes())
    seen = {pixel for row in pixels[::4] for pixel in row[::4]}
    # Each picture is one colour the loopback server chose for its page (0: the portrait).
    for page in range(4):
        png = loopback_server.coloured_png(page)
        colour = tuple(decode_png(png)[0][0])
        assert any(max(abs(a - b) for a, b in zip(colour, pixel)) <= 2 for pixel in seen), (page, colour)


def test_illustrate_explains_what_it_cannot_do(server, tmp_path):
    write_story(server, tmp_path)
    url = base_url(server, "book", "cli-bad")
    assert_explained(failure("story", "illustrate", "nope", "--base-url", url, cwd=tmp_path, env=loopback()))
    for arguments in (["--redraw", "9"], ["--redraw", "0"], ["--max-images", "0"], ["--concurrency", "9"]):
        stderr = failure("story", "illustrate", "s1", "--base-url", url, *arguments, code=USAGE_ERROR,
                         cwd=tmp_path, env=loopback())
        assert arguments[0] in stderr, stderr
    # Google's own API needs a key, and the message says which.
    stderr = failure("story", "illustrate", "s1", cwd=tmp_path, env=loopback())
    assert "GEMINI_API_KEY" in stderr and "Google's Gemini API" in stderr and "imagen" not in stderr
    assert "--json and --html" in failure("story", "show", "s1", "--html", "book.html", "--json", code=USAGE_ERROR,
                                          cwd=tmp_path)
    assert_explained(failure("story", "show", "s1", "--html", str(tmp_path / "missing" / "book.html"), cwd=tmp_path))
