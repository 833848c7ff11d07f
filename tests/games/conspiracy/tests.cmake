list(APPEND REFEREE_TEST_SOURCES
  games/conspiracy/conspiracy_scoring_test.cpp
  games/conspiracy/conspiracy_test.cpp
)
