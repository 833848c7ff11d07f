list(APPEND REFEREE_TEST_SOURCES io/input_file_test.cpp)
