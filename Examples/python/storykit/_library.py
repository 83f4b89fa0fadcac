"""Finds and loads libstorykit, and declares the C signatures of include/storykit.h."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

#: Where scripts/build-library.sh puts the library, relative to the repository root.
_DEFAULT_RELATIVE_PATH = Path(".build") / "release" / "libstorykit.so"
_LIBRARY_NAME = "libstorykit.so"


def default_library_path() -> Path:
    """The library path, the first of: $STORYKIT_LIB; a libstorykit.so inside this package
    (installed with it when one was there at build time); the repository's release build
    folder, when the package is used from its source tree."""
    configured = os.environ.get("STORYKIT_LIB")
    if configured:
        return Path(configured).resolve()
    package = Path(__file__).resolve().parent
    bundled = package / _LIBRARY_NAME
    repository = package.parents[2]
    if bundled.exists() or not (repository / "Package.swift").exists():
        return bundled
    return (repository / _DEFAULT_RELATIVE_PATH).resolve()


def load(path: Path | None = None) -> ctypes.CDLL:
    """Loads the library by absolute path and declares every function's signature."""
    path = (path or default_library_path()).resolve()
    if not path.exists():
        raise OSError(
            f"libstorykit not found at {path}; build it with scripts/build-library.sh "
            "and set STORYKIT_LIB to its absolute path (or put libstorykit.so inside the storykit package)"
        )
    lib = ctypes.CDLL(str(path))
    _declare(lib)
    return lib


#: storykit_transport_fn, storykit_event_fn and storykit_progress_fn.
TRANSPORT_FUNCTION = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
EVENT_FUNCTION = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_char_p, ctypes.c_void_p)
PROGRESS_FUNCTION = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p)


def _declare(lib: ctypes.CDLL) -> None:
    status = ctypes.c_int32
    out_string = ctypes.POINTER(ctypes.c_void_p)
    signatures = {
        "storykit_version_string": (ctypes.c_char_p, []),
        "storykit_version_number": (ctypes.c_int32, []),
        "storykit_abi_version": (ctypes.c_int32, []),
        "storykit_status_string": (ctypes.c_char_p, [status]),
        "storykit_last_error": (ctypes.c_char_p, []),
        "storykit_string_free": (None, [ctypes.c_void_p]),
        "storykit_json_validate": (status, [ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_json_format": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]),
        "storykit_json_repair": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_parse_list": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]),
        "storykit_parse_variations": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]),
        "storykit_stream_create": (status, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_stream_feed": (status, [ctypes.c_void_p, out_string, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_stream_feed_into": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
                                              ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_stream_finish": (status, [ctypes.c_void_p, out_string]),
        "storykit_stream_finish_events": (status, [ctypes.c_void_p, out_string, out_string]),
        "storykit_stream_free": (None, [ctypes.c_void_p]),
        "storykit_store_open": (status, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_store_put": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_store_get": (status, [ctypes.c_void_p, out_string, ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_store_delete": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_store_list": (status, [ctypes.c_void_p, out_string, ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_store_learn_word": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_store_unlearn_word": (status, [ctypes.c_void_p, ctypes.c_char_p]),
        "storykit_store_words": (status, [ctypes.c_void_p, out_string]),
        "storykit_store_put_image": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_store_get_image": (status, [ctypes.c_void_p, out_string, ctypes.POINTER(ctypes.c_size_t), out_string, ctypes.c_char_p]),
        "storykit_store_delete_image": (status, [ctypes.c_void_p, ctypes.c_char_p]),
        "storykit_store_suspend": (status, [ctypes.c_void_p]),
        "storykit_store_resume": (status, [ctypes.c_void_p]),
        "storykit_store_close": (None, [ctypes.c_void_p]),
        "storykit_bytes_free": (None, [ctypes.c_void_p]),
        "storykit_prompt_build": (status, [out_string, ctypes.c_char_p]),
        "storykit_policy_evaluate_builtin": (status, [out_string, ctypes.c_char_p]),
        "storykit_policy_evaluate": (status, [out_string, ctypes.c_char_p]),
        "storykit_policy_create": (status, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p]),
        "storykit_policy_evaluate_loaded": (status, [ctypes.c_void_p, out_string, ctypes.c_char_p]),
        "storykit_policy_eval": (status, [ctypes.c_void_p, out_string, ctypes.c_char_p]),
        "storykit_policy_free": (None, [ctypes.c_void_p]),
        "storykit_response_decode": (status, [out_string, ctypes.c_char_p, ctypes.c_int32, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_request_build": (status, [out_string, ctypes.c_char_p]),
        "storykit_correct_offline": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]),
        "storykit_correct_offline_with_progress": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                                    PROGRESS_FUNCTION, ctypes.c_void_p]),
        "storykit_pack_load": (status, [out_string, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_pack_load_file": (status, [out_string, ctypes.c_char_p]),
        "storykit_packs": (status, [out_string]),
        "storykit_exchange_respond": (status, [ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p]),
        "storykit_exchange_write": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]),
        "storykit_exchange_fail": (status, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]),
        "storykit_exchange_cancelled": (ctypes.c_int, [ctypes.c_void_p]),
        "storykit_generate": (status, [out_string, ctypes.c_char_p, TRANSPORT_FUNCTION, EVENT_FUNCTION, ctypes.c_void_p]),
        "storykit_correct": (status, [out_string, ctypes.c_char_p, TRANSPORT_FUNCTION, EVENT_FUNCTION, ctypes.c_void_p]),
        "storykit_illustrate": (status, [out_string, ctypes.c_void_p, ctypes.c_char_p, TRANSPORT_FUNCTION, ctypes.c_void_p]),
        "storykit_story_write": (status, [out_string, ctypes.c_void_p, ctypes.c_char_p, TRANSPORT_FUNCTION, EVENT_FUNCTION,
                                          ctypes.c_void_p]),
        "storykit_event_enhance": (status, [out_string, ctypes.c_char_p, TRANSPORT_FUNCTION, ctypes.c_void_p]),
        "storykit_story_illustrate": (status, [out_string, ctypes.c_void_p, ctypes.c_char_p, TRANSPORT_FUNCTION,
                                               EVENT_FUNCTION, ctypes.c_void_p]),
        "storykit_hero_avatar": (status, [out_string, ctypes.c_void_p, ctypes.c_char_p, TRANSPORT_FUNCTION,
                                          ctypes.c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
