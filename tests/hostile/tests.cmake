list(APPEND REFEREE_TEST_SOURCES hostile/hostile_test.cpp)
