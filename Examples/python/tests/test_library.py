"""The shared library is self-contained and exports only the C API."""

import re
import shutil
import subprocess

import pytest

import storykit
from storykit import _library

HEADER_FUNCTIONS = {
    "storykit_version_string", "storykit_version_number", "storykit_abi_version",
    "storykit_status_string", "storykit_last_error", "storykit_string_free",
    "storykit_json_validate", "storykit_json_format", "storykit_json_repair",
    "storykit_parse_list", "storykit_parse_variations", "storykit_stream_create",
    "storykit_stream_feed", "storykit_stream_feed_into",
    "storykit_stream_finish", "storykit_stream_finish_events", "storykit_stream_free",
    "storykit_store_open", "storykit_store_put", "storykit_store_get", "storykit_store_delete",
    "storykit_store_list", "storykit_store_put_image", "storykit_store_get_image",
    "storykit_store_delete_image", "storykit_store_suspend", "storykit_store_resume", "storykit_store_close",
    "storykit_bytes_free",
    "storykit_prompt_build", "storykit_policy_evaluate", "storykit_policy_create",
    "storykit_policy_eval", "storykit_policy_free", "storykit_response_decode", "storykit_request_build",
    "storykit_correct_offline", "storykit_pack_load", "storykit_pack_load_file", "storykit_packs",
    "storykit_exchange_respond", "storykit_exchange_write",
    "storykit_exchange_fail", "storykit_exchange_cancelled", "storykit_generate", "storykit_correct", "storykit_illustrate",
}


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def path():
    storykit.library()
    return str(_library.default_library_path())


@pytest.mark.skipif(shutil.which("ldd") is None, reason="ldd is Linux-only")
def test_depends_only_on_system_libraries(path):
    linked = run("ldd", path)
    assert "swift" not in linked.lower()
    assert "Foundation" not in linked
    names = {line.split()[0] for line in linked.splitlines() if line.strip()}
    allowed = re.compile(r"^(linux-vdso|/lib64/ld-linux|ld-linux|libc|libm|libstdc\+\+|libgcc_s|libdl|libpthread|librt)(\.so|-)")
    assert [n for n in names if not allowed.match(n)] == []


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs binutils")
def test_exports_exactly_the_header_functions(path):
    exported = set()
    for line in run("nm", "-D", "--defined-only", path).splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "TtDdBbRrVvWw" and fields[1] != "A":
            exported.add(fields[2].split("@")[0])
    assert exported == HEADER_FUNCTIONS


@pytest.mark.skipif(shutil.which("readelf") is None, reason="needs binutils")
def test_has_an_soname_with_the_abi_version(path):
    assert "Library soname: [libstorykit.so.1]" in run("readelf", "-d", path)


def test_header_declares_exactly_the_exported_functions():
    from conftest import REPOSITORY_ROOT

    header = (REPOSITORY_ROOT / "include" / "storykit.h").read_text()
    declared = set(re.findall(r"STORYKIT_API\s+[^;(]*?\b(storykit_\w+)\s*\(", header))
    assert declared == HEADER_FUNCTIONS
