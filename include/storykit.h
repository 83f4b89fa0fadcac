/*
** storykit.h — the C interface of StoryKit, the portable core of AI-assisted writing apps.
**
** This header is the whole C contract (ABI version 1). The shared library libstorykit.so
** implements exactly what is declared here, and nothing else is exported.
**
** Conventions
** -----------
** - Every fallible function returns a storykit_status: STORYKIT_OK (0) or a negative code.
**   Outputs go through out-parameters named out...; on failure every out-parameter is set to
**   NULL.
** - Argument order: a function that acts on a handle (storykit_stream_*, storykit_policy_evaluate_loaded,
**   storykit_store_*, storykit_exchange_*) takes that handle first, then its outputs, then its
**   inputs; every other function takes its outputs first, then its inputs (so
**   storykit_illustrate, which only writes into the store it is given, takes out_json first).
** - Names are storykit_<area>_<verb>. A handle made from a value is storykit_*_create and
**   storykit_*_free (streams, policies); a handle on a resource is storykit_*_open and
**   storykit_*_close (stores). storykit_policy_evaluate_builtin decides on a built-in profile
**   named in the request; storykit_policy_evaluate_loaded on a profile loaded by
**   storykit_policy_create. A renamed function keeps its old name, marked deprecated, for one
**   release.
** - Text crosses as UTF-8 with an explicit length (const char *text, size_t len); it need not
**   be NUL-terminated. Invalid UTF-8 in such text is STORYKIT_E_PARSE with the byte offset,
**   never a crash. Structured values cross as NUL-terminated UTF-8 JSON text; names (paths,
**   collections, ids, kinds) as NUL-terminated UTF-8. An argument of those two kinds that is
**   not valid UTF-8 or not valid JSON is STORYKIT_E_INVALID_ARGUMENT naming the argument: it
**   is the caller's own value, not content being parsed.
** - Every char * the library hands out is owned by the caller and released with
**   storykit_string_free(). Strings the library lends (storykit_last_error(),
**   storykit_status_string(), storykit_version_string()) are never freed by the caller.
** - On failure, storykit_last_error() describes what went wrong on the calling thread.
** - Every function says what it allows across threads. Functions that take no handle may be
**   called from any number of threads at once: the only state they share is read-only (the
**   word lists, the built-in profiles) or behind a lock (the offline corrector's neighbour
**   memory, kept per language pack), and each thread has its own last error. Handles (streams,
**   policies, stores) say what they allow in their own sections; freeing a handle never races
**   other calls on it.
** - fork(): the library holds locks while it works (the loaded packs, caches, stores), and
**   fork() copies a lock held by another thread as held. A child forked while other threads
**   were inside the library may block in its first call; a child may call the library only
**   when no other thread was inside it at the fork, or should exec() at once. Python's
**   multiprocessing should use the "spawn" or "forkserver" start method (the binding's
**   README says so).
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

/* Marks a name kept for one release after its function was renamed. */
#if defined(_WIN32)
#  define STORYKIT_DEPRECATED(replacement) __declspec(deprecated("use " replacement))
#elif defined(__GNUC__) || defined(__clang__)
#  define STORYKIT_DEPRECATED(replacement) __attribute__((deprecated("use " replacement)))
#else
#  define STORYKIT_DEPRECATED(replacement)
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

/* The library's version as MAJOR * 10000 + MINOR * 100 + PATCH.
** Thread-safe: no state.
*/
STORYKIT_API int32_t storykit_version_number(void);

/* The ABI version the library implements; equals STORYKIT_ABI_VERSION when compatible.
** Thread-safe: no state.
*/
STORYKIT_API int32_t storykit_abi_version(void);

/* ------------------------------------------------------------------------------------------
** Limits — enforced on every call; exceeding one is STORYKIT_E_LIMIT.
** ------------------------------------------------------------------------------------------ */

/* The largest text (len) any function accepts: 64 MiB. */
#define STORYKIT_MAX_INPUT_BYTES ((size_t)67108864)
/* The deepest nesting of arrays and objects a JSON input may have: 512 levels. */
#define STORYKIT_MAX_JSON_DEPTH 512
/* The largest options_json any function accepts, NUL excluded: 1 MiB (room for a vocabulary
   of 10000 words of 64 bytes). */
#define STORYKIT_MAX_OPTIONS_BYTES ((size_t)1048576)
/* The longest name argument, NUL excluded: a root_path, collection, id, mime_type, provider,
** stream kind or failure kind. 4 KiB. */
#define STORYKIT_MAX_NAME_BYTES ((size_t)4096)

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
#define STORYKIT_E_CANCELLED        (-11) /* the operation was cancelled or timed out: stop */
#define STORYKIT_E_INTERNAL         (-99) /* a bug; the message says where */

/*
** A short English description of a status code, such as "invalid argument".
** Never NULL; a static string owned by the library. Unknown codes give "unknown status".
** Thread-safe: no state.
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
** Thread-safe; each string is freed once.
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

/*
** Reads JSON as language models write it, repairing what they commonly get wrong.
**
** Repairs: code fences and prose around the value (the first complete top-level object or
** array is taken); trailing commas; single- and curly-quoted strings; unquoted keys; // and
** block comments; True/False/None; raw newlines and tabs inside strings; `backtick` strings;
** a missing comma between members or elements; a " inside a string value that does not end
** it (decided by what follows, so valid JSON is never read differently); a label line such as
** [JSON] before the value. Truncated input is
** closed: open strings, arrays and objects are closed, a key with no value is dropped, an
** incomplete literal or escape is dropped (never completed), and a number is kept as far as
** it is valid. Any other syntax error fails with its line and column: nothing after it is
** silently dropped. The value must be an object or an array.
**
** out_json   Receives {"value":<the value>,"repairs":[{"kind":"trailingComma","line":1,
**            "column":9,"count":2}, ...]} (one entry per kind, in the order first needed;
**            [] for strict JSON). Kinds: codeFence, surroundingText, trailingComma,
**            singleQuotes, curlyQuotes, unquotedKey, comment, pythonLiteral,
**            rawControlCharacter, truncated, droppedIncompleteMember,
**            droppedIncompleteLiteral, droppedIncompleteEscape, truncatedNumber,
**            backtickQuotes, missingComma, unescapedQuote.
**            The caller owns it and releases it with storykit_string_free(). NULL on failure.
** text, len  The reply as UTF-8; need not be NUL-terminated; NULL only when len is 0.
**            len is at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json NULL, text NULL with len > 0);
** STORYKIT_E_PARSE (an unrepairable error, no object or array found, invalid UTF-8);
** STORYKIT_E_LIMIT (len over the limit; the value nested deeper than STORYKIT_MAX_JSON_DEPTH
** - 1, as the answer wraps it in one more level and stays within STORYKIT_MAX_JSON_DEPTH).
** Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_json_repair(char **out_json, const char *text, size_t len);

/* ------------------------------------------------------------------------------------------
** Model replies: lists and variations
** ------------------------------------------------------------------------------------------ */

/*
** Parses a model reply as a list (numbered, bulleted or labeled, following the list rules of
** the design: markers "N." "N)" "(N)" "N:" "N -", bullets "-" "*" "+" and U+2022, labels such
** as "Option N:"; preamble and postamble; continuation lines; sub-items kept inside their
** parent; mid-line numbers never start items; each number is the previous + 1 or the same;
** code fences ignored, though a fence line separates like a blank line).
**
** out_json      Receives {"items":[{"text":"...","number":1}, ...],"style":"numbered"|
**               "bulleted"|"labeled"|null,"preamble":"...","postamble":"..."}; "number" only
**               for numbered and labeled items; "style" is null when there is no item, and
**               then the whole text is the preamble. The caller owns it and releases it with
**               storykit_string_free(). NULL on failure.
** text, len     The reply as UTF-8; need not be NUL-terminated. text may be NULL only when
**               len is 0. len is at most STORYKIT_MAX_INPUT_BYTES.
** options_json  A NUL-terminated JSON object, or NULL. No options are defined yet: {} only.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json NULL, bad options);
** STORYKIT_E_PARSE (text is not UTF-8); STORYKIT_E_LIMIT (len over the limit).
** Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_parse_list(char **out_json, const char *text, size_t len,
                                                 const char *options_json);

/*
** Reads the variations out of a correction reply: the object keyed directCorrection /
** refinedPhrasing / alternativeInterpretation, {"variations":[...]} of strings or
** {"text":...} objects, or a bare array (each possibly fenced, after prose, or needing the
** repairs of storykit_json_repair); otherwise a list, with kind labels ("Direct correction:")
** and one pair of wrapping quotes removed.
**
** out_json      Receives {"variations":[{"text":"...","kind":"direct"|"refined"|
**               "alternative"|null}, ...],"source":"json"|"list","repaired":true|false,
**               "issues":[{"code":"count","expected":3,"found":2} |
**               {"code":"duplicate","index":2,"of":0}, ...]}. "repaired" is true when the
**               JSON needed repairs other than skipping fences and prose; then, and
**               whenever fences or prose were skipped, "repairs" lists them as
**               storykit_json_repair() does (the member is absent otherwise). A wrong count and
**               duplicates (differing only in case, punctuation or white space) are issues,
**               not errors. The caller owns it; release it with storykit_string_free().
** text, len     The reply as UTF-8, as for storykit_parse_list().
** options_json  NULL for the defaults, or {"expected":1..100,"distinct":true|false}
**               (defaults 3 and true). Unknown keys are STORYKIT_E_INVALID_ARGUMENT.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json NULL, bad options);
** STORYKIT_E_PARSE (JSON that cannot be repaired, invalid UTF-8); STORYKIT_E_LIMIT (also a
** reply of more than 1000 variations, ten times the most that can be asked for: no
** correction reply, and its answer would cost memory out of proportion).
** Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_parse_variations(char **out_json, const char *text, size_t len,
                                                       const char *options_json);

/* ------------------------------------------------------------------------------------------
** Streams: the same parsers, fed a reply chunk by chunk as it is generated
**
** Each byte is examined a bounded number of times (nothing is re-parsed), and only the item
** being read plus the result are kept. Chunks may split UTF-8 characters and escapes
** anywhere. Events are deltas and are never retracted. "list" and "variations" in list form
** read a line when it ends (at \n, \r\n or a lone \r), so a line's text arrives when its
** line is complete; beyond that only what is truly ambiguous is held back (text after a blank
** line that may be the postamble; a list item that opens with a quote that may wrap it).
** "json" and the JSON form of "variations" report string text as it arrives.
** storykit_stream_finish() returns exactly what the batch function returns for the whole
** input. A failure is the first problem in the input, however it is cut into chunks: nesting
** past the depth limit before a byte that breaks UTF-8 fails with STORYKIT_E_LIMIT, in one
** chunk as in many. (A chunk that would take the input over STORYKIT_MAX_INPUT_BYTES is
** refused for its length, unread.)
**
** A stream may move between threads; concurrent calls on one stream are serialised, but the
** order of the chunks is the caller's to keep. storykit_stream_free() must not race with
** any other call on the same stream: free it only once every other call on it has returned.
** ------------------------------------------------------------------------------------------ */

typedef struct storykit_stream storykit_stream;

/*
** Creates a stream.
**
** out           Receives the stream; the caller releases it with storykit_stream_free().
**               NULL on failure.
** kind          "list" (as storykit_parse_list), "variations" (as storykit_parse_variations)
**               or "json" (as storykit_json_repair); "gemini-sse" or "openai-sse" for a
**               streamed model reply (as storykit_response_decode; see "Generation").
**               NUL-terminated.
** options_json  The batch function's options, or NULL. The "-sse" kinds take
**               {"httpStatus":100..599} (default 200), the status the stream arrived with.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out or kind NULL, unknown kind, bad
** options). Thread-safe.
*/
STORYKIT_API storykit_status storykit_stream_create(storykit_stream **out, const char *kind,
                                                    const char *options_json);

/*
** Feeds the next chunk and reports what it completed.
**
** stream           A stream from storykit_stream_create().
** out_events_json  Receives {"events":[...]}. For "list" and "variations":
**                  {"type":"start","index":0,"number":1} ("number" for numbered and labeled
**                  lists) or {"type":"start","index":0,"kind":"direct"|...|null} (the kind
**                  when the reply has said it), {"type":"delta","index":0,"text":"I wa"},
**                  {"type":"done","index":0,"text":"I want to go home."}. For "json":
**                  {"type":"value","path":"/a/0","value":...} for each scalar completed and
**                  {"type":"partial","path":"/a/1","text":"..."} for new text of a string
**                  still open (paths are JSON Pointers). For "gemini-sse" and "openai-sse":
**                  {"type":"delta","index":0,"text":"..."} as each candidate's text arrives
**                  ("index" is the candidate). The caller owns it; release it with
**                  storykit_string_free(). NULL on failure.
** chunk, len       The next bytes of the reply; NULL only when len is 0. All the chunks
**                  together are at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (stream or out_events_json NULL);
** STORYKIT_E_PARSE (invalid UTF-8, JSON that cannot be repaired); STORYKIT_E_LIMIT;
** STORYKIT_E_STATE (the stream is finished). After a failure, every later call on the
** stream fails with the same error.
** Thread-safe (see Streams: calls on one stream are serialised).
*/
STORYKIT_API storykit_status storykit_stream_feed(storykit_stream *stream, char **out_events_json,
                                                  const char *chunk, size_t len);

/*
** Feeds the next chunk like storykit_stream_feed(), and writes its events into a buffer the
** caller owns and reuses: no allocation to free per chunk, for hosts that feed many small
** chunks (a chunk that completes nothing writes "[]").
**
** stream      A stream from storykit_stream_create().
** buffer      Receives the events as a JSON array, NUL-terminated: the elements of
**             storykit_stream_feed()'s "events". May be NULL only when capacity is 0.
** capacity    The size of buffer in bytes, at most SIZE_MAX / 2.
** out_length  Receives the length written, without the NUL. When the events do not fit,
**             receives the capacity they need (with the NUL), and the call returns
**             STORYKIT_E_LIMIT with the chunk read and its events kept: the next call on the
**             stream (this one with a chunk of length 0, storykit_stream_feed() or
**             storykit_stream_finish_events()) returns them first; storykit_stream_finish()
**             refuses to drop them (STORYKIT_E_STATE). Events are kept up to 8 MiB; past
**             that the stream fails with STORYKIT_E_LIMIT saying why. When a later chunk
**             fails (invalid UTF-8), the kept events are written all the same, out_length
**             says how long they are, and the error message says so. Never NULL.
** chunk, len  As for storykit_stream_feed().
**
** Returns STORYKIT_OK; STORYKIT_E_LIMIT (buffer too small, as above, which does not end the
** stream; events kept past their bound; or the input limit); otherwise as
** storykit_stream_feed().
** Thread-safe (see Streams: calls on one stream are serialised).
*/
STORYKIT_API storykit_status storykit_stream_feed_into(storykit_stream *stream, char *buffer, size_t capacity,
                                                       size_t *out_length, const char *chunk, size_t len);

/*
** Ends the input and returns the result: exactly what the batch function returns for the
** whole input (storykit_parse_list, storykit_parse_variations or storykit_json_repair; for
** the "-sse" kinds, the {"result":...} or {"error":...} object of storykit_response_decode).
**
** out_result_json  Receives the result. The caller owns it; release it with
**                  storykit_string_free(). NULL on failure.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments); the batch function's
** errors; STORYKIT_E_STATE (already finished; or events that storykit_stream_feed_into()
** kept have not been taken: the stream stays open, take them first or call
** storykit_stream_finish_events()).
**
** The events the end of the input completes (the last item's "done", text held back as a
** possible postamble) are dropped; storykit_stream_finish_events() returns them too.
** Thread-safe (see Streams: calls on one stream are serialised).
*/
STORYKIT_API storykit_status storykit_stream_finish(storykit_stream *stream, char **out_result_json);

/*
** Ends the input like storykit_stream_finish(), and also returns the events its end
** completes: text that was held back, the last item's "done", a last scalar's "value", an
** event a server did not end with a blank line. With every feed's events they tell the whole
** result: for "list" and "variations", each item's deltas join to its "done" text, which is
** its text in the result.
**
** out_result_json  Receives the result, as for storykit_stream_finish(). NULL on failure.
** out_events_json  Receives {"events":[...]} in storykit_stream_feed()'s shapes, often empty.
**                  NULL on failure.
**                  The caller owns both; release each with storykit_string_free().
**
** Returns as storykit_stream_finish(). A NULL out-parameter is STORYKIT_E_INVALID_ARGUMENT
** and leaves the stream open.
** Thread-safe (see Streams: calls on one stream are serialised).
*/
STORYKIT_API storykit_status storykit_stream_finish_events(storykit_stream *stream, char **out_result_json,
                                                           char **out_events_json);

/* Releases a stream, finished or not. NULL is a no-op.
** Not to be called while any other call on the same stream runs (see Streams).
*/
STORYKIT_API void storykit_stream_free(storykit_stream *stream);

/* ------------------------------------------------------------------------------------------
** Prompts
**
** Builders for the prompts the apps send: text correction, stories, custom-event
** enhancement, avatars and illustrations. User text is data, never instructions: it goes
** into a block "<name>\n...\n</name>" whose instructions say so, with line breaks normalised,
** control characters dropped, and any "<" or "\uFF1C" that would start one of StoryKit's
** block tags (such as "</text>") turned into "\u2039", so nothing in the text can end its
** block. Image prompts (avatar, illustration) quote user text on one line with double quotes
** turned into single quotes. Building is deterministic: the same request gives the same bytes.
**
** Tokens are estimated by script (Latin words about 1 token per 7 letters, so English prose
** averages about 4 characters per token; 1 per kana or Hangul syllable, 1.3 per CJK
** ideograph, 1 per 2 letters of other scripts); the estimate is within 15% of a byte-level
** BPE tokenizer on English and Japanese prose, and low for heavily misspelt text. User text
** over its budget is cut at a word boundary, ends in "[...]" (U+2026), and is listed in
** "truncations": never silently.
** ------------------------------------------------------------------------------------------ */

/*
** Builds a prompt.
**
** out_json      Receives {"instructions":"...","prompt":"...","responseSchema":{...}|null,
**               "maxResponseTokens":n|null,"temperature":x|null,"estimatedTokens":n,
**               "truncated":true|false,"truncations":[{"field":"text",
**               "originalCharacters":n,"keptCharacters":n}, ...]}. Image prompts have empty
**               "instructions" and null "maxResponseTokens" and "temperature". The caller
**               owns it; release it with storykit_string_free(). NULL on failure.
** request_json  A NUL-terminated JSON object of at most STORYKIT_MAX_INPUT_BYTES:
**               {"kind":..., "contextTokens":256..2000000 (optional), ...inputs}.
**               "correction": "text", "form" "numbered" (default) | "structured", "count"
**                 1..10 (default 3), "language" (BCP 47, optional: else the text's language),
**                 "retry" (optional) {"previousReply":"...","problem":"count"|"duplicates"|
**                 "unparseable"|"truncated"|"unfaithful"}. The context defaults to 4096 tokens (the on-device model),
**                 which the prompt and the reply share.
**               "story": "hero" {"name","traits":[...],"appearance"}, "theme", "ageGroup"
**                 ("4-6"; ages 2 to 12), "length" "short"|"medium"|"long", "language",
**                 "event" (optional) {"title","description","promptSeed"}.
**               "eventEnhancement": "event", "language".
**               "avatar": "hero", "customPrompt" (optional).
**               "illustration": "hero", "page" {"text","index"}, "style" (optional). Image
**                 prompts are at most 480 tokens (Imagen's limit) unless contextTokens says.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json or request_json NULL, not a JSON
** object, invalid UTF-8, a missing, wrong-typed or unknown field: the message names it);
** STORYKIT_E_LIMIT (request over the limit, or a context too small for the instructions and
** the reply). Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_prompt_build(char **out_json, const char *request_json);

/* ------------------------------------------------------------------------------------------
** Generation
**
** Requests for and replies from Gemini (generateContent, streamGenerateContent?alt=sse; its
** image models too), Imagen (predict, kept for compatibility: Google shut its models down)
** and OpenAI-compatible servers (/v1/chat/completions: OpenAI, Ollama, llama.cpp's server,
** vLLM), as pure functions: StoryKit builds the request, the host sends it with its own HTTP
** client, and StoryKit decodes the answer. No network, no state.
**
** Models: the defaults (text "gemini-3.6-flash" and "gpt-6-luna"; corrections on Gemini
** "gemini-3.5-flash-lite"; images "gemini-3.1-flash-image") were checked against the
** providers' documentation on 2026-12-02 (docs/models.md). A model the table knows its
** provider has shut down is STORYKIT_E_INVALID_ARGUMENT naming the replacement, before any
** request (for OpenAI only at OpenAI's own API: other servers' names are their own).
** Sampling parameters are sent only when the request sets them; "maxOutputTokens" goes to
** OpenAI itself as max_completion_tokens (its reasoning models refuse max_tokens) and to
** other OpenAI-compatible servers as max_tokens; "thinkingLevel" ("minimal", "low",
** "medium", "high") goes to Gemini as thinkingConfig.thinkingLevel and to OpenAI itself as
** reasoning_effort.
**
** Every failure, from every provider, is one of these kinds (retryable ones marked *):
** invalidAPIKey, serviceDisabled, permissionDenied, notFound, invalidRequest, inputTooLong
** (the prompt and the reply asked for exceed the model's context window), unsupportedLocation,
** rateLimited*, serverError*, unavailable*, timeout*, cancelled, promptBlocked, stoppedEarly
** (a finish reason other than stop and max-tokens), emptyResponse*,
** outputLimit (the token limit reached before any text: a thinking model spent it thinking),
** contentFiltered (every image filtered), malformedResponse (not JSON, an HTML page, the wrong
** shape; retryable when the HTTP status is 408, 429 or 5xx), transport*. API keys never
** appear in an error, a description, storykit_last_error() or a service's "attempts", even
** when the service echoes them back: the key in use (of 4 or more characters) is removed
** wherever it appears, and so is anything that looks like a credential (AIza..., sk-...,
** Bearer tokens, the value after key=, key:, "apiKey":, token=, password= and the like, and
** the password of a URL's user-info). storykit_response_decode knows no key, so it removes
** only what looks like one.
**
** Images are at most 32 MiB each once decoded; their MIME type must be image/png, image/jpeg,
** image/webp, image/gif or image/heic (extensions png, jpg, webp, gif, heic); any other type
** is a malformedResponse, never a guessed extension.
** ------------------------------------------------------------------------------------------ */

/*
** Decodes a provider's HTTP response.
**
** out_json     Receives {"result":{"text":"...","finishReason":"stop"|"maxTokens"|...|null,
**              "usage":{"promptTokens","outputTokens","thoughtsTokens","cachedTokens",
**              "totalTokens"} (the counts reported), "images":[{"mimeType":"image/png",
**              "extension":"png","byteCount":n,"base64":"..."} | {"filteredReason":"..."|null}],
**              and when present "finishMessage", "safetyRatings":[{"category","probability",
**              "blocked"}], "citations":[{"startIndex","endIndex","uri","title","license"}],
**              "promptFeedback", "modelVersion", "candidates" (when more than one)}}
**              or {"error":{"kind":"rateLimited","retryable":true,"status":"RESOURCE_EXHAUSTED"
**              |null,"httpStatus":429,"message":"...", and when known "reason", "detail",
**              "retryAfter" (seconds), "partialText" (text received before the error)}}.
**              Unknown finish reasons come through as the service spelled them. The caller
**              owns it; release it with storykit_string_free(). NULL on failure.
** provider     "gemini", "imagen" or "openai". NUL-terminated.
** http_status  The response's HTTP status, 100 to 599.
** body, len    The response body; NULL only when len is 0. At most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK whenever the response could be classified, an error response included;
** STORYKIT_E_PARSE only when a 2xx body is not UTF-8 text (still compressed?);
** STORYKIT_E_INVALID_ARGUMENT (NULL out_json or provider, unknown provider, status out of
** range, body NULL with len > 0); STORYKIT_E_LIMIT. Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_response_decode(char **out_json, const char *provider,
                                                      int32_t http_status, const char *body,
                                                      size_t len);

/*
** Builds the HTTP request for a provider.
**
** out_json      Receives {"method":"POST","url":"...","headers":{"Content-Type":
**               "application/json",...},"body":"<JSON text>","description":"..."}. The key,
**               when given, is in "headers" (x-goog-api-key for Gemini and Imagen,
**               Authorization: Bearer for OpenAI), never in "url"; "description" is a one-line
**               form with credentials redacted, safe to print or log. The caller owns it;
**               release it with storykit_string_free(). NULL on failure.
** request_json  A NUL-terminated JSON object of at most STORYKIT_MAX_INPUT_BYTES:
**               {"provider":"gemini"|"openai"|"imagen","model":"...","apiKey":"..." (optional),
**               "baseURL":"https://..." (optional; for a local server "http://127.0.0.1:8080/v1"),
**               "stream":false, "prompt":"..." | <the object storykit_prompt_build returns>}.
**               Gemini and OpenAI also take "instructions", "messages" ([{"role":"user"|
**               "model"|"assistant","text"}], instead of "prompt"), "temperature" 0..2, "topP"
**               0..1, "topK", "maxOutputTokens", "candidateCount" 1..8, "stopSequences",
**               "seed", "responseMimeType", "responseSchema" (a JSON Schema; Gemini gets its
**               OpenAPI subset, OpenAI a strict json_schema named "responseSchemaName";
**               storykit_generate and storykit_correct send it once more as
**               {"type":"json_object","schema":...} when a server other than OpenAI's refuses
**               the first form naming response_format, as llama-cpp-python's does), and
**               for Gemini "safetySettings" [{"category","threshold"}]. Imagen takes
**               "sampleCount" 1..8, "aspectRatio", "personGeneration", "negativePrompt".
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments, not a JSON object, a
** missing, wrong-typed or unknown field, a model name or base URL that could smuggle text
** into the request line, a key with spaces or control characters: the message names it);
** STORYKIT_E_LIMIT. Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_request_build(char **out_json, const char *request_json);

/* ------------------------------------------------------------------------------------------
** Offline correction
**
** A keyboard-aware corrector for text typed with a tremor, with no model, no network and no
** key: a noisy channel over each language's word frequencies, how likely each word is after
** another (word pairs with back-off weights: English's from CMU Sphinx's BSD-licensed US English
** language model, the other languages' counted from public-domain books and CC0 sentences),
** and a model of tremor slips on a touch keyboard (neighbouring keys,
** doubled presses, dropped, extra and swapped letters, missed or extra spaces, stray
** capitals). English's words come from symspellpy's and pyspellchecker's MIT-licensed lists
** with the rarer words of SCOWL's spell-checking lists; British and American spellings are
** both words. Every reading of every word is weighed in the context of the words around it,
** so a correctly spelt word that makes no sense there ("te" for "the", "ted scarf") can be
** corrected too. Names, acronyms, numbers, URLs, e-mail addresses, words in other scripts and
** apostrophe words are left alone. Each language's data is a language pack (see "Language
** packs" below) read in place, and the neighbours of known words are remembered per process
** (at most 8,192 words). docs/language-packs.md gives the word counts and the load time and memory per
** language, measured by Examples/python/bench_load.py.
** ------------------------------------------------------------------------------------------ */

/* The longest piece of text the offline corrector reads at once, in bytes. A longer text (up to
** STORYKIT_MAX_INPUT_BYTES) is read piece by piece, cut after sentence ends (a longer sentence
** at a space; a word longer than a piece is kept as typed), in time linear in its length. */
#define STORYKIT_MAX_CORRECTION_BYTES ((size_t)10000)
/* The longest text whose offline correction lists its words ({"words":true}): 1 MiB. */
#define STORYKIT_MAX_WORDS_BYTES ((size_t)1048576)

/*
** Corrects text and returns one to three versions, each one a writer could mean (a version
** tapped by mistake is not harmless, so none is made up only to differ):
**   "direct"       the likeliest reading, closest to what was typed: slips corrected (a
**                  slip read as a name takes its capital where the text writes capitals:
**                  "ustralia" -> "Australia"), apostrophes restored ("dont" -> "don't",
**                  "im" -> "I'm", "Ill" -> "I'll"; a word before a word that all but
**                  always follows its contraction: "its a" -> "it's a", "wont come" ->
**                  "won't come"; an ending's key beside the one meant: "it'd not" ->
**                  "it's not"), spacing and punctuation as typed;
**   "refined"      the same words polished: sentence capitals, "I", a name read from a slip
**                  with its capital, "its" -> "it's" where the next word calls for it, single
**                  spaces, final punctuation, and the "spelling" option. Never a different
**                  word. Left out when it equals "direct";
**   "alternative"  the next likeliest whole reading with different words (a slip between two
**                  words, "went"/"want"), written refined; only when it is at most 1 (log10)
**                  less likely than the best reading, 0.3 when it changes a correctly typed
**                  word.
** Fewer than three versions is a normal outcome: "issues" then holds {"code":"count",...}.
** A correctly typed word is never changed unless the words around it make another far likelier.
** Languages: English, Spanish, French, German, Italian, Portuguese and Dutch are read, each
** with its own word list (a skipped or wrong diacritic is a cheap slip: "manana" -> "mañana";
** French's participle after avoir: "il a raconte" -> "il a raconté"; German and Dutch
** compounds the list lacks are kept whole). The language is told from the text's common words
** and letters and from which word list finds its words likeliest (English unless another is
** clear; text with signs of another language loads those languages' lists to compare them,
** every list when English finds its words unlikely; a text of one or two words English lists
** none of is read in a language that lists them all as common words: "hola", "grazie");
** text in a language without a word list
** (Polish, or another script: Russian, Japanese...) comes back as typed, one "direct" version, with
** {"code":"language","detected":"pl"} among the issues. The "language" option says which
** language the text is in instead: "es" (or "es-MX", ...) reads it as Spanish; a language
** without a word list returns it as typed with that language's issue; storykit_pack_load adds
** a language.
**
** out_json      Receives the storykit_parse_variations result shape with "source":"offline":
**               {"variations":[{"text":"i want to go home","kind":"direct"},{"text":"I want
**               to go home.","kind":"refined"}], "source":"offline","repaired":false,
**               "issues":[{"code":"count","expected":3,"found":2}]}; with {"words":true}, also
**               "words":[{"original":"wnat","corrected":"want","confidence":0.97,
**               "alternatives":["what",...]}, ...], one entry per typed word (or pair of
**               words read as one), in order.
**               Profanity, slurs and sexual terms are never offered for a slip; typed as
**               they are, they stay.
**               The caller owns it; release it with storykit_string_free(). NULL on failure.
** text, len     UTF-8 text; NULL only when len is 0. At most STORYKIT_MAX_INPUT_BYTES; over
**               STORYKIT_MAX_CORRECTION_BYTES it is read piece by piece and the versions
**               joined with the text's own spacing ("alternative" from the first piece that
**               has one).
** options_json  NULL, or {"layout":"qwerty"|"qwertz"|"azerty", "words":true|false,
**               "spelling":"keep"|"us"|"uk", "language":"en"}: the keyboard (default:
**               the language's own: "qwertz" for German, "azerty" for French, else "qwerty"); whether to add "words" (default false: less work; for a text of at most STORYKIT_MAX_WORDS_BYTES); the spelling
**               refined writes where British and American spellings differ (default "keep":
**               the writer's own); the text's language as a BCP 47 tag (default: told from
**               the text). "vocabulary":{"known":["Zorbax","Sir Pounce"],"ignored":["glimmerfrost"]}
**               (optional): the writer's own words, each a word or a phrase of up to 3 words,
**               at most 64 UTF-8 bytes of letters (with their marks) and apostrophes, with
**               spaces or hyphens between words, at most 10000 distinct entries.
**               Each is kept as typed (never split or joined); a known one is also read for a
**               slip of it ("Zorbxa" → "Zorbax") and written with its own capitals and
**               diacritics ("Oisin" → "Oisín"). Without it the text's own words still count:
**               a word outside the list typed the same way twice is kept, and a later slip of
**               it or of a name written earlier is read as it. Nothing is remembered between
**               calls.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (out_json NULL, text NULL with len > 0, bad
** options, a vocabulary word that is empty, too long, of more than 3 words or holds anything
** no typed word can match (a digit, a symbol, an emoji, a control or format character), named
** in the message; text that is empty or only white space: nothing to correct, as in
** storykit_correct and the CLI); STORYKIT_E_PARSE (invalid UTF-8); STORYKIT_E_LIMIT (text over
** the limit, over STORYKIT_MAX_WORDS_BYTES with "words":true, more than 10000 vocabulary words).
** Thread-safe: the only shared state is the neighbour memory, behind a lock.
*/
STORYKIT_API storykit_status storykit_correct_offline(char **out_json, const char *text, size_t len,
                                                      const char *options_json);

/*
** Receives how far a long offline correction has read, and says whether it goes on.
**
** done, total  Bytes of the text read so far, and the text's size (len). Called after each
**              piece of STORYKIT_MAX_CORRECTION_BYTES or fewer; the last call has
**              done == total.
** user_data    The pointer given to storykit_correct_offline_with_progress().
**
** Returns STORYKIT_OK to go on; anything else stops the correction, which then returns
** STORYKIT_E_CANCELLED. On the last call the work is done, and its result is returned
** whatever the callback returns.
*/
typedef storykit_status (*storykit_progress_fn)(size_t done, size_t total, void *user_data);

/*
** storykit_correct_offline(), reporting its progress to a callback that can stop it, for a
** host that must bound the time a long text takes: a text is read in pieces of at most
** STORYKIT_MAX_CORRECTION_BYTES, and after each the callback is called. A text of one piece
** (at most STORYKIT_MAX_CORRECTION_BYTES) makes no call.
**
** Time: linear in the text. The slowest shape measured is made-up words that no list holds,
** each typed once: 45 s per MB on one core of a 2-core x86-64 machine (64 MiB: about 50
** minutes), with at most 0.6 s between two calls; prose with slips reads at 9 s per MB, one
** word per line at 7 (0.16 s between calls). Memory without "words" stays near the text's own
** (31 MiB resident for 200 KB of any shape). Examples/Benchmarks' correction-shapes-benchmark
** measures each shape.
**
** out_json, text, len, options_json  As in storykit_correct_offline().
** progress      NULL (then exactly storykit_correct_offline()), or the callback.
** user_data     Passed to progress as it is; may be NULL.
**
** Returns as storykit_correct_offline(), and STORYKIT_E_CANCELLED when progress returned
** anything but STORYKIT_OK before the last piece (*out_json is then NULL; nothing else was
** changed).
** Thread-safe as storykit_correct_offline(); progress is called on the calling thread, before
** this function returns.
*/
STORYKIT_API storykit_status storykit_correct_offline_with_progress(char **out_json, const char *text, size_t len,
                                                                    const char *options_json,
                                                                    storykit_progress_fn progress, void *user_data);

/* ------------------------------------------------------------------------------------------
** Language packs
**
** The offline corrector reads each language from a pack: its words with their counts and
** spellings, word pairs where it has them, spelling variants, and the language's rules
** (contractions, elisions, compounds, keyboard), in one binary format described byte by byte
** in docs/language-pack-format.md (magic "SKPACK\r\n", a format version, a CRC-32). The
** library carries seven packs (en es fr de it pt nl) as read-only data, read in place: nothing
** is parsed or copied when a language is first used (docs/language-packs.md gives the time and memory
** measured). A host can load more (a language downloaded on demand) or replace a built-in
** one; from then on, in this process, storykit_correct_offline and storykit_correct read that
** language with it. A loaded pack is copied and checked in full first: a pack of another
** format version, a damaged one or one whose tables do not hold together is refused, never
** read.
** ------------------------------------------------------------------------------------------ */

/*
** Loads a language pack from memory.
**
** out_json  Receives {"language":"es","words":139044,"replaced":true}: the pack's language,
**           its word count, and whether it replaced a pack of that language. The caller owns
**           it; release it with storykit_string_free(). NULL on failure.
** bytes, len
**           The pack's bytes, copied before the call returns (the caller may free them); NULL
**           only when len is 0. len at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL out_json, NULL bytes with len > 0);
** STORYKIT_E_PARSE (not a pack, another format version, a checksum mismatch, tables that do
** not hold together: the message says which); STORYKIT_E_LIMIT (len over the limit).
** Thread-safe: a correction running meanwhile finishes with the packs it started with.
** A pack is never unloaded: it stays until a pack of its language replaces it (the replaced
** pack's memory is released once no correction uses it) or the process ends.
** A pack from outside is checked in full: besides its tables, every spelling must be its
** word's letters with diacritics or capitals (at most 2 x the word + 8 bytes), and every rule
** value at most 64 bytes of letters, marks, apostrophes and hyphens (4,096 values a rule;
** contractions only restore what was typed). No version of a correction is longer than
** 4 x its input + 8 bytes.
*/
STORYKIT_API storykit_status storykit_pack_load(char **out_json, const void *bytes, size_t len);

/*
** Loads a language pack from the regular file at path, as storykit_pack_load.
**
** path      A NUL-terminated path.
**
** Returns as storykit_pack_load, and STORYKIT_E_INVALID_ARGUMENT (NULL path); STORYKIT_E_NOT_FOUND
** (no file at path); STORYKIT_E_IO (not a regular file, or unreadable); STORYKIT_E_LIMIT (a
** file over STORYKIT_MAX_INPUT_BYTES).
** Thread-safe.
*/
STORYKIT_API storykit_status storykit_pack_load_file(char **out_json, const char *path);

/*
** Lists the packs the offline corrector reads.
**
** out_json  Receives {"packs":[{"language":"en","words":102325,"source":"built-in"},...]}:
**           the built-in packs in order (a loaded pack in its language's place, with "source"
**           "loaded"), then loaded packs of other languages. The caller owns it; release it
**           with storykit_string_free(). NULL on failure.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL out_json).
** Thread-safe.
*/
STORYKIT_API storykit_status storykit_packs(char **out_json);

/* ------------------------------------------------------------------------------------------
** Policies
**
** The policy engine decides, from a profile, what the apps apply: Writing Tools per text
** field, what the platform can do, deployment targets, appearance, motion and controls.
** Every result carries "rule" (the id of the rule that decided) and "reason" (one sentence).
** Two profiles are built in: "default" (the story app's final spec, iOS 18.1 target) and
** "proposal" (its earlier proposal: iOS 17.6 target, image prompts in limited mode).
**
** A request is a JSON object {"domain":..., "profile":"default", "platform":{"os":"iOS",
** "version":"18.1","sdk":"26.0","appleIntelligence":"enabled"|"disabled"|"notEligible"|
** "modelNotReady","lowPowerMode":false,"gameMode":false}, "settings":{...}, ...}:
**   "writingTools"  + "field":{"id","kind","multiline","secure"} -> {"behavior":"complete"|
**                   "limited"|"disabled","effective":"complete"|"limited"|"none",
**                   "resultOptions":[...],"rule","reason","gate":null|{"rule","reason"}}.
**                   kind: longText description prompt imagePrompt name title keyword email
**                   password oneTimeCode. A secure field is always disabled. "effective" is
**                   "none" below iOS/iPadOS 18.1, macOS 15.1, visionOS 2.4, or when Apple
**                   Intelligence is not "enabled" ("gate" says why).
**   "capabilities"  (settings.remoteConfigured) -> {"writingTools","foundationModels",
**                   "liquidGlass": each {"available","reason","rule","explanation"},
**                   "correctionBackends":["foundationModels"?,"remote"?,"offline"],"message"}.
**   "deployment"    + "project":{"configurations":{"Debug":"18.1",...},"minimumOSVersion":
**                   "18.1"} -> {"problems":[{"code","message"}],"minimumTarget",...}.
**   "appearance"    (settings.theme light|dark|system, settings.systemScheme light|dark,
**                   settings.increaseContrast) -> {"colorScheme","override","colors",
**                   "cardStyle":"solid"|"glass","highContrast"}.
**   "motion"        + "animation":{"purpose":"loading"|"decorative"|"feedback"|"transition",
**                   "repeats","duration"} (settings.reduceMotion) -> {"allowed","duration",
**                   "style":"standard"|"crossfade"|"none"}.
**   "controls"      + "control":{"role":"primary"|"secondary"|"destructive","importance":
**                   "low"|"medium"|"high"} (settings.haptics) -> {"buttonStyle","haptic",
**                   "minTouchTarget":44,"glass"}.
** ------------------------------------------------------------------------------------------ */

/*
** Evaluates a request on a built-in profile ("profile" key, "default" when absent).
**
** out_json      Receives the decision as above. The caller owns it; release it with
**               storykit_string_free(). NULL on failure.
** request_json  A NUL-terminated JSON object of at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments, not a JSON object, an
** unknown domain, field kind or platform value, a missing or unknown key: the message names
** it); STORYKIT_E_NOT_FOUND (unknown profile); STORYKIT_E_LIMIT. Thread-safe.
*/
STORYKIT_API storykit_status storykit_policy_evaluate_builtin(char **out_json, const char *request_json);

/* A loaded profile. Immutable: one policy may be used from many threads at once. */
typedef struct storykit_policy storykit_policy;

/*
** Loads a profile: {"name":"myApp","extends":"default" (optional),"minimumTarget":"18.1",
** "writingTools":[{"id","when":{"field","kind","multiline","secure","os","settings"},
** "behavior","resultOptions","reason","before"|"after" (with extends)}, ...]}. Rules are
** tried in order, the first match wins. With "extends", a rule with a base rule's id replaces
** it in place; other rules go first, or before/after the base rule they name.
**
** out           Receives the policy; release it with storykit_policy_free(). NULL on failure.
** profile_json  A NUL-terminated JSON object of at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments, malformed JSON or
** profile, duplicate rule ids, a rule that can never match because an earlier rule matches
** every field it would: the message names the rules); STORYKIT_E_NOT_FOUND (unknown
** "extends"); STORYKIT_E_LIMIT.
*/
STORYKIT_API storykit_status storykit_policy_create(storykit_policy **out, const char *profile_json);

/*
** Evaluates a request, as storykit_policy_evaluate_builtin(), on a loaded profile. A "profile"
** key, when present, must name the loaded profile.
**
** policy        A policy from storykit_policy_create().
** out_json      As for storykit_policy_evaluate_builtin().
** request_json  As for storykit_policy_evaluate_builtin().
**
** Returns as storykit_policy_evaluate_builtin(); STORYKIT_E_INVALID_ARGUMENT for a NULL policy.
** Thread-safe.
*/
STORYKIT_API storykit_status storykit_policy_evaluate_loaded(storykit_policy *policy, char **out_json,
                                                            const char *request_json);

/* The names of storykit_policy_evaluate_builtin and storykit_policy_evaluate_loaded before
** this release, which read alike for two different functions. Each does exactly what its new
** name does; both are removed in the next release.
*/
STORYKIT_DEPRECATED("storykit_policy_evaluate_builtin")
STORYKIT_API storykit_status storykit_policy_evaluate(char **out_json, const char *request_json);
STORYKIT_DEPRECATED("storykit_policy_evaluate_loaded")
STORYKIT_API storykit_status storykit_policy_eval(storykit_policy *policy, char **out_json, const char *request_json);

/* Releases a policy. NULL is a no-op.
** Not to be called while any other call on the same policy runs.
*/
STORYKIT_API void storykit_policy_free(storykit_policy *policy);

/* ------------------------------------------------------------------------------------------
** Storage: the file store, the embedded default
**
** One JSON file per record under root_path: stories/<id>.json, heroes/<id>.json,
** events/<id>.json, corrections/<id>.json; images in Illustrations/<id>.<ext> with the extension from the MIME type
** (png, jpg, webp, gif, heic); preferences in preferences.json. Every write goes to a
** temporary file that is flushed to disk, renamed over the old file, and the folder is
** flushed: a crash at any instant leaves the old record or the new one, never a torn one,
** and nothing that was acknowledged (STORYKIT_OK) is lost. A full disk or a read-only folder
** is STORYKIT_E_IO and leaves the old data intact.
**
** Collections: "stories", "heroes", "events", "corrections" (records: the JSON of a Story,
** Hero, CustomEvent or correction {"id","text","backend","variations":[{"text","kind"}]},
** validated, whose "id" is the id they are stored under) and "preferences"
** (any JSON value per key; "theme" must be "light", "dark" or "system").
**
** Ids and keys: 1 to 128 bytes of UTF-8; no control characters (U+0000-U+001F,
** U+007F-U+009F), no line or paragraph separators (U+2028, U+2029), no bidirectional
** controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), no '/' or '\', not "."
** or "..": a hostile id is STORYKIT_E_INVALID_ARGUMENT, never a path outside the root.
** Canonically equivalent ids are one id (NFC "\xC3\xA9" and NFD "e\xCC\x81" name the same
** record) and case matters ("Hero" and "hero" are two records), on every file system: a
** record's file is named from the NFC form of its id, with upper-case letters written "!"
** and the lower-case letter and other bytes outside [a-z0-9._-] written "%" and two hex
** digits ("Hero" -> "!hero.json"), or, when that would pass 250 bytes, "=" and the id's
** base32. Files an older release named by the raw id are read and renamed on first use.
**
** Durability: files and folders are flushed with fsync() on Linux and fcntl(F_FULLFSYNC) on
** Apple platforms (fsync() where the file system refuses it).
**
** Links and special files: below the root (which may itself be a link), every folder and
** file is reached through folder descriptors without following symbolic links, and only
** regular files are read. A collection or Illustrations folder that is a link, a record or
** image file that is a link, or a FIFO or device named like one is refused with
** STORYKIT_E_IO ("refused ...: it is a symbolic link" / "not a regular file"); it is never
** followed, written through, read, or waited on, and a link is removed as a link.
**
** One process, and one handle, at a time may open a root (an advisory flock() on
** .storykit.lock, held while the store is open and not suspended): a second open is
** STORYKIT_E_IO. Deleting the lock file while a store is open lets a second opener in. On a
** file system without locks (ENOTSUP, ENOLCK: some network volumes) the store opens
** unlocked, and keeping other processes out is the host's duty. A root that cannot be
** written (read-only media, or EPERM from a sandbox) opens for reading, even without its
** lock file; every write to it is STORYKIT_E_IO. A handle may be used from several threads
** at once.
** ------------------------------------------------------------------------------------------ */

typedef struct storykit_store storykit_store;

/*
** Opens the store at root_path.
**
** out           Receives the store; release it with storykit_store_close(). NULL on failure.
** root_path     A NUL-terminated path to the root folder.
** options_json  NULL, or {"create":true|false} (default true: create the root if missing).
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL out or root_path, bad options, a root
** that is not a folder); STORYKIT_E_NOT_FOUND (missing root and "create":false);
** STORYKIT_E_IO (open in another process or handle; the file system refused).
*/
STORYKIT_API storykit_status storykit_store_open(storykit_store **out, const char *root_path,
                                                 const char *options_json);

/*
** Saves a record, replacing the one with the same id (which keeps its creation time).
**
** store       An open store.
** collection  "stories", "heroes", "events", "corrections", "preferences" or "words" (the
**             writer's words: {"word":"Zorbax","use":"known"|"ignored"}, under the id of
**             any spelling of the word; it is stored and read back as {"id":"zorbax",
**             "word":...,"use":...}, the id folded as the corrector compares words;
**             storykit_store_learn_word() is the simpler way). NUL-terminated.
** id          The record's id (the preference key). NUL-terminated.
** json, len   The record as UTF-8 JSON; len at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK once the record is durably on disk; STORYKIT_E_INVALID_ARGUMENT (NULL
** arguments, unknown collection, bad id, a record that is not a valid Story/Hero/CustomEvent
** or whose "id" differs from id); STORYKIT_E_PARSE (json is not JSON); STORYKIT_E_LIMIT;
** STORYKIT_E_IO (the write failed: the old record is intact).
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_put(storykit_store *store, const char *collection,
                                                const char *id, const char *json, size_t len);

/*
** Reads a record: the JSON value that was put (written compactly).
**
** out_json  Receives the record; release it with storykit_string_free(). NULL on failure.
**
** Returns STORYKIT_OK; STORYKIT_E_NOT_FOUND (no such record); STORYKIT_E_PARSE (the record's
** file is corrupted or truncated: the message names the id); STORYKIT_E_STATE (the record was
** written by a newer StoryKit); STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_IO.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_get(storykit_store *store, char **out_json,
                                                const char *collection, const char *id);

/*
** Removes a record. Returns STORYKIT_OK once the removal is durable; STORYKIT_E_NOT_FOUND;
** STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_IO.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_delete(storykit_store *store, const char *collection,
                                                   const char *id);

/*
** Lists records in creation order (then by id; preferences by key), one page at a time.
**
** out_json      Receives {"items":[{"id":"s1","record":{...}}, ...],"nextAfter":"s9"|null,
**               "problems":[{"id":"s4","message":"..."}, ...]}: records of the page's span
**               that cannot be read are reported in "problems" and do not stop the listing.
**               Pass "nextAfter" as "after" for the next page; it is null on the last page.
**               Release it with storykit_string_free(). NULL on failure.
** options_json  NULL, or {"after":"<id>"|null,"limit":1..1000} (default limit 100).
**
** Returns STORYKIT_OK; STORYKIT_E_NOT_FOUND ("after" names no record);
** STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_IO.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_list(storykit_store *store, char **out_json,
                                                 const char *collection, const char *options_json);

/*
** Saves an image under Illustrations/, replacing any image with the same id.
**
** mime_type   "image/png", "image/jpeg", "image/webp", "image/gif" or "image/heic" (case and
**             parameters ignored); anything else is STORYKIT_E_INVALID_ARGUMENT.
** bytes, len  The image; NULL only when len is 0; len at most STORYKIT_MAX_INPUT_BYTES.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_put_image(storykit_store *store, const char *id,
                                                      const char *mime_type,
                                                      const unsigned char *bytes, size_t len);

/*
** Reads an image.
**
** out_bytes      Receives the image; release it with storykit_bytes_free(). NULL on failure.
** out_len        Receives its length; 0 on failure.
** out_mime_type  Receives its MIME type; release it with storykit_string_free(). NULL on
**                failure.
**
** Returns STORYKIT_OK; STORYKIT_E_NOT_FOUND; STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_IO.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_get_image(storykit_store *store, unsigned char **out_bytes,
                                                      size_t *out_len, char **out_mime_type,
                                                      const char *id);

/* Removes an image. STORYKIT_E_NOT_FOUND when there is none.
** Thread-safe: a store handle may be used from several threads at once.
*/
STORYKIT_API storykit_status storykit_store_delete_image(storykit_store *store, const char *id);

/*
** The writer's own words, kept in the store (collection "words", one durable file a word):
** names, coined words and words to leave alone, which storykit_correct_offline() and
** storykit_correct() read through their "vocabulary" option (storykit_store_words() writes
** exactly that object).
**
** storykit_store_learn_word: learns word, or changes its use. A word is one entry whatever
** its capitals and marks, as the corrector compares words: learning "ZORBAX" after "Zorbax"
** changes that entry's use and keeps the spelling learned first ("Zorbax"); to change the
** spelling, unlearn the word and learn it again. Stores written before this rule held one
** entry per spelling; opening one moves them to one per word (first spelling, last use).
** word   NUL-terminated UTF-8: a word or a phrase of up to 3 words (spaces or hyphens between),
**        at most 64 bytes, no control character. Stored in NFC.
** use    "known" (kept as typed and read for its slips) or "ignored" (kept as typed, never
**        offered); NULL is "known".
** Returns STORYKIT_OK once the word is durably on disk (a crash after it loses nothing);
** STORYKIT_E_INVALID_ARGUMENT (NULL store or word, a bad word, named with the limit it
** breaks, an unknown use); STORYKIT_E_LIMIT (the store holds 10000 words already);
** STORYKIT_E_IO (the write failed: the words are as they were).
** Thread-safe: a store handle may be used from several threads at once; one process at a
** time opens a store.
*/
STORYKIT_API storykit_status storykit_store_learn_word(storykit_store *store, const char *word, const char *use);

/*
** storykit_store_unlearn_word: forgets word (known or ignored), given in any of its
** spellings in case and marks ("zorbax" forgets "Zorbax"). Returns STORYKIT_OK once the
** removal is durable; STORYKIT_E_NOT_FOUND (not learned); STORYKIT_E_INVALID_ARGUMENT;
** STORYKIT_E_IO. Thread-safe.
*/
STORYKIT_API storykit_status storykit_store_unlearn_word(storykit_store *store, const char *word);

/*
** storykit_store_words: every learned word, in the order learned.
** out_json  Receives {"known":["Zorbax",...],"ignored":["glimmerfrost",...]}, the
**           "vocabulary" option's shape; release it with storykit_string_free(). NULL on
**           failure.
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments); STORYKIT_E_IO.
** Thread-safe.
*/
STORYKIT_API storykit_status storykit_store_words(storykit_store *store, char **out_json);

/*
** Releases the store's lock, for an app about to be suspended: iOS terminates a suspended app
** that holds a file lock in an App Group container (0xdead10cc). Until
** storykit_store_resume(), every call on the store returns STORYKIT_E_STATE. Calling it on a
** suspended store does nothing.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL store). Thread-safe; calls in
** progress on other threads finish first.
*/
STORYKIT_API storykit_status storykit_store_suspend(storykit_store *store);

/*
** Takes the lock again after storykit_store_suspend() and forgets what was read, so that
** records another process wrote meanwhile are read afresh. Does nothing on a store that is
** not suspended.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL store); STORYKIT_E_IO (another
** process or handle opened the root meanwhile: the store stays suspended; try again later).
** Thread-safe.
*/
STORYKIT_API storykit_status storykit_store_resume(storykit_store *store);

/* Closes a store and releases its lock. NULL is a no-op.
** Not to be called while any other call on the same store runs; the handle is invalid
** after.
*/
STORYKIT_API void storykit_store_close(storykit_store *store);

/* Releases bytes the library handed out (storykit_store_get_image). NULL is a no-op.
** Thread-safe; each buffer is freed once.
*/
STORYKIT_API void storykit_bytes_free(unsigned char *bytes);

/* ------------------------------------------------------------------------------------------
** Transport callbacks and services
**
** The services below talk to Gemini, Imagen and OpenAI-compatible servers (OpenAI, Ollama,
** llama.cpp, vLLM) through an HTTP client the host brings: a storykit_transport_fn. For each
** HTTP request the library calls it with the request as JSON and an exchange handle; the
** host sends the request, then hands the answer back through the exchange:
**
**     storykit_exchange_respond(exchange, status, headers_json);   once, first
**     storykit_exchange_write(exchange, chunk, len);               zero or more times
**     return STORYKIT_OK;
**
** or, when no answer came (no connection, a time-out, a dropped connection part-way):
**
**     storykit_exchange_fail(exchange, "transport" | "timeout" | "cancelled", message);
**     return STORYKIT_OK;
**
** Writing the body as it arrives lets a streamed reply reach on_event while it is still
** arriving. A host that returns anything but STORYKIT_OK stops the whole operation, which
** then returns STORYKIT_E_CALLBACK; so does an on_event callback.
**
** Threads: the calling thread waits while the operation runs, and the function returns only
** after every callback it started has returned, so user_data may be freed as soon as it
** returns. Each transport callback runs on a thread of its own, so a callback that blocks
** delays only its own operation, never another call. The exchange is valid only until the
** transport callback returns.
**
** Time-outs and stops: when the host gives an exchange nothing (no head, or no chunk) for
** the request's "timeoutSeconds", the operation takes that as a time-out at once (it may
** retry, below); when the operation is cancelled or stopped, or stops reading, likewise.
** The exchange is then cancelled: storykit_exchange_cancelled() returns 1, and respond and
** write return STORYKIT_E_CANCELLED. The callback should then stop and return promptly (a
** blocking HTTP client should use "timeoutSeconds" as its own time-out, or poll
** storykit_exchange_cancelled()): the function still waits for it before returning. Requests are retried (exponential backoff with full jitter, honouring
** Retry-After) on rate limits, server errors, time-outs and transport failures, but a stream
** whose text already reached on_event is never started over. Do not call these functions
** from inside a Swift concurrency task: they block their thread.
**
** Common request fields of storykit_generate, storykit_correct's "remote" and
** storykit_illustrate: "apiKey" (when absent or empty, the GEMINI_API_KEY or OPENAI_API_KEY
** environment variable, which goes only to the provider's own host over https:
** generativelanguage.googleapis.com or api.openai.com, in any case, with or without :443;
** never to another server, however OpenAI-compatible, nor over plain http; Google's and
** OpenAI's own APIs need a key, another server, local or a proxy, does not), "baseURL"
** (optional), "timeoutSeconds" (more than 0, at most 3600;
** default 60, Imagen 120: the wait for the head and between two chunks), "retry"
** ({"maxAttempts":1..10 (3), "initialDelayMs" (500), "maxDelayMs" (8000), "maxTotalMs"
** (30000)}).
** ------------------------------------------------------------------------------------------ */

/* One HTTP exchange in progress, handed to a storykit_transport_fn. */
typedef struct storykit_exchange storykit_exchange;

/*
** The host's HTTP client.
**
** exchange      Where the answer goes; valid until the callback returns. Never NULL.
** request_json  {"method":"POST","url":"https://...","headers":{"content-type":
**               "application/json","x-goog-api-key":"..."},"body":"<UTF-8 text>",
**               "stream":true|false,"timeoutSeconds":60}. Owned by the library; valid until
**               the callback returns. The headers hold the API key: do not log them.
** user_data     The pointer given to the service function.
**
** Returns STORYKIT_OK once it has responded or failed; anything else stops the operation.
*/
typedef storykit_status (*storykit_transport_fn)(storykit_exchange *exchange, const char *request_json,
                                                 void *user_data);

/*
** Receives the progress of an operation, one JSON object per call: storykit_generate sends
** {"type":"delta","index":0,"text":"..."}; storykit_correct sends {"type":"snapshot",
** "variations":[{"text":"..."|null,"kind":"direct"|...|null,"complete":false}], "final":false}
** (a re-ask or a fallback to the next backend starts over with an empty snapshot). A complete
** variation that the check would drop carries "issue":{"code":"unfaithful",...}: show only
** complete variations without one. The last snapshot ("final":true) holds the result's.
**
** event_json  Owned by the library; valid until the callback returns.
** Returns STORYKIT_OK to go on; anything else stops the operation (STORYKIT_E_CALLBACK).
*/
typedef storykit_status (*storykit_event_fn)(const char *event_json, void *user_data);

/*
** Gives the head of the response: the status and the header fields.
**
** http_status   100 to 599.
** headers_json  NULL, or a JSON object of header names to string values.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (exchange NULL, bad status or headers);
** STORYKIT_E_STATE (already responded or failed); STORYKIT_E_CANCELLED (the operation timed
** out, was cancelled or stopped reading: return from the callback).
*/
STORYKIT_API storykit_status storykit_exchange_respond(storykit_exchange *exchange, int32_t http_status,
                                                       const char *headers_json);

/*
** Adds the next bytes of the response body (any bytes; they are copied).
**
** chunk, len  NULL only when len is 0. The whole body is at most STORYKIT_MAX_INPUT_BYTES.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (exchange NULL, chunk NULL with len > 0);
** STORYKIT_E_STATE (no head yet, or failed); STORYKIT_E_CANCELLED (nobody reads any more:
** the operation stopped, was cancelled or timed out, so stop sending and return);
** STORYKIT_E_LIMIT (the body passed the limit: the operation fails with a malformedResponse
** error rather than take a cut-off body; stop sending and return).
** Thread-safe; valid only while the exchange is open (see storykit_exchange_respond).
*/
STORYKIT_API storykit_status storykit_exchange_write(storykit_exchange *exchange, const unsigned char *chunk,
                                                     size_t len);

/*
** Whether the operation no longer wants this exchange's answer (it timed out, was cancelled,
** was stopped, or stopped reading): 1 if so, else 0; 1 for NULL. A callback that blocks may
** poll it. Thread-safe; valid only while the callback runs.
*/
STORYKIT_API int storykit_exchange_cancelled(storykit_exchange *exchange);

/*
** Ends the exchange with a failure: no response came, or the body stopped part-way.
**
** kind     "transport" (connection failed or dropped), "timeout" or "cancelled".
** message  NULL or a NUL-terminated sentence saying what happened (secrets are redacted), of
**          at most STORYKIT_MAX_OPTIONS_BYTES.
**
** Returns STORYKIT_OK (also after a cancellation, when it changes nothing);
** STORYKIT_E_INVALID_ARGUMENT (exchange NULL, unknown kind); STORYKIT_E_STATE (already
** failed).
** Thread-safe; valid only while the exchange is open (see storykit_exchange_respond).
*/
STORYKIT_API storykit_status storykit_exchange_fail(storykit_exchange *exchange, const char *kind,
                                                    const char *message);

/*
** Asks a model for text, or Imagen (kept for compatibility) for images, through the host's
** transport.
**
** out_json      Receives the storykit_response_decode result shape ({"text",...,"candidates",
**               "images","usage",...}). The caller owns it; release it with
**               storykit_string_free(). NULL on failure.
** request_json  The storykit_request_build request ("provider", "model", "prompt" or
**               "messages", "stream", ...) plus the common fields above. With "stream":true
**               the text reaches on_event as it arrives.
** transport     The host's HTTP client. Never NULL.
** on_event      NULL, or receives {"type":"delta",...} events while a stream arrives.
** user_data     Passed to the callbacks as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments, bad request, no API key:
** the message names the environment variable and "apiKey"); STORYKIT_E_API (the service
** answered with an error; the message starts with its kind, such as "rateLimited, HTTP 429");
** STORYKIT_E_TRANSPORT (the transport failed, timed out or was cancelled); STORYKIT_E_CALLBACK.
** Thread-safe: no shared state.
*/
STORYKIT_API storykit_status storykit_generate(char **out_json, const char *request_json,
                                               storykit_transport_fn transport, storykit_event_fn on_event,
                                               void *user_data);

/*
** Corrects text typed with tremor typos: asks the configured model for versions, re-asks once
** when the reply has the wrong count, duplicates, nothing readable, no direct version that
** passes the check, or was cut at its output limit (then with twice the room), keeps the
** better of the two replies, and falls back along
** the chain of backends; the offline corrector ends every chain, so with no transport and
** no key it still answers.
**
** out_json      Receives {"variations":[{"text","kind","source":"model"|"offline"|
**               "mended"}...],"source","repaired","issues",
**               "backend":"remote"|"offline","retried":bool,"attempts":[{"backend",
**               "problem":"count"|"duplicates"|"unparseable"|"truncated"|"unfaithful"|null,
**               "error":{...}|null}],
**               "reply":"<the model's reply>"|null,"words":[...] (offline only)}. A text
**               longer than one prompt of "contextTokens" holds is corrected whole, in pieces
**               cut after sentence ends and joined with the text's own spacing, and "issues"
**               then holds {"code":"split","pieces":N}; "reply" holds every piece's reply.
**               A word longer than any prompt holds (a pasted data: URL) is kept as typed in
**               every version, with {"code":"keptAsTyped","offset":B,"length":N} (UTF-8
**               bytes of the text); the rest is corrected.
**               The caller owns it; release it with storykit_string_free(). NULL on failure.
** request_json  {"text":"...", "count":1..10 (3), "language":"en" (optional), "layout":
**               "qwerty"|"qwertz"|"azerty" (offline; default: the language's own), "spelling":"keep"|"us"|"uk" (offline, as in
**               storykit_correct_offline), "vocabulary" (offline, as in
**               storykit_correct_offline), "backends":["remote","offline"]
**               (optional: the policy engine's "correctionBackends"; "foundationModels" has no
**               generator through C and is skipped), "remote":{"provider":"gemini"|"openai",
**               "model" (optional), "structured":true|false (whether the server follows a
**               response schema; default true), "contextTokens" (default 4096),
**               "temperature" 0..2 (default: the prompt's, 0.4, except for Gemini 3 and
**               OpenAI's reasoning models, which are sent none), "topP" 0..1, "seed" (32-bit),
**               "maxOutputTokens" 1..1000000 (default: the room the prompt leaves), plus the
**               common fields}}, "check":"faithful"|"loose"|"off" (default "faithful": a
**               model's words are aligned with the typed words in order and each change
**               priced by the keyboard's slip model, as the offline corrector prices its
**               readings; no version shows another word order, an added or dropped
**               negation, a changed number or listed name, a repeat, or symbols, emoji or
**               scripts the text lacks; "refined" and "alternative" may also change the
**               function words of the text's language (en, es, fr, de, it, pt, nl) and
**               "refined" inflect a typed word; a slip the model kept, or a word the keyboard
**               does not explain, is mended from the offline corrector's confident reading
**               and checked again, with {"code":"mended","kind","words":["seeking →
**               swimming"]} among the issues and "source":"mended"; a version equal to the
**               typed text is always shown. "loose" drops only empty versions, markup or
**               links the text lacks, versions far longer than the text and changed
**               vocabulary words; "off" shows every parsed version). A version dropped is
**               named in "issues" as {"code":"unfaithful","kind","reason","words"}; a reply
**               with no direct version left is asked again once, then the next backend
**               answers. The check's cost is linear in the text and the reply.
**               Without "remote" only the offline backend answers.
** transport     The host's HTTP client; NULL when there is no "remote".
** on_event      NULL, or receives {"type":"snapshot",...} events as versions arrive.
** user_data     Passed to the callbacks as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL arguments, bad request, empty text,
** "remote" without a transport or without a key); STORYKIT_E_LIMIT (text over
** STORYKIT_MAX_INPUT_BYTES); STORYKIT_E_CALLBACK.
** A failing remote backend is not an error: it is listed in "attempts" and the next one answers.
** Thread-safe: the calling thread waits (see Threads above); the offline corrector's only
** shared state, its neighbour memory, is behind a lock.
*/
STORYKIT_API storykit_status storykit_correct(char **out_json, const char *request_json,
                                              storykit_transport_fn transport, storykit_event_fn on_event,
                                              void *user_data);

/*
** Illustrates a story page: builds the illustration prompt, asks a Gemini image model
** (generateContent with responseModalities ["IMAGE"], one request per image; thought parts
** are not saved), and saves each image into the store's Illustrations/ folder as
** <id>.<extension of its MIME type>. A model named "imagen-..." goes to Imagen's predict, kept
** for compatibility only: Google shut the Imagen models down, and a retired name is
** STORYKIT_E_INVALID_ARGUMENT naming its replacement, before any request.
**
** out_json      Receives {"illustrations":[{"id","mimeType","storyID","pageIndex","prompt",
**               "fileName"}],"filtered":[reason|null...],"prompt":"..."}. The caller owns it;
**               release it with storykit_string_free(). NULL on failure.
** store         An open store. Never NULL.
** request_json  {"hero":{"name","traits","appearance"},"page":{"text","index"},"style"
**               (optional),"storyID" (optional),"id" (optional; default "<storyID>-page-<n>"),
**               "imageCount":1..8 (1; at most that many images are saved),"aspectRatio"
**               (optional),"model" (default "gemini-3.1-flash-image"), plus the common
**               fields}.
** transport     The host's HTTP client. Never NULL.
** user_data     Passed to the callback as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_API (a picture withheld for
** safety, IMAGE_SAFETY: "contentFiltered"; no picture, NO_IMAGE or text alone:
** "emptyResponse"; a blocked prompt: "promptBlocked"); STORYKIT_E_TRANSPORT; STORYKIT_E_IO (an image could not be
** saved; those saved before it stay); STORYKIT_E_CALLBACK.
** Thread-safe: the calling thread waits (see Threads above); the store handle may be in use
** on other threads.
*/
STORYKIT_API storykit_status storykit_illustrate(char **out_json, storykit_store *store, const char *request_json,
                                                 storykit_transport_fn transport, void *user_data);

/*
** Writes a children's story about a hero with a model, checks it, and saves it into the store
** when one is given. The story is asked for in one of two shapes: "pages" (the default: an
** title request, then one plain-prose request a page, pages + 1 requests) or "whole" (one
** request for a JSON object {"title","pages"}, structured where the server follows a schema).
** Before anyone sees or saves it, every page is checked: not empty; within the age group's
** words (a page for ages under 6 holds 5 to 160 words, 6 to 8: 10 to 250, 9 to 12: 15 to
** 400); in the language asked for (told by the offline corrector's teller where a pack reads
** that language, pages of 25 words or more and the whole story); no HTML or XML tags,
** Markdown, links, code fences, JSON fragments or prompt tags (<hero_name>); not only the
** hero, theme or event repeated, nor an earlier page repeated; the hero's name spelled as given
** ("Oisín" stays "Oisín"); none of "avoidWords" (whole words, compared with diacritics and
** capitals folded). The story then has the pages asked for and names its hero. A reply cut at
** its output limit is never taken. A refused reply (or page) is asked again once, saying what
** was wrong; when no reply passes, the call fails listing every attempt, and nothing is
** saved.
**
** out_json      Receives {"story":{"id","title","pages":[...],"heroID","theme","ageGroup",
**               "language","eventID","createdAt"},"issues":[{"rule","page","detail"}],
**               "attempts":[{"backend","shape","issues","error"}],"backend":"remote",
**               "shape":"pages","requests":N,"saved":true|false}; "issues" lists what the
**               refused replies broke (the story returned breaks no rule). The caller owns it;
**               release it with storykit_string_free(). NULL on failure.
** store         An open store the story is saved into (one record in "stories", written
**               atomically), or NULL to only return it.
** request_json  {"hero":{"name","traits":[...],"appearance"},"theme":"...","ageGroup":"4-6"
**               (default),"length":"short"|"medium"|"long" (default "short": 3 pages),
**               "language":"en" (BCP 47; required),"event":{"title","description",
**               "promptSeed"} (optional),"heroID","eventID","id" (optional; default a new
**               "story-<16 hex digits>"),"avoidWords":[...] (optional, at most 1000 words),
**               "shape":"pages"|"whole" (optional),"remote":{...} (required) as
**               storykit_correct takes it: "provider","model","apiKey","baseURL",
**               "structured","timeoutSeconds","retry","temperature","topP","seed",
**               "maxOutputTokens","contextTokens"}.
** transport     The host's HTTP client. Never NULL.
** on_event      NULL, or receives {"type":"snapshot","title":...,"pages":[...],"final":false}
**               each time the title or a page is complete and passed the check, and last the
**               story returned with "final":true. A refused reply's pages are never shown; a
**               re-ask starts again from an empty snapshot.
** user_data     Passed to the callbacks as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT (NULL out_json, request_json or
** transport, a bad or missing field, named); STORYKIT_E_LIMIT (a brief no prompt can hold);
** STORYKIT_E_API (no usable story: the message lists every attempt's reasons);
** STORYKIT_E_TRANSPORT; STORYKIT_E_IO (the story could not be saved); STORYKIT_E_CALLBACK.
** Thread-safe: the calling thread waits (see Threads above); the store handle may be in use on
** other threads.
*/
STORYKIT_API storykit_status storykit_story_write(char **out_json, storykit_store *store, const char *request_json,
                                                  storykit_transport_fn transport, storykit_event_fn on_event,
                                                  void *user_data);

/*
** Enhances a custom event with a model: from a parent's title, description and prompt seed,
** 2 to 4 sentences a story prompt can weave in. The reply is checked as a story page is (no
** markup, links, code fences, JSON or prompt tags; 5 to 150 words; not cut at its output
** limit) and asked again once when refused.
**
** out_json      Receives {"description":"...","attempts":[{"issues","error"}],"requests":N}.
**               The caller owns it; release it with storykit_string_free(). NULL on failure.
** request_json  {"event":{"title","description","promptSeed"},"language":"en","remote":{...}
**               as storykit_story_write takes it}.
** transport     The host's HTTP client. Never NULL.
** user_data     Passed to the callback as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_API (no usable description,
** every attempt listed); STORYKIT_E_TRANSPORT; STORYKIT_E_CALLBACK. Thread-safe: the calling
** thread waits.
*/
STORYKIT_API storykit_status storykit_event_enhance(char **out_json, const char *request_json,
                                                    storykit_transport_fn transport, void *user_data);

/*
** Illustrates a whole stored story as a picture book, resumably. First the hero's portrait:
** the hero's avatar when the store holds it (or a portrait an earlier call saved), else one
** drawn now, saved as "<heroID>-avatar" and set as the hero's avatarIllustrationID. Then every
** page without a picture, each sent with the portrait as a reference image (an inlineData
** part of Gemini's generateContent) and the same character and style sentences, "concurrency"
** at a time. Each page is saved as "<storyID>-page-<n>" (n from 1) the moment it arrives, so a
** second call draws only the pages still missing (plus those in "redraw"), a drawn book is
** never asked again, and a process killed mid-book leaves every finished page saved and
** readable. 429 and 5xx answers are retried with backoff and Retry-After (the common "retry"
** fields). A page the service will not draw (a blocked prompt, IMAGE_SAFETY, NO_IMAGE, a
** reply without a picture, or a 429/5xx still failing after the retries) is that page's
** "failed" entry with its "issue"; the call still succeeds.
**
** out_json      Receives {"storyID","illustrations":[{"id","mimeType","storyID","pageIndex",
**               "prompt","fileName"}...] (every page with a picture, drawn or kept),
**               "reference":{"index":null,"status","id","fileName","issue"}|null (null when no
**               page needed drawing),"pages":[{"index","status":"drawn"|"kept"|"failed"|
**               "skipped","id","fileName"|null,"issue"|null}...],"requests":N,"maxImages":N,
**               "complete":true|false}. A failed page's issue is the service's error
**               ({"kind","retryable","status","httpStatus","message",...}); a skipped page's
**               is {"kind":"skipped","message"} (the budget was spent). The caller owns it;
**               release it with storykit_string_free(). NULL on failure.
** store         An open store holding the story. Never NULL.
** request_json  {"storyID" (required),"heroID" (optional: a stored hero; default the story's
**               heroID) or "hero":{"name","traits","appearance"} (a hero not in the store;
**               its portrait is kept as "<storyID>-hero-avatar"),"style" (optional; also the
**               portrait's),"aspectRatio" (optional),"maxImages":1..201 (the most image
**               requests of this call, the portrait included; default pages + 1),"redraw":
**               [page index from 0...] (drawn again though they have a picture),
**               "redrawReference":false,"concurrency":1..4 (2),"model" (default
**               "gemini-3.1-flash-image"), plus the common fields}. Every Gemini request says
**               "store": false, so Google keeps it out of its request logs.
** transport     The host's HTTP client. Never NULL. Called from up to "concurrency" threads
**               at once.
** on_event      NULL, or receives {"type":"page", ...a "pages" entry...} for each kept page
**               first, then the portrait, then each page as it is drawn, fails or is skipped.
** user_data     Passed to the callbacks as is; may be NULL.
**
** Returns STORYKIT_OK (also when some pages failed: read "pages");
** STORYKIT_E_INVALID_ARGUMENT (NULL store, request_json or transport; a bad field, named:
** "maxImages" 0 or 10000, a "redraw" index past the story's pages; before any request);
** STORYKIT_E_NOT_FOUND (no story "storyID", or no hero "heroID", named); STORYKIT_E_API (an
** error every page would share: a key refused, a model not found, a request rejected; the
** message says which pages were saved before it); STORYKIT_E_TRANSPORT; STORYKIT_E_IO (a
** picture could not be saved; earlier ones stay); STORYKIT_E_CALLBACK.
** Thread-safe: the calling thread waits (see Threads above); the store handle may be in use on
** other threads, but two calls drawing one story at once may both draw a missing page.
*/
STORYKIT_API storykit_status storykit_story_illustrate(char **out_json, storykit_store *store,
                                                       const char *request_json, storykit_transport_fn transport,
                                                       storykit_event_fn on_event, void *user_data);

/*
** Draws a stored hero's avatar: a portrait from the hero's description and the user's own
** wishes, saved as "<heroID>-avatar" (then "-2", "-3"... for more images), replacing what was
** there, and the hero saved with the first as its avatarIllustrationID. storykit_story_illustrate
** draws every page from that portrait.
**
** out_json      Receives {"illustrations":[{"id","mimeType","fileName",...}],"filtered":
**               [reason|null...],"prompt":"..."}. The caller owns it; release it with
**               storykit_string_free(). NULL on failure.
** store         An open store holding the hero. Never NULL.
** request_json  {"heroID" (required),"customPrompt" (optional),"style" (optional),
**               "imageCount":1..8 (1),"aspectRatio" (default "1:1"),"model", plus the common
**               fields}.
** transport     The host's HTTP client. Never NULL.
** user_data     Passed to the callback as is; may be NULL.
**
** Returns STORYKIT_OK; STORYKIT_E_INVALID_ARGUMENT; STORYKIT_E_NOT_FOUND (no hero "heroID");
** STORYKIT_E_API (every picture withheld, with the service's reasons); STORYKIT_E_TRANSPORT;
** STORYKIT_E_IO; STORYKIT_E_CALLBACK. Thread-safe: the calling thread waits.
*/
STORYKIT_API storykit_status storykit_hero_avatar(char **out_json, storykit_store *store, const char *request_json,
                                                  storykit_transport_fn transport, void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* STORYKIT_H */
