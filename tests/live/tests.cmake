# The live referee (live/, docs/live.md): protocol, hidden hands, journal and SIGKILL recovery.
list(APPEND REFEREE_TEST_SOURCES live/session_test.cpp live/view_secrecy_test.cpp
     live/crash_test.cpp live/limits_test.cpp live/rejection_leak_test.cpp
     live/seat_secrecy_test.cpp live/view_read_back_test.cpp live/journal_sniff_test.cpp)
