list(APPEND REFEREE_TEST_SOURCES
  generator/bots_test.cpp
  generator/cli_test.cpp
  generator/deal_vectors_test.cpp
  generator/generator_test.cpp
)
