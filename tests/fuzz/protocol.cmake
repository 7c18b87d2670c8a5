yunzi_fuzz_target(protocol ${CMAKE_CURRENT_SOURCE_DIR}/protocol_fuzz.cpp yunzi_protocol)
