list(APPEND REFEREE_TEST_SOURCES
  league/league_test.cpp
  league/standings_test.cpp
  league/standings_golden_test.cpp
  league/standings_escape_test.cpp
  league/standings_json_test.cpp
  league/standings_stream_test.cpp
  league/standings_sources_test.cpp
  league/standings_cli_test.cpp
  league/display_width_test.cpp
  league/duplicate_test.cpp
  league/opponents_test.cpp
  league/lots_test.cpp
  league/rounds_test.cpp
  league/provenance_test.cpp
  league/standings_check_test.cpp
  league/ratings_test.cpp
  league/ratings_golden_test.cpp
  league/ratings_check_test.cpp
  league/csv_formula_test.cpp
  league/rulings_test.cpp
)
# The HTML page rendered in Chromium: scripts/test.sh --no-browser leaves it out.
if(REFEREE_BROWSER_TESTS)
  list(APPEND REFEREE_TEST_SOURCES league/html_render_test.cpp)
endif()
