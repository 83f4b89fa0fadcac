import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import storykit

WRITER = Path(__file__).resolve().parent / "store_writer.py"


def story(story_id, title="Mia and the Moon"):
    return {"id": story_id, "title": title, "pages": ["Once upon a time.", "The end."]}


def test_put_get_list_delete(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        for story_id in ["c", "a", "b"]:
            store.put("stories", story_id, story(story_id))
        assert store.get("stories", "a") == story("a")
        page = store.list("stories", limit=2)
        assert [item["id"] for item in page["items"]] == ["c", "a"]
        assert page["nextAfter"] == "a" and page["problems"] == []
        assert [item["id"] for item in store.list("stories", after="a")["items"]] == ["b"]
        store.delete("stories", "a")
        with pytest.raises(storykit.NotFoundError):
            store.get("stories", "a")
        with pytest.raises(storykit.NotFoundError):
            store.delete("stories", "a")


def test_records_are_validated(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        with pytest.raises(storykit.InvalidArgumentError, match="hero name must not be empty"):
            store.put("heroes", "h1", {"id": "h1", "name": " "})
        with pytest.raises(storykit.InvalidArgumentError, match='is not the key "h2"'):
            store.put("heroes", "h2", {"id": "h1", "name": "Mia"})
        with pytest.raises(storykit.ParseError):
            store.put_json("heroes", "h1", b'{"id": "h1",')
        with pytest.raises(storykit.InvalidArgumentError, match='unknown collection "villains"'):
            store.put("villains", "v1", {"id": "v1"})
        with pytest.raises(storykit.InvalidArgumentError, match='unknown theme "sepia"'):
            store.put("preferences", "theme", "sepia")
        store.put("preferences", "theme", "dark")
        assert store.get("preferences", "theme") == "dark"


@pytest.mark.parametrize("hostile", ["../escape", "a/b", "..", ".", "", "a\\b", "x" * 129, "a\nb"])
def test_hostile_ids_never_leave_the_root(tmp_path, hostile):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        with pytest.raises(storykit.InvalidArgumentError):
            store.put("heroes", hostile, {"id": hostile, "name": "Mia"})
        with pytest.raises(storykit.InvalidArgumentError):
            store.put_image(hostile, "image/png", b"\x89PNG")
    assert not (tmp_path / "escape.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store"]


def test_nul_in_an_id_is_refused(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        with pytest.raises(storykit.InvalidArgumentError):
            store.get("heroes", "a\0b")


def test_images_keep_their_type_and_extension(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        png = bytes(range(256)) * 10
        store.put_image("i1", "image/png", png)
        assert store.get_image("i1") == (png, "image/png")
        store.put_image("i1", "IMAGE/JPEG", b"\xff\xd8\xff")
        assert store.get_image("i1") == (b"\xff\xd8\xff", "image/jpeg")
        assert sorted(p.name for p in (root / "Illustrations").iterdir()) == ["i1.jpg"]
        with pytest.raises(storykit.InvalidArgumentError, match="unsupported image type"):
            store.put_image("i2", "image/bmp", b"BM")
        store.delete_image("i1")
        with pytest.raises(storykit.NotFoundError):
            store.get_image("i1")


def test_corrupted_records_are_reported_not_fatal(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        for story_id in ["a", "b", "c"]:
            store.put("stories", story_id, story(story_id))
    (root / "stories" / "b.json").write_bytes(b'{"schema":1,"id":"b","created')
    with storykit.Store(root) as store:
        page = store.list("stories")
        assert [item["id"] for item in page["items"]] == ["a", "c"]
        assert [problem["id"] for problem in page["problems"]] == ["b"]
        assert "corrupted or truncated" in page["problems"][0]["message"]
        with pytest.raises(storykit.ParseError, match='record "b"'):
            store.get("stories", "b")


def test_a_second_process_is_refused(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root):
        code = (
            "import sys; sys.path.insert(0, %r); import storykit\n"
            "try:\n    storykit.Store(%r)\nexcept storykit.StorageError as e:\n    print('refused:', e)\n"
        ) % (str(WRITER.parents[1]), str(root))
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert "refused:" in result.stdout and "open in another process" in result.stdout
    # Once closed, another process may open it.
    code = "import sys; sys.path.insert(0, %r); import storykit; storykit.Store(%r).close(); print('ok')" % (str(WRITER.parents[1]), str(root))
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout.strip() == "ok"


def test_concurrent_writers_from_threads(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        def write(worker):
            for n in range(25):
                store.put("heroes", f"h{worker}-{n}", {"id": f"h{worker}-{n}", "name": f"Hero {n}"})

        threads = [threading.Thread(target=write, args=(w,)) for w in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(store.list("heroes", limit=1000)["items"]) == 200


def killed_at_random(command: list[str], rng: random.Random, name: str) -> str:
    """Runs `command`, which reports each acknowledged write on a line of its own, and kills it
    with SIGKILL at a random moment after its first report; returns every line it reported."""
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    # Wait for the first acknowledgement so that every round writes, then kill at random.
    first = child.stdout.readline()
    assert first, f"{name} never acknowledged a write"
    time.sleep(rng.uniform(0.0, 0.05))
    child.send_signal(signal.SIGKILL)
    rest = child.stdout.read()
    child.wait(timeout=30)
    return first + rest


def test_crash_at_random_moments_loses_nothing_acknowledged(tmp_path):
    """A child writes in a loop and reports each acknowledged put; it is killed with SIGKILL
    at random moments, 50 times; after each kill every acknowledged record reads back intact
    and no record is torn."""
    root = tmp_path / "store"
    rng = random.Random(50)
    acknowledged = {}
    for round_ in range(50):
        output = killed_at_random([sys.executable, str(WRITER), str(root), f"r{round_}"], rng, "the writer")
        for line in output.splitlines():
            story_id, version = line.split()
            acknowledged[story_id] = int(version)
        with storykit.Store(root) as store:
            page = store.list("stories", limit=1000)
            assert page["problems"] == [], round_
            on_disk = {item["id"]: item["record"] for item in page["items"]}
            while page["nextAfter"]:
                page = store.list("stories", after=page["nextAfter"], limit=1000)
                assert page["problems"] == []
                on_disk.update({item["id"]: item["record"] for item in page["items"]})
            for story_id, version in acknowledged.items():
                record = on_disk[story_id]
                # The acknowledged version or a later one that was written but not yet reported.
                assert record["createdAt"] >= version, (round_, story_id)
                assert record["title"] == f"Story {story_id} v{record['createdAt']}"
                assert len(record["pages"]) == 4
        leftovers = [p.name for p in (root / "stories").iterdir() if p.name.endswith(".tmp")]
        assert leftovers == []
    assert len(acknowledged) >= 50


def nested(depth, leaf=1):
    """A JSON value `depth` arrays deep."""
    return "[" * depth + json.dumps(leaf) + "]" * depth


def test_a_write_that_could_not_be_read_back_is_refused(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        store.put("preferences", "kept", {"a": 1})
        # 512 levels is within STORYKIT_MAX_JSON_DEPTH, but not once the file wraps it.
        for depth in (511, 512):
            with pytest.raises(storykit.LimitError, match="nested too deeply"):
                store.put_json("preferences", "deep", nested(depth))
        store.put_json("preferences", "deep", nested(510))
        with pytest.raises(storykit.LimitError, match="nested too deeply"):
            store.put_json("heroes", "h1", '{"id":"h1","name":"Mia","traits":[],"extra":%s}' % nested(511))
        # Preferences live in one file: its total is held to the file limit too.
        big = "x" * (24 << 20)
        store.put("preferences", "big1", big)
        store.put("preferences", "big2", big)
        with pytest.raises(storykit.LimitError, match="over the store's limit"):
            store.put("preferences", "big3", big)
    with storykit.Store(root) as store:
        assert store.get("preferences", "kept") == {"a": 1}
        assert store.get_json("preferences", "deep") == nested(510).encode()
        store.delete("preferences", "big1")
        with pytest.raises(storykit.NotFoundError):
            store.get("preferences", "big3")


def test_ids_that_differ_in_case_or_normalisation(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        store.put("heroes", "Mia", {"id": "Mia", "name": "Upper"})
        store.put("heroes", "mia", {"id": "mia", "name": "Lower"})
        store.put("heroes", "Ren\u00e9e", {"id": "Ren\u00e9e", "name": "Composed"})
        store.put("heroes", "Rene\u0301e", {"id": "Rene\u0301e", "name": "Decomposed"})
    with storykit.Store(root) as store:
        assert store.get("heroes", "Mia")["name"] == "Upper"
        assert store.get("heroes", "mia")["name"] == "Lower"
        assert store.get("heroes", "Ren\u00e9e")["name"] == "Decomposed"
        store.delete("heroes", "Rene\u0301e")
    with storykit.Store(root) as store:
        with pytest.raises(storykit.NotFoundError):
            store.get("heroes", "Ren\u00e9e")
        for hostile in ("a\u0085b", "a\u202eb"):
            with pytest.raises(storykit.InvalidArgumentError):
                store.put("heroes", hostile, {"id": hostile, "name": "X"})


def test_a_suspended_store_lets_another_process_in(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        store.put("heroes", "h1", {"id": "h1", "name": "Before"})
        store.suspend()
        with pytest.raises(storykit.StateError, match="suspended"):
            store.get("heroes", "h1")
        code = (
            "import sys; sys.path.insert(0, %r); import storykit\n"
            "with storykit.Store(%r) as s:\n    s.put('heroes', 'h1', {'id': 'h1', 'name': 'After'})\nprint('ok')"
        ) % (str(WRITER.parents[1]), str(root))
        assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout.strip() == "ok"
        store.resume()
        assert store.get("heroes", "h1")["name"] == "After"


def test_links_and_special_files_inside_the_root_are_refused(tmp_path):
    root, outside = tmp_path / "store", tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.json").write_text("keep me")
    (outside / "left.tmp").write_text("keep me too")
    (outside / "secret").write_text("not an image")
    with storykit.Store(root) as store:
        store.put("heroes", "h1", {"id": "h1", "name": "Mia"})
        store.put_image("pic", "image/png", b"\x89PNG")
    # A collection folder replaced by a link, Illustrations a link, an image that links out.
    (root / "heroes" / "h1.json").unlink()
    (root / "heroes").rmdir()
    os.symlink(outside, root / "heroes")
    (root / "Illustrations" / "pic.png").unlink()
    os.symlink(outside / "secret", root / "Illustrations" / "pic.png")
    os.symlink(outside / "victim.json", root / "Illustrations" / "other.png")
    with storykit.Store(root) as store:
        with pytest.raises(storykit.StorageError, match="symbolic link"):
            store.put("heroes", "victim", {"id": "victim", "name": "X"})
        with pytest.raises(storykit.StorageError, match="symbolic link"):
            store.delete("heroes", "victim")
        with pytest.raises(storykit.StorageError, match="symbolic link"):
            store.list("heroes")
        with pytest.raises(storykit.StorageError, match="symbolic link"):
            store.get_image("pic")
        store.delete_image("other")  # removes the link, not what it points to
    assert (outside / "victim.json").read_text() == "keep me"
    assert (outside / "left.tmp").read_text() == "keep me too"
    assert (outside / "secret").read_text() == "not an image"
    assert sorted(p.name for p in outside.iterdir()) == ["left.tmp", "secret", "victim.json"]
    # The Illustrations folder itself a link: opening the store clears no temporary files there.
    (root / "Illustrations" / "pic.png").unlink()
    (root / "Illustrations").rmdir()
    os.symlink(outside, root / "Illustrations")
    with storykit.Store(root) as store:
        with pytest.raises(storykit.StorageError, match="symbolic link"):
            store.get_image("left")
    assert (outside / "left.tmp").exists()


def test_a_fifo_named_like_a_record_does_not_hang_the_store(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        store.put("heroes", "h1", {"id": "h1", "name": "Mia"})
    os.mkfifo(root / "heroes" / "x.json")
    outcome = {}

    def read():
        with storykit.Store(root) as store:
            outcome["page"] = store.list("heroes")
            try:
                store.get("heroes", "x")
            except storykit.StoryKitError as error:
                outcome["error"] = error

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), "the store waited on a FIFO"
    assert [item["id"] for item in outcome["page"]["items"]] == ["h1"]
    assert "not a regular file" in outcome["page"]["problems"][0]["message"]
    assert isinstance(outcome["error"], storykit.StorageError)


def test_learned_words_last_and_feed_the_corrector(tmp_path):
    root = tmp_path / "store"
    with storykit.Store(root) as store:
        store.learn_word("Zorbax")
        store.learn_word("Sir Pounce")
        store.learn_word("glimmerfrost", ignored=True)
        store.learn_word("Oisi\u0301n")  # decomposed: stored in NFC
        assert store.words() == {"known": ["Zorbax", "Sir Pounce", "Ois\u00edn"], "ignored": ["glimmerfrost"]}
        # Learning again changes the use; unlearning forgets.
        store.learn_word("glimmerfrost")
        store.unlearn_word("Sir Pounce")
        with pytest.raises(storykit.NotFoundError, match='no learned word "Sir Pounce"'):
            store.unlearn_word("Sir Pounce")
        # The id is the word as the corrector compares it, so every spelling is one entry.
        assert store.list("words")["items"][0]["record"] == {"id": "zorbax", "word": "Zorbax", "use": "known"}
        store.learn_word("OISIN", ignored=True)
        store.learn_word("oisín")
        assert store.words()["known"][-1] == "Ois\u00edn"
    with storykit.Store(root) as store:
        vocabulary = store.words()
        assert vocabulary == {"known": ["Zorbax", "glimmerfrost", "Ois\u00edn"], "ignored": []}
    typed = "Zorbxa saw the glimmerfrost with Oisin"
    result = storykit.correct_offline(typed, vocabulary=vocabulary)
    assert result["variations"][0]["text"] == "Zorbax saw the glimmerfrost with Ois\u00edn"


@pytest.mark.parametrize("word, kind, message", [
    ("", storykit.InvalidArgumentError, "must not be empty"),
    ("x" * 65, storykit.InvalidArgumentError, "65 bytes, over the limit of 64"),
    ("one two three four", storykit.InvalidArgumentError, "4 words, over the limit of 3"),
    ("bell\x07", storykit.InvalidArgumentError, "control character"),
    ("R2D2", storykit.InvalidArgumentError, 'holds "2", which no typed word can match'),
    ("Zor\u200dbax", storykit.InvalidArgumentError, "holds U+200D"),
    (b"Zorbax", TypeError, "word must be a str"),
])
def test_a_bad_word_is_refused_and_nothing_changes(tmp_path, word, kind, message):
    with storykit.Store(tmp_path / "store") as store:
        store.learn_word("Zorbax")
        with pytest.raises(kind, match=re.escape(message)):
            store.learn_word(word)
        with pytest.raises(TypeError, match="ignored must be True or False"):
            store.learn_word("Pip", ignored="yes")
        assert store.words() == {"known": ["Zorbax"], "ignored": []}


def spelled(number: int) -> str:
    """`number` in letters (0 is a, 1 is b, ...): a writer's word holds no digit."""
    return "".join(chr(ord("a") + int(digit)) for digit in str(number))


def test_at_most_ten_thousand_learned_words_even_from_threads(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        def learn(worker):
            for n in range(2_001):
                store.learn_word(f"w{spelled(worker)}x{spelled(n)}")

        threads = [threading.Thread(target=learn, args=(w,)) for w in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(store.words()["known"]) == 8_004
        for n in range(1_996):
            store.learn_word(f"more{spelled(n)}")
        with pytest.raises(storykit.LimitError, match="at most 10000 words"):
            store.learn_word("onemore")
        # A word held already may still change its use.
        store.learn_word("morea", ignored=True)
        assert len(store.words()["known"]) + len(store.words()["ignored"]) == 10_000


def test_a_killed_learner_loses_no_acknowledged_word(tmp_path):
    root = tmp_path / "store"
    learner = (
        "import sys; sys.path.insert(0, %r); import storykit\n"
        "with storykit.Store(%r) as store:\n"
        "    n = 0\n"
        "    while True:\n"
        "        store.learn_word(sys.argv[1] + ''.join(chr(97 + int(d)) for d in str(n))); print(n, flush=True)\n"
        "        n += 1\n"
    ) % (str(WRITER.parents[1]), str(root))
    rng = random.Random(61)
    acknowledged = set()
    for round_ in range(10):
        output = killed_at_random([sys.executable, "-c", learner, f"r{spelled(round_)}w"], rng, "the learner")
        acknowledged.update(f"r{spelled(round_)}w{spelled(int(line))}" for line in output.split())
        with storykit.Store(root) as store:
            assert acknowledged <= set(store.words()["known"]), round_
            assert store.list("words", limit=1000)["problems"] == []
