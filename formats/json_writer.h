// WriteJson: a record::Node as canonical JSON (RFC 8259), the inverse of ParseJson.
//
// Keys in the Node's order. Compact output is one line with no spaces (one JSON Lines record);
// pretty output indents by two spaces and puts each member and item on its own line. Neither ends
// with a newline: the caller adds it (unlike WriteYaml, whose output is a sequence of lines).
//
// Strings escape '"', '\\' and control characters and leave other UTF-8 as it is. Numbers are
// written from their text, made valid JSON where YAML allowed more (+5 -> 5, 007 -> 7, .5 -> 0.5,
// 1. -> 1.0); a number node whose text is not a number is a bug in the caller (InternalError).
// Booleans are written as true/false, null as null.
//
// For every Node the readers can produce, ParseJson(WriteJson(node, pretty)) == node up to that
// number spelling.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "referee/record/node.h"
#include "referee/record/node_sink.h"

namespace referee::formats {

std::string WriteJson(const record::Node& node, bool pretty);

// Writes a document given a piece at a time to a stream, byte for byte as WriteJson(tree, true)
// writes the tree the same calls would build (record::NodeBuilder), so that a report is never
// held whole. Bytes are handed to the stream in blocks of about 64 KB; Finish writes the rest
// (the destructor does too, for a writer abandoned by an exception).
class JsonStreamWriter final : public record::NodeSink {
 public:
  explicit JsonStreamWriter(std::ostream& out) : out_(out) {}
  ~JsonStreamWriter() override;
  void Add(std::string_view key, record::Node value) override;
  void OpenMap(std::string_view key = {}) override;
  void OpenList(std::string_view key = {}) override;
  void Close() override;
  void Finish();  // every map and list closed: the rest of the bytes to the stream

 private:
  struct Open {
    bool map = false;
    size_t count = 0;
  };
  void Start(std::string_view key);  // what comes before a value: comma, line, indent, key
  void Spill(size_t at_least);
  std::ostream& out_;
  std::string buffer_;
  std::vector<Open> open_;
};

}  // namespace referee::formats
