// Bounds how many test cases Swift Testing runs at once in this package's test process.
//
// Unbounded, Swift Testing 6.3 starts all 488 cases together: on a 2-core machine under
// `ulimit -n 1024` the process then held up to 961 descriptors (hundreds of servers, sockets
// and URLSessions alive at once), and for its first 15-20 s every case waited its turn for the
// same two threads, long enough for recording exchanges to time out. At 8 cases per core the
// peak is about 300 descriptors and the run is no slower (25-28 s against 28-33 s).
//
// The variable is Swift Testing's own (experimental) limit; it is read when the run starts,
// after this constructor has run. A value the caller set is kept.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "TestParallelism.h"

static int width_set = 0;

__attribute__((constructor)) static void understudy_bound_test_parallelism(void) {
    if (getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH") != NULL) return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int width = (int)(cores > 0 ? cores * 8 : 16);
    char text[16];
    snprintf(text, sizeof text, "%d", width);
    if (setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", text, 0) == 0) width_set = width;
}

int understudy_test_parallelism_width(void) { return width_set; }
