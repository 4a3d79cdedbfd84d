// C API over CLD2; see include/cld2_shim.h for the contract.
#include "cld2_shim.h"

#include <cstdio>  // compact_lang_det.h uses FILE without including it

#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

extern "C" bool cld2_detect(const char* text, int32_t length, cld2_Result* result) {
    if (!text || !result || length < 0) return false;
    try {
        CLD2::Language language3[3];
        int percent3[3] = {0, 0, 0};
        double score3[3] = {0, 0, 0};
        int textBytes = 0;
        bool reliable = false;
        // compact_lang_det.h: "Use this one ONLY if you can prove the the input text is valid
        // UTF-8": the Swift side passes a Swift String's UTF-8 bytes.
        CLD2::ExtDetectLanguageSummary(text, length, true, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE,
                                       language3, percent3, score3, &textBytes, &reliable);
        for (int i = 0; i < 3; i++) {
            // LanguageCode: a static string of CLD2's tables.
            result->languages[i].code = CLD2::LanguageCode(language3[i]);
            result->languages[i].percent = percent3[i];
            result->languages[i].score = score3[i];
        }
        result->textBytes = textBytes;
        result->reliable = reliable;
        return true;
    } catch (...) {
        return false;
    }
}
