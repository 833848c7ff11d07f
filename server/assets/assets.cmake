# The pages of `referee serve` (server/pages.h): their files are compiled into the program
# (cmake/embed_files.cmake), so that the server reads no file to serve them and whatever installs
# the program installs them. A new file is listed here.
set(REFEREE_PAGE_FILES index.html seat.html scorer.html director.html room.html missing.html style.css
    common.js seat.js scorer.js table.js director.js room.js icon.svg)
list(TRANSFORM REFEREE_PAGE_FILES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
set(REFEREE_PAGE_SOURCE ${CMAKE_CURRENT_BINARY_DIR}/generated/server/page_assets.cpp)
string(JOIN "|" page_list ${REFEREE_PAGE_FILES})
add_custom_command(OUTPUT ${REFEREE_PAGE_SOURCE}
  COMMAND ${CMAKE_COMMAND} -DFILES=${page_list} -DOUTPUT=${REFEREE_PAGE_SOURCE}
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${REFEREE_PAGE_FILES} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Compiling the pages into the server"
  VERBATIM)
