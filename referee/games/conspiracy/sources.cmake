list(APPEND REFEREE_SOURCES
  games/conspiracy/conspiracy.cpp
  games/conspiracy/conspiracy_bot.cpp
  games/conspiracy/conspiracy_record.cpp
  games/conspiracy/conspiracy_scoring.cpp
)
