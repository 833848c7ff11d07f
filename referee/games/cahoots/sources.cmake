list(APPEND REFEREE_SOURCES
  games/cahoots/cahoots.cpp
  games/cahoots/cahoots_bot.cpp
  games/cahoots/cahoots_cards.cpp
  games/cahoots/cahoots_catalogue.cpp
  games/cahoots/cahoots_faults.cpp
  games/cahoots/cahoots_goals.cpp
  games/cahoots/cahoots_live.cpp
  games/cahoots/cahoots_match.cpp
  games/cahoots/cahoots_record.cpp
  games/cahoots/cahoots_setup.cpp
  games/cahoots/cahoots_turn.cpp
)
