#include "formats/yaml_reader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <istream>
#include <optional>
#include <streambuf>
#include <string>
#include <utility>

#include "formats/document_builder.h"
#include "formats/locate.h"
#include "formats/scalar_shape.h"
#include "formats/text_checks.h"
#include "formats/yaml_indentation.h"
#include "formats/yaml_prescan.h"

namespace referee::formats {
namespace {

using record::ValueKind;

// Thrown from the event handler to stop yaml-cpp at the first finding (the event API has no other
// way to stop it); caught in ParseDocument, never outside this file.
struct StopParsing {
  Finding finding;
};

// A read-only std::streambuf over the document, so yaml-cpp reads it without another copy.
class ViewBuffer : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view text) {
    // setg wants char*, but nothing writes through it: std::streambuf's putback only moves the
    // read position back over the same character.
    char* begin = const_cast<char*>(text.data());
    setg(begin, begin, begin + text.size());
  }
};

LineColumn Where(const YAML::Mark& mark) {
  if (mark.is_null() || mark.line < 0 || mark.column < 0) return LineColumn{0, 0};
  return LineColumn{static_cast<uint32_t>(mark.line) + 1, static_cast<uint32_t>(mark.column) + 1};
}

uint32_t Offset(const YAML::Mark& mark) {
  return mark.is_null() || mark.pos < 0 ? record::kNoOffset : static_cast<uint32_t>(mark.pos);
}

// The character of the source at a mark, or '\0' when the mark is not inside it.
char CharAt(std::string_view source, int pos) {
  return pos >= 0 && static_cast<size_t>(pos) < source.size() ? source[pos] : '\0';
}

// The word of the source starting at a mark (an anchor, alias or tag as written), for messages.
std::string WordAt(std::string_view source, int pos) {
  if (pos < 0 || static_cast<size_t>(pos) >= source.size()) return "";
  std::string_view rest = source.substr(pos);
  size_t end = rest.find_first_of(" \t\n,[]{}");
  return QuoteForMessage(rest.substr(0, end));
}

// yaml-cpp 0.7 decodes the escapes \N (U+0085) and \_ (U+00A0) to the single bytes 0x85 and 0xA0
// instead of their UTF-8 forms. The source is valid UTF-8, so such a byte where no UTF-8 character
// starts can only have come from one of them.
std::string RepairSingleByteEscapes(std::string value) {
  for (size_t i = 0; i < value.size();) {
    size_t length = Utf8SequenceLength(value, i);
    unsigned char byte = static_cast<unsigned char>(value[i]);
    if (length == 0 && (byte == 0x85 || byte == 0xA0)) {
      value.insert(i, 1, '\xC2');
      length = 2;
    }
    i += std::max<size_t>(length, 1);
  }
  return value;
}

Finding AliasFinding(std::string_view source, const YAML::Mark& mark, std::string path) {
  return MalformedAt("yaml-alias", std::move(path),
                     "expected a value written out, found the alias " + WordAt(source, mark.pos) +
                         "; a record may not use YAML anchors and aliases",
                     Where(mark));
}

// Fills the document from yaml-cpp's events; every check that fails throws StopParsing.
class YamlHandler final : public YAML::EventHandler {
 public:
  YamlHandler(std::string_view source, const ReadLimits& limits, record::Document& document)
      : source_(source), builder_(limits, document) {}

  void OnDocumentStart(const YAML::Mark& /*mark*/) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t /*anchor*/) override;
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t /*anchor*/) override {
    throw StopParsing{AliasFinding(source_, mark, builder_.PathHere())};
  }
  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    Stop(mark, "yaml-anchor",
         "expected a value without an anchor, found the anchor " + QuoteForMessage("&" + name) +
             "; a record may not use YAML anchors and aliases");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t /*anchor*/,
                const std::string& value) override;
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t /*anchor*/,
                       YAML::EmitterStyle::value /*style*/) override {
    OpenCollection(mark, tag, ValueKind::kList);
  }
  void OnSequenceEnd() override { CloseCollection(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t /*anchor*/,
                  YAML::EmitterStyle::value /*style*/) override {
    OpenCollection(mark, tag, ValueKind::kMap);
  }
  void OnMapEnd() override { CloseCollection(); }

  bool Complete() const { return builder_.Complete(); }

 private:
  [[noreturn]] void Stop(const YAML::Mark& mark, std::string code, std::string message) const {
    throw StopParsing{
        MalformedAt(std::move(code), builder_.PathHere(), std::move(message), Where(mark))};
  }
  // A step the builder refused: its finding, placed at the mark, stops the parser.
  void Check(const YAML::Mark& mark, bool went_on) {
    if (went_on) return;
    Finding finding = *builder_.TakeFinding();
    LineColumn where = Where(mark);
    finding.place.line = where.line;
    finding.place.column = where.column;
    throw StopParsing{std::move(finding)};
  }
  void CheckTag(const YAML::Mark& mark, const std::string& tag, bool scalar) const;
  void OpenCollection(const YAML::Mark& mark, const std::string& tag, ValueKind kind);
  void CloseCollection();
  void MarkSingleLine(const YAML::Mark& mark, bool plain, std::string_view text,
                      record::Document::Entry& entry) const;

  std::string_view source_;
  DocumentBuilder builder_;
  int pending_key_line_ = -1;  // the line of the key waiting for its value (yaml-cpp's, 0-based)
  // A list or map in the key position of a map. yaml-cpp also reports an unclosed "[" at the end
  // of the input this way, so the finding waits until the key is complete and a syntax error or
  // too-deep comes first; meanwhile the key's contents are checked but not built.
  std::optional<Finding> complex_key_;
  size_t complex_key_depth_ = 0;  // collections open inside the key, the key included
};

// yaml-cpp reports a node without an explicit tag as "?" (plain scalars and collections) or "!"
// (quoted and block scalars). An explicit `!` also arrives as "!", so the source tells them apart.
void YamlHandler::CheckTag(const YAML::Mark& mark, const std::string& tag, bool scalar) const {
  bool implicit = tag == "?" || (scalar ? tag == "!" : tag.empty());
  if (implicit && CharAt(source_, mark.pos) != '!') return;
  std::string written =
      CharAt(source_, mark.pos) == '!' ? WordAt(source_, mark.pos) : QuoteForMessage(tag);
  Stop(mark, "yaml-tag",
       "expected a value without a tag, found the tag " + written +
           "; a record may not use YAML tags (the value's kind comes from how it is written)");
}

void YamlHandler::OnNull(const YAML::Mark& mark, YAML::anchor_t /*anchor*/) {
  CheckTag(mark, "?", true);
  if (!complex_key_ && builder_.ExpectsKey()) {
    Stop(mark, "yaml-null-key", "expected a key such as N or deals, found an empty or null key");
  }
  if (complex_key_) return;
  uint32_t offset = Offset(mark);
  // An empty value (`claim:` at the end of a line) is reported by yaml-cpp at the next token,
  // often the next key; its own key is the better place to point at.
  uint32_t key_offset = builder_.PendingKeyOffset();
  if (key_offset != record::kNoOffset && pending_key_line_ != mark.line) offset = key_offset;
  Check(mark, builder_.AddScalar(ValueKind::kNull, kNullText, offset));
}

void YamlHandler::OnScalar(const YAML::Mark& mark, const std::string& tag,
                           YAML::anchor_t /*anchor*/, const std::string& value) {
  CheckTag(mark, tag, true);
  bool plain = tag == "?";
  // Escapes in quoted scalars are decoded by yaml-cpp; make sure they decoded to characters.
  std::string text = value;
  if (!plain && !IsValidUtf8(text)) {
    text = RepairSingleByteEscapes(std::move(text));
    if (!IsValidUtf8(text)) {
      Stop(mark, "bad-encoding", "expected text, found an escape that is not a valid character");
    }
  }
  if (complex_key_) return;
  if (builder_.ExpectsKey()) {
    Check(mark, builder_.AddKey(text, Offset(mark)));
    pending_key_line_ = mark.line;
    return;
  }
  ValueKind kind = plain ? PlainScalarKind(text) : ValueKind::kString;
  if (kind == ValueKind::kBool) text = BoolText(text[0] == 't' || text[0] == 'T');
  Check(mark, builder_.AddScalar(kind, text, Offset(mark)));
  MarkSingleLine(mark, plain, text, builder_.Last());
}

void YamlHandler::OpenCollection(const YAML::Mark& mark, const std::string& tag, ValueKind kind) {
  CheckTag(mark, tag, false);
  if (!complex_key_ && builder_.ExpectsKey()) {
    complex_key_ = MalformedAt("yaml-complex-key", builder_.PathHere(),
                               "expected a key such as N or deals, found " +
                                   std::string(record::KindName(kind)) + " used as a key",
                               Where(mark));
  }
  if (complex_key_) {
    ++complex_key_depth_;
    Check(mark, builder_.CheckDepth(builder_.depth() + complex_key_depth_));
    return;
  }
  Check(mark, builder_.Open(kind, Offset(mark)));
}

void YamlHandler::CloseCollection() {
  if (!complex_key_) {
    builder_.Close();
  } else if (--complex_key_depth_ == 0) {
    throw StopParsing{std::move(*complex_key_)};
  }
}

// A scalar whose text is exactly what the source holds at its position lies on one line with no
// escapes, so the column of a word inside it is its position plus the word's offset (plus one
// for the opening quote).
void YamlHandler::MarkSingleLine(const YAML::Mark& mark, bool plain, std::string_view text,
                                 record::Document::Entry& entry) const {
  if (mark.pos < 0) return;
  size_t start = static_cast<size_t>(mark.pos);
  if (plain) {
    entry.words_in_place = source_.substr(start, text.size()) == text;
    return;
  }
  char quote = CharAt(source_, mark.pos);
  bool quoted = quote == '"' || quote == '\'';
  // Every quoted scalar starts one column after its quote; only a plain scalar has offset 0, so a
  // plain one that is not single-line was folded from several lines (record::ReadWords says so).
  if (quoted) entry.text_column = 1;
  char escape = quote == '"' ? '\\' : '\'';
  if (quoted && text.find(escape) == std::string::npos && text.find('\n') == std::string::npos &&
      source_.substr(start + 1, text.size()) == text &&
      CharAt(source_, mark.pos + 1 + static_cast<int>(text.size())) == quote) {
    entry.words_in_place = true;
  }
}

// Handles the events after the first document: any document start is one too many. yaml-cpp
// also starts a document, without "---", at text it cannot fit into the first one ("- a\nb: 1"),
// which is a syntax error to the scorer.
class SecondDocumentDetector final : public YAML::EventHandler {
 public:
  explicit SecondDocumentDetector(std::string_view source) : source_(source) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    std::string_view rest = source_.substr(std::min(source_.size(), static_cast<size_t>(mark.pos)));
    if (rest.starts_with("---") || rest.starts_with("%")) {
      throw StopParsing{MalformedAt("yaml-multiple-documents", "",
                                    "expected one record per YAML file, found a second document "
                                    "(use one file per record, or JSON Lines for many)",
                                    Where(mark))};
    }
    throw StopParsing{MalformedAt("yaml-syntax", "",
                                  "expected the end of the record, found more text at the top "
                                  "level (is it indented like the lines above it?)",
                                  Where(mark))};
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  std::string_view source_;
};

// The offset of a tab in the indentation of the line holding `pos`, if there is one.
std::optional<size_t> TabInIndentation(std::string_view source, int pos) {
  if (pos < 0 || static_cast<size_t>(pos) > source.size()) return std::nullopt;
  size_t line_start = source.rfind('\n', pos == 0 ? 0 : static_cast<size_t>(pos) - 1);
  line_start = line_start == std::string_view::npos || pos == 0 ? 0 : line_start + 1;
  size_t indent_end = source.find_first_not_of(" \t", line_start);
  std::string_view indent = source.substr(line_start, indent_end - line_start);
  size_t tab = indent.find('\t');
  if (tab == std::string_view::npos) return std::nullopt;
  return line_start + tab;
}

Finding SyntaxFinding(std::string_view source, const YAML::Exception& error) {
  // An alias to an anchor that is not defined fails inside yaml-cpp before OnAlias is called.
  if (CharAt(source, error.mark.pos) == '*') return AliasFinding(source, error.mark, "");
  // The most common mistake in a hand-written file, and yaml-cpp's message does not say it.
  if (std::optional<size_t> tab = TabInIndentation(source, error.mark.pos)) {
    return MalformedAt("yaml-syntax", "",
                       "expected spaces to indent the line, found a tab (YAML does not allow "
                       "tabs for indentation)",
                       LocateOffset(source, *tab));
  }
  // yaml-cpp says "end of map not found" of a line indented one space short: name the line.
  if (error.mark.pos >= 0) {
    if (auto misindented = MisindentedLine(source, static_cast<size_t>(error.mark.pos))) {
      return *std::move(misindented);
    }
  }
  return MalformedAt("yaml-syntax", "", "expected valid YAML, found a syntax error: " + error.msg,
                     Where(error.mark));
}

Result<void> ParseDocument(std::string_view source, const ReadLimits& limits,
                           record::Document& document) {
  REFEREE_TRY(PrescanYaml(source, limits));
  ViewBuffer buffer(source);
  std::istream in(&buffer);
  YamlHandler handler(source, limits, document);
  try {
    YAML::Parser parser(in);
    if (parser.HandleNextDocument(handler)) {
      SecondDocumentDetector detector(source);
      parser.HandleNextDocument(detector);
    }
  } catch (const StopParsing& stop) {
    return Fail(stop.finding);
  } catch (const YAML::DeepRecursion& error) {
    return Fail(MalformedAt("too-deep", "", "expected less deeply nested YAML, found " + error.msg,
                            Where(error.mark)));
  } catch (const YAML::Exception& error) {
    return Fail(SyntaxFinding(source, error));
  }
  if (!handler.Complete()) {
    return Fail(MalformedAt("empty-document", "", "expected a record, found an empty document",
                            LineColumn{1, 1}));
  }
  return {};
}

// YAML 1.2 (5.4) normalizes line breaks to LF; doing it up front means no CR can reach a scalar.
// A CR alone is a line break too in YAML but not in the rest of referee, which counts lines by
// LF, so it is refused rather than given a line number that disagrees with the scorer's editor.
Result<std::string> NormalizeLineBreaks(std::string_view text) {
  std::string normalized;
  normalized.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') {
      normalized += text[i];
    } else if (i + 1 >= text.size() || text[i + 1] != '\n') {
      return Fail(MalformedAt("bad-encoding", "",
                              "expected a line break LF or CR LF, found a carriage return (CR) "
                              "on its own",
                              LocateOffset(text, i)));
    }
  }
  return normalized;
}

}  // namespace

Result<void> ReadYaml(std::string_view text, const ReadLimits& limits, record::Document& document) {
  if (text.size() > limits.max_document_bytes) {
    return Fail(DocumentTooLarge(limits.max_document_bytes));
  }
  text = StripBom(text);
  REFEREE_TRY(CheckEncoding(text));
  if (text.find('\r') == std::string_view::npos) {
    document.Reset(text);
    return ParseDocument(text, limits, document);
  }
  Result<std::string> normalized = NormalizeLineBreaks(text);
  if (!normalized) return Fail(std::move(normalized).error());
  document.ResetOwningSource(std::move(*normalized));
  return ParseDocument(document.source(), limits, document);
}

Result<record::Node> ParseYaml(std::string_view text, const ReadLimits& limits) {
  record::Document document;
  REFEREE_TRY(ReadYaml(text, limits, document));
  return NodeWithPositions(document);
}

}  // namespace referee::formats
