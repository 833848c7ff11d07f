list(APPEND REFEREE_TEST_SOURCES verifier/verifier_test.cpp verifier/ordered_pipeline_test.cpp
     verifier/deal_cache_test.cpp verifier/encodings_test.cpp
     verifier/record_forms_test.cpp verifier/recovery_property_test.cpp
     verifier/director_void_test.cpp)
