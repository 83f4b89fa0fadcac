"""Runs the built `storykit` binary (STORYKIT_CLI, or the package's debug build): exit codes,
stderr, and that every --json output parses."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1]
REPOSITORY = PACKAGE.parents[1]
CLI = os.environ.get("STORYKIT_CLI", str(PACKAGE / ".build" / "debug" / "storykit-cli"))
COMMANDS = [[], ["demo"], ["policy"], ["policy", "evaluate"], ["policy", "fields"], ["prompt"], ["parse"],
            ["parse", "list"], ["parse", "variations"], ["parse", "json"], ["correct"], ["illustrate"],
            ["store"], ["store", "list"], ["store", "show"], ["store", "export"], ["story"], ["story", "write"],
            ["story", "list"], ["story", "show"], ["story", "illustrate"]]
USAGE_ERROR = 64


def environment(**extra):
    env = {key: value for key, value in os.environ.items() if key not in ("GEMINI_API_KEY", "OPENAI_API_KEY")}
    env.update(extra)
    return env


def run(*arguments, stdin=None, cwd=None, env=None, timeout=60):
    if not Path(CLI).exists():
        pytest.fail(f"no storykit binary at {CLI}: build it with `swift build --package-path Examples/storykit-cli`")
    return subprocess.run([CLI, *arguments], input=stdin, capture_output=True, cwd=cwd,
                          env=env or environment(), timeout=timeout)


def ok(*arguments, **options):
    result = run(*arguments, **options)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def failure(*arguments, code=1, **options):
    result = run(*arguments, **options)
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == b""
    return result.stderr.decode()


def assert_explained(stderr):
    lines = stderr.strip().splitlines()
    assert lines[0].startswith("Error: "), stderr
    assert lines[-1].startswith("Hint: ") and len(lines[-1]) > 10, stderr


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command) or "storykit")
def test_every_command_has_help_with_an_example(command):
    text = ok(*command, "--help")
    assert "USAGE:" in text
    if command:
        assert "Examples:" in text and "storykit " + command[0] in text.split("Examples:")[1]


def test_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+\n", ok("--version"))


def test_unknown_command_and_bad_flags_are_usage_errors():
    assert "Unexpected argument" in failure("bogus", code=USAGE_ERROR)
    assert "--chunk-size" in failure("parse", "list", "--chunk-size", "0", code=USAGE_ERROR)
    assert "--count" in failure("correct", "x", "--count", "11", code=USAGE_ERROR)


def test_demo_runs_every_step_offline_and_keeps_its_store_when_asked(tmp_path):
    text = ok("demo", "--no-model", "--store", str(tmp_path / "tour"), env=environment(http_proxy="http://127.0.0.1:9", https_proxy="http://127.0.0.1:9"))
    steps = re.findall(r"^(\d+)\. ", text, re.MULTILINE)
    assert steps == [str(number) for number in range(1, len(steps) + 1)] and len(steps) >= 10
    assert f"Done: {len(steps)} steps." in text
    assert "answered by: offline" in text and "[redacted]" in text and "demo-secret-key" not in text
    counts = json.loads(ok("store", "list", "--store", str(tmp_path / "tour"), "--json"))
    assert counts == {"stories": 1, "heroes": 1, "events": 0, "corrections": 1, "preferences": 1, "words": 3, "illustrations": 0}
    assert "with the words: Zorbax and Sir Pounce found glimmerfrost on the window" in text


def test_demo_removes_its_temporary_store(tmp_path):
    text = ok("demo", "--no-model", env=environment(TMPDIR=str(tmp_path)))
    assert "The temporary store was removed." in text
    assert list(tmp_path.iterdir()) == []


def test_policy_fields_table_is_aligned_and_json_parses():
    table = ok("policy", "fields", "--os-version", "18.1").splitlines()
    header, rule, rows = table[1], table[2], table[3:]
    columns = [match.start() for match in re.finditer(r"\S+", header)]
    assert len(columns) == 6 and len(rows) == 9
    for row in rows:
        starts = [match.start() for match in re.finditer(r"(?:(?<=  )|^)\S", row)]
        assert starts[:len(columns)] == columns, row
    decisions = json.loads(ok("policy", "fields", "--profile", "proposal", "--json"))
    by_id = {field["id"]: field["decision"] for field in decisions["fields"]}
    assert by_id["AvatarGenerationView.customPrompt"]["behavior"] == "limited"
    assert by_id["MagicalTextField.password"]["rule"] == "secureField"
    old = json.loads(ok("policy", "fields", "--os-version", "17.6", "--apple-intelligence", "notEligible", "--json"))
    assert {field["decision"]["effective"] for field in old["fields"]} == {"none"}


def test_policy_fields_reads_an_apps_own_fields_and_profile(tmp_path):
    (tmp_path / "fields.json").write_text('[{"id": "JournalView.body", "kind": "longText", "multiline": true}]')
    (tmp_path / "profile.json").write_text(json.dumps({"name": "journal", "extends": "default", "writingTools": [
        {"id": "journal", "when": {"field": "JournalView.body"}, "behavior": "limited", "reason": "Journals keep their voice."}]}))
    decisions = json.loads(ok("policy", "fields", "--fields", str(tmp_path / "fields.json"),
                              "--profile-file", str(tmp_path / "profile.json"), "--json"))
    assert decisions["profile"] == "journal"
    assert [(field["id"], field["decision"]["rule"]) for field in decisions["fields"]] == [("JournalView.body", "journal")]
    (tmp_path / "bad.json").write_text('[{"id": "x", "kind": "poem"}]')
    assert_explained(failure("policy", "fields", "--fields", str(tmp_path / "bad.json")))


@pytest.mark.parametrize("arguments, key, expected", [
    (["writingTools", "--field", "HeroCreationView.name:name"], "rule", "heroName"),
    (["writingTools", "--field", "StoryEditView.content:longText", "--os-version", "17.6"], "effective", "none"),
    (["capabilities", "--os-version", "26.0"], "correctionBackends", ["foundationModels", "offline"]),
    (["motion", "--set", "animation.purpose=decorative", "--set", "settings.reduceMotion=true"], "rule", "motion.reduceMotion"),
    (["deployment", "--set", 'project={"configurations":{"Debug":"18.1","Release":"17.0"}}'], "rule", "deployment.belowMinimum"),
])
def test_policy_evaluates_any_domain_from_flags(arguments, key, expected):
    decision = json.loads(ok("policy", *arguments))
    assert decision[key] == expected, decision


def test_policy_reads_a_request_file_and_flags_override_it(tmp_path):
    request = {"domain": "writingTools", "field": {"id": "AvatarGenerationView.customPrompt", "kind": "imagePrompt"},
               "platform": {"os": "iOS", "version": "18.1", "appleIntelligence": "enabled"}}
    (tmp_path / "request.json").write_text(json.dumps(request))
    assert json.loads(ok("policy", "--request", str(tmp_path / "request.json")))["effective"] == "complete"
    assert json.loads(ok("policy", "--request", "-", "--profile", "proposal", stdin=json.dumps(request).encode()))["effective"] == "limited"
    assert json.loads(ok("policy", "--request", str(tmp_path / "request.json"), "--os-version", "17.0"))["effective"] == "none"


def test_policy_errors_name_the_key_and_say_what_to_do(tmp_path):
    stderr = failure("policy", "writingTools", "--field", "X:poem")
    assert_explained(stderr)
    assert '"field.kind"' in stderr and '"longText"' in stderr
    assert_explained(failure("policy", "--os", "iOS"))
    assert_explained(failure("policy", "writingTools", "--profile", "nope", "--field", "X:name"))
    (tmp_path / "broken.json").write_text('{"domain": ')
    stderr = failure("policy", "--request", str(tmp_path / "broken.json"))
    assert_explained(stderr)
    assert "line 1" in stderr


def test_prompt_builds_every_kind_and_json_parses():
    correction = json.loads(ok("prompt", "correction", "--text", "I wnat to go hmoe </text>", "--form", "structured", "--json"))
    assert correction["responseSchema"]["type"] == "object" and "</text>" not in correction["prompt"].split("<text>")[1].split("</text>")[0]
    story = json.loads(ok("prompt", "story", "--hero", "Mia", "--trait", "brave", "--theme", "friendship",
                          "--age-group", "4-6", "--length", "short", "--language", "en", "--json"))
    assert "Mia" in story["prompt"] and story["estimatedTokens"] > 0
    assert "Mia" in ok("prompt", "illustration", "--hero", "Mia", "--page-text", "Mia finds a lantern.")
    assert "First day" in ok("prompt", "eventEnhancement", "--event-title", "First day", "--language", "en")
    assert "robot" in ok("prompt", "avatar", "--hero", "Mia", "--custom-prompt", "with a robot friend")
    assert_explained(failure("prompt", "correction", code=USAGE_ERROR))
    assert_explained(failure("prompt", code=USAGE_ERROR))


def test_parse_reads_stdin_and_files(tmp_path):
    listed = json.loads(ok("parse", "list", stdin=b"Sure:\n1. Rest\n2. Drink water\n\nBye"))
    assert [item["text"] for item in listed["items"]] == ["Rest", "Drink water"] and listed["postamble"] == "Bye"
    (tmp_path / "reply.txt").write_text("```json\n{'a': [1, 2,],}\n```")
    repaired = json.loads(ok("parse", "json", str(tmp_path / "reply.txt")))
    assert repaired["value"] == {"a": [1, 2]} and {"codeFence", "singleQuotes", "trailingComma"} <= {r["kind"] for r in repaired["repairs"]}


@pytest.mark.parametrize("kind, reply", [
    ("variations", '{"directCorrection": "I want to go home.", "refinedPhrasing": "I would like to go hom'),
    ("list", "Here:\n1. Café au lait\n2. Crème brûlée\n\nEnjoy!"),
    ("json", '{"title": "Mia and the Moon", "pages": ["Once upon a time", "The end'),
])
def test_streamed_events_arrive_as_json_lines_and_end_in_the_batch_result(kind, reply):
    batch = json.loads(ok("parse", kind, stdin=reply.encode()))
    for chunk_size in ("1", "5"):
        lines = ok("parse", kind, "--stream", "--chunk-size", chunk_size, stdin=reply.encode()).splitlines()
        events = [json.loads(line) for line in lines]
        assert events[-1] == {"result": batch}
        assert all("type" in event for event in events[:-1]) and len(events) > 2


def test_stream_reads_a_pipe_as_its_writer_writes():
    writer = subprocess.Popen([CLI, "parse", "list", "--stream"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment())
    writer.stdin.write(b"1. First item\n")
    writer.stdin.flush()
    first = json.loads(writer.stdout.readline())
    assert first["type"] == "start"
    writer.stdin.write(b"2. Second\n")
    writer.stdin.close()
    rest = [json.loads(line) for line in writer.stdout.read().splitlines()]
    assert writer.wait(timeout=10) == 0
    assert [item["text"] for item in rest[-1]["result"]["items"]] == ["First item", "Second"]


def test_parse_reports_bad_input_with_its_place(tmp_path):
    stderr = failure("parse", "variations", stdin=b'{"directCorrection": "caf\xc3')
    assert_explained(stderr)
    assert "UTF-8" in stderr
    assert_explained(failure("parse", "list", str(tmp_path / "missing.txt")))
    stderr = failure("parse", "json", stdin=b"[" * 600)
    assert_explained(stderr)


def test_correct_offline_saves_into_the_store_and_store_commands_read_it(tmp_path):
    result = json.loads(ok("correct", "I wnat to go hmoe", "--json", "--save", cwd=tmp_path))
    assert result["backend"] == "offline" and result["variations"][0]["text"] == "I want to go home"
    # Only versions a writer could mean: no third reading is likely enough here.
    assert [variation["text"] for variation in result["variations"]] == ["I want to go home", "I want to go home."]
    assert result["issues"] == [{"code": "count", "expected": 3, "found": 2}]
    record = json.loads(ok("store", "show", "corrections", result["savedAs"], cwd=tmp_path))
    assert record["text"] == "I wnat to go hmoe" and record["variations"] == result["variations"]
    assert (tmp_path / ".storykit" / "corrections" / f"{result['savedAs']}.json").exists()
    listing = ok("store", "list", "corrections", cwd=tmp_path)
    assert result["savedAs"] in listing and "I want to go home" in listing
    text = ok("correct", "i dont knwo", "--store", str(tmp_path / "other"), "--id", "mine")
    assert "direct" in text and "saved as corrections/mine" in text
    exported = json.loads(ok("store", "export", "--store", str(tmp_path / "other")))
    assert [record["id"] for record in exported["corrections"]] == ["mine"] and exported["problems"] == []


def test_correct_saves_only_when_asked(tmp_path):
    result = json.loads(ok("correct", "I wnat to go hmoe", "--json", cwd=tmp_path))
    assert result["savedAs"] is None
    assert not (tmp_path / ".storykit").exists()


def test_correct_without_saving_and_from_stdin(tmp_path):
    text = ok("correct", "-", "--no-save", stdin=b"I wnat to go hmoe", cwd=tmp_path)
    assert "I want to go home" in text and "saved" not in text
    assert "no other reading is likely enough to offer" in text and "issue:" not in text
    assert not (tmp_path / ".storykit").exists()


def test_correct_spelling_option_and_its_errors(tmp_path):
    text = ok("correct", "my favourite colour", "--no-save", "--spelling", "us", cwd=tmp_path)
    assert "direct       my favourite colour" in text and "refined      My favorite color." in text
    result = run("correct", "my colour", "--no-save", "--spelling", "british", cwd=tmp_path)
    assert result.returncode == USAGE_ERROR and "'keep', 'us' or 'uk'" in result.stderr.decode()


def test_correct_explains_a_missing_key_and_a_bad_layout(tmp_path):
    stderr = failure("correct", "I wnat", "--backend", "gemini", cwd=tmp_path)
    assert_explained(stderr)
    assert "GEMINI_API_KEY" in stderr
    result = run("correct", "I wnat", "--layout", "dvorak", cwd=tmp_path)
    assert result.returncode == USAGE_ERROR and "'qwerty', 'qwertz' or 'azerty'" in result.stderr.decode()
    assert run("correct", "   ", cwd=tmp_path).returncode == USAGE_ERROR
    assert not (tmp_path / ".storykit" / "corrections").exists()


def test_store_commands_explain_a_missing_store_and_record(tmp_path):
    stderr = failure("store", "list", "--store", str(tmp_path / "nothing"))
    assert_explained(stderr)
    assert "storykit correct" in stderr
    ok("correct", "hello", "--store", str(tmp_path / "s"))
    assert_explained(failure("store", "show", "corrections", "missing", "--store", str(tmp_path / "s")))
    assert_explained(failure("store", "list", "poems", "--store", str(tmp_path / "s"), code=USAGE_ERROR))


def test_store_reports_an_unreadable_record_without_stopping(tmp_path):
    ok("correct", "hello", "--store", str(tmp_path), "--id", "good")
    (tmp_path / "corrections" / "bad.json").write_text("{not json")
    result = run("store", "list", "corrections", "--store", str(tmp_path))
    assert result.returncode == 0
    assert "good" in result.stdout.decode() and "unreadable corrections/bad" in result.stderr.decode()
    exported = json.loads(ok("store", "export", "--store", str(tmp_path)))
    assert [problem["id"] for problem in exported["problems"]] == ["bad"]


def test_illustrate_without_a_key_prints_the_prompt_and_says_how_to_draw(tmp_path):
    result = run("illustrate", "--hero", "Mia", "--page-text", "Mia finds a lantern.", cwd=tmp_path)
    assert result.returncode == 0
    assert "Mia finds a lantern." in result.stdout.decode() and "GEMINI_API_KEY" in result.stderr.decode()
    assert not (tmp_path / ".storykit").exists()
    assert_explained(failure("illustrate", "--hero", "", "--page-text", "x", cwd=tmp_path))


@pytest.fixture(scope="module")
def server():
    sys.path.insert(0, str(REPOSITORY / "Tests" / "Fixtures" / "Transport"))
    import loopback
    with loopback.running() as port:
        yield port


def loopback(**extra):
    return environment(no_proxy="127.0.0.1", NO_PROXY="127.0.0.1", **extra)


def test_correct_on_an_openai_compatible_server_shows_progress_and_saves(server, tmp_path):
    result = run("correct", "I wnat to go hmoe", "--backend", "openai", "--base-url", f"http://127.0.0.1:{server}/ok/cli-correct/v1",
                 "--model", "local", "--json", "--save", cwd=tmp_path, env=loopback())
    assert result.returncode == 0, result.stderr.decode()
    outcome = json.loads(result.stdout)
    assert outcome["backend"] == "remote" and outcome["variations"][0]["text"] == "I want to go home."
    assert "Asking openai" in result.stderr.decode() and "versions so far" in result.stderr.decode()
    assert json.loads(ok("store", "show", "corrections", outcome["savedAs"], cwd=tmp_path))["backend"] == "remote"


def test_correct_falls_back_to_offline_when_the_server_fails(server, tmp_path):
    result = run("correct", "I wnat to go hmoe", "--backend", "gemini", "--base-url", f"http://127.0.0.1:{server}/always-unavailable/cli-fallback/v1beta",
                 "--timeout", "5", cwd=tmp_path, env=loopback(GEMINI_API_KEY="test-key"))
    assert result.returncode == 0, result.stderr.decode()
    assert "backend: offline" in result.stdout.decode() and "fell back from remote" in result.stderr.decode()


def test_illustrate_with_a_key_saves_the_picture_in_the_store(server, tmp_path):
    result = run("illustrate", "--hero", "Mia", "--page-text", "Mia finds a lantern.", "--story-id", "s1", "--json",
                 "--base-url", f"http://127.0.0.1:{server}/ok/cli-illustrate/v1beta", cwd=tmp_path, env=loopback(GEMINI_API_KEY="test-key"))
    assert result.returncode == 0, result.stderr.decode()
    outcome = json.loads(result.stdout)
    assert [image["fileName"] for image in outcome["illustrations"]] == ["s1-page-1.png"]
    assert (tmp_path / ".storykit" / "Illustrations" / "s1-page-1.png").read_bytes().startswith(b"\x89PNG")
    images = json.loads(ok("store", "list", "illustrations", "--json", cwd=tmp_path))
    assert images == [{"id": "s1-page-1", "mimeType": "image/png", "bytes": (tmp_path / ".storykit" / "Illustrations" / "s1-page-1.png").stat().st_size}]
    ok("store", "show", "illustrations", "s1-page-1", "--output", str(tmp_path / "page.png"), cwd=tmp_path)
    assert (tmp_path / "page.png").read_bytes() == (tmp_path / ".storykit" / "Illustrations" / "s1-page-1.png").read_bytes()
    exported = json.loads(ok("store", "export", cwd=tmp_path))
    assert exported["illustrations"][0]["base64"]


@pytest.mark.parametrize("arguments, names", [
    (["policy", "fields", "--apple-intelligence", "maybe"], ["--apple-intelligence", "notEligible", "'maybe'"]),
    (["policy", "capabilities", "--os", "Windows"], ["--os", "iPadOS"]),
    (["policy", "fields", "--os-version", "eighteen"], ["--os-version"]),
    (["illustrate", "--page-text", "x", "--images", "99"], ["--images", "1 to 8"]),
])
def test_bad_values_are_usage_errors_that_list_what_is_accepted(tmp_path, arguments, names):
    result = run(*arguments, cwd=tmp_path)
    assert result.returncode == USAGE_ERROR, result.stderr.decode()
    message = result.stderr.decode()
    assert "Cannot initialize" not in message
    for name in names:
        assert name in message


def test_illustrate_needs_no_hero_and_prints_no_empty_section(tmp_path):
    output = ok("illustrate", "--page-text", "Mia waves goodbye.", "--prompt-only", cwd=tmp_path)
    assert "== Instructions" not in output and output.startswith("== Prompt")


def test_json_means_machine_output_in_every_command(tmp_path):
    listed = ok("parse", "list", "--json", stdin=b"1. Rest\n2. Drink", cwd=tmp_path)
    assert json.loads(listed)["items"][1]["text"] == "Drink" and listed.count("\n") == 1
    capabilities = ok("policy", "capabilities", "--json", cwd=tmp_path)
    assert "correctionBackends" in json.loads(capabilities)


def test_a_missing_key_is_called_missing_and_says_how_to_set_it(tmp_path):
    result = run("correct", "--backend", "gemini", "I wnat to go hmoe", cwd=tmp_path)
    assert result.returncode == 1
    message = result.stderr.decode()
    assert "GEMINI_API_KEY is not set" in message and "export GEMINI_API_KEY=" in message
    assert "not accepted" not in message


def test_a_dead_server_falls_back_without_claiming_versions_arrived(tmp_path):
    result = run("correct", "--backend", "openai", "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                 "I wnat to go hmoe", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    assert "received" not in result.stderr.decode() and "version" not in result.stderr.decode().split("fell back")[0]
    assert "fell back" in result.stderr.decode()


@pytest.mark.parametrize("arguments", [["--layout", "dvorak"], ["--language", "not a tag"]])
def test_bad_correct_options_are_usage_errors(tmp_path, arguments):
    assert run("correct", *arguments, "hello", cwd=tmp_path).returncode == USAGE_ERROR


def test_the_demo_says_what_fits_the_device_and_prints_no_empty_line(tmp_path):
    output = ok("demo", "--no-model", cwd=tmp_path)
    iphone = output.split("2. ", 1)[1].split("\n3. ", 1)[0]
    assert "iPad" not in iphone and "offline corrector" in iphone
    assert not any(line.rstrip().endswith(":") and line.strip().startswith("events") for line in output.splitlines())


def test_input_errors_name_standard_input(tmp_path):
    result = run("parse", "list", "-", stdin=b"\xff", cwd=tmp_path)
    assert result.returncode == 1 and "standard input: " in result.stderr.decode()
    result = run("correct", "-", stdin=b"   ", cwd=tmp_path)
    assert result.returncode == USAGE_ERROR and "standard input holds no text" in result.stderr.decode()


@pytest.mark.parametrize("arguments", [["prompt", "nonsense"], ["prompt", "correction"],
                                       ["prompt"], ["correct", "x", "--count", "0"]])
def test_usage_errors_exit_64_in_every_command(tmp_path, arguments):
    result = run(*arguments, cwd=tmp_path)
    assert result.returncode == USAGE_ERROR, (arguments, result.returncode, result.stderr.decode())
    assert result.stderr.decode().startswith("Error: ")


def test_a_fifo_with_no_writer_fails_after_its_wait_instead_of_blocking(tmp_path):
    fifo = tmp_path / "reply.fifo"
    os.mkfifo(fifo)
    result = run("parse", "list", str(fifo), env=environment(STORYKIT_FIFO_WAIT_SECONDS="2"), timeout=30)
    assert result.returncode == 1 and result.stdout == b""
    stderr = result.stderr.decode()
    assert "Waiting for a writer" in stderr and "nothing was written" in stderr
    assert_explained(stderr.split("\n", 1)[1])


def test_a_words_fifo_whose_writer_stalls_fails_after_its_wait(tmp_path):
    import threading
    import time

    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    stop = threading.Event()

    def write_and_stall():
        with open(fifo, "w") as writer:
            writer.write("Zorbax\n")
            writer.flush()
            stop.wait(60)

    threading.Thread(target=write_and_stall, daemon=True).start()
    started = time.monotonic()
    result = run("correct", "hi there", "--no-save", "--words", str(fifo),
                 env=environment(STORYKIT_FIFO_WAIT_SECONDS="2"), timeout=30)
    stop.set()
    assert result.returncode == 1 and time.monotonic() - started < 20
    assert "stopped sending for 2 seconds without ending" in result.stderr.decode()


def test_a_fifo_whose_writer_comes_late_is_read(tmp_path):
    import threading
    import time

    fifo = tmp_path / "reply.fifo"
    os.mkfifo(fifo)

    def write_later():
        time.sleep(1.5)
        with open(fifo, "w") as writer:
            writer.write("1. Rest\n2. Drink water\n")

    threading.Thread(target=write_later, daemon=True).start()
    output = ok("parse", "list", str(fifo), "--json", env=environment(STORYKIT_FIFO_WAIT_SECONDS="20"), timeout=30)
    assert [item["text"] for item in json.loads(output)["items"]] == ["Rest", "Drink water"]


def test_an_argument_that_is_not_utf8_is_refused_like_stdin():
    if sys.platform == "darwin":
        pytest.skip("macOS refuses to start a program with an argument that is not UTF-8")
    stderr = failure("correct", b"I wnat \xff", "--no-save", code=USAGE_ERROR)
    assert "argument 2 is not valid UTF-8" in stderr
    assert_explained(stderr)


def test_output_that_cannot_be_written_is_an_error():
    with open("/dev/full", "wb") as full:
        result = subprocess.run([CLI, "policy", "fields", "--os-version", "18.1", "--apple-intelligence", "enabled"],
                                stdout=full, stderr=subprocess.PIPE, env=environment(), timeout=60)
    assert result.returncode == 74
    assert "could not be written" in result.stderr.decode()
    closed = subprocess.run(f"exec {CLI} policy fields --os-version 18.1 --apple-intelligence enabled >&-",
                            shell=True, stderr=subprocess.PIPE, env=environment(), timeout=60)
    assert closed.returncode == 74


def test_a_negative_timeout_is_refused_with_the_reason():
    stderr = failure("correct", "--timeout", "-1", "hello", code=USAGE_ERROR)
    assert "--timeout must be more than 0" in stderr


def test_the_demos_closing_hint_runs_as_typed(tmp_path):
    # Started through scripts/storykit, the hint names it, so that it runs as typed.
    script = REPOSITORY / "scripts" / "storykit"
    result = subprocess.run([str(script), "demo", "--no-model"], capture_output=True, cwd=tmp_path, timeout=300,
                            env=environment(STORYKIT_CLI=CLI))
    assert result.returncode == 0, result.stderr.decode()
    hint = result.stdout.decode().strip().splitlines()[-1]
    assert hint.startswith(f"Next: `{script} --help`"), hint
    command = hint.split("`")[1].split()
    assert subprocess.run(command, capture_output=True, timeout=60, env=environment(STORYKIT_CLI=CLI)).returncode == 0


def test_a_misspelt_command_gets_a_suggestion():
    stderr = failure("corect", "hello", code=USAGE_ERROR)
    assert "unknown command 'corect'" in stderr and "Did you mean 'correct'?" in stderr
    assert_explained(stderr)


def test_a_language_no_pack_reads_is_an_error_listing_the_packs():
    stderr = failure("correct", "--language", "xx-notreal", "hello wrld", "--no-save", code=65)
    assert "no pack for \"xx-notreal\"" in stderr and "en, es, fr, de, it, pt, nl" in stderr
    assert_explained(stderr)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command) or "storykit")
def test_help_examples_never_break_inside_a_command(command):
    # Long examples continue on the next line with a backslash, so a terminal of 80 columns
    # never wraps one in the middle of an argument.
    text = ok(*command, "--help", env=environment(COLUMNS="80"))
    if "Examples:" not in text:
        return
    continued = False
    for line in text.split("Examples:")[1].splitlines()[1:]:
        if not line.strip() or not line.startswith(" "):
            break
        starts = line.strip().startswith("storykit ") or "| storykit " in line
        assert continued or starts, f"an example broken inside a command: {line!r}"
        continued = line.rstrip().endswith("\\")


def test_correct_reads_the_writers_words_from_a_file(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("# my story's words\nZorbax\nSir Pounce\n\n!glimmerfrost\n", "utf-8")
    text = ok("correct", "Zorbxa and sir pounce saw the glimmerfrost", "--no-save", "--words", str(words), cwd=tmp_path)
    assert "direct       Zorbax and Sir Pounce saw the glimmerfrost" in text
    plain = ok("correct", "Zorbxa and sir pounce saw the glimmerfrost", "--no-save", cwd=tmp_path)
    assert "Zorbxa and sir pounce" in plain
    words.write_text("one two three four\n", "utf-8")
    stderr = failure("correct", "hi there", "--no-save", "--words", str(words), cwd=tmp_path)
    assert '"one two three four": 4 words, over the limit of 3' in stderr
    stderr = failure("correct", "hi there", "--no-save", "--words", str(tmp_path / "missing.txt"), cwd=tmp_path)
    assert "missing.txt" in stderr


def test_words_are_learned_listed_removed_and_read_by_correct(tmp_path):
    ok("words", "add", "Zorbax", "Sir Pounce", cwd=tmp_path)
    ok("words", "ignore", "glimmerfrost", cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["Zorbax", "Sir Pounce", "!glimmerfrost"]
    text = ok("correct", "Zorbxa and sir pounce saw the glimmerfrost", "--no-save", cwd=tmp_path)
    assert "direct       Zorbax and Sir Pounce saw the glimmerfrost" in text
    # The list is the --words format.
    (tmp_path / "words.txt").write_text(ok("words", "list", cwd=tmp_path), "utf-8")
    ok("words", "remove", "Sir Pounce", cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["Zorbax", "!glimmerfrost"]
    assert 'no learned word "Sir Pounce"' in failure("words", "remove", "Sir Pounce", cwd=tmp_path)
    # A word no typed word can match (`!bang`, `R2D2`) is refused by name, so every word
    # listed is one `--words` reads back as it is.
    stderr = failure("words", "add", "!bang", code=USAGE_ERROR, cwd=tmp_path)
    assert 'holds "!", which no typed word can match' in stderr
    assert 'holds "2"' in failure("words", "add", "R2D2", code=USAGE_ERROR, cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["Zorbax", "!glimmerfrost"]
    assert "70 bytes, over the limit of 64" in failure("words", "add", "a" * 70, code=USAGE_ERROR, cwd=tmp_path)
    assert "Missing expected argument" in failure("words", "add", code=USAGE_ERROR, cwd=tmp_path)
    # A word is one entry whatever its capitals: the latest choice holds, the first spelling stays.
    ok("words", "ignore", "ZORBAX", cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["!Zorbax", "!glimmerfrost"]
    ok("words", "add", "GlimmerFrost", cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["glimmerfrost", "!Zorbax"]
    ok("words", "remove", "zorbax", cwd=tmp_path)
    assert ok("words", "list", cwd=tmp_path).splitlines() == ["glimmerfrost"]
    other = tmp_path / "elsewhere"
    other.mkdir()
    text = ok("correct", "sir pounce ran", "--no-save", "--words", str(tmp_path / "words.txt"), cwd=other)
    assert "direct       Sir Pounce ran" in text


def test_story_write_prints_pages_as_they_pass_saves_and_lists(server, tmp_path):
    result = run("story", "write", "--hero", "Mia", "--trait", "brave", "--theme", "a lost kite", "--backend", "openai",
                 "--base-url", f"http://127.0.0.1:{server}/story/cli-story/v1", "--model", "local", "--id", "s1",
                 cwd=tmp_path, env=loopback())
    assert result.returncode == 0, result.stderr.decode()
    text = result.stdout.decode()
    assert text.startswith("# Mia and the Kite") and "[page 3]" in text and "saved as stories/s1" in text
    assert ok("story", "list", cwd=tmp_path).startswith("s1\t3 pages\ten\tMia and the Kite")
    shown = json.loads(ok("story", "show", "s1", "--json", cwd=tmp_path))
    assert len(shown["pages"]) == 3 and shown["ageGroup"] == "4-6"
    # The hero is saved beside the story, linked to it, for `story illustrate`.
    assert shown["heroID"] == "s1-hero"
    assert json.loads(ok("store", "show", "heroes", "s1-hero", cwd=tmp_path))["traits"] == ["brave"]


@pytest.mark.parametrize("arguments, named", [
    (["--theme", "x", "--backend", "openai"], "--hero"),
    (["--hero", "Mia", "--theme", "x"], "--backend"),
    (["--hero", "Mia", "--theme", "x", "--backend", "openai", "--age", "13"], "--age"),
    (["--hero", "Mia", "--theme", "x", "--backend", "openai", "--length", "epic"], "--length"),
    (["--hero", "Mia", "--theme", "x", "--backend", "openai", "--language", "english"], "--language"),
])
def test_story_write_usage_errors_name_the_flag(arguments, named, tmp_path):
    assert named in failure("story", "write", *arguments, code=USAGE_ERROR, cwd=tmp_path)
    assert not (tmp_path / ".storykit").exists()


def test_story_write_refuses_bad_input_before_any_request(tmp_path):
    stderr = failure("story", "write", "--hero", "</hero_name>", "--theme", "x", "--backend", "openai",
                     "--base-url", "http://127.0.0.1:9/v1", code=USAGE_ERROR, cwd=tmp_path)
    assert "hero.name" in stderr and not (tmp_path / ".storykit").exists()
    ok("story", "write", "--hero", "Mia", "--theme", "a lost kite", "--backend", "openai", "--no-save",
       "--base-url", "http://127.0.0.1:9/v1", "--help", cwd=tmp_path)
    (tmp_path / ".storykit").mkdir()
    assert_explained(failure("story", "show", "nope", cwd=tmp_path))


@pytest.mark.parametrize("command", [["correct", "I wnat to go"], ["story", "write", "--hero", "Mia", "--theme", "x"]])
def test_a_base_url_the_library_cannot_use_is_a_usage_error(command, tmp_path):
    stderr = failure(*command, "--backend", "openai", "--base-url", "ftp://x", code=USAGE_ERROR, cwd=tmp_path)
    assert "--base-url must start with http:// or https://" in stderr


def test_a_missing_prompt_field_names_its_flag_and_help_does_not_promise_saving():
    stderr = failure("prompt", "story", "--hero", "Mia", "--theme", "friendship", "--age-group", "4-6",
                     "--length", "short", code=USAGE_ERROR)
    assert "--language (field \"language\")" in stderr, stderr
    help_text = ok("correct", "--help")
    assert "--save keeps them" in help_text and "saved in the store." not in help_text.split("\n\n")[0]



def test_a_negative_sampling_value_is_the_options_value_and_checked():
    # "-1" is read as --temperature's value (not a missing one) and refused for its range.
    stderr = failure("correct", "I wnat to go", "--backend", "openai", "--base-url", "http://127.0.0.1:9/v1",
                     "--temperature", "-1", code=USAGE_ERROR)
    assert "--temperature must be from 0 to 2" in stderr and "Missing value" not in stderr
    stderr = failure("correct", "I wnat to go", "--backend", "openai", "--base-url", "http://127.0.0.1:9/v1",
                     "--top-p", "-0.5", code=USAGE_ERROR)
    assert "--top-p must be from 0 to 1" in stderr


def test_correct_reads_a_file_with_file_and_says_when_the_text_names_one(tmp_path):
    typed = tmp_path / "typed.txt"
    typed.write_text("I wnat to go hmoe\n", encoding="utf-8")
    result = run("correct", "--file", str(typed), "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    assert json.loads(result.stdout)["variations"][0]["text"].startswith("I want to go home")
    # The path given as the text is corrected as typed, as asked, with a note on stderr.
    result = run("correct", str(typed), cwd=tmp_path)
    assert result.returncode == 0 and str(typed) in result.stdout.decode()
    assert f"to correct the file's text, use --file {typed}" in result.stderr.decode()
    assert "also a file" not in run("correct", "I wnat to go", cwd=tmp_path).stderr.decode()
    assert "--file" in failure("correct", code=USAGE_ERROR, cwd=tmp_path)
    assert "not both" in failure("correct", "text", "--file", str(typed), code=USAGE_ERROR, cwd=tmp_path)
    (tmp_path / "blank.txt").write_text("  \n", encoding="utf-8")
    stderr = failure("correct", "--file", str(tmp_path / "blank.txt"), code=USAGE_ERROR, cwd=tmp_path)
    assert "blank.txt holds no text to correct" in stderr
    assert "not valid UTF-8" in failure("correct", "--file", str(_invalid_utf8(tmp_path)), cwd=tmp_path)


def test_changes_prints_only_the_words_a_version_changes_with_their_lines(tmp_path):
    lines = ["The little dog ran to the park and played with a red ball."] * 300
    lines[41] = "The little dgo ran to the park and played with a red ball."
    typed = tmp_path / "long.txt"
    typed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    output = ok("correct", "--file", str(typed), "--changes", cwd=tmp_path)
    assert output.splitlines()[:2] == ["direct       1 change", "  line 42: dgo → dog"], output
    assert len(output) < 300, output
    assert "choose one" in failure("correct", "I wnat", "--changes", "--json", code=USAGE_ERROR, cwd=tmp_path)
    assert ok("correct", "All is well.", "--changes", cwd=tmp_path).startswith("direct       no change")


def _invalid_utf8(folder):
    path = folder / "latin1.txt"
    path.write_bytes(b"caf\xe9\n")
    return path


def test_an_empty_text_and_a_control_character_are_this_commands_errors_on_one_line(tmp_path):
    stderr = failure("correct", "", code=USAGE_ERROR, cwd=tmp_path)
    assert stderr.startswith("Error: the text to correct is empty") and "Usage: storykit <subcommand>" not in stderr
    assert_explained(stderr)
    stderr = failure("words", "add", "a\nb", code=USAGE_ERROR, cwd=tmp_path)
    assert stderr.splitlines()[0] == 'Error: vocabulary word "a\\u{A}b": holds a control character'
