# A game of the tests' own, to show what adding a game costs (tests/plugin/eights.h).
list(APPEND REFEREE_TEST_SOURCES plugin/eights.cpp plugin/eights_test.cpp)
