list(APPEND REFEREE_TEST_SOURCES verifier/verifier_test.cpp)
