list(APPEND REFEREE_TEST_SOURCES support/shell.cpp)
