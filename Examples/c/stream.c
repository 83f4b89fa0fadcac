/*
** Streams a model's reply through a storykit_stream, the way a host shows the corrector's
** versions while they arrive: each chunk is fed as it is read from standard input, and the
** events are printed at once. At the end the events the end completes and the streamed result
** are printed, and the result is checked against the batch parser's result for the whole reply
** (they must be identical).
**
**   some-model-client | ./stream [list|variations|json]
**   ./stream variations < reply.txt
**
** Exits 0 on success, 1 when a call fails (the library's message is printed).
*/
#include "storykit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, storykit_status status) {
    fprintf(stderr, "stream: %s failed: %s: %s\n", what, storykit_status_string(status), storykit_last_error());
    return 1;
}

static storykit_status batch_result(const char *kind, const char *reply, size_t len, char **out) {
    if (strcmp(kind, "list") == 0) return storykit_parse_list(out, reply, len, NULL);
    if (strcmp(kind, "variations") == 0) return storykit_parse_variations(out, reply, len, NULL);
    return storykit_json_repair(out, reply, len);
}

int main(int argc, char **argv) {
    const char *kind = argc > 1 ? argv[1] : "variations";
    storykit_stream *stream = NULL;
    storykit_status status;
    char chunk[64];
    char *reply = NULL, *events = NULL, *streamed = NULL, *whole = NULL;
    size_t length = 0, got;
    int result = 1;

    if (strcmp(kind, "list") != 0 && strcmp(kind, "variations") != 0 && strcmp(kind, "json") != 0) {
        fprintf(stderr, "usage: stream [list|variations|json] < reply\n");
        return 2;
    }
    status = storykit_stream_create(&stream, kind, NULL);
    if (status != STORYKIT_OK) return fail("storykit_stream_create", status);

    /* Small reads, so that a slow writer's text shows up as it comes. */
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        char *grown = realloc(reply, length + got + 1);
        if (grown == NULL) { fprintf(stderr, "stream: out of memory\n"); goto done; }
        reply = grown;
        memcpy(reply + length, chunk, got);
        length += got;
        status = storykit_stream_feed(stream, &events, chunk, got);
        if (status != STORYKIT_OK) { result = fail("storykit_stream_feed", status); goto done; }
        if (strcmp(events, "{\"events\":[]}") != 0) printf("%s\n", events);
        fflush(stdout);
        storykit_string_free(events);
        events = NULL;
    }
    /* The end of the input completes the last item: its events come with the result. */
    status = storykit_stream_finish_events(stream, &streamed, &events);
    if (status != STORYKIT_OK) { result = fail("storykit_stream_finish_events", status); goto done; }
    if (strcmp(events, "{\"events\":[]}") != 0) printf("%s\n", events);
    printf("result: %s\n", streamed);

    status = batch_result(kind, reply != NULL ? reply : "", length, &whole);
    if (status != STORYKIT_OK) { result = fail("the batch parser", status); goto done; }
    if (strcmp(whole, streamed) != 0) {
        fprintf(stderr, "stream: the streamed result differs from the batch result:\n%s\n", whole);
        goto done;
    }
    printf("the streamed result is the batch result\n");
    result = 0;

done:
    storykit_string_free(events);
    storykit_string_free(streamed);
    storykit_string_free(whole);
    storykit_stream_free(stream);
    free(reply);
    return result;
}
