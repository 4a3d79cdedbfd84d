#pragma once
// Leptonica first, so that Pix* imports as a real pointer type (PLATFORM-NOTES).
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
