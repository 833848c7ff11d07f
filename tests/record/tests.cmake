list(APPEND REFEREE_TEST_SOURCES record/record_reader_test.cpp record/fields_test.cpp)
