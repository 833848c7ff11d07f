# `referee serve` (server/, docs/serve.md): bots over HTTP for every game, bad requests, the move
# clock and the server's timing, SIGKILL and resume, running out of file descriptors, a creation
# stopped at every step of its writes, re-issued tokens and cancelled tables, group commit, the
# bounds on descriptors and connections, two servers behind HAProxy.
list(APPEND REFEREE_TEST_SOURCES server/serve_bots_test.cpp server/serve_requests_test.cpp
     server/serve_time_test.cpp server/serve_crash_test.cpp server/serve_limits_test.cpp
     server/serve_store_test.cpp server/serve_tables_test.cpp server/serve_commit_test.cpp
     server/serve_resources_test.cpp server/serve_proxy_test.cpp server/serve_page_api_test.cpp
     server/serve_pages_test.cpp)
