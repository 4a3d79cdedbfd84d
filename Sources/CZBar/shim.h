// ZBar 0.23 (Debian 12 libzbar-dev): the second barcode decoder, used for QR codes only.
#include <zbar.h>
