#pragma once
// Plain-C API over Debian's libphonenumber (C++, 8.12): finding phone numbers in text and
// formatting them as E.164, for the PhoneNumbers Swift target.
//
// Contract:
// - No C++ exception ever crosses this boundary: every function catches everything and reports
//   failure through its return value and phone_last_error().
// - libphonenumber's PhoneNumberUtil is a process-wide singleton (GetInstance(), thread-safe
//   after first use); this shim owns nothing else between calls.
// - Matches are copied out into a fresh array owned by the caller: free it with
//   phone_matches_free. Strings returned as `char*` are fresh copies: free them with phone_free.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How strict the matcher is (libphonenumber's PhoneNumberMatcher::Leniency, same order).
typedef enum {
    phone_Leniency_Possible = 0,
    phone_Leniency_Valid = 1,
    phone_Leniency_StrictGrouping = 2,
    phone_Leniency_ExactGrouping = 3,
} phone_Leniency;

/// One number found in a text. `start`/`length` are UTF-8 byte offsets into the searched text;
/// `raw` is the matched text as written; `e164` the number formatted as E.164 ("+60312345678").
typedef struct {
    int32_t start;
    int32_t length;
    char* raw;
    char* e164;
    /// The ISO 3166 region the number belongs to ("MY"), "ZZ" for non-geographic numbers.
    char region[3];
} phone_Match;

/// Finds phone numbers in UTF-8 `text` (PhoneNumberUtil::FindNumbers), reading numbers written
/// without a country code as numbers of `region` (ISO 3166 alpha-2, "ZZ" = only "+..." numbers).
/// `maxTries` bounds the work after invalid candidates (libphonenumber's max_tries).
/// Returns a fresh array (NULL with *count = 0 when none or on error).
phone_Match* phone_find_numbers(const char* text, const char* region, phone_Leniency leniency,
                                int32_t maxTries, int32_t* count);
void phone_matches_free(phone_Match* matches, int32_t count);

/// Parses one number (PhoneNumberUtil::Parse) and returns it as E.164 when IsValidNumber holds,
/// else NULL (phone_last_error() says why). Free the result with phone_free.
char* phone_parse_valid_e164(const char* text, const char* region);

void phone_free(void* p);

/// The message of the last failure on this thread ("" when none). Owned by the shim.
const char* phone_last_error(void);

/// The file of the libphonenumber shared object in use (for fingerprints: new metadata comes
/// with a new library); "" when unknown. Static storage: never freed.
const char* phone_library_path(void);

#ifdef __cplusplus
}
#endif
