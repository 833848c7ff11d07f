# Every kind of hostile input has a file of its own here (tests/hostile/hostile_fixture.h).
file(GLOB HOSTILE_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*_test.cpp)
list(APPEND REFEREE_TEST_SOURCES ${HOSTILE_TESTS})
