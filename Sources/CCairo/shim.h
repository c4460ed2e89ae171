// Cairo's image surfaces and PNG stream writer, from Debian's libcairo2-dev (`.ci/setup`).
#include <cairo/cairo.h>
