# Text carried inside a binary as a C++ raw string literal: what the
# generators of embedded sources share (db/embed_migrations.cmake, and
# cmake/embed_file.cmake through yunzi_embed_file below).

# <out_var> = the literal of <text>; fails the build when the text holds the
# literal's closing delimiter. <what> names the text in that message.
function(yunzi_raw_string_literal out_var text what)
  string(FIND "${text}" ")yzraw\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${what} contains the raw string delimiter )yzraw\"")
  endif()
  set(${out_var} "R\"yzraw(${text})yzraw\"" PARENT_SCOPE)
endfunction()

# Writes <file> only when its content changes, so an unchanged text does not
# rebuild what includes it.
function(yunzi_write_if_changed file content)
  if(EXISTS ${file})
    file(READ ${file} previous)
    if(previous STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE ${file} "${content}")
endfunction()

# yunzi_embed_file(<target> FILE <text file> HEADER <header> NAMESPACE <ns> FUNCTION <name>)
# Adds to <target> a generated source defining `std::string_view <ns>::<name>()`
# (declared in <header>), which returns the file's text as it was at build time.
function(yunzi_embed_file target)
  cmake_parse_arguments(E "" "FILE;HEADER;NAMESPACE;FUNCTION" "" ${ARGN})
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/${E_FUNCTION}.cpp)
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${E_FILE} -DHEADER=${E_HEADER} -DNAMESPACE=${E_NAMESPACE}
            -DFUNCTION=${E_FUNCTION} -DOUTPUT=${generated} -P ${PROJECT_SOURCE_DIR}/cmake/embed_file.cmake
    DEPENDS ${E_FILE} ${PROJECT_SOURCE_DIR}/cmake/embed_file.cmake ${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake
    COMMENT "Embedding ${E_FILE}")
  target_sources(${target} PRIVATE ${generated})
endfunction()
