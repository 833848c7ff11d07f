# Paths are relative to formats/ (included from formats/CMakeLists.txt).
list(APPEND FORMATS_SOURCES
  document_stream.cpp
  input_format.cpp
  json_locator.cpp
  json_reader.cpp
  json_tokens.cpp
  json_writer.cpp
  line_blocks.cpp
  scalar_shape.cpp
  text_checks.cpp
  yaml_prescan.cpp
  tree_builder.cpp
  yaml_reader.cpp
  yaml_writer.cpp
)
