list(APPEND REFEREE_TEST_SOURCES support/shell.cpp support/record_forms.cpp)
