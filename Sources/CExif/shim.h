// libexif (Debian: libexif-dev): the EXIF Orientation of JPEG files.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
