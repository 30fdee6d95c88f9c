#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's stable ABI, declared here so that building needs no libcurl headers
// (values from curl/curl.h: option number = type base + index).
typedef void CURL;
struct curl_slist;
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDS = 10015, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_CUSTOMREQUEST = 10036,
    OPT_NOBODY = 44, OPT_FOLLOWLOCATION = 52, OPT_HEADERFUNCTION = 20079, OPT_HTTPGET = 80,
    OPT_NOSIGNAL = 99, OPT_ACCEPT_ENCODING = 10102, OPT_TIMEOUT_MS = 155, OPT_POSTFIELDSIZE_LARGE = 30120,
    INFO_RESPONSE_CODE = 0x200000 + 2, GLOBAL_DEFAULT = 3, ERROR_SIZE = 256,
};

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    void (*easy_reset)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    char *(*version)(void);
    void (*slist_free_all)(struct curl_slist *);
} curl;
static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_failure[200];

#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl.so"};
#endif

static void load(void) {
    // UNDERSTUDY_LIBCURL names another libcurl (a path, or a name the loader searches for).
    const char *chosen = getenv("UNDERSTUDY_LIBCURL");
    void *library = NULL;
    if (chosen && *chosen) {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    } else {
        // The library's file name per platform: Apple ships /usr/lib/libcurl.4.dylib; on Linux
        // the runtime package holds libcurl.so.4 and only the development package libcurl.so.
        for (size_t i = 0; !library && i < sizeof library_names / sizeof *library_names; i++) {
            library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (!library) {
        snprintf(load_failure, sizeof load_failure, "libcurl could not be loaded (%s)", dlerror());
        return;
    }
#define RESOLVE(field, name) *(void **)(&curl.field) = dlsym(library, name)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(version, "curl_version");
#undef RESOLVE
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_reset || !curl.easy_getinfo ||
        !curl.easy_cleanup || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all || !curl.version) {
        snprintf(load_failure, sizeof load_failure, "libcurl lacks a function this program needs");
        curl.easy_init = NULL;
        return;
    }
    // Once, before any thread uses libcurl: it is not thread-safe itself.
    curl.global_init(GLOBAL_DEFAULT);
}

const char *understudy_curl_load_failure(void) {
    pthread_once(&loading, load);
    return curl.easy_init ? NULL : load_failure;
}

/// Idle handles, each keeping its open connections (and DNS answers) for the next exchange,
/// as a URLSession keeps its connections: without them every request to a provider would pay
/// for a new TCP and TLS handshake.
struct understudy_curl_pool {
    pthread_mutex_t lock;
    CURL *idle[8];
    size_t count;
};

understudy_curl_pool *understudy_curl_pool_create(void) {
    understudy_curl_pool *pool = calloc(1, sizeof *pool);
    if (pool) pthread_mutex_init(&pool->lock, NULL);
    return pool;
}

void understudy_curl_pool_destroy(understudy_curl_pool *pool) {
    if (!pool) return;
    for (size_t index = 0; index < pool->count; index++) curl.easy_cleanup(pool->idle[index]);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

/// An idle handle of `pool` (its options reset, its connections kept), or a new one.
static CURL *take(understudy_curl_pool *pool) {
    CURL *handle = NULL;
    if (pool) {
        pthread_mutex_lock(&pool->lock);
        if (pool->count > 0) handle = pool->idle[--pool->count];
        pthread_mutex_unlock(&pool->lock);
    }
    return handle ? handle : curl.easy_init();
}

/// Keeps `handle` for the next exchange, or closes it when the pool is full. Its options are
/// reset first: they point at the finished call's buffers and header list.
static void give_back(understudy_curl_pool *pool, CURL *handle) {
    curl.easy_reset(handle);
    if (pool) {
        pthread_mutex_lock(&pool->lock);
        int kept = pool->count < sizeof pool->idle / sizeof pool->idle[0];
        if (kept) pool->idle[pool->count++] = handle;
        pthread_mutex_unlock(&pool->lock);
        if (kept) return;
    }
    curl.easy_cleanup(handle);
}

/// Appends `count` bytes to a growing buffer; 0 when memory runs out.
static int append(unsigned char **buffer, size_t *length, size_t *capacity, const void *bytes, size_t count) {
    if (*length + count > *capacity) {
        size_t wanted = *capacity ? *capacity : 4096;
        while (wanted < *length + count) wanted *= 2;
        unsigned char *grown = realloc(*buffer, wanted);
        if (!grown) return 0;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, bytes, count);
    *length += count;
    return 1;
}

typedef struct {
    understudy_curl_result *result;
    size_t body_capacity, head_capacity, maximum_body;
} collector;

static size_t receive_body(char *bytes, size_t size, size_t count, void *context) {
    collector *into = context;
    size_t total = size * count;
    if (into->result->body_length + total > into->maximum_body) {
        into->result->body_too_large = 1;
        return 0;  // stops the exchange (a write error)
    }
    return append(&into->result->body, &into->result->body_length, &into->body_capacity, bytes, total) ? total : 0;
}

static size_t receive_header(char *bytes, size_t size, size_t count, void *context) {
    collector *into = context;
    size_t total = size * count;
    // A status line starts another response (after 100 Continue, or a proxy's CONNECT): only
    // the last one's fields are kept.
    if (total >= 5 && memcmp(bytes, "HTTP/", 5) == 0) {
        into->result->head_length = 0;
        return total;
    }
    if (total <= 2) return total;  // the blank line ending the head
    return append((unsigned char **)&into->result->head, &into->result->head_length, &into->head_capacity, bytes, total) ? total : 0;
}

int understudy_curl_perform(understudy_curl_pool *pool, const char *method, const char *url, const char *const *header_lines,
                            size_t header_count, const unsigned char *body, size_t body_length, long timeout_ms, size_t maximum_body,
                            understudy_curl_result *result) {
    memset(result, 0, sizeof *result);
    const char *failure = understudy_curl_load_failure();
    if (failure) {
        result->code = -1;
        snprintf(result->message, sizeof result->message, "%s", failure);
        return result->code;
    }
    CURL *handle = take(pool);
    if (!handle) {
        result->code = -1;
        snprintf(result->message, sizeof result->message, "libcurl could not start an exchange");
        return result->code;
    }
    collector into = {.result = result, .maximum_body = maximum_body};
    char errors[ERROR_SIZE] = {0};
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < header_count; index++) {
        const char *line = header_lines[index];
        const char *colon = strchr(line, ':');
        size_t rest = colon ? strspn(colon + 1, " \t") : 0;
        // libcurl drops a field with nothing after its colon, and sends one written "Name;" as empty.
        if (colon && colon[1 + rest] == '\0') {
            char *empty = strndup(line, (size_t)(colon - line) + 1);
            if (empty) {
                empty[colon - line] = ';';
                headers = curl.slist_append(headers, empty);
                free(empty);
            }
        } else {
            headers = curl.slist_append(headers, line);
        }
    }
    // No `Expect: 100-continue` wait before sending a body.
    headers = curl.slist_append(headers, "Expect:");
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, errors);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    // Decode what arrives compressed. Every encoding libcurl supports is offered, unless the
    // request names its own `Accept-Encoding`, which libcurl then sends instead.
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, receive_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, &into);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, receive_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, &into);
    if (strcmp(method, "HEAD") == 0) {
        curl.easy_setopt(handle, OPT_NOBODY, 1L);
    } else {
        if (strcmp(method, "GET") == 0 && body_length == 0) curl.easy_setopt(handle, OPT_HTTPGET, 1L);
        // A body is sent with its length; so is an empty one where a body is expected (servers
        // may answer a POST without `Content-Length` with 411 Length Required).
        int expects_body = strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0;
        if (body_length > 0 || expects_body) {
            curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)body_length);
            curl.easy_setopt(handle, OPT_POSTFIELDS, body_length > 0 ? (const char *)body : "");
        }
        curl.easy_setopt(handle, OPT_CUSTOMREQUEST, method);
    }
    result->code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    if (result->code != 0) {
        snprintf(result->message, sizeof result->message, "%s", errors[0] ? errors : curl.easy_strerror(result->code));
    }
    give_back(pool, handle);
    curl.slist_free_all(headers);
    return result->code;
}

const char *understudy_curl_version(void) {
    pthread_once(&loading, load);
    return curl.easy_init ? curl.version() : NULL;
}

void understudy_curl_release(understudy_curl_result *result) {
    free(result->head);
    free(result->body);
    result->head = NULL;
    result->body = NULL;
    result->head_length = result->body_length = 0;
}
