/*
** A storykit_transport_fn over plain POSIX sockets: the correction service asks a local
** OpenAI-compatible server (Ollama, llama.cpp, vLLM) for versions, streamed, and falls back
** to the offline corrector when the server fails. The client speaks HTTP/1.1 over http://
** only (a host talking to a cloud service brings a TLS client such as libcurl instead).
**
**   ./transport http://127.0.0.1:11434/v1 llama3.2 "I wnat to go hmoe"
**   ./transport                                  (no server: the offline corrector answers)
**
** Exits 0 when the service answered, 1 otherwise.
*/
#define _POSIX_C_SOURCE 200112L
#include "storykit.h"

#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

/* Finds a JSON string member's value in a flat object written by the library; enough for
** the request's "url", "method" and "body" (a real host would use its JSON parser). The
** value is unescaped into a new buffer. */
static char *json_string(const char *json, const char *key) {
    char pattern[64];
    const char *start;
    char *value, *out;
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    start = strstr(json, pattern);
    if (start == NULL) return NULL;
    start += strlen(pattern);
    value = out = malloc(strlen(start) + 1);
    if (value == NULL) return NULL;
    for (; *start != '\0' && *start != '"'; start++) {
        if (*start != '\\') { *out++ = *start; continue; }
        switch (*++start) {
        case 'n': *out++ = '\n'; break;
        case 't': *out++ = '\t'; break;
        case 'r': *out++ = '\r'; break;
        case 'u': {  /* the library escapes only control characters this way */
            unsigned code = 0;
            sscanf(start + 1, "%4x", &code);
            *out++ = (char)code;
            start += 4;
            break;
        }
        default: *out++ = *start; break;
        }
    }
    *out = '\0';
    return value;
}

static int connect_to(const char *host, const char *port, int timeout_seconds) {
    struct addrinfo hints, *found, *each;
    struct timeval timeout;
    int fd = -1;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &found) != 0) return -1;
    for (each = found; each != NULL && fd < 0; each = each->ai_next) {
        fd = socket(each->ai_family, each->ai_socktype, each->ai_protocol);
        if (fd < 0) continue;
        timeout.tv_sec = timeout_seconds;
        timeout.tv_usec = 0;
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
        if (connect(fd, each->ai_addr, each->ai_addrlen) != 0) { close(fd); fd = -1; }
    }
    freeaddrinfo(found);
    return fd;
}

/* Reads one CRLF-terminated line (without the CRLF); returns its length or -1. */
static int read_line(int fd, char *line, int capacity) {
    int length = 0;
    char c;
    while (recv(fd, &c, 1, 0) == 1) {
        if (c == '\n') { if (length > 0 && line[length - 1] == '\r') length--; line[length] = '\0'; return length; }
        if (length < capacity - 1) line[length++] = c;
    }
    return -1;
}

/* Passes `count` body bytes from the socket to the exchange as they arrive. */
static int relay(int fd, storykit_exchange *exchange, long count) {
    unsigned char buffer[4096];
    while (count != 0) {
        ssize_t got = recv(fd, buffer, count > 0 && count < (long)sizeof buffer ? (size_t)count : sizeof buffer, 0);
        if (got <= 0) return count < 0 ? 0 : -1;  /* without a length, the body ends at close */
        if (storykit_exchange_write(exchange, buffer, (size_t)got) != STORYKIT_OK) return 0;  /* nobody reads */
        if (count > 0) count -= got;
    }
    return 0;
}

static storykit_status http_transport(storykit_exchange *exchange, const char *request_json, void *user_data) {
    char *url = json_string(request_json, "url"), *method = json_string(request_json, "method");
    char *body = json_string(request_json, "body");
    char host[256], port[8] = "80", line[8192], *path, *colon;
    long content_length = -1;
    int fd, status = 0, chunked = 0, failed = 0;
    (void)user_data;

    if (url == NULL || method == NULL || body == NULL || strncmp(url, "http://", 7) != 0) {
        storykit_exchange_fail(exchange, "transport", "this example speaks plain http:// only");
        goto done;
    }
    path = strchr(url + 7, '/');
    snprintf(host, sizeof host, "%.*s", (int)(path != NULL ? path - (url + 7) : (long)strlen(url + 7)), url + 7);
    if ((colon = strchr(host, ':')) != NULL) { *colon = '\0'; snprintf(port, sizeof port, "%s", colon + 1); }
    fd = connect_to(host, port, 60);
    if (fd < 0) {
        storykit_exchange_fail(exchange, "transport", "could not connect to the server");
        goto done;
    }
    /* The headers the library asks for are sent as it gave them; here, the ones that matter
    ** to a local server. The API key header, if any, would be copied the same way. */
    snprintf(line, sizeof line, "%s %s HTTP/1.1\r\nHost: %s:%s\r\nContent-Type: application/json\r\n"
             "Accept: text/event-stream, application/json\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
             method, path != NULL ? path : "/", host, port, strlen(body));
    if (send(fd, line, strlen(line), 0) < 0 || send(fd, body, strlen(body), 0) < 0 ||
        read_line(fd, line, sizeof line) < 0 || sscanf(line, "HTTP/%*s %d", &status) != 1) {
        storykit_exchange_fail(exchange, "transport", "the server did not answer");
        close(fd);
        goto done;
    }
    while (read_line(fd, line, sizeof line) > 0) {
        if (strncmp(line, "Content-Length:", 15) == 0 || strncmp(line, "content-length:", 15) == 0) content_length = atol(line + 15);
        if (strstr(line, "chunked") != NULL) chunked = 1;
    }
    storykit_exchange_respond(exchange, status, "{\"content-type\":\"application/json\"}");
    if (!chunked) {
        failed = relay(fd, exchange, content_length);
    } else {
        long size = -1;
        while (!failed && read_line(fd, line, sizeof line) >= 0 && (size = strtol(line, NULL, 16)) > 0) {
            failed = relay(fd, exchange, size) || read_line(fd, line, sizeof line) < 0;
        }
        if (size != 0) failed = 1;  /* the connection ended before the last chunk */
    }
    if (failed) storykit_exchange_fail(exchange, "transport", "the connection dropped part-way");
    close(fd);
done:
    free(url);
    free(method);
    free(body);
    return STORYKIT_OK;
}

static storykit_status show_progress(const char *event_json, void *user_data) {
    (void)user_data;
    fprintf(stderr, "  snapshot: %.100s...\n", event_json);
    return STORYKIT_OK;
}

int main(int argc, char **argv) {
    const char *base_url = argc > 1 ? argv[1] : NULL, *model = argc > 2 ? argv[2] : "llama3.2";
    const char *text = argc > 3 ? argv[3] : "I wnat to go hmoe";
    char request[2048], *out = NULL;
    storykit_status status;

    if (base_url != NULL) {
        snprintf(request, sizeof request,
                 "{\"text\":\"%s\",\"remote\":{\"provider\":\"openai\",\"model\":\"%s\",\"baseURL\":\"%s\","
                 "\"timeoutSeconds\":30,\"retry\":{\"maxAttempts\":2}}}", text, model, base_url);
    } else {
        snprintf(request, sizeof request, "{\"text\":\"%s\"}", text);
    }
    status = storykit_correct(&out, request, base_url != NULL ? http_transport : NULL, show_progress, NULL);
    if (status != STORYKIT_OK) {
        fprintf(stderr, "transport: storykit_correct failed: %s: %s\n", storykit_status_string(status), storykit_last_error());
        return 1;
    }
    printf("%s\n", out);
    storykit_string_free(out);
    return 0;
}
