#ifndef UNDERSTUDY_TEST_PARALLELISM_H
#define UNDERSTUDY_TEST_PARALLELISM_H

/// How many test cases Swift Testing runs at once in this package's test process, as set
/// when the process loaded (8 per core); 0 when `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH`
/// was already set and so left as it was.
int understudy_test_parallelism_width(void);

#endif
