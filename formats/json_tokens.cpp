#include "formats/json_tokens.h"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/error.hpp>
#include <boost/json/parse_options.hpp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
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

// Printable ASCII needs no further look: most of a record is. Eight bytes at a time.
bool PrintableAscii(std::string_view text) {
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    if (!PrintableBlock(text.data() + i)) return false;
  }
  for (; i < text.size(); ++i) {
    if (text[i] < 0x20 || text[i] > 0x7E) return false;
  }
  return true;
}

// Whether no byte of `text` is DEL or above (no UTF-8 beyond ASCII), eight at a time. In such a
// document a string the parser hands over as it lies holds no character a text may not: JSON
// refuses the C0 controls in a string, and DEL and the C1 controls are not there.
bool NothingAboveAscii(std::string_view text) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  uint64_t seen = 0;
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    seen |= word | (word + kOnes);  // DEL carries into its top bit
  }
  for (; i < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) >= 0x7F) return false;
  }
  return (seen & kHigh) == 0;
}

bool SameText(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && a == b));
}

// Boost.JSON SAX handler filling a TokenBuffer. It refuses (returns false) wherever the tree
// reader would make a finding; nothing is worded here. One per thread, its storage kept from one
// document to the next (Start).
class TokenHandler {
 public:
  static constexpr std::size_t max_object_size = SIZE_MAX;
  static constexpr std::size_t max_array_size = SIZE_MAX;
  static constexpr std::size_t max_key_size = SIZE_MAX;
  static constexpr std::size_t max_string_size = SIZE_MAX;

  void Start(const ReadLimits& limits, record::TokenBuffer& tokens, bool plain) {
    limits_ = &limits;
    tokens_ = &tokens;
    plain_ = plain;
    part_.clear();
    split_ = false;
    keys_.clear();
    open_maps_.clear();
    kinds_.clear();
    depth_lists_ = 0;
    nodes_ = 0;
  }

  bool on_document_begin(error_code& /*ec*/) { return true; }
  bool on_document_end(error_code& /*ec*/) { return true; }
  bool on_array_begin(error_code& /*ec*/) { return Open(TokenType::kBeginList); }
  bool on_array_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(TokenType::kEndList); }
  bool on_object_begin(error_code& /*ec*/) { return Open(TokenType::kBeginMap); }
  bool on_object_end(std::size_t /*n*/, error_code& /*ec*/) { return Close(TokenType::kEndMap); }
  bool on_string_part(string_view s, std::size_t /*n*/, error_code& /*ec*/) { return Part(s); }
  bool on_string(string_view s, std::size_t /*n*/, error_code& /*ec*/) {
    if (PlainText(s)) {
      tokens_->AddText(TokenType::kString, {s.data(), s.size()});
      return Count();
    }
    return Text(TokenType::kString, s, record::TextKind::kFreeText).has_value() && Count();
  }
  bool on_key_part(string_view s, std::size_t /*n*/, error_code& /*ec*/) { return Part(s); }
  bool on_key(string_view s, std::size_t /*n*/, error_code& /*ec*/) {
    if (PlainText(s)) {
      tokens_->AddText(TokenType::kKey, {s.data(), s.size()});
      return NewKey({s.data(), s.size()});
    }
    std::optional<std::string_view> key = Text(TokenType::kKey, s, record::TextKind::kIdentifier);
    return key && NewKey(*key);
  }
  bool on_number_part(string_view /*s*/, error_code& /*ec*/) { return false; }
  bool on_int64(int64_t value, string_view s, error_code& /*ec*/) {
    // Boost.JSON calls on_int64 for an integer literal only (no fraction, no exponent).
    std::string_view text(s.data(), s.size());
    if (text.size() > limits_->max_scalar_bytes || !InDocument(text)) return false;
    tokens_->AddNumber(text, true, value);
    return Count();
  }
  bool on_uint64(uint64_t /*value*/, string_view s, error_code& /*ec*/) {
    return Number(s, std::nullopt);
  }
  bool on_double(double /*value*/, string_view s, error_code& /*ec*/) {
    return Number(s, std::nullopt);
  }
  bool on_bool(bool value, error_code& /*ec*/) {
    tokens_->AddBool(value);
    return Count();
  }
  bool on_null(error_code& /*ec*/) {
    tokens_->AddNull();
    return Count();
  }
  bool on_comment_part(string_view /*s*/, error_code& /*ec*/) { return false; }
  bool on_comment(string_view /*s*/, error_code& /*ec*/) { return false; }

 private:
  bool Open(TokenType type) {
    if (open_maps_.size() + depth_lists_ >= static_cast<size_t>(std::max(limits_->max_depth, 0))) {
      return false;
    }
    if (type == TokenType::kBeginMap) {
      open_maps_.push_back(static_cast<uint32_t>(keys_.size()));
      kinds_.push_back(true);
    } else {
      ++depth_lists_;
      kinds_.push_back(false);
    }
    tokens_->BeginContainer(type);
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
    tokens_->EndContainer(type);
    return true;
  }
  // Strings and keys usually arrive whole, as a view of the document; escapes or a split make the
  // parser hand them over in parts, which are joined here.
  bool Part(string_view s) {
    if (part_.size() + s.size() > limits_->max_scalar_bytes) return false;
    part_.append(s.data(), s.size());
    split_ = true;
    return true;
  }
  // Nearly every string and key: whole, as it lies in a document with no byte above ASCII, and
  // within the size limit. It needs no look at its characters (see NothingAboveAscii).
  bool PlainText(string_view s) const {
    return plain_ && !split_ && s.size() <= limits_->max_scalar_bytes &&
           InDocument({s.data(), s.size()});
  }
  // The text as it is kept, once its characters are allowed; none where they are not.
  std::optional<std::string_view> Text(TokenType type, string_view s, record::TextKind kind) {
    std::string_view text(s.data(), s.size());
    if (split_) {
      if (!Part(s)) return std::nullopt;
      text = part_;
    } else if (text.size() > limits_->max_scalar_bytes) {
      return std::nullopt;
    }
    // A string the parser did not rebuild lies in the document between quotes, as it is.
    bool as_it_lies = !split_ && InDocument(text);
    bool looked_at = as_it_lies && plain_;
    if (!looked_at && !PrintableAscii(text) && record::FindControlCharacter(text, kind)) {
      return std::nullopt;
    }
    if (as_it_lies) {
      tokens_->AddText(type, text);
    } else {
      tokens_->AddOwnedText(type, text);
      text = tokens_->Text((*tokens_)[tokens_->size() - 1]);
    }
    part_.clear();
    split_ = false;
    return text;
  }
  bool InDocument(std::string_view text) const {
    std::string_view document = tokens_->document();
    return text.data() >= document.data() &&
           text.data() + text.size() <= document.data() + document.size();
  }
  // Keys of one map are told apart as the tree builder does: a key given twice is refused.
  bool NewKey(std::string_view key) {
    for (size_t i = open_maps_.back(); i < keys_.size(); ++i) {
      if (SameText(keys_[i], key)) return false;
    }
    keys_.push_back(key);
    return true;
  }
  bool Number(string_view s, std::optional<int64_t> value) {
    std::string_view text(s.data(), s.size());
    if (text.size() > limits_->max_scalar_bytes || !InDocument(text)) return false;
    bool integer = IsIntegerText(text);
    tokens_->AddNumber(text, integer, integer ? value : std::nullopt);
    return Count();
  }
  bool Count() { return ++nodes_ <= limits_->max_nodes; }

  const ReadLimits* limits_ = nullptr;
  record::TokenBuffer* tokens_ = nullptr;
  bool plain_ = false;  // the document holds no byte above ASCII (NothingAboveAscii)
  std::string part_;
  bool split_ = false;
  std::vector<std::string_view> keys_;  // the keys of the open maps, innermost last
  std::vector<uint32_t> open_maps_;     // where each open map's keys start in keys_
  std::vector<bool> kinds_;             // per open container: a map
  size_t depth_lists_ = 0;
  size_t nodes_ = 0;
};

// The parser of a thread, kept from one document to the next with its handler's storage; made
// again only for other limits of depth.
boost::json::basic_parser<TokenHandler>& ThreadParser(size_t max_depth) {
  struct Kept {
    size_t max_depth;
    boost::json::basic_parser<TokenHandler> parser;
  };
  thread_local std::unique_ptr<Kept> kept;
  if (kept == nullptr || kept->max_depth != max_depth) {
    boost::json::parse_options options;
    options.max_depth = max_depth;
    kept.reset(new Kept{max_depth, boost::json::basic_parser<TokenHandler>(options)});
  }
  kept->parser.reset();
  return kept->parser;
}

}  // namespace

bool TokenizeJson(std::string_view text, const ReadLimits& limits, record::TokenBuffer& tokens) {
  if (text.size() > limits.max_document_bytes) return false;
  text = StripBom(text);
  // No pass of CheckEncoding's: what it refuses, the parser refuses too (bytes outside strings
  // that JSON does not allow, UTF-8 that is not valid or not shortest, a raw control character in
  // a string), but for DEL and the C1 controls in a string, which each string's own check
  // refuses (TokenHandler::Text) unless the document has no byte above ASCII at all.
  tokens.Reset(text);
  auto& parser = ThreadParser(static_cast<size_t>(std::max(limits.max_depth, 0)) + 1);
  parser.handler().Start(limits, tokens, NothingAboveAscii(text));
  error_code ec;
  size_t consumed = parser.write_some(false, text.data(), text.size(), ec);
  if (ec || !parser.done()) return false;
  if (text.substr(consumed).find_first_not_of(" \t\r\n") != std::string_view::npos) return false;
  return tokens.size() > 0 && tokens[0].type == TokenType::kBeginMap;
}

}  // namespace referee::formats
