# What `cmake --install` puts where (GNU layout, /usr/local unless CMAKE_INSTALL_PREFIX says
# otherwise), and the .deb that CPack builds from the same rules (docs/install.md):
#   bin/referee                                     the program
#   share/man/man1/referee.1.gz, referee-COMMAND.1.gz   from --help, by help2man at build time
#   share/bash-completion/completions/referee       completion of commands, options and values
#   share/doc/referee/                              the README and docs/
#   share/referee/samples/                          the sample records and league seasons
#   share/referee/seeded_deal.py                    the independent reference of the seeded deal
#   lib/libreferee.so*, include/referee/referee.h   the library (library/, docs/library.md)
#   lib/cmake/referee/, lib/pkgconfig/referee.pc    its CMake package and pkg-config file
#   lib/python3/dist-packages/referee*.so           the Python module
include(GNUInstallDirs)

install(TARGETS referee RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/bash-completion/referee
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/referee/samples)
# Standard library Python only: anyone can deal a seeded board without referee (docs/record-format.md).
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/seeded_deal.py DESTINATION ${CMAKE_INSTALL_DATADIR}/referee)

# The man pages: help2man reads `referee --help` and each `referee COMMAND --help` once the program
# is built, so they say what the program says. Without help2man the build goes on without them.
find_program(HELP2MAN help2man)
if(REFEREE_MAN_PAGES AND HELP2MAN)
  set(man_dir ${PROJECT_BINARY_DIR}/man)
  add_custom_command(
    OUTPUT ${man_dir}/referee.1.gz
    COMMAND ${CMAKE_COMMAND} -DREFEREE=$<TARGET_FILE:referee> -DHELP2MAN=${HELP2MAN}
            -DVERSION=${PROJECT_VERSION} -DOUTPUT_DIR=${man_dir}
            -P ${PROJECT_SOURCE_DIR}/packaging/man_pages.cmake
    DEPENDS referee ${PROJECT_SOURCE_DIR}/packaging/man_pages.cmake
    COMMENT "Writing the man pages from --help")
  add_custom_target(referee_man_pages ALL DEPENDS ${man_dir}/referee.1.gz)
  install(DIRECTORY ${man_dir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1.gz")
elseif(REFEREE_MAN_PAGES)
  message(STATUS "help2man not found: no man pages (scripts/setup.sh installs it)")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME referee)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "referee and replay verifier for card-game tournaments")
set(CPACK_PACKAGE_DESCRIPTION
    "referee verifies game records (YAML, JSON, JSON Lines) of four card games, referees live play
 on standard input or over HTTP, and computes league standings and player ratings.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY referee)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The referee project")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The shared libraries' packages (yaml-cpp, fmt, spdlog, Boost.JSON, OpenSSL, libqrencode), found by
# dpkg-shlibdeps from the program itself.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS bash-completion)
# libreferee: its shlibs file, and the trigger that runs ldconfig once it is installed. The Python
# module needs python3, which the program does not.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS python3)
include(CPack)
