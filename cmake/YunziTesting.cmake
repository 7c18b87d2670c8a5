# Flags for the code that only drives tests and benchmarks (suites, their
# harness, the Catch2 main). The sanitizer trees build it with -O0: what it
# runs is the project's libraries and programs, built with their own flags,
# and the drivers' optimisation was half of the trees' compile time.
set(YUNZI_TEST_CODE_FLAGS "" CACHE STRING "Extra compile flags for test and benchmark drivers (scripts/test: -O0)")
# Called at the top of a folder of such code: applies to its targets and subfolders.
macro(yunzi_test_code_flags)
  if(YUNZI_TEST_CODE_FLAGS)
    separate_arguments(yunzi_test_code_flag_list UNIX_COMMAND "${YUNZI_TEST_CODE_FLAGS}")
    add_compile_options(${yunzi_test_code_flag_list})
  endif()
endmacro()

# yunzi_test_suite(NAME <name> SOURCES <files...> LIBS <targets...> [LABELS <labels...>] [SEPARATE <files...>])
# One Catch2 executable per module, registered with CTest under its own name.
# SEPARATE: some of the SOURCES, kept out of the unity batches because their
# file-local helpers share a name with another file's.
function(yunzi_test_suite)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS;SEPARATE" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  if(T_SEPARATE)
    set_source_files_properties(${T_SEPARATE} TARGET_DIRECTORY ${T_NAME} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  target_link_libraries(${T_NAME} PRIVATE yunzi_catch_main ${T_LIBS})
  set_target_properties(${T_NAME} PROPERTIES UNITY_BUILD_BATCH_SIZE ${YUNZI_UNITY_TEST_BATCH})
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    LABELS "${T_LABELS}")
endfunction()
