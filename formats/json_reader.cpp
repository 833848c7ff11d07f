#include "formats/json_reader.h"

#include <algorithm>
#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/error.hpp>
#include <boost/json/parse_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "formats/scalar_shape.h"
#include "formats/text_checks.h"
#include "formats/tree_builder.h"

namespace referee::formats {
namespace {

using record::Node;
using Kind = record::Node::Kind;
using boost::json::error_code;
using boost::json::string_view;

// Boost.JSON SAX handler (the interface basic_parser expects). A failed check records its finding
// and returns false, which stops the parser where it is.
class JsonHandler {
 public:
  // Sizes are checked at run time against ReadLimits instead.
  static constexpr std::size_t max_object_size = SIZE_MAX;
  static constexpr std::size_t max_array_size = SIZE_MAX;
  static constexpr std::size_t max_key_size = SIZE_MAX;
  static constexpr std::size_t max_string_size = SIZE_MAX;

  explicit JsonHandler(const ReadLimits& limits) : limits_(limits), builder_(limits) {}

  bool on_document_begin(error_code& /*ec*/) { return true; }
  bool on_document_end(error_code& /*ec*/) { return true; }
  bool on_array_begin(error_code& ec) { return Open(Node::List({}), ec); }
  bool on_array_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(); }
  bool on_object_begin(error_code& ec) { return Open(Node::Map({}), ec); }
  bool on_object_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(); }
  bool on_string_part(string_view s, std::size_t /*n*/, error_code& ec) {
    return Collect(s, Token::kQuoted, ec);
  }
  bool on_string(string_view s, std::size_t /*n*/, error_code& ec) {
    if (!Collect(s, Token::kQuoted, ec)) return false;
    token_ = Token{Token::kQuoted, part_.size()};
    return Check(builder_.AddScalar(Node::Scalar(Kind::kString, Take(), {})), ec);
  }
  bool on_key_part(string_view s, std::size_t /*n*/, error_code& ec) {
    return Collect(s, Token::kQuoted, ec);
  }
  bool on_key(string_view s, std::size_t /*n*/, error_code& ec) {
    if (!Collect(s, Token::kQuoted, ec)) return false;
    token_ = Token{Token::kQuoted, part_.size()};
    return Check(builder_.AddKey(Take(), {}), ec);
  }
  bool on_number_part(string_view s, error_code& ec) { return Collect(s, Token::kNumber, ec); }
  bool on_int64(int64_t /*value*/, string_view s, error_code& ec) { return AddNumber(s, ec); }
  bool on_uint64(uint64_t /*value*/, string_view s, error_code& ec) { return AddNumber(s, ec); }
  bool on_double(double /*value*/, string_view s, error_code& ec) { return AddNumber(s, ec); }
  bool on_bool(bool value, error_code& ec) {
    token_ = Token{};
    return Check(builder_.AddScalar(Node::Scalar(Kind::kBool, std::string(BoolText(value)), {})),
                 ec);
  }
  bool on_null(error_code& ec) {
    token_ = Token{};
    return Check(builder_.AddScalar(Node::Scalar(Kind::kNull, std::string(kNullText), {})), ec);
  }
  // Comments are refused by parse_options, so these are never called.
  bool on_comment_part(string_view /*s*/, error_code& /*ec*/) { return true; }
  bool on_comment(string_view /*s*/, error_code& /*ec*/) { return true; }

  // The scalar or key the parser had just read, so that a finding about it can point at its
  // start: the parser stops at its end.
  struct Token {
    enum Type { kNone, kNumber, kQuoted } type = kNone;
    size_t size = 0;
  };

  std::optional<Finding>& finding() { return finding_; }
  const Token& token() const { return token_; }
  std::optional<Node> TakeRoot() { return builder_.TakeRoot(); }

 private:
  bool Check(Result<void> result, error_code& ec) {
    if (result.has_value()) return true;
    finding_ = std::move(result).error();
    ec = boost::json::error::exception;  // any failure code; finding_ says what happened
    return false;
  }
  bool Open(Node collection, error_code& ec) {
    token_ = Token{};
    return Check(builder_.Open(std::move(collection)), ec);
  }
  bool Close() {
    builder_.Close();
    return true;
  }
  // Strings, keys and numbers may arrive in parts; collecting stops at the size limit rather
  // than after a huge string is complete.
  bool Collect(string_view s, Token::Type type, error_code& ec) {
    if (part_.size() + s.size() > limits_.max_scalar_bytes) {
      token_ = Token{type, part_.size() + s.size()};
      return Check(
          Fail(Malformed("too-large", builder_.PathHere(),
                         "expected a value of at most " + std::to_string(limits_.max_scalar_bytes) +
                             " bytes, found a longer one")),
          ec);
    }
    part_.append(s.data(), s.size());
    return true;
  }
  std::string Take() { return std::exchange(part_, std::string()); }
  bool AddNumber(string_view s, error_code& ec) {
    if (!Collect(s, Token::kNumber, ec)) return false;
    std::string text = Take();
    token_ = Token{Token::kNumber, text.size()};
    Kind kind = IsIntegerText(text) ? Kind::kInteger : Kind::kDecimal;
    return Check(builder_.AddScalar(Node::Scalar(kind, std::move(text), {})), ec);
  }

  ReadLimits limits_;
  TreeBuilder builder_;
  std::string part_;
  std::optional<Finding> finding_;
  Token token_;
};

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

}  // namespace

Result<Node> ParseJson(std::string_view text, const ReadLimits& limits) {
  if (text.size() > limits.max_document_bytes) {
    return Fail(DocumentTooLarge(limits.max_document_bytes));
  }
  text = StripBom(text);
  REFEREE_TRY(CheckEncoding(text));
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return Fail(MalformedAt("empty-document", "", "expected a record, found an empty document",
                            LineColumn{1, 1}));
  }
  boost::json::parse_options options;
  options.max_depth = static_cast<size_t>(std::max(limits.max_depth, 0)) + 1;  // TreeBuilder checks
  boost::json::basic_parser<JsonHandler> parser(options, limits);
  error_code ec;
  size_t consumed = parser.write_some(false, text.data(), text.size(), ec);
  if (std::optional<Finding>& finding = parser.handler().finding()) {
    LineColumn where = LocateOffset(text, TokenStart(text, consumed, parser.handler().token()));
    finding->place.line = where.line;
    finding->place.column = where.column;
    return Fail(std::move(*finding));
  }
  if (ec) return Fail(ParserFinding(text, consumed, ec));
  // write_some stops once the document is complete; what follows may only be white space.
  size_t extra = text.find_first_not_of(" \t\r\n", consumed);
  if (extra != std::string_view::npos) {
    return Fail(ParserFinding(text, extra, boost::json::error::extra_data));
  }
  std::optional<Node> root = parser.handler().TakeRoot();
  REFEREE_CHECK(root.has_value(), "ParseJson: a complete document without a value");
  return std::move(*root);
}

}  // namespace referee::formats
