# The library and its Python module (docs/library.md). Registered without GoogleTest: they drive
# the installed package and python3. Built only where the module is: not in the sanitizer build.
if(REFEREE_PYTHON)
  add_test(NAME Library.PythonModuleAgreesWithTheProgram
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/library/bindings_test.py
                   $<TARGET_FILE:referee> ${PROJECT_SOURCE_DIR})
  set_tests_properties(Library.PythonModuleAgreesWithTheProgram PROPERTIES
                       ENVIRONMENT "PYTHONPATH=$<TARGET_FILE_DIR:referee_python>")
  add_test(NAME Library.DocumentedExamplesBuildAndRunInstalled
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/library/examples_test.sh ${PROJECT_BINARY_DIR}
                   ${PROJECT_SOURCE_DIR})
  set_tests_properties(Library.DocumentedExamplesBuildAndRunInstalled PROPERTIES TIMEOUT 600)
endif()
