#ifndef SVGICON_CLIBXML2_SHIM_H
#define SVGICON_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its headers then include ICU's, whose types clash with the copy of
// ICU inside swift-corelibs-foundation in any module that imports both. svgicon never touches the
// ICU-specific parts of libxml2's structs (only pointers to them), so hide those declarations.
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 refuses to read; call it through this.
static inline void svgicon_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// Parser options svgicon always uses:
/// - `XML_PARSE_NONET`: no network access, whatever the document names.
/// - no `XML_PARSE_NOENT`: entity references are not substituted by libxml2 (svgicon expands internal
///   entities itself, with a budget, and never reads external ones).
/// - no `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`, `XML_PARSE_DTDVALID`: the external DTD subset is never
///   loaded, and no default attributes come from a DTD.
/// - no `XML_PARSE_HUGE`: libxml2's own limits (text node and attribute sizes, entity amplification,
///   nesting) stay on.
/// - `XML_PARSE_NOERROR | XML_PARSE_NOWARNING`: errors are reported through the context, never printed.
static const int SVGICON_XML_PARSE_OPTIONS =
    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA | XML_PARSE_COMPACT;

#endif
