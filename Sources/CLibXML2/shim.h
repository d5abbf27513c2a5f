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
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 refuses to read; call it through this.
static inline void svgicon_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// Parser options svgicon always uses: no network access, no entity substitution, no DTD loading,
/// no "huge" mode (libxml2's size and entity-amplification limits stay on), errors reported through the
/// context instead of printed to stderr.
static const int SVGICON_XML_PARSE_OPTIONS =
    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA | XML_PARSE_COMPACT;

#endif
