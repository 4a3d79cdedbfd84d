// giflib (Debian: libgif-dev): a GIF's screen, frames and transparent colour, without decoding.
#include <gif_lib.h>
