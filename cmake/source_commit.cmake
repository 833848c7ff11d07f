# Writes OUTPUT, a header defining kSourceCommit: the commit the sources are at (12 hex digits,
# "-dirty" when tracked files differ from it), or REFEREE_SOURCE_COMMIT when it is given (a
# packager building from a tarball knows it), or "unknown" outside a git checkout. Run at every
# build (cli/CMakeLists.txt); the file is rewritten only when its text changes, so an unchanged
# commit rebuilds nothing.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... [-DREFEREE_SOURCE_COMMIT=...] -P source_commit.cmake
set(commit "${REFEREE_SOURCE_COMMIT}")
if(commit STREQUAL "")
  set(commit "unknown")
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS "${SOURCE_DIR}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND NOT head STREQUAL "")
      set(commit "${head}")
      execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" diff-index --quiet HEAD --
                      RESULT_VARIABLE dirty ERROR_QUIET)
      if(dirty)
        string(APPEND commit "-dirty")
      endif()
    endif()
  endif()
endif()
set(text "// Written by cmake/source_commit.cmake at build time.\n#pragma once\n\nnamespace referee::cli {\ninline constexpr const char* kSourceCommit = \"${commit}\";\n}  // namespace referee::cli\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
