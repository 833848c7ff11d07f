# Paths are relative to formats/ (included from formats/CMakeLists.txt).
list(APPEND FORMATS_SOURCES
  csv_reader.cpp
  document_builder.cpp
  document_stream.cpp
  input_format.cpp
  json_reader.cpp
  json_writer.cpp
  line_blocks.cpp
  locate.cpp
  ratings_csv.cpp
  scalar_shape.cpp
  standings_csv.cpp
  text_checks.cpp
  yaml_indentation.cpp
  yaml_prescan.cpp
  yaml_reader.cpp
  yaml_writer.cpp
)
