#pragma once
// Plain-C API over Debian's CLD2 (libcld2, C++; Compact Language Detector 2): which languages a
// UTF-8 text is written in, for the LanguageID Swift target.
//
// Contract:
// - No C++ exception crosses this boundary (CLD2 throws none; the call is wrapped all the same).
// - CLD2 keeps no state between calls and its tables are static: calls are thread-safe.
// - Results are copied into the caller's struct; the language codes are static strings of
//   CLD2's tables (never freed).

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One of the (up to) three languages CLD2 found: its code (ISO 639-1, or CLD2's extended codes
/// such as "zh-Hant"; "un" for unknown), the share of the text's letters in it (0–100) and
/// CLD2's normalised score (higher: more typical of the language).
typedef struct {
    const char* code;
    int32_t percent;
    double score;
} cld2_Language;

/// What `cld2_detect` found.
typedef struct {
    cld2_Language languages[3];
    /// The number of bytes of letters CLD2 scored (spaces, digits and punctuation skipped).
    int32_t textBytes;
    /// CLD2's own reliability verdict (enough text, a clear winner).
    bool reliable;
} cld2_Result;

/// Detects the languages of `length` bytes of UTF-8 plain text
/// (CLD2::ExtDetectLanguageSummary, no hints, "best effort" off). Returns false on failure.
bool cld2_detect(const char* text, int32_t length, cld2_Result* result);

#ifdef __cplusplus
}
#endif
