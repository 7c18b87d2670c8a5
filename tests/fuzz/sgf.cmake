yunzi_fuzz_target(sgf ${CMAKE_CURRENT_SOURCE_DIR}/sgf_fuzz.cpp yunzi_engine)
