#include "formats/json_tokens.h"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/error.hpp>
#include <boost/json/parse_options.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "formats/scalar_shape.h"
#include "formats/text_checks.h"
#include "referee/record/fields.h"

namespace referee::formats {
namespace {

using boost::json::error_code;
using boost::json::string_view;
using record::TokenType;

// Printable ASCII needs no further look: most of a record is.
bool PrintableAscii(std::string_view text) {
  for (char c : text) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

// Boost.JSON SAX handler filling a TokenBuffer. It refuses (returns false) wherever the tree
// reader would make a finding; nothing is worded here.
class TokenHandler {
 public:
  static constexpr std::size_t max_object_size = SIZE_MAX;
  static constexpr std::size_t max_array_size = SIZE_MAX;
  static constexpr std::size_t max_key_size = SIZE_MAX;
  static constexpr std::size_t max_string_size = SIZE_MAX;

  TokenHandler(const ReadLimits& limits, record::TokenBuffer& tokens)
      : limits_(limits), tokens_(tokens) {}

  bool on_document_begin(error_code& /*ec*/) { return true; }
  bool on_document_end(error_code& /*ec*/) { return true; }
  bool on_array_begin(error_code& /*ec*/) { return Open(TokenType::kBeginList); }
  bool on_array_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(TokenType::kEndList); }
  bool on_object_begin(error_code& /*ec*/) { return Open(TokenType::kBeginMap); }
  bool on_object_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(TokenType::kEndMap); }
  bool on_string_part(string_view s, std::size_t /*n*/, error_code& /*ec*/) { return Part(s); }
  bool on_string(string_view s, std::size_t /*n*/, error_code& /*ec*/) {
    return Text(TokenType::kString, s, record::TextKind::kFreeText) && Count();
  }
  bool on_key_part(string_view s, std::size_t /*n*/, error_code& /*ec*/) { return Part(s); }
  bool on_key(string_view s, std::size_t /*n*/, error_code& /*ec*/) {
    return Text(TokenType::kKey, s, record::TextKind::kIdentifier) && NewKey();
  }
  bool on_number_part(string_view /*s*/, error_code& /*ec*/) { return false; }
  bool on_int64(int64_t value, string_view s, error_code& /*ec*/) { return Number(s, value); }
  bool on_uint64(uint64_t /*value*/, string_view s, error_code& /*ec*/) {
    return Number(s, std::nullopt);
  }
  bool on_double(double /*value*/, string_view s, error_code& /*ec*/) {
    return Number(s, std::nullopt);
  }
  bool on_bool(bool value, error_code& /*ec*/) {
    tokens_.AddBool(value);
    return Count();
  }
  bool on_null(error_code& /*ec*/) {
    tokens_.AddNull();
    return Count();
  }
  bool on_comment_part(string_view /*s*/, error_code& /*ec*/) { return false; }
  bool on_comment(string_view /*s*/, error_code& /*ec*/) { return false; }

 private:
  bool Open(TokenType type) {
    if (open_maps_.size() + depth_lists_ >= static_cast<size_t>(std::max(limits_.max_depth, 0))) {
      return false;
    }
    if (type == TokenType::kBeginMap) {
      open_maps_.push_back(static_cast<uint32_t>(keys_.size()));
      kinds_.push_back(true);
    } else {
      ++depth_lists_;
      kinds_.push_back(false);
    }
    tokens_.BeginContainer(type);
    return Count();
  }
  bool Close(TokenType type) {
    if (kinds_.back()) {
      keys_.resize(open_maps_.back());
      open_maps_.pop_back();
    } else {
      --depth_lists_;
    }
    kinds_.pop_back();
    tokens_.EndContainer(type);
    return true;
  }
  // Strings and keys usually arrive whole, as a view of the document; escapes or a split make the
  // parser hand them over in parts, which are joined here.
  bool Part(string_view s) {
    if (part_.size() + s.size() > limits_.max_scalar_bytes) return false;
    part_.append(s.data(), s.size());
    split_ = true;
    return true;
  }
  bool Text(TokenType type, string_view s, record::TextKind kind) {
    std::string_view text(s.data(), s.size());
    if (split_) {
      if (!Part(s)) return false;
      text = part_;
    } else if (text.size() > limits_.max_scalar_bytes) {
      return false;
    }
    if (!PrintableAscii(text) && record::FindControlCharacter(text, kind)) return false;
    // A string the parser did not rebuild lies in the document between quotes, as it is.
    if (!split_ && InDocument(text)) {
      tokens_.AddText(type, text);
    } else {
      tokens_.AddOwnedText(type, text);
    }
    part_.clear();
    split_ = false;
    return true;
  }
  bool InDocument(std::string_view text) const {
    std::string_view document = tokens_.document();
    return text.data() >= document.data() &&
           text.data() + text.size() <= document.data() + document.size();
  }
  // Keys of one map are told apart as the tree builder does: a key given twice is refused.
  bool NewKey() {
    std::string_view key = tokens_.Text(tokens_[tokens_.size() - 1]);
    for (size_t i = open_maps_.back(); i < keys_.size(); ++i) {
      if (keys_[i] == key) return false;
    }
    keys_.push_back(key);
    return true;
  }
  bool Number(string_view s, std::optional<int64_t> value) {
    std::string_view text(s.data(), s.size());
    if (text.size() > limits_.max_scalar_bytes || !InDocument(text)) return false;
    bool integer = IsIntegerText(text);
    tokens_.AddNumber(text, integer, integer ? value : std::nullopt);
    return Count();
  }
  bool Count() { return ++nodes_ <= limits_.max_nodes; }

  const ReadLimits& limits_;
  record::TokenBuffer& tokens_;
  std::string part_;
  bool split_ = false;
  std::vector<std::string_view> keys_;  // the keys of the open maps, innermost last
  std::vector<uint32_t> open_maps_;     // where each open map's keys start in keys_
  std::vector<bool> kinds_;             // per open container: a map
  size_t depth_lists_ = 0;
  size_t nodes_ = 0;
};

// Whether eight bytes are printable ASCII (0x20..0x7E), tested at once: a byte below 0x20 borrows
// into its top bit, one of 0x7F carries into it, and any other has it set already.
bool PrintableBlock(const char* bytes) {
  uint64_t word;
  std::memcpy(&word, bytes, 8);
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  uint64_t below = (word - kOnes * 0x20) & ~word;
  uint64_t del = word + kOnes;
  return ((below | del | word) & kHigh) == 0;
}

// CheckEncoding's verdict without its finding, most of a record skipped eight bytes at a time.
bool EncodingIsClean(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    if (i + 8 <= text.size() && PrintableBlock(text.data() + i)) {
      i += 8;
      continue;
    }
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      ++i;
    } else if (byte == '\t' || byte == '\n' || byte == '\r') {
      ++i;
    } else {
      // Anything else is judged by CheckEncoding itself, from here on.
      return CheckEncoding(text.substr(i)).has_value();
    }
  }
  return true;
}

}  // namespace

bool TokenizeJson(std::string_view text, const ReadLimits& limits, record::TokenBuffer& tokens) {
  if (text.size() > limits.max_document_bytes) return false;
  text = StripBom(text);
  if (!EncodingIsClean(text)) return false;
  tokens.Reset(text);
  boost::json::parse_options options;
  options.max_depth = static_cast<size_t>(std::max(limits.max_depth, 0)) + 1;
  boost::json::basic_parser<TokenHandler> parser(options, limits, tokens);
  error_code ec;
  size_t consumed = parser.write_some(false, text.data(), text.size(), ec);
  if (ec || !parser.done()) return false;
  if (text.substr(consumed).find_first_not_of(" \t\r\n") != std::string_view::npos) return false;
  return tokens.size() > 0 && tokens[0].type == TokenType::kBeginMap;
}

}  // namespace referee::formats
