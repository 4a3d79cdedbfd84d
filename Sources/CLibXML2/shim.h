#pragma once
#include <libxml/xmlwriter.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/catalog.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void quire_xml_free(void *p) { xmlFree(p); }
