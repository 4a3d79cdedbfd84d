#pragma once
/* Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes ICU's headers. Their
   types clash with the copies inside Foundation (_FoundationICU: "'UErrorCode' has different
   definitions in different modules") wherever both are imported. quire never touches the ICU
   part (the two last fields of xmlCharEncodingHandler, which it neither allocates nor reads),
   so the ICU include is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/catalog.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void quire_xml_free(void *p) { xmlFree(p); }
