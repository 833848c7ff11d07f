list(APPEND REFEREE_TEST_SOURCES shared/playout.cpp shared/every_game_test.cpp shared/findings_doc_test.cpp)
