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
    "storykit_store_delete_image", "storykit_store_learn_word", "storykit_store_unlearn_word", "storykit_store_words",
    "storykit_store_suspend", "storykit_store_resume", "storykit_store_close",
    "storykit_bytes_free",
    "storykit_prompt_build", "storykit_policy_evaluate_builtin", "storykit_policy_evaluate", "storykit_policy_create",
    "storykit_policy_evaluate_loaded", "storykit_policy_eval", "storykit_policy_free", "storykit_response_decode", "storykit_request_build",
    "storykit_correct_offline", "storykit_correct_offline_with_progress", "storykit_pack_load",
    "storykit_pack_load_file", "storykit_packs",
    "storykit_exchange_respond", "storykit_exchange_write",
    "storykit_exchange_fail", "storykit_exchange_cancelled", "storykit_generate", "storykit_correct", "storykit_illustrate",
    "storykit_story_write", "storykit_event_enhance", "storykit_story_illustrate", "storykit_hero_avatar",
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


def header_declarations():
    """(name, return type, [parameter types]) of every function include/storykit.h declares,
    and its function pointer types, with comments and the STORYKIT_API definition left out."""
    from conftest import REPOSITORY_ROOT
    header = (REPOSITORY_ROOT / "include" / "storykit.h").read_text()
    header = re.sub(r"/\*.*?\*/", " ", header, flags=re.S)
    header = header[header.index("STORYKIT_ABI_VERSION"):]

    def parameter_types(parameters):
        types = [" ".join(parameter.split()) for parameter in parameters.split(",")]
        return [] if types == ["void"] else [re.sub(r"\s*\b\w+$", "", kind) if not kind.endswith("*") else kind for kind in types]

    functions = [(name, " ".join(result.split()), parameter_types(parameters))
                 for result, name, parameters in re.findall(r"STORYKIT_API\s+(.*?)\b(storykit_\w+)\s*\((.*?)\)\s*;", header, re.S)]
    pointers = {name: (" ".join(result.split()), parameter_types(parameters))
                for result, name, parameters in re.findall(r"typedef\s+(\w+)\s*\(\*(\w+)\)\s*\((.*?)\)\s*;", header, re.S)}
    return functions, pointers


def ctypes_for(c_type):
    """The ctypes types the binding may declare for a C type: a string the library hands out
    is a void pointer to the binding (which frees it), one it reads is c_char_p, and a buffer
    the caller lends (`char *`) either."""
    import ctypes
    if c_type in ("storykit_status", "int32_t"):
        return {ctypes.c_int32}
    exact = {
        "int": {ctypes.c_int}, "void": {None}, "size_t": {ctypes.c_size_t},
        "size_t *": {ctypes.POINTER(ctypes.c_size_t)}, "const char *": {ctypes.c_char_p},
        "const unsigned char *": {ctypes.c_char_p}, "const void *": {ctypes.c_char_p, ctypes.c_void_p},
        "void *": {ctypes.c_void_p}, "char *": {ctypes.c_void_p, ctypes.c_char_p}, "unsigned char *": {ctypes.c_void_p},
        "char **": {ctypes.POINTER(ctypes.c_void_p)}, "unsigned char **": {ctypes.POINTER(ctypes.c_void_p)},
        "storykit_transport_fn": {_library.TRANSPORT_FUNCTION}, "storykit_event_fn": {_library.EVENT_FUNCTION},
        "storykit_progress_fn": {_library.PROGRESS_FUNCTION},
    }
    if c_type in exact:
        return exact[c_type]
    if re.fullmatch(r"storykit_\w+ \*", c_type):
        return {ctypes.c_void_p}
    if re.fullmatch(r"storykit_\w+ \*\*", c_type):
        return {ctypes.POINTER(ctypes.c_void_p)}
    raise AssertionError(f"the test knows no ctypes type for {c_type!r}")


def test_every_function_is_declared_as_the_header_declares_it(lib):
    functions, _ = header_declarations()
    assert {name for name, _, _ in functions} == HEADER_FUNCTIONS
    wrong = []
    for name, result, parameters in functions:
        function = getattr(lib, name)
        if function.restype not in ctypes_for(result):
            wrong.append(f"{name} returns {result}, declared {function.restype}")
        declared = function.argtypes or []
        if len(declared) != len(parameters):
            wrong.append(f"{name} takes {len(parameters)} arguments, declared {len(declared)}")
            continue
        for position, (c_type, kind) in enumerate(zip(parameters, declared)):
            if kind not in ctypes_for(c_type):
                wrong.append(f"{name} argument {position + 1} is {c_type}, declared {kind}")
    assert wrong == []


def test_callback_types_match_the_header():
    import ctypes
    _, pointers = header_declarations()
    for name, function_type in (("storykit_transport_fn", _library.TRANSPORT_FUNCTION), ("storykit_event_fn", _library.EVENT_FUNCTION)):
        result, parameters = pointers[name]
        assert function_type._restype_ in ctypes_for(result), name
        assert len(function_type._argtypes_) == len(parameters), name
        for c_type, kind in zip(parameters, function_type._argtypes_):
            assert kind in ctypes_for(c_type) | ({ctypes.c_void_p} if c_type.endswith("*") else set()), f"{name}: {c_type}"


def test_status_codes_match_the_header():
    from conftest import REPOSITORY_ROOT
    from storykit import errors
    header = (REPOSITORY_ROOT / "include" / "storykit.h").read_text()
    codes = {name: int(value) for name, value in re.findall(r"#define STORYKIT_(OK|E_\w+)\s+\(?(-?\d+)\)?", header)}
    assert len(codes) == 13
    assert {name: getattr(errors, name) for name in codes} == codes
    # Every code but OK has its exception class, whose code is the code.
    assert {cls.code for cls in errors.StoryKitError.__subclasses__()} == set(codes.values()) - {0}
