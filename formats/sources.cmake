# Paths are relative to formats/ (included from formats/CMakeLists.txt).
list(APPEND FORMATS_SOURCES
  document_builder.cpp
  document_stream.cpp
  input_format.cpp
  json_reader.cpp
  json_writer.cpp
  line_blocks.cpp
  locate.cpp
  scalar_shape.cpp
  text_checks.cpp
  yaml_indentation.cpp
  yaml_prescan.cpp
  yaml_reader.cpp
  yaml_writer.cpp
)
