#ifndef STORYKIT_ITALIAN_DATA_H
#define STORYKIT_ITALIAN_DATA_H

#include <stddef.h>

/* The Italian language pack (docs/language-pack-format.md), built into the binary: a pointer
** to its bytes, 16-byte aligned, valid for the life of the process; *count receives its size.
** Hidden: the C library's own symbol, not part of its ABI. */
__attribute__((visibility("hidden"))) const void *storykit_italian_pack(size_t *count);

#endif
