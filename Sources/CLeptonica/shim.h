#pragma once
#include <leptonica/allheaders.h>
