# Writes the man pages of referee into OUTPUT_DIR with help2man, from the program's own --help:
# referee.1 and one referee-COMMAND.1 per sub-command that `referee --help` lists, gzipped.
#   cmake -DREFEREE=... -DHELP2MAN=... -DVERSION=... -DOUTPUT_DIR=... -P man_pages.cmake
file(MAKE_DIRECTORY ${OUTPUT_DIR})
file(GLOB old ${OUTPUT_DIR}/*.1 ${OUTPUT_DIR}/*.1.gz)
if(old)
  file(REMOVE ${old})
endif()

execute_process(COMMAND ${REFEREE} --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "referee --help failed")
endif()

# The sub-commands and their one-line descriptions: the lines under "Subcommands:".
string(REGEX MATCH "\nSubcommands:\n([^\n]+\n)+" listing "${help}")
string(REGEX MATCHALL "\n  [a-z]+ +[^\n]+" lines "${listing}")
set(commands "")
set(see_also "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^\n  ([a-z]+) +([^\n]+)$" "\\1" command "${line}")
  string(REGEX REPLACE "^\n  ([a-z]+) +([^\n]+)$" "\\2" description "${line}")
  list(APPEND commands ${command})
  set(description_${command} "${description}")
  string(APPEND see_also ".BR referee-${command} (1),\n")
endforeach()
if(NOT commands)
  message(FATAL_ERROR "no sub-commands found in referee --help")
endif()

# Runs help2man on "REFEREE ARGS" and renames the page: the page of `referee verify` is
# referee-verify(1), as git's are.
function(write_page name title description program)
  set(page ${OUTPUT_DIR}/${name}.1)
  execute_process(
    COMMAND ${HELP2MAN} --no-info --no-discard-stderr --version-string=${VERSION}
            --section=1 --source=referee --manual=referee --name=${description}
            --include=${OUTPUT_DIR}/see-also.h2m --output=${page} ${program}
    RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "help2man failed for ${name}")
  endif()
  file(READ ${page} text)
  string(REGEX REPLACE "\n\\.TH [^\n]+\n" "\n.TH \"${title}\" \"1\" \"\" \"referee ${VERSION}\" \"referee\"\n" text "${text}")
  string(REGEX REPLACE "\n\\.SH NAME\n[^\n]+\n" "\n.SH NAME\n${name} \\\\- ${description}\n" text "${text}")
  file(WRITE ${page} "${text}")
  execute_process(COMMAND gzip -9nf ${page} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "gzip failed for ${page}")
  endif()
endfunction()

file(WRITE ${OUTPUT_DIR}/see-also.h2m "[SEE ALSO]\n.BR referee (1),\n${see_also}\nand the documentation in /usr/share/doc/referee.\n")
foreach(command IN LISTS commands)
  string(TOUPPER "referee-${command}" title)
  write_page(referee-${command} ${title} "${description_${command}}" "${REFEREE} ${command}")
endforeach()
write_page(referee REFEREE "verifies card-game records, referees live play and ranks leagues"
           ${REFEREE})
file(REMOVE ${OUTPUT_DIR}/see-also.h2m)
