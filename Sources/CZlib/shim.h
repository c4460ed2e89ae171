// zlib's deflate and CRC-32, from Debian's zlib1g-dev (`.ci/setup`), for the PNG encoder.
#include <zlib.h>
