#ifndef UNDERSTUDY_CCURL_H
#define UNDERSTUDY_CCURL_H

#include <stddef.h>

/// What one exchange gave: the final response's status, header lines and body, or why there
/// is none. Release it with `understudy_curl_release`.
typedef struct understudy_curl_result {
    /// The HTTP status of the final response; 0 when there is none.
    long status;
    /// libcurl's result code (0: the exchange completed); -1 when libcurl could not be loaded.
    int code;
    /// Set when the body grew past the maximum asked for (the exchange was then stopped).
    int body_too_large;
    /// The final response's header lines, each ending in CRLF, without its status line.
    char *head;
    size_t head_length;
    unsigned char *body;
    size_t body_length;
    /// libcurl's description of a failure, or why libcurl could not be loaded.
    char message[256];
} understudy_curl_result;

/// Handles kept between exchanges, with their open connections; safe to share between threads.
typedef struct understudy_curl_pool understudy_curl_pool;

/// A new, empty pool; NULL when memory runs out (exchanges then open their own connections).
understudy_curl_pool *understudy_curl_pool_create(void);

/// Closes the pool's handles and their connections, and frees it.
void understudy_curl_pool_destroy(understudy_curl_pool *pool);

/// Performs one HTTP exchange with libcurl (loaded on first use, `dlopen`, so that a program
/// that never records never loads libcurl and the libraries behind it), on an idle handle of
/// `pool` when there is one, which is kept there afterwards with its connection. Redirects are not
/// followed; compressed bodies are decoded (every encoding libcurl supports is offered unless
/// `header_lines` names `Accept-Encoding`); no cookie is kept. Blocks until the exchange ends.
/// - Parameters:
///   - header_lines: `Name: value` lines (an empty value is sent as empty, not dropped).
///   - timeout_ms: how long the whole exchange may take.
///   - maximum_body: the largest body accepted.
/// - Returns: `result->code`.
int understudy_curl_perform(understudy_curl_pool *pool, const char *method, const char *url, const char *const *header_lines,
                            size_t header_count, const unsigned char *body, size_t body_length, long timeout_ms, size_t maximum_body,
                            understudy_curl_result *result);

/// Loads libcurl (`$UNDERSTUDY_LIBCURL` when set, else `libcurl.so.4`) if it is not loaded yet;
/// NULL when it is, else why it cannot be.
const char *understudy_curl_load_failure(void);

/// libcurl's version text (`libcurl/8.5.0 OpenSSL/3.0.11 …`), loading it if needed; NULL when it
/// cannot be loaded.
const char *understudy_curl_version(void);

/// Frees what `understudy_curl_perform` allocated in `result`.
void understudy_curl_release(understudy_curl_result *result);

#endif
