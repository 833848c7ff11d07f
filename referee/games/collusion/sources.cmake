list(APPEND REFEREE_SOURCES
  games/collusion/collusion.cpp
  games/collusion/collusion_bot.cpp
  games/collusion/collusion_scoring.cpp
)
