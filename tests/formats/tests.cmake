# Paths are relative to tests/.
list(APPEND REFEREE_TEST_SOURCES
  formats/control_characters_test.cpp
  formats/document_stream_test.cpp
  formats/input_format_test.cpp
  formats/locate_test.cpp
  formats/json_reader_test.cpp
  formats/json_stream_writer_test.cpp
  formats/line_blocks_test.cpp
  formats/pyyaml_read_back_test.cpp
  formats/reader_robustness_property_test.cpp
  formats/round_trip_property_test.cpp
  formats/writers_test.cpp
  formats/yaml_prescan_test.cpp
  formats/yaml_reader_test.cpp
)
