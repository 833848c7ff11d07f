list(APPEND REFEREE_TEST_SOURCES
  games/plonk/plonk_scoring_test.cpp
  games/plonk/plonk_test.cpp
)
