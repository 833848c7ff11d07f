list(APPEND REFEREE_TEST_SOURCES cli/golden_test.cpp cli/messages_test.cpp cli/help_test.cpp
     cli/install_test.cpp cli/threads_test.cpp cli/progress_test.cpp
     cli/docs_test.cpp)
