# Run with cmake -P (yunzi_embed_file in cmake/EmbedText.cmake): turns one
# text file into a C++ source whose function returns the text.
#   -DINPUT=<file> -DHEADER=<header declaring the function> -DNAMESPACE=<ns>
#   -DFUNCTION=<name> -DOUTPUT=<file.cpp>
include(${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake)
file(READ ${INPUT} body)
yunzi_raw_string_literal(literal "${body}" "${INPUT}")
yunzi_write_if_changed(${OUTPUT} "// Generated from ${INPUT} by cmake/embed_file.cmake.\n#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\n\nstd::string_view ${FUNCTION}() {\n  static constexpr std::string_view text = ${literal};\n  return text;\n}\n\n}  // namespace ${NAMESPACE}\n")
