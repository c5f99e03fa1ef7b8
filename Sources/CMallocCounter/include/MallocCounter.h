#ifndef PITCHPERFECT_MALLOC_COUNTER_H
#define PITCHPERFECT_MALLOC_COUNTER_H
#include <stdint.h>

/// Starts counting heap allocations made by the calling thread.
void pp_malloc_counter_start(void);
/// Stops counting and returns how many allocations the calling thread made since the start.
int64_t pp_malloc_counter_stop(void);

#endif
