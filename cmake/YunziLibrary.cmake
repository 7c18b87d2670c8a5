# yunzi_library(<target> [EXCLUDE <files...>] [LIBS <targets...>] [PRIVATE_LIBS <targets...>])
# A folder is a library: every .cpp file in it (but the EXCLUDEd ones, such
# as the main.cpp of an executable beside it) builds the static library
# <target>. Code includes by folder name from the project root
# (#include "engine/board.hpp"), which every user of the library inherits.
function(yunzi_library name)
  cmake_parse_arguments(L "" "" "EXCLUDE;LIBS;PRIVATE_LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(excluded ${L_EXCLUDE})
    list(REMOVE_ITEM sources ${CMAKE_CURRENT_SOURCE_DIR}/${excluded})
  endforeach()
  add_library(${name} STATIC ${sources})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${L_LIBS} PRIVATE ${L_PRIVATE_LIBS})
endfunction()
