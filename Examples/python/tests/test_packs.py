"""Language packs through the binding: the built-in list, a pack loaded from bytes or a file,
and the errors for packs that are damaged, foreign or not there. Loading a pack of a new
language changes the process's corrector, so those cases run in a child process."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

import storykit
from conftest import PYTHON_ROOT, REPOSITORY_ROOT

BUILT_IN = ["en", "es", "fr", "de", "it", "pt", "nl"]


def test_the_built_in_packs_are_listed_in_order():
    listed = storykit.packs()
    assert [pack["language"] for pack in listed[:7]] == BUILT_IN
    assert all(pack["words"] > 100_000 for pack in listed[:7])


def test_a_pack_of_a_new_language_corrects_text_in_it(fixtures):
    # In a child process: the new language would be asked by other tests' language telling.
    script = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(PYTHON_ROOT)!r})
        import storykit
        loaded = storykit.load_pack_file({str(fixtures / "Packs" / "test.skpack")!r})
        text = storykit.correct_offline("the hpuse", language="zz")["variations"][0]["text"]
        print(json.dumps({{"loaded": loaded, "text": text, "packs": storykit.packs()}}))
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ})
    answer = json.loads(result.stdout)
    assert answer["loaded"] == {"language": "zz", "words": 20, "replaced": False}
    assert answer["text"] == "the house"
    assert answer["packs"][-1] == {"language": "zz", "words": 20, "source": "loaded"}


def test_a_loaded_pack_alone_reads_the_language_its_signs_name():
    # A small Polish pack: before it, Polish text comes back as typed; once loaded, the
    # German pack once read it ("dzien dobry jak sie masz" -> "dien dobry jak sie März").
    script = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(PYTHON_ROOT)!r})
        sys.path.insert(0, {str(REPOSITORY_ROOT / "scripts")!r})
        import storykit, storykit_pack
        # None of the sentence's words: the German list, which knows "sie", once outvoted it.
        words = {{"nie": 64, "to": 63, "jest": 60, "tak": 55, "dom": 45, "kot": 40, "pies": 40, "ale": 58,
                 "w": 65, "na": 62, "czy": 50, "cześć": 40}}
        pack = storykit_pack.Pack(language="pl", steps_per_decade=8, buckets={{}},
                                  rules={{"layout": ["qwerty"], "folds-letters": []}})
        for word, step in words.items():
            key = "".join(storykit_pack.folded_letter(c) for c in word)
            pack.buckets[key] = step
            if key != word:
                pack.spellings[key] = [word]
        text = "dzien dobry jak sie masz"
        before = storykit.correct_offline(text)
        storykit.load_pack(storykit_pack.write(pack))
        after = storykit.correct_offline(text)
        print(json.dumps({{"before": before, "after": after}}))
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ})
    answer = json.loads(result.stdout)
    assert answer["before"]["variations"][0]["text"] == "dzien dobry jak sie masz"
    assert {"code": "language", "detected": "pl"} in answer["before"]["issues"]
    polish = {"dzien", "dzień", "dobry", "jak", "sie", "się", "masz", "Dzień", "Dzien", "Masz", "masz."}
    for version in answer["after"]["variations"]:
        assert all(word.strip(".") in polish for word in version["text"].split()), version


def test_a_built_in_pack_is_replaced_by_a_loaded_one():
    # The built-in Italian pack's own bytes: the corrector reads Italian as before.
    path = REPOSITORY_ROOT / "Sources" / "StoryKitItalianData" / "it.skpack"
    before = storykit.correct_offline("il bambino mangia una mela rosa", language="it")
    loaded = storykit.load_pack(path.read_bytes())
    assert loaded["language"] == "it" and loaded["replaced"] is True
    italian = next(pack for pack in storykit.packs() if pack["language"] == "it")
    assert italian["source"] == "loaded"
    assert storykit.correct_offline("il bambino mangia una mela rosa", language="it") == before


def test_damaged_and_foreign_packs_are_refused_with_the_reason(fixtures):
    pack = (fixtures / "Packs" / "test.skpack").read_bytes()
    with pytest.raises(storykit.ParseError, match="checksum mismatch"):
        storykit.load_pack(pack[:600] + bytes([pack[600] ^ 1]) + pack[601:])
    with pytest.raises(storykit.ParseError, match="header says"):
        storykit.load_pack(pack[:-8])
    with pytest.raises(storykit.ParseError, match="not a StoryKit language pack"):
        storykit.load_pack(b"x" * 64)
    with pytest.raises(storykit.ParseError, match="shorter than its 32-byte header"):
        storykit.load_pack(b"")
    # Nothing was installed by the refused loads.
    assert [pack["language"] for pack in storykit.packs()][:7] == BUILT_IN


def test_wrong_arguments_name_themselves(tmp_path):
    with pytest.raises(TypeError, match="data must be bytes"):
        storykit.load_pack("not bytes")
    with pytest.raises(TypeError, match="path must be str or os.PathLike"):
        storykit.load_pack_file(3)
    with pytest.raises(storykit.InvalidArgumentError, match="NUL"):
        storykit.load_pack_file("pack\0.skpack")
    with pytest.raises(storykit.NotFoundError, match="no file at"):
        storykit.load_pack_file(tmp_path / "missing.skpack")
    with pytest.raises(storykit.StorageError, match="not a regular file"):
        storykit.load_pack_file(tmp_path)


def test_the_pack_writer_reads_back_what_it_wrote(fixtures):
    # scripts/storykit_pack.py writes the packs the generators make and reads them for
    # `dump`: a pack read and written again is the same bytes.
    sys.path.insert(0, str(REPOSITORY_ROOT / "scripts"))
    import storykit_pack
    for path in (fixtures / "Packs" / "test.skpack", REPOSITORY_ROOT / "Sources" / "StoryKitItalianData" / "it.skpack"):
        data = path.read_bytes()
        assert storykit_pack.write(storykit_pack.read(data)) == data, path
    damaged = bytearray((fixtures / "Packs" / "test.skpack").read_bytes())
    damaged[-1] ^= 1
    with pytest.raises(storykit_pack.PackError, match="checksum"):
        storykit_pack.read(bytes(damaged))


def test_context_counts_stop_where_the_corrector_stops_reading_context():
    # scripts/book_context.py counts the pairs and triples the packs ship: punctuation and a
    # block's end break them, as they break context in the corrector.
    sys.path.insert(0, str(REPOSITORY_ROOT / "scripts"))
    import book_context
    counts = book_context.count(iter(["the cat sat. on the mat", "of the sea"]),
                                lambda word: None if word == "of" else word, triples=True)
    assert set(counts.triples) == {("the", "cat", "sat"), ("on", "the", "mat")}
    assert ("sat", "on") not in counts.pairs and ("mat", "of") not in counts.pairs
    assert counts.pairs[("the", "sea")] == 1 and counts.running_words == 9


def test_a_rare_triple_gains_at_most_the_cap_over_its_estimate():
    sys.path.insert(0, str(REPOSITORY_ROOT / "scripts"))
    import book_context
    from collections import Counter
    triples = Counter({("feed", "the", "birds"): 9, ("feed", "the", "cat"): 1})
    model = book_context.triple_model(triples, lambda first, second: -3.0, 0.75, 5, 0.5, 1.5)
    assert set(model.triples) == {("feed", "the", "birds")}
    assert model.triples[("feed", "the", "birds")] == pytest.approx(model.backoffs[("feed", "the")] - 3.0 + 1.5)


def test_the_documented_catalan_pack_is_built_checked_loaded_and_read(tmp_path):
    # The commands of docs/language-pack-format.md, "Making a pack", as a user runs them.
    pack = tmp_path / "ca.skpack"
    built = subprocess.run([sys.executable, "-m", "storykit.pack", "build", "docs/examples/catalan-words.txt",
                            "-o", str(pack), "--language", "ca", "--rules", "docs/examples/catalan-rules.json"],
                           cwd=REPOSITORY_ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(PYTHON_ROOT)})
    assert built.returncode == 0, built.stderr
    assert "ca, 52 words" in built.stdout
    checked = subprocess.run([sys.executable, "-m", "storykit.pack", "check", str(pack)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(PYTHON_ROOT)})
    assert checked.returncode == 0 and "ca, 52 words" in checked.stdout
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(PYTHON_ROOT)!r})
        import storykit
        storykit.load_pack_file({str(pack)!r})
        print(storykit.correct_offline("el gat dorm al jardi", language="ca")["variations"][0]["text"])
    """)
    read = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env={**os.environ})
    assert read.stdout.strip() == "el gat dorm al jardí"


def test_building_a_pack_explains_bad_input(tmp_path):
    from storykit import pack as packs

    words = tmp_path / "words.txt"
    words.write_text("hola 12\nmundo x\n", encoding="utf-8")
    with pytest.raises(packs.PackError, match="line 2: expected `word count`"):
        packs.read_counts(words)
    with pytest.raises(packs.PackError, match="language must be"):
        packs.build("Catalan", {"hola": 3})
    built, left_out = packs.build("ca", {"hola": 3, "l·l": 2, "2026": 5}, pair_counts={("hola", "hola"): 2})
    assert left_out == ["l·l", "2026"] and ("hola", "hola") in built.pairs
    assert packs.read(packs.write(built)).buckets == built.buckets


@pytest.mark.parametrize("rules, reason", [
    ({"single-letter-words": ["a"] * 5000}, "5000 values, over the limit"),
    ({"enclitics": [""]}, "enclitics"),
    ({"regional-marks": ["\u0301\u0302"]}, "regional-marks"),
    ({"made-up-rule": ["x"]}, "'made-up-rule' is not one the library reads"),
])
def test_the_builder_writes_no_pack_the_library_refuses(tmp_path, rules, reason):
    words = tmp_path / "words.txt"
    words.write_text("hola 12\nmundo 7\n", encoding="utf-8")
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(rules), encoding="utf-8")
    pack = tmp_path / "xx.skpack"
    built = subprocess.run([sys.executable, "-m", "storykit.pack", "build", str(words), "-o", str(pack),
                            "--language", "xx", "--rules", str(rules_file)],
                           capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(PYTHON_ROOT)})
    assert built.returncode == 1, built.stdout
    assert reason in built.stderr
    assert not pack.exists()
