#include "formats/json_reader.h"

#include <algorithm>
#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/error.hpp>
#include <boost/json/parse_options.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "formats/document_builder.h"
#include "formats/scalar_shape.h"
#include "formats/text_checks.h"
#include "referee/record/fields.h"

namespace referee::formats {
namespace {

using boost::json::error_code;
using boost::json::string_view;
using record::ValueKind;

// Whether `text` holds no DEL and no C1 control (U+0080..U+009F: C2 80..C2 9F in UTF-8). In such
// a document a string the parser hands over as it lies holds no character a text may not: JSON
// refuses the C0 controls in a string, and DEL and the C1 controls are not there. A string with
// an escape is a copy, and is checked on its own.
bool HoldsNoDelOrC1(std::string_view text) {
  if (text.find('\x7f') != std::string_view::npos) return false;
  for (size_t at = text.find('\xc2'); at != std::string_view::npos;
       at = text.find('\xc2', at + 1)) {
    if (record::StartsC1Control(text, at)) return false;
  }
  return true;
}

// Boost.JSON SAX handler (the interface basic_parser expects), filling a Document. A failed check
// records its finding and returns false, which stops the parser where it is. One per thread, kept
// from one document to the next (Start).
class JsonHandler {
 public:
  // Sizes are checked at run time against ReadLimits instead.
  static constexpr std::size_t max_object_size = SIZE_MAX;
  static constexpr std::size_t max_array_size = SIZE_MAX;
  static constexpr std::size_t max_key_size = SIZE_MAX;
  static constexpr std::size_t max_string_size = SIZE_MAX;

  // The scalar or key the parser had just read, so that a finding about it can point at its
  // start: the parser stops at its end.
  struct Token {
    enum Type { kNone, kNumber, kQuoted } type = kNone;
    size_t size = 0;
  };

  void Start(std::string_view text, const ReadLimits& limits, record::Document& document) {
    text_ = text;
    builder_.Start(limits, document);
    limits_ = limits;
    plain_ = HoldsNoDelOrC1(text);
    part_.clear();
    token_ = Token{};
  }

  bool on_document_begin(error_code& /*ec*/) { return true; }
  bool on_document_end(error_code& /*ec*/) { return true; }
  bool on_array_begin(error_code& ec) { return Open(ValueKind::kList, ec); }
  bool on_array_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(); }
  bool on_object_begin(error_code& ec) { return Open(ValueKind::kMap, ec); }
  bool on_object_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(); }
  bool on_string_part(string_view s, std::size_t /*n*/, error_code& ec) {
    return Collect(s, Token::kQuoted, ec);
  }
  bool on_string(string_view s, std::size_t /*n*/, error_code& ec) {
    // The common case: a string in one piece, as it lies in the text.
    if (part_.empty() && InText(s)) [[likely]] {
      token_ = Token{Token::kQuoted, s.size()};
      if (!builder_.AddScalarInSource(ValueKind::kString, {s.data(), s.size()}, plain_)) {
        return Stop(ec);
      }
      MarkInPlace(builder_.Last(), true);
      // JSON refuses raw C0 controls in a string, and a plain text holds no DEL or C1 control.
      builder_.Last().clean = plain_;
      return true;
    }
    return OnRebuiltString(s, ec);
  }
  // A string that came in parts or was rebuilt by the parser (it had escapes). Out of line, so
  // that the common case above stays small.
  [[gnu::noinline]] bool OnRebuiltString(string_view s, error_code& ec) {
    std::optional<std::string_view> text = Whole(s, Token::kQuoted, ec);
    if (!text) return false;
    bool in_text = InText(*text);
    if (!builder_.AddScalar(ValueKind::kString, *text, record::kNoOffset, plain_ && in_text)) {
      return Stop(ec);
    }
    MarkInPlace(builder_.Last(), in_text);
    part_.clear();
    return true;
  }
  bool on_key_part(string_view s, std::size_t /*n*/, error_code& ec) {
    return Collect(s, Token::kQuoted, ec);
  }
  bool on_key(string_view s, std::size_t /*n*/, error_code& ec) {
    if (part_.empty() && InText(s)) [[likely]] {
      token_ = Token{Token::kQuoted, s.size()};
      return builder_.AddKey({s.data(), s.size()}, record::kNoOffset, plain_, true) || Stop(ec);
    }
    return OnRebuiltKey(s, ec);
  }
  [[gnu::noinline]] bool OnRebuiltKey(string_view s, error_code& ec) {
    std::optional<std::string_view> key = Whole(s, Token::kQuoted, ec);
    if (!key) return false;
    if (!builder_.AddKey(*key, record::kNoOffset, plain_ && InText(*key))) return Stop(ec);
    part_.clear();
    return true;
  }
  bool on_number_part(string_view s, error_code& ec) { return Collect(s, Token::kNumber, ec); }
  bool on_int64(int64_t /*value*/, string_view s, error_code& ec) {
    // Boost.JSON calls on_int64 for an integer literal only (no fraction, no exponent).
    return AddNumber(s, ValueKind::kInteger, ec);
  }
  bool on_uint64(uint64_t /*value*/, string_view s, error_code& ec) {
    return AddNumber(s, std::nullopt, ec);
  }
  bool on_double(double /*value*/, string_view s, error_code& ec) {
    return AddNumber(s, std::nullopt, ec);
  }
  bool on_bool(bool value, error_code& ec) {
    token_ = Token{};
    // A boolean's text is its value: the document words it ("true"/"false").
    return builder_.AddScalar(ValueKind::kBool, BoolText(value)) || Stop(ec);
  }
  bool on_null(error_code& ec) {
    token_ = Token{};
    return builder_.AddScalar(ValueKind::kNull, kNullText) || Stop(ec);
  }
  // Comments are refused by parse_options, so these are never called.
  bool on_comment_part(string_view /*s*/, error_code& /*ec*/) { return true; }
  bool on_comment(string_view /*s*/, error_code& /*ec*/) { return true; }

  std::optional<Finding> TakeFinding() { return builder_.TakeFinding(); }
  bool refused() const { return builder_.refused(); }
  const Token& token() const { return token_; }
  bool Complete() const { return builder_.Complete(); }

 private:
  // The builder refused the step and keeps its finding: the parser stops here.
  static bool Stop(error_code& ec) {
    ec = boost::json::error::exception;  // any failure code; the finding says what happened
    return false;
  }
  bool Open(ValueKind kind, error_code& ec) {
    token_ = Token{};
    return builder_.Open(kind) || Stop(ec);
  }
  bool Close() {
    builder_.Close();
    return true;
  }
  bool InText(std::string_view piece) const {
    return piece.data() >= text_.data() &&
           piece.data() + piece.size() <= text_.data() + text_.size();
  }
  // Strings, keys and numbers may arrive in parts (escapes make the parser rebuild them);
  // collecting stops at the size limit rather than after a huge string is complete.
  bool Collect(string_view s, Token::Type type, error_code& ec) {
    if (part_.size() + s.size() > limits_.max_scalar_bytes) {
      token_ = Token{type, part_.size() + s.size()};
      builder_.RefuseUnfinishedTooLong();
      return Stop(ec);
    }
    part_.append(s.data(), s.size());
    return true;
  }
  // The whole text of the string, key or number whose last part is `s`: as it lies in the text
  // when it came in one piece (nearly always), else its parts joined.
  std::optional<std::string_view> Whole(string_view s, Token::Type type, error_code& ec) {
    std::string_view text(s.data(), s.size());
    if (part_.empty()) {
      token_ = Token{type, text.size()};
      return text;
    }
    if (!Collect(s, type, ec)) return std::nullopt;
    token_ = Token{type, part_.size()};
    return std::string_view(part_);
  }
  // A number's kind, where the parser does not say: an integer too large for int64 comes as a
  // uint64 or a double, so its text decides (a decimal has a fraction or an exponent).
  static ValueKind KindOfNumber(std::string_view text) {
    return IsIntegerText(text) ? ValueKind::kInteger : ValueKind::kDecimal;
  }
  bool AddNumber(string_view s, std::optional<ValueKind> kind, error_code& ec) {
    if (part_.empty() && InText(s)) [[likely]] {
      token_ = Token{Token::kNumber, s.size()};
      std::string_view text(s.data(), s.size());
      return builder_.AddScalarInSource(kind ? *kind : KindOfNumber(text), text, true) || Stop(ec);
    }
    return AddRebuiltNumber(s, kind, ec);
  }
  [[gnu::noinline]] bool AddRebuiltNumber(string_view s, std::optional<ValueKind> kind,
                                          error_code& ec) {
    std::optional<std::string_view> text = Whole(s, Token::kNumber, ec);
    if (!text) return false;
    if (!builder_.AddScalar(kind ? *kind : KindOfNumber(*text), *text)) return Stop(ec);
    part_.clear();
    return true;
  }
  // Its words are placed from its opening quote, where its text lies in the source as it is.
  static void MarkInPlace(record::Document::Entry& entry, bool in_text) {
    entry.text_column = 1;
    entry.words_in_place = in_text;
  }

  std::string_view text_;
  ReadLimits limits_;
  DocumentBuilder builder_;
  bool plain_ = false;  // the text holds no DEL and no C1 control (HoldsNoDelOrC1)
  std::string part_;
  Token token_;
};

// The parser of a thread, kept from one document to the next with its handler's memory; made
// again only for other limits of depth.
boost::json::basic_parser<JsonHandler>& ThreadParser(size_t max_depth) {
  struct Kept {
    size_t max_depth;
    boost::json::basic_parser<JsonHandler> parser;
  };
  thread_local std::unique_ptr<Kept> kept;
  if (kept == nullptr || kept->max_depth != max_depth) {
    boost::json::parse_options options;
    options.max_depth = max_depth;
    kept.reset(new Kept{max_depth, boost::json::basic_parser<JsonHandler>(options)});
  }
  kept->parser.reset();
  return kept->parser;
}

// The opening quote of the string whose closing quote is at `close`: the nearest quote before it
// that no backslash escapes (a string holds no raw quote).
std::optional<size_t> OpeningQuote(std::string_view text, size_t close) {
  for (size_t i = close; i-- > 0;) {
    if (text[i] != '"') continue;
    size_t backslashes = 0;
    while (backslashes < i && text[i - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return i;
  }
  return std::nullopt;
}

// Where a finding about the token just read begins: numbers end where the parser stopped; a
// string or key ends at its closing quote there.
size_t TokenStart(std::string_view text, size_t stop, const JsonHandler::Token& token) {
  if (token.type == JsonHandler::Token::kNumber && token.size <= stop) return stop - token.size;
  if (token.type == JsonHandler::Token::kQuoted && token.size + 1 <= stop && stop < text.size() &&
      text[stop] == '"') {
    return OpeningQuote(text, stop).value_or(stop);
  }
  return stop;
}

// The token at the place the parser stopped, for messages.
std::string DescribeAt(std::string_view text, size_t offset) {
  if (offset >= text.size()) return "the end of the text";
  if (text[offset] == '\n' || text[offset] == '\r') return "a line break";
  if (text[offset] == '\t') return "a tab";
  std::string_view rest = text.substr(offset);
  size_t end = std::max<size_t>(1, rest.find_first_of(" \t\r\n,:[]{}\""));
  return QuoteForMessage(rest.substr(0, end));
}

Finding ParserFinding(std::string_view text, size_t offset, const error_code& ec) {
  LineColumn where = LocateOffset(text, offset);
  if (ec == boost::json::error::too_deep) {
    return MalformedAt("too-deep", "", "expected JSON nested less deeply, found deeper nesting",
                       where);
  }
  std::string message;
  if (ec == boost::json::error::extra_data) {
    message = "expected the end of the document, found " + DescribeAt(text, offset);
  } else if (ec == boost::json::error::incomplete) {
    message = "expected the rest of the JSON document, found the end of the text";
  } else {
    message = "expected valid JSON, found " + DescribeAt(text, offset) + " (" + ec.message() + ")";
  }
  return MalformedAt("json-syntax", "", std::move(message), where);
}

// Why the parse stopped, worded. The text's encoding is looked at only now: what it refuses the
// parser refuses too (bytes outside strings that JSON does not allow, UTF-8 that is not valid or
// not shortest, a raw control character), or a string's own check does (a raw DEL or C1
// control), and its finding, which says what the byte is, comes first.
Finding StopFinding(std::string_view text, size_t consumed, JsonHandler& handler,
                    const error_code& ec) {
  Result<void> encoding = CheckEncoding(text);
  if (!encoding.has_value()) return std::move(encoding).error();
  if (std::optional<Finding> finding = handler.TakeFinding()) {
    LineColumn where = LocateOffset(text, TokenStart(text, consumed, handler.token()));
    finding->place.line = where.line;
    finding->place.column = where.column;
    return std::move(*finding);
  }
  return ParserFinding(text, consumed, ec);
}

}  // namespace

Result<void> ReadJson(std::string_view text, const ReadLimits& limits, record::Document& document) {
  if (text.size() > limits.max_document_bytes) {
    return Fail(DocumentTooLarge(limits.max_document_bytes));
  }
  text = StripBom(text);
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    REFEREE_TRY(CheckEncoding(text));
    return Fail(MalformedAt("empty-document", "", "expected a record, found an empty document",
                            LineColumn{1, 1}));
  }
  document.Reset(text);
  // The builder checks the depth, with its own message; the parser's limit is one past it.
  auto& parser = ThreadParser(static_cast<size_t>(std::max(limits.max_depth, 0)) + 1);
  JsonHandler& handler = parser.handler();
  handler.Start(text, limits, document);
  error_code ec;
  size_t consumed = parser.write_some(false, text.data(), text.size(), ec);
  if (ec || handler.refused()) return Fail(StopFinding(text, consumed, handler, ec));
  // write_some stops once the document is complete; what follows may only be white space.
  size_t extra = text.find_first_not_of(" \t\r\n", consumed);
  if (extra != std::string_view::npos) {
    REFEREE_TRY(CheckEncoding(text));
    return Fail(ParserFinding(text, extra, boost::json::error::extra_data));
  }
  REFEREE_CHECK(handler.Complete(), "ReadJson: a complete document without a value");
  document.set_from_json(true);
  document.set_offsets_known(false);  // worked out from the text when a finding needs them
  return {};
}

Result<record::Node> ParseJson(std::string_view text, const ReadLimits& limits) {
  record::Document document;
  REFEREE_TRY(ReadJson(text, limits, document));
  return record::ToNode(document.Root());
}

}  // namespace referee::formats
