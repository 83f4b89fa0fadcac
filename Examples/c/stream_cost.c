/*
** The cost of a stream per chunk, measured in C: a reply read from a file is fed in chunks of
** a fixed size through storykit_stream_feed_into(), with one reused buffer for the events (grown
** when a chunk's events need more, as the header describes). Before timing, one pass checks
** that every chunk's events from storykit_stream_feed_into() are those storykit_stream_feed()
** gives, chunk by chunk, starting from a buffer of BUFFER bytes (a small one takes the
** "does not fit" path often).
**
**   ./stream_cost FILE [KIND=variations] [CHUNK=16] [ROUNDS=9] [BUFFER=4096]
**
** Prints the median time per chunk over the rounds, and exits 0; 1 when a call fails or the
** two functions disagree; 2 for bad arguments.
*/
#define _POSIX_C_SOURCE 199309L
#include "storykit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *bytes;
    size_t capacity;
} buffer;

static int fail(const char *what, storykit_status status) {
    fprintf(stderr, "stream_cost: %s failed: %s: %s\n", what, storykit_status_string(status), storykit_last_error());
    return 1;
}

/* Feeds one chunk into a buffer, growing it once when the events do not fit. */
static storykit_status feed_into(storykit_stream *stream, buffer *events, const char *chunk, size_t len, size_t *written) {
    storykit_status status = storykit_stream_feed_into(stream, events->bytes, events->capacity, written, chunk, len);
    if (status == STORYKIT_E_LIMIT && *written > events->capacity) {
        char *grown = realloc(events->bytes, *written);
        if (grown == NULL) return STORYKIT_E_INTERNAL;
        events->bytes = grown;
        events->capacity = *written;
        status = storykit_stream_feed_into(stream, events->bytes, events->capacity, written, NULL, 0);
    }
    return status;
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Checks feed_into against feed on every chunk. */
static int verify(const char *kind, const char *data, size_t size, size_t chunk, size_t initial) {
    storykit_stream *plain = NULL, *into = NULL;
    buffer events = {malloc(initial > 0 ? initial : 1), initial};
    char *expected = NULL;
    int result = 1;
    storykit_status status;
    if (events.bytes == NULL) return 1;
    if ((status = storykit_stream_create(&plain, kind, NULL)) != STORYKIT_OK ||
        (status = storykit_stream_create(&into, kind, NULL)) != STORYKIT_OK) {
        result = fail("storykit_stream_create", status);
        goto done;
    }
    for (size_t offset = 0; offset < size; offset += chunk) {
        size_t len = size - offset < chunk ? size - offset : chunk, written = 0;
        if ((status = storykit_stream_feed(plain, &expected, data + offset, len)) != STORYKIT_OK) {
            result = fail("storykit_stream_feed", status);
            goto done;
        }
        if ((status = feed_into(into, &events, data + offset, len, &written)) != STORYKIT_OK) {
            result = fail("storykit_stream_feed_into", status);
            goto done;
        }
        /* {"events":[...]} holds the array that feed_into wrote. */
        if (strlen(expected) != written + 11 || memcmp(expected + 10, events.bytes, written) != 0) {
            fprintf(stderr, "stream_cost: at byte %zu, storykit_stream_feed_into wrote %.*s but storykit_stream_feed gave %s\n",
                    offset, (int)written, events.bytes, expected);
            goto done;
        }
        storykit_string_free(expected);
        expected = NULL;
    }
    result = 0;
done:
    storykit_string_free(expected);
    storykit_stream_free(plain);
    storykit_stream_free(into);
    free(events.bytes);
    return result;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 6) {
        fprintf(stderr, "usage: stream_cost FILE [KIND=variations] [CHUNK=16] [ROUNDS=9] [BUFFER=4096]\n");
        return 2;
    }
    const char *kind = argc > 2 ? argv[2] : "variations";
    long chunk = argc > 3 ? strtol(argv[3], NULL, 10) : 16;
    long rounds = argc > 4 ? strtol(argv[4], NULL, 10) : 9;
    long initial = argc > 5 ? strtol(argv[5], NULL, 10) : 4096;
    if (chunk < 1 || rounds < 1 || rounds > 1000 || initial < 0) {
        fprintf(stderr, "stream_cost: CHUNK and ROUNDS must be positive (ROUNDS at most 1000), BUFFER not negative\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) {
        perror(argv[1]);
        return 2;
    }
    size_t size = 0, capacity = 1 << 16, got;
    char *data = malloc(capacity);
    while (data != NULL && (got = fread(data + size, 1, capacity - size, file)) > 0) {
        size += got;
        if (size == capacity) {
            char *grown = realloc(data, capacity *= 2);
            if (grown == NULL) free(data);
            data = grown;
        }
    }
    fclose(file);
    if (data == NULL) {
        fprintf(stderr, "stream_cost: out of memory\n");
        return 1;
    }
    if (verify(kind, data, size, (size_t)chunk, (size_t)initial) != 0) {
        free(data);
        return 1;
    }

    size_t chunks = (size + (size_t)chunk - 1) / (size_t)chunk;
    double *times = malloc(sizeof(double) * (size_t)rounds);
    buffer events = {malloc(initial > 0 ? (size_t)initial : 1), (size_t)initial};
    int result = 0;
    for (long round = 0; round < rounds && result == 0 && times != NULL && events.bytes != NULL; round++) {
        storykit_stream *stream = NULL;
        storykit_status status = storykit_stream_create(&stream, kind, NULL);
        if (status != STORYKIT_OK) { result = fail("storykit_stream_create", status); break; }
        double start = seconds();
        for (size_t offset = 0; offset < size; offset += (size_t)chunk) {
            size_t len = size - offset < (size_t)chunk ? size - offset : (size_t)chunk, written = 0;
            status = feed_into(stream, &events, data + offset, len, &written);
            if (status != STORYKIT_OK) { result = fail("storykit_stream_feed_into", status); break; }
        }
        times[round] = seconds() - start;
        storykit_stream_free(stream);
    }
    if (result == 0 && (times == NULL || events.bytes == NULL)) {
        fprintf(stderr, "stream_cost: out of memory\n");
        result = 1;
    }
    if (result == 0) {
        qsort(times, (size_t)rounds, sizeof(double), by_value);
        double median = times[rounds / 2];
        printf("%zu bytes in %zu chunks of %ld: median %.3f ms, %.3f us per chunk, %.2f ns per byte "
               "(%ld rounds; feed_into verified against feed)\n",
               size, chunks, chunk, median * 1e3, median * 1e6 / (double)chunks, median * 1e9 / (double)size, rounds);
    }
    free(times);
    free(events.bytes);
    free(data);
    return result;
}
