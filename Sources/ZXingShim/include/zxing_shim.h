#pragma once
// Plain-C API over zxing-cpp 1.4 (filled in by the barcode work).
