# The JSON Schemas of docs/schemas/ against every sample, golden output and fresh output of the
# program, with Debian's python3-jsonschema (scripts/setup.sh --tests). A Python without it fails
# the test, saying so: the check is never skipped.
# Python3_EXECUTABLE: Debian's python3, found at the top level.
add_test(NAME JsonSchemas.SamplesAndOutputs
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/schemas/check_schemas.py
                 ${PROJECT_SOURCE_DIR} $<TARGET_FILE:referee>)
set_tests_properties(JsonSchemas.SamplesAndOutputs PROPERTIES TIMEOUT 600)
