// giflib's encoder (and, for the tests, its decoder), from Debian's libgif-dev (`.ci/setup`).
#include <gif_lib.h>
