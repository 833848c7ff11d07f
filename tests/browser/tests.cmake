# The pages of `referee serve` in headless Chromium (docs/organisers.md, "Tested in a real
# browser"): Debian's chromium, chromium-driver and python3-selenium, which load under
# /usr/bin/python3 (scripts/setup.sh --tests installs them; scripts/test.sh --no-browser leaves
# these tests out). Each file starts a real server and one Chromium; the screenshots are kept in
# the build tree, in browser-artefacts/. One at a time: each Chromium wants the machine's cores.
if(REFEREE_BROWSER_TESTS)
  foreach(name seat_match scorer seat_controls director_room)
    add_test(NAME Browser.${name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/${name}_test.py
                     --referee $<TARGET_FILE:referee>
                     --artefacts ${PROJECT_BINARY_DIR}/browser-artefacts)
    set_tests_properties(Browser.${name} PROPERTIES TIMEOUT 240 RESOURCE_LOCK chromium
                         ENVIRONMENT PYTHONDONTWRITEBYTECODE=1)
  endforeach()
endif()
