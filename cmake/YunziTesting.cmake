# yunzi_test_suite(NAME <name> SOURCES <files...> LIBS <targets...> [LABELS <labels...>])
# One Catch2 executable per module, registered with CTest under its own name.
function(yunzi_test_suite)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE yunzi_catch_main ${T_LIBS})
  set_target_properties(${T_NAME} PROPERTIES UNITY_BUILD_BATCH_SIZE ${YUNZI_UNITY_TEST_BATCH})
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    LABELS "${T_LABELS}")
endfunction()
