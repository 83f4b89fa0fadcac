"""The file store on a file system that refuses writes: a file-size limit, a full disk and a
read-only mount. Every write fails with StorageError naming the file and the system's
reason, and the store holds exactly what it held before, in memory and on disk.

Each case runs in a child process (store_faults.py). The full and read-only cases mount a
small tmpfs in a private mount namespace, so they need `unshare` and user namespaces."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FAULTS = Path(__file__).resolve().parent / "store_faults.py"
WRITES = ["replace a story", "add a story", "replace a hero", "replace a correction",
          "add a preference", "replace an image"]
REMOVALS = ["remove a story", "remove a preference", "remove an image"]


def run_faults(scenario, path, *, mounts):
    command = [sys.executable, str(FAULTS), scenario, str(path)]
    if mounts:
        unshare = shutil.which("unshare")
        if unshare is None:
            pytest.skip("mounting a private tmpfs needs util-linux's unshare")
        command = [unshare, "--user", "--map-root-user", "--mount", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if mounts and result.returncode != 0 and result.stderr.startswith("unshare:"):
        pytest.skip(f"no private mount namespace here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    if "cannot mount" in report:
        pytest.skip(f"cannot mount a tmpfs here: {report['cannot mount']}")
    return report


def assert_refused(outcomes, names, reason):
    assert sorted(outcomes) == sorted(names)
    for name, outcome in outcomes.items():
        assert outcome != "ok", f"{name} succeeded"
        kind, message = outcome
        assert kind == "StorageError", (name, message)
        assert reason in message, (name, message)
        assert message.startswith("cannot "), (name, message)


def test_writes_past_a_file_size_limit_fail_and_keep_the_old_data(tmp_path):
    report = run_faults("file-size-limit", tmp_path / "store", mounts=False)
    assert_refused(report["writes"], WRITES, "File too large")
    assert report["writes"]["replace a story"][1].endswith("/stories/s1.json: File too large")
    assert report["after, same handle"] == report["before"]
    assert report["after, reopened"] == report["before"]
    assert report["temporary files"] == []


def test_writes_to_a_full_disk_fail_keep_the_old_data_and_recover(tmp_path):
    report = run_faults("full-disk", tmp_path, mounts=True)
    assert report["filler"] == "ENOSPC"
    assert_refused(report["writes"], WRITES, "No space left on device")
    assert_refused({"small write": report["small write"]}, ["small write"], "No space left on device")
    assert report["after, same handle"] == report["before"]
    assert report["temporary files"] == []
    # Once space is freed the same handle writes again.
    assert report["small write, space freed"] == "ok"
    reopened, before = report["after, reopened"], report["before"]
    assert [item["id"] for item in reopened.pop("heroes")["items"]] == ["h1", "h2"]
    before.pop("heroes")
    assert reopened == before


def test_a_read_only_store_reads_and_refuses_every_write(tmp_path):
    report = run_faults("read-only", tmp_path, mounts=True)
    # "store" has its lock file; "bare" never had one, as on media written elsewhere.
    for name in ["store", "bare"]:
        store = report[name]
        assert store["open"] == "ok", store["open"]
        assert store["reads"] == report["before"]
        assert_refused(store["writes"], WRITES, "Read-only file system")
        assert_refused({"small write": store["small write"]}, ["small write"], "Read-only file system")
        assert_refused(store["removals"], REMOVALS, "Read-only file system")
        assert store["after"] == report["before"]
