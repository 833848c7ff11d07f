list(APPEND REFEREE_SOURCES
  games/plonk/plonk.cpp
  games/plonk/plonk_bot.cpp
  games/plonk/plonk_scoring.cpp
)
