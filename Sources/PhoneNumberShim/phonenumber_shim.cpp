// C API over libphonenumber; see include/phonenumber_shim.h for the contract.
#include "phonenumber_shim.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumbermatch.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {
thread_local std::string lastError;

char* copyString(const std::string& s) {
    char* out = static_cast<char*>(std::malloc(s.size() + 1));
    if (out) std::memcpy(out, s.c_str(), s.size() + 1);
    return out;
}

PhoneNumberMatcher::Leniency leniencyOf(phone_Leniency l) {
    switch (l) {
    case phone_Leniency_Possible: return PhoneNumberMatcher::POSSIBLE;
    case phone_Leniency_StrictGrouping: return PhoneNumberMatcher::STRICT_GROUPING;
    case phone_Leniency_ExactGrouping: return PhoneNumberMatcher::EXACT_GROUPING;
    default: return PhoneNumberMatcher::VALID;
    }
}
}  // namespace

extern "C" phone_Match* phone_find_numbers(const char* text, const char* region, phone_Leniency leniency,
                                           int32_t maxTries, int32_t* count) {
    *count = 0;
    lastError.clear();
    try {
        // GetInstance: "thread-safe" singleton, never freed by the caller.
        const PhoneNumberUtil& util = *PhoneNumberUtil::GetInstance();
        // The matcher keeps a reference to `input`, which outlives it here.
        const std::string input(text);
        PhoneNumberMatcher matcher(util, input, region ? region : "ZZ", leniencyOf(leniency), maxTries);
        std::vector<phone_Match> found;
        while (matcher.HasNext()) {
            PhoneNumberMatch match;
            if (!matcher.Next(&match)) break;
            std::string e164;
            util.Format(match.number(), PhoneNumberUtil::E164, &e164);
            std::string numberRegion;
            util.GetRegionCodeForNumber(match.number(), &numberRegion);
            phone_Match m{};
            m.start = match.start();
            m.length = match.length();
            m.raw = copyString(match.raw_string());
            m.e164 = copyString(e164);
            std::strncpy(m.region, numberRegion.c_str(), 2);
            m.region[2] = 0;
            found.push_back(m);
        }
        if (found.empty()) return nullptr;
        auto* out = static_cast<phone_Match*>(std::calloc(found.size(), sizeof(phone_Match)));
        if (!out) {
            for (auto& m : found) { std::free(m.raw); std::free(m.e164); }
            lastError = "out of memory";
            return nullptr;
        }
        std::memcpy(out, found.data(), found.size() * sizeof(phone_Match));
        *count = static_cast<int32_t>(found.size());
        return out;
    } catch (const std::exception& e) {
        lastError = e.what();
    } catch (...) {
        lastError = "unknown C++ exception in libphonenumber";
    }
    return nullptr;
}

extern "C" void phone_matches_free(phone_Match* matches, int32_t count) {
    if (!matches) return;
    for (int32_t i = 0; i < count; i++) { std::free(matches[i].raw); std::free(matches[i].e164); }
    std::free(matches);
}

extern "C" char* phone_parse_valid_e164(const char* text, const char* region) {
    lastError.clear();
    try {
        const PhoneNumberUtil& util = *PhoneNumberUtil::GetInstance();
        PhoneNumber number;
        const auto error = util.Parse(text, region ? region : "ZZ", &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) {
            lastError = "not a phone number (libphonenumber error " + std::to_string(static_cast<int>(error)) + ")";
            return nullptr;
        }
        if (!util.IsValidNumber(number)) {
            lastError = "not a valid number for its region";
            return nullptr;
        }
        std::string e164;
        util.Format(number, PhoneNumberUtil::E164, &e164);
        return copyString(e164);
    } catch (const std::exception& e) {
        lastError = e.what();
    } catch (...) {
        lastError = "unknown C++ exception in libphonenumber";
    }
    return nullptr;
}

extern "C" void phone_free(void* p) { std::free(p); }

extern "C" const char* phone_last_error(void) { return lastError.c_str(); }

extern "C" const char* phone_library_path(void) {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&i18n::phonenumbers::PhoneNumberUtil::GetInstance), &info) != 0 && info.dli_fname)
        return info.dli_fname;
    return "";
}
