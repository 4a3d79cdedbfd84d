// libtiff (Debian: libtiff-dev): the directory chain of multi-page TIFFs.
#include <stdarg.h>
#include <stdio.h>
#include <tiffio.h>

/// The first error libtiff reported on one handle (its handlers format with a va_list, which
/// Swift cannot take).
typedef struct { char message[256]; } quire_tiff_error;

static int quire_tiff_record_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    quire_tiff_error *error = (quire_tiff_error *)user;
    if (error && error->message[0] == 0) vsnprintf(error->message, sizeof error->message, fmt, ap);
    return 1;
}

static int quire_tiff_ignore_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

/// TIFFOpenExt for reading, errors recorded in `error` and warnings dropped (not printed).
static inline TIFF *quire_tiff_open(const char *path, quire_tiff_error *error) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, quire_tiff_record_error, error);
    TIFFOpenOptionsSetWarningHandlerExtR(options, quire_tiff_ignore_warning, NULL);
    TIFF *tif = TIFFOpenExt(path, "r", options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/// ImageWidth and ImageLength of the current directory (TIFFGetField is variadic); 0 when absent.
static inline void quire_tiff_size(TIFF *tif, uint32_t *width, uint32_t *height) {
    *width = 0; *height = 0;
    if (!TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, width)) *width = 0;
    if (!TIFFGetField(tif, TIFFTAG_IMAGELENGTH, height)) *height = 0;
}
