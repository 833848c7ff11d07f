list(APPEND REFEREE_TEST_SOURCES
  schedule/schedule_test.cpp
  schedule/schedule_property_test.cpp
  schedule/schedule_cli_test.cpp
)
