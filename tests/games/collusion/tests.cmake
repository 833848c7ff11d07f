list(APPEND REFEREE_TEST_SOURCES games/collusion/collusion_scoring_test.cpp games/collusion/collusion_match_test.cpp)
