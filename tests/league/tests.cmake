list(APPEND REFEREE_TEST_SOURCES
  league/league_test.cpp
  league/standings_test.cpp
  league/standings_golden_test.cpp
  league/html_render_test.cpp
  league/standings_escape_test.cpp
  league/standings_sources_test.cpp
  league/standings_cli_test.cpp
  league/display_width_test.cpp
)
