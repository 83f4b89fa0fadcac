/*
** storykit.h — the C interface of StoryKit, the portable core of AI-assisted writing apps.
**
** This header is the whole C contract (ABI version 1). The shared library libstorykit.so
** implements exactly what is declared here, and nothing else is exported.
**
** Conventions
** -----------
** - Every fallible function returns a storykit_status: STORYKIT_OK (0) or a negative code.
**   Outputs come first, through out-parameters named out...; on failure every out-parameter
**   is set to NULL.
** - Text crosses as UTF-8 with an explicit length (const char *text, size_t len); it need not
**   be NUL-terminated. Invalid UTF-8 is STORYKIT_E_PARSE, never a crash. Structured values
**   cross as NUL-terminated UTF-8 JSON text.
** - Every char * the library hands out is owned by the caller and released with
**   storykit_string_free(). Strings the library lends (storykit_last_error(),
**   storykit_status_string(), storykit_version_string()) are never freed by the caller.
** - On failure, storykit_last_error() describes what went wrong on the calling thread.
** - All functions are thread-safe: they share no mutable state between calls.
*/
#ifndef STORYKIT_H
#define STORYKIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  define STORYKIT_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#  define STORYKIT_API __attribute__((visibility("default")))
#else
#  define STORYKIT_API
#endif

/* ------------------------------------------------------------------------------------------
** Versions
** ------------------------------------------------------------------------------------------ */

#define STORYKIT_VERSION_MAJOR 0
#define STORYKIT_VERSION_MINOR 1
#define STORYKIT_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, the value storykit_version_number() returns. */
#define STORYKIT_VERSION_NUMBER \
    (STORYKIT_VERSION_MAJOR * 10000 + STORYKIT_VERSION_MINOR * 100 + STORYKIT_VERSION_PATCH)
#define STORYKIT_VERSION_STRING "0.1.0"
/* Changes only when a declaration in this header changes incompatibly. */
#define STORYKIT_ABI_VERSION 1

/*
** The library's version as "MAJOR.MINOR.PATCH". Never NULL; a static string owned by the
** library. Compare it with STORYKIT_VERSION_STRING to detect a header/library mismatch.
*/
STORYKIT_API const char *storykit_version_string(void);

/* The library's version as MAJOR * 10000 + MINOR * 100 + PATCH. */
STORYKIT_API int32_t storykit_version_number(void);

/* The ABI version the library implements; equals STORYKIT_ABI_VERSION when compatible. */
STORYKIT_API int32_t storykit_abi_version(void);

/* ------------------------------------------------------------------------------------------
** Limits — enforced on every call; exceeding one is STORYKIT_E_LIMIT.
** ------------------------------------------------------------------------------------------ */

/* The largest text (len) any function accepts: 64 MiB. */
#define STORYKIT_MAX_INPUT_BYTES ((size_t)67108864)
/* The deepest nesting of arrays and objects a JSON input may have: 512 levels. */
#define STORYKIT_MAX_JSON_DEPTH 512
/* The largest options_json any function accepts, NUL excluded: 64 KiB. */
#define STORYKIT_MAX_OPTIONS_BYTES ((size_t)65536)

/* ------------------------------------------------------------------------------------------
** Status codes and errors
** ------------------------------------------------------------------------------------------ */

typedef int32_t storykit_status;

#define STORYKIT_OK                   0   /* success */
#define STORYKIT_E_INVALID_ARGUMENT (-1)  /* NULL pointer, bad length, unknown option, malformed request JSON */
#define STORYKIT_E_PARSE            (-2)  /* the input text could not be parsed */
#define STORYKIT_E_NOT_FOUND        (-3)  /* no such record / field / profile */
#define STORYKIT_E_IO               (-4)  /* file system failure */
#define STORYKIT_E_TRANSPORT        (-5)  /* the transport failed (connection, timeout) */
#define STORYKIT_E_API              (-6)  /* the remote service answered with an error */
#define STORYKIT_E_UNAVAILABLE      (-7)  /* the capability is unavailable on this platform */
#define STORYKIT_E_LIMIT            (-8)  /* an input exceeded a documented limit (size, depth) */
#define STORYKIT_E_CALLBACK         (-9)  /* a user callback asked to stop or failed */
#define STORYKIT_E_STATE            (-10) /* call made in the wrong state */
#define STORYKIT_E_INTERNAL         (-99) /* a bug; the message says where */

/*
** A short English description of a status code, such as "invalid argument".
** Never NULL; a static string owned by the library. Unknown codes give "unknown status".
*/
STORYKIT_API const char *storykit_status_string(storykit_status status);

/*
** The message of the last failure on the calling thread, such as
** "line 3, column 7 (byte 41): expected ',' or '}' after an object member".
**
** Never NULL: "" when no call on this thread has failed yet. Owned by the library and valid
** until the next StoryKit call on the same thread; copy it to keep it. Each thread has its
** own message. A successful call leaves the message of an earlier failure in place.
*/
STORYKIT_API const char *storykit_last_error(void);

/*
** Releases a string the library handed out through an out-parameter. NULL is a no-op.
** Passing any other pointer, or the same string twice, is undefined behaviour.
*/
STORYKIT_API void storykit_string_free(char *string);

/* ------------------------------------------------------------------------------------------
** JSON
**
** Strict RFC 8259: one value (any type) with optional surrounding white space. The whole text
** must be valid UTF-8, without a byte order mark. Numbers keep their exact text, so
** 12345678901234567890 and 1.0e5 come back unchanged; object members keep their order, and
** duplicate keys are kept. A \u escape holding a lone surrogate (such as "\uD800" alone, or
** "\uDC00" first) is grammatical JSON and is accepted; when the string is decoded it
** becomes U+FFFD, the replacement character.
**
** Error messages give the line and column (both from 1; the column counts Unicode scalars)
** and the byte offset (from 0) of the first offending byte.
** ------------------------------------------------------------------------------------------ */

/*
** Checks that text is one strict RFC 8259 JSON value, building nothing.
**
** text, len  The JSON as UTF-8 bytes; need not be NUL-terminated. text may be NULL only when
**            len is 0 (an empty text is not JSON: STORYKIT_E_PARSE). len is at most
**            STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK when the text is valid JSON; STORYKIT_E_PARSE (not JSON, invalid UTF-8:
** the message gives line, column and byte offset); STORYKIT_E_LIMIT (len over the limit, or
** nesting deeper than STORYKIT_MAX_JSON_DEPTH); STORYKIT_E_INVALID_ARGUMENT (text NULL with
** len > 0). Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_json_validate(const char *text, size_t len);

/*
** Parses strict JSON and writes it back in canonical form.
**
** Canonical form: no white space but what the indent asks for (one space after ':' when
** indenting); strings escape only '"', '\\' and control characters (as \b \f \n \r \t, or
** \u00XX in lower-case hex), everything else is written as UTF-8; numbers keep their exact
** text; members keep their order unless sortKeys is true, which sorts them by Unicode code
** point of their keys (stably, so duplicate keys keep their order).
**
** out_json      Receives the formatted JSON, NUL-terminated. The caller owns it and releases
**               it with storykit_string_free(). NULL on failure.
** text, len     The JSON as UTF-8 bytes, as for storykit_json_validate().
** options_json  NULL for the defaults, or a NUL-terminated JSON object with any of
**               "indent": 0..16 (spaces per level; 0 writes everything on one line; default 2)
**               "sortKeys": true|false (default false).
**               Unknown keys and wrong types are STORYKIT_E_INVALID_ARGUMENT.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json NULL, text NULL with len > 0, bad
** options); STORYKIT_E_PARSE (text is not JSON); STORYKIT_E_LIMIT (len or options over their
** limits, nesting too deep). Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_json_format(char **out_json, const char *text, size_t len,
                                                  const char *options_json);

#ifdef __cplusplus
}
#endif

#endif /* STORYKIT_H */
