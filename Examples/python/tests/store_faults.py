"""A child process for the store's fault tests.

It puts a store on a file system that refuses writes, tries to write to every collection,
and prints one JSON report: what each write raised and what the store held before and after.

    store_faults.py file-size-limit ROOT   write() fails with EFBIG past a size limit
    store_faults.py full-disk FOLDER       a 256 KiB tmpfs filled to the last block (ENOSPC)
    store_faults.py read-only FOLDER       a tmpfs remounted read-only (EROFS)

The last two mount a tmpfs on FOLDER, so they run inside a private mount namespace
(`unshare --user --map-root-user --mount`, whose mounts stay private to it); the mount
vanishes when the process exits. A tmpfs the machine refuses is reported as
{"cannot mount": reason}.
"""

import errno
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import storykit  # noqa: E402

SMALL_PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))


def fill_with_originals(store):
    store.put("stories", "s1", {"id": "s1", "title": "Mia and the Moon", "pages": ["Once.", "The end."]})
    store.put("heroes", "h1", {"id": "h1", "name": "Mia"})
    store.put("corrections", "c1", {"id": "c1", "text": "I wnat", "backend": "offline",
                                    "variations": [{"text": "I want", "kind": "direct"}]})
    store.put("preferences", "theme", "dark")
    store.put_image("i1", "image/png", SMALL_PNG)


def contents(store):
    """Everything the store holds, as comparable JSON."""
    held = {name: store.list(name, limit=1000) for name in ["stories", "heroes", "events", "corrections", "preferences"]}
    image, mime_type = store.get_image("i1")
    held["image"] = [image.hex(), mime_type]
    return held


def outcome(write):
    try:
        write()
        return "ok"
    except storykit.StoryKitError as error:
        return [type(error).__name__, str(error)]


def try_large_writes(store):
    """Every kind of write, each over 1 KiB (the file-size scenario's limit) and within the
    records' own limits: all must fail and change nothing."""
    page = "x" * 10_000
    return {
        "replace a story": outcome(lambda: store.put("stories", "s1", {"id": "s1", "title": "Big", "pages": [page] * 4})),
        "add a story": outcome(lambda: store.put("stories", "s2", {"id": "s2", "title": "Big", "pages": [page] * 4})),
        "replace a hero": outcome(lambda: store.put("heroes", "h1", {"id": "h1", "name": "Mia", "appearance": page[:1900]})),
        "replace a correction": outcome(lambda: store.put("corrections", "c1", {
            "id": "c1", "text": page, "backend": "offline", "variations": [{"text": page, "kind": "direct"}]})),
        "add a preference": outcome(lambda: store.put("preferences", "notes", page)),
        "replace an image": outcome(lambda: store.put_image("i1", "image/jpeg", b"\xff\xd8" + bytes(40_000))),
    }


def try_removals(store):
    return {
        "remove a story": outcome(lambda: store.delete("stories", "s1")),
        "remove a preference": outcome(lambda: store.delete("preferences", "theme")),
        "remove an image": outcome(lambda: store.delete_image("i1")),
    }


def temporary_files(root):
    return sorted(str(path.relative_to(root)) for path in Path(root).rglob("*.tmp"))


class MountRefused(Exception):
    """This machine will not mount a tmpfs here: the scenario cannot run."""


def mount_tmpfs(folder, size):
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as error:
        raise MountRefused(str(getattr(error, "stderr", b"") or error)) from error


def file_size_limit(root):
    report = {}
    with storykit.Store(root) as store:
        fill_with_originals(store)
        report["before"] = contents(store)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        # Past the limit the kernel sends SIGXFSZ; ignored, write() fails with EFBIG instead.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, hard))
        report["writes"] = try_large_writes(store)
        report["after, same handle"] = contents(store)
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    with storykit.Store(root) as store:
        report["after, reopened"] = contents(store)
    report["temporary files"] = temporary_files(root)
    return report


def full_disk(folder):
    mount_tmpfs(folder, "256k")
    root = os.path.join(folder, "store")
    report = {}
    with storykit.Store(root) as store:
        fill_with_originals(store)
        report["before"] = contents(store)
        filler = os.path.join(folder, "filler")
        with open(filler, "wb", buffering=0) as file:
            try:
                while True:
                    file.write(bytes(4096))
            except OSError as error:
                report["filler"] = errno.errorcode.get(error.errno, str(error.errno))
        report["writes"] = try_large_writes(store)
        # Even a record that fits in a page has no block left to go to.
        report["small write"] = outcome(lambda: store.put("heroes", "h2", {"id": "h2", "name": "Leo"}))
        report["after, same handle"] = contents(store)
        report["temporary files"] = temporary_files(root)
        os.remove(filler)
        report["small write, space freed"] = outcome(lambda: store.put("heroes", "h2", {"id": "h2", "name": "Leo"}))
    with storykit.Store(root) as store:
        report["after, reopened"] = contents(store)
    return report


def read_only(folder):
    mount_tmpfs(folder, "1m")
    report = {}
    with_lock, without_lock = os.path.join(folder, "store"), os.path.join(folder, "bare")
    for root in [with_lock, without_lock]:
        with storykit.Store(root) as store:
            fill_with_originals(store)
            report.setdefault("before", contents(store))
    # A store copied onto read-only media may never have had its lock file.
    os.remove(os.path.join(without_lock, ".storykit.lock"))
    subprocess.run(["mount", "-o", "remount,ro", folder], check=True, capture_output=True)
    for root in [with_lock, without_lock]:
        name = os.path.basename(root)
        try:
            store = storykit.Store(root)
        except storykit.StoryKitError as error:
            report[name] = {"open": [type(error).__name__, str(error)]}
            continue
        with store:
            report[name] = {
                "open": "ok",
                "reads": contents(store),
                "writes": try_large_writes(store),
                "small write": outcome(lambda: store.put("heroes", "h2", {"id": "h2", "name": "Leo"})),
                "removals": try_removals(store),
                "after": contents(store),
            }
    return report


def main():
    scenario, path = sys.argv[1], sys.argv[2]
    run = {"file-size-limit": file_size_limit, "full-disk": full_disk, "read-only": read_only}[scenario]
    try:
        report = run(path)
    except MountRefused as refusal:
        report = {"cannot mount": str(refusal)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
