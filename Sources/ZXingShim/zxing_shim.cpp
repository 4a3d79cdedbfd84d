#include "zxing_shim.h"
