# `referee serve` (server/, docs/serve.md): bots over HTTP for every game, bad requests, the move
# clock and the server's timing, SIGKILL and resume, running out of file descriptors, a creation
# stopped at every step of its writes, re-issued tokens and cancelled tables, group commit, the
# bounds on descriptors and connections, two servers behind HAProxy.
list(APPEND REFEREE_TEST_SOURCES server/serve_bots_test.cpp server/serve_events_test.cpp
     server/event_journal_test.cpp server/serve_requests_test.cpp
     server/serve_time_test.cpp server/serve_crash_test.cpp server/serve_limits_test.cpp
     server/serve_store_test.cpp server/serve_tables_test.cpp server/serve_commit_test.cpp
     server/serve_resources_test.cpp server/serve_proxy_test.cpp server/serve_page_api_test.cpp
     server/serve_pages_test.cpp server/serve_unknown_hands_test.cpp)

# A club night end to end through the real binary (scripts/demo-club-night.sh): two events played
# by bots over HTTP, a director's act, the export re-derived by `referee standings --check`. Needs
# curl and jq (scripts/setup.sh --tests); some seconds.
add_test(NAME ClubNight.DemoScript
         COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/demo-club-night.sh $<TARGET_FILE:referee>)
set_tests_properties(ClubNight.DemoScript PROPERTIES TIMEOUT 120)
