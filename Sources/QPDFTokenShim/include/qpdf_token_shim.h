#pragma once
// Plain-C API over qpdf's content-stream tokenizer (Debian's libqpdf-dev, C++ `QPDFTokenizer`):
// the tokens of a PDF content stream (ISO 32000-1 §7.8.2), for the QPDF Swift target. qpdf's C
// API reads objects and stream data but has no tokenizer.
//
// Contract:
// - No C++ exception crosses this boundary: a qpdf exception ends the walk and its message is
//   copied into `error` (NUL-terminated, truncated to `error_size`).
// - The token's bytes are borrowed: valid only during the callback that receives them.
// - An inline image (`BI … ID <data> EI`) is reported as the operator `BI`, its parameters, the
//   operator `ID`, one `qpdf_token_inline_image` token holding its data, and the operator `EI`.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    qpdf_token_number = 0,      // integer or real: `number` holds its value
    qpdf_token_name = 1,        // a name, decoded (#xx escapes), without its slash
    qpdf_token_operator = 2,    // an operator (qpdf: a "word")
    qpdf_token_inline_image = 3,
    qpdf_token_other = 4,       // strings, arrays, dictionaries, booleans, null, bad bytes
} qpdf_token_kind;

/// Called for each token; returns nonzero to stop the walk.
typedef int (*qpdf_token_callback)(void* context, qpdf_token_kind kind, const char* bytes, size_t length,
                                   double number);

/// Tokenises `length` bytes of content, calling `each` per token (spaces and comments skipped)
/// until the end or until `each` asks to stop. Returns 0, or -1 after a qpdf exception.
int qpdf_tokenize_content(const uint8_t* bytes, size_t length, qpdf_token_callback each, void* context,
                          char* error, size_t error_size);

#ifdef __cplusplus
}
#endif
