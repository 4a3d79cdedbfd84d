// C API over qpdf's content-stream tokenizer; see include/qpdf_token_shim.h for the contract.
#include "qpdf_token_shim.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>

#include <qpdf/Buffer.hh>
#include <qpdf/BufferInputSource.hh>
#include <qpdf/QPDFTokenizer.hh>

extern "C" int qpdf_tokenize_content(const uint8_t* bytes, size_t length, qpdf_token_callback each, void* context,
                                     char* error, size_t error_size) {
    if (error && error_size) error[0] = 0;
    try {
        // A Buffer over the caller's bytes (no copy): it lives only for this call.
        Buffer buffer(const_cast<unsigned char*>(bytes), length);
        auto input = std::make_shared<BufferInputSource>("content stream", &buffer);
        QPDFTokenizer tokenizer;
        tokenizer.allowEOF();
        while (true) {
            QPDFTokenizer::Token token = tokenizer.readToken(input, "content stream", true);
            int stop = 0;
            switch (token.getType()) {
            case QPDFTokenizer::tt_eof:
                return 0;
            case QPDFTokenizer::tt_integer:
            case QPDFTokenizer::tt_real: {
                std::string const& v = token.getValue();
                stop = each(context, qpdf_token_number, v.data(), v.size(), std::strtod(v.c_str(), nullptr));
                break;
            }
            case QPDFTokenizer::tt_name: {
                std::string const& v = token.getValue();  // "/Name", #xx decoded
                size_t skip = (!v.empty() && v[0] == '/') ? 1 : 0;
                stop = each(context, qpdf_token_name, v.data() + skip, v.size() - skip, 0);
                break;
            }
            case QPDFTokenizer::tt_word: {
                std::string const& v = token.getValue();
                stop = each(context, qpdf_token_operator, v.data(), v.size(), 0);
                // The byte after ID is part of the operator; the data runs to the next EI.
                if (!stop && v == "ID") {
                    input->seek(1, SEEK_CUR);
                    tokenizer.expectInlineImage(input);
                }
                break;
            }
            case QPDFTokenizer::tt_inline_image: {
                std::string const& v = token.getValue();
                stop = each(context, qpdf_token_inline_image, v.data(), v.size(), 0);
                break;
            }
            default:
                stop = each(context, qpdf_token_other, nullptr, 0, 0);
                break;
            }
            if (stop) return 0;
        }
    } catch (std::exception const& e) {
        if (error && error_size) {
            std::strncpy(error, e.what(), error_size - 1);
            error[error_size - 1] = 0;
        }
        return -1;
    } catch (...) {
        if (error && error_size) std::strncpy(error, "unknown qpdf exception", error_size - 1);
        return -1;
    }
}
