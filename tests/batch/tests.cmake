list(APPEND REFEREE_TEST_SOURCES batch/input_test.cpp)
