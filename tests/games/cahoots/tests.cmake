list(APPEND REFEREE_TEST_SOURCES
  games/cahoots/cahoots_board_test.cpp
  games/cahoots/cahoots_catalogue_test.cpp
  games/cahoots/cahoots_goals_test.cpp
  games/cahoots/cahoots_match_test.cpp
  games/cahoots/cahoots_property_test.cpp
  games/cahoots/cahoots_record_test.cpp
  games/cahoots/cahoots_samples_test.cpp
  games/cahoots/cahoots_speed_test.cpp
)
