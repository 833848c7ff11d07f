# What every trick game shares: a deal whose hands are learnt from its play.
list(APPEND REFEREE_TEST_SOURCES games/trick/trick_unseen_test.cpp)
