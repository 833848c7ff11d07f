// Document: a parsed YAML or JSON document as one flat list of values, and Value, a place in it.
//
// Every record is read through this view, whatever its encoding: formats/ fills a Document from
// JSON (Boost.JSON's SAX parser) or YAML (yaml-cpp's events), and the record's readers (the
// header, the result, each game's body) read Values. A value's text is a view of the source where
// it lies there as it is, so a legal record costs no string per scalar; each list and map knows
// where it ends, so a reader skips what it does not need in one step and reads a map's keys in its
// own order.
//
// Nothing about a place is worked out until a finding needs it. A value remembers its byte offset
// in the source (YAML gives it as the document is read; for JSON formats/ works the offsets out
// from the text the first time a finding is placed), and its JSON pointer is found by walking
// down from the root. A record without findings pays for neither.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::record {

class Node;

// What a value is. Integers and decimals keep their exact source text: the readers decide the
// range. In YAML a plain scalar is typed by its shape (true/false, null/~, [-+]?digits, decimals);
// quoted scalars are always strings.
enum class ValueKind : uint8_t { kNull, kBool, kInteger, kDecimal, kString, kList, kMap };

std::string_view KindName(ValueKind kind);  // "a string", "a list", ... for messages

// A byte offset in a document's source that is not known (yet).
inline constexpr uint32_t kNoOffset = UINT32_MAX;

class Value;

class Document {
 public:
  // One value: a scalar, a list or a map. The values inside a list or map follow it, in order;
  // a map's values carry their keys.
  struct Entry {
    ValueKind kind = ValueKind::kNull;
    bool text_owned = false;  // the text is in the document's storage, not in the source
    bool key_owned = false;
    // The scalar's text lies in the source on one line exactly as it reads (no escape, no fold),
    // starting `text_column` bytes after the value's offset (1 past an opening quote): a word
    // inside it can be placed by its offset in the text.
    bool words_in_place = false;
    // The scalar's text is known to hold no control character, tab or line break (a JSON string
    // that lies in a source without DEL and C1 controls): the text checks pass it unread.
    bool clean = false;
    uint8_t text_column = 0;
    uint32_t next = 0;  // the index past this value and everything it holds
    // A scalar's text; for a list or a map, how many values it holds (in text_size).
    uint32_t text = 0;
    uint32_t text_size = 0;
    uint32_t key = 0;  // the key of a map's value
    uint32_t key_size = 0;
    uint32_t offset = kNoOffset;  // where the value starts in the source
    uint32_t key_offset = kNoOffset;
  };

  Document() = default;
  // A document that keeps its source (ResetOwningSource) points into its own copy: moving it
  // points the views at the copy's new place.
  Document(Document&& other) noexcept { *this = std::move(other); }
  Document& operator=(Document&& other) noexcept;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Starts a new document over `source` (the text its views point into), keeping the memory of
  // the last one: a thread that reads many records allocates for the first few only.
  void Reset(std::string_view source);
  // The same over a copy of `source` that the document keeps (a text a reader had to rewrite, such
  // as YAML with its CR LF line breaks made LF).
  void ResetOwningSource(std::string source);

  // --- Building, in document order (formats/ and DocumentOf). ---
  // The key of the next value, inside a map.
  [[gnu::always_inline]] void SetKey(std::string_view key, uint32_t offset = kNoOffset) {
    // Kept at once: a parser may reuse the memory of a key it rebuilt before the value arrives.
    Keep(key, pending_key_.key, pending_key_.key_owned);
    pending_key_.key_size = static_cast<uint32_t>(key.size());
    pending_key_.key_offset = offset;
    has_pending_key_ = true;
  }
  // The same for a key the caller knows to lie in the source (as AddScalarInSource).
  [[gnu::always_inline]] void SetKeyInSource(std::string_view key, uint32_t offset = kNoOffset) {
    pending_key_.key = static_cast<uint32_t>(key.data() - source_.data());
    pending_key_.key_owned = false;
    pending_key_.key_size = static_cast<uint32_t>(key.size());
    pending_key_.key_offset = offset;
    has_pending_key_ = true;
  }
  // A scalar; text that lies inside the source is kept as a view of it, other text is copied.
  [[gnu::always_inline]] Entry& AddScalar(ValueKind kind, std::string_view text,
                                          uint32_t offset = kNoOffset) {
    Entry& entry = NewEntry(kind, offset);
    Keep(text, entry.text, entry.text_owned);
    entry.text_size = static_cast<uint32_t>(text.size());
    return entry;
  }
  // A scalar whose text the caller knows to lie in the source: a parser's string handed over as
  // it lies, the common case, kept without asking where it is.
  [[gnu::always_inline]] Entry& AddScalarInSource(ValueKind kind, std::string_view text,
                                                  uint32_t offset = kNoOffset) {
    Entry& entry = NewEntry(kind, offset);
    entry.text = static_cast<uint32_t>(text.data() - source_.data());
    entry.text_size = static_cast<uint32_t>(text.size());
    return entry;
  }
  // Opens a list or map, which holds the values added until its Close.
  Entry& Open(ValueKind kind, uint32_t offset = kNoOffset) {
    Entry& entry = NewEntry(kind, offset);
    innermost_ = size_ - 1;
    open_.push_back(innermost_);
    return entry;
  }
  void Close() {
    entries_[open_.back()].next = size_;
    open_.pop_back();
    innermost_ = open_.empty() ? kNoContainer : open_.back();
  }
  size_t depth() const { return open_.size(); }
  // The innermost open list or map, if any.
  std::optional<Value> Innermost() const;
  // The JSON pointer the next value added will have.
  std::string PointerHere() const;

  // --- Reading. ---
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  Value Root() const;
  const Entry& entry(uint32_t index) const { return entries_[index]; }
  Entry& mutable_entry(uint32_t index) { return entries_[index]; }
  std::string_view source() const { return source_; }
  std::string_view TextOf(const Entry& entry) const {
    return {(entry.text_owned ? storage_.data() : source_.data()) + entry.text, entry.text_size};
  }
  std::string_view KeyOf(const Entry& entry) const {
    return {(entry.key_owned ? storage_.data() : source_.data()) + entry.key, entry.key_size};
  }
  // Whether every value's offset is known (YAML: always; JSON: once formats/ has worked them out).
  bool offsets_known() const { return offsets_known_; }
  void set_offsets_known(bool known) { offsets_known_ = known; }
  // Whether the source is JSON text (a string's escapes are then JSON's).
  bool from_json() const { return from_json_; }
  void set_from_json(bool json) { from_json_ = json; }

 private:
  static constexpr uint32_t kNoContainer = UINT32_MAX;

  // The next entry, of `kind`, under the pending key if any, counted by its list or map. Its text
  // is empty; a list or map counts what it holds (text_size) from here.
  [[gnu::always_inline]] Entry& NewEntry(ValueKind kind, uint32_t offset) {
    if (size_ == entries_.size()) [[unlikely]]
      Grow();
    Entry& entry = entries_[size_++];
    entry = Entry{};
    entry.kind = kind;
    entry.offset = offset;
    entry.next = size_;
    if (has_pending_key_) {
      entry.key = pending_key_.key;
      entry.key_owned = pending_key_.key_owned;
      entry.key_size = pending_key_.key_size;
      entry.key_offset = pending_key_.key_offset;
      has_pending_key_ = false;
    }
    if (innermost_ != kNoContainer) ++entries_[innermost_].text_size;
    return entry;
  }
  // Where text lies: in the source as it is, or copied into the storage.
  [[gnu::always_inline]] void Keep(std::string_view text, uint32_t& at, bool& owned) {
    const char* begin = source_.data();
    if (text.data() >= begin && text.data() + text.size() <= begin + source_.size()) {
      at = static_cast<uint32_t>(text.data() - begin);
      owned = false;
      return;
    }
    at = static_cast<uint32_t>(storage_.size());
    owned = true;
    storage_.append(text);
  }

  std::string_view source_;
  // A source the document keeps (ResetOwningSource); source_ views it.
  std::string owned_source_;
  bool source_owned_ = false;
  // Room for more entries (twice as many): the entries past size_ are not the document's.
  void Grow();

  // The entries, size_ of them; the vector is as large as the largest document read so far, so
  // adding an entry asks for no memory.
  std::vector<Entry> entries_;
  uint32_t size_ = 0;
  std::string storage_;
  std::vector<uint32_t> open_;         // the lists and maps not yet closed, innermost last
  uint32_t innermost_ = kNoContainer;  // open_.back(), or none
  // The key of the next value, kept already (where it lies, as Entry::key and key_size say).
  Entry pending_key_;
  bool has_pending_key_ = false;
  bool offsets_known_ = true;
  bool from_json_ = false;
};

// A value of a Document: a scalar, a list or a map, and where it is.
class Value {
 public:
  Value() = default;
  Value(const Document& document, uint32_t index) : document_(&document), index_(index) {}

  ValueKind kind() const { return Entry().kind; }
  bool IsScalar() const { return kind() != ValueKind::kList && kind() != ValueKind::kMap; }
  bool IsList() const { return kind() == ValueKind::kList; }
  bool IsMap() const { return kind() == ValueKind::kMap; }
  bool IsString() const { return kind() == ValueKind::kString; }
  // A scalar's text ("true", "false" and "null" for those scalars, whatever the source wrote).
  std::string_view text() const { return document_->TextOf(Entry()); }
  // The key this value stands under in its map ("" for the root and a list's items).
  std::string_view key() const { return document_->KeyOf(Entry()); }
  // How many values a list or map holds.
  uint32_t size() const { return IsScalar() ? 0 : Entry().text_size; }
  bool words_in_place() const { return Entry().words_in_place; }
  bool clean() const { return Entry().clean; }
  uint8_t text_column() const { return Entry().text_column; }
  uint32_t offset() const { return Entry().offset; }
  uint32_t key_offset() const { return Entry().key_offset; }

  // The values a list or map holds, in order: `for (Value item : list)`.
  class Iterator {
   public:
    Iterator(const Document* document, uint32_t index) : document_(document), index_(index) {}
    Value operator*() const { return Value(*document_, index_); }
    Iterator& operator++() {
      index_ = document_->entry(index_).next;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return index_ != other.index_; }

   private:
    const Document* document_;
    uint32_t index_;
  };
  Iterator begin() const { return Iterator(document_, IsScalar() ? Entry().next : index_ + 1); }
  Iterator end() const { return Iterator(document_, Entry().next); }

  // The value under `key` in a map, or none (a map holds each key once: the readers refuse one
  // given twice).
  std::optional<Value> Find(std::string_view key) const;
  // The JSON pointer of this value ("/deals/2/tricks/5"), found by walking down from the root:
  // for findings only.
  std::string Pointer() const;

  const Document& document() const { return *document_; }
  uint32_t index() const { return index_; }
  bool operator==(const Value& other) const {
    return document_ == other.document_ && index_ == other.index_;
  }

 private:
  const Document::Entry& Entry() const { return document_->entry(index_); }

  const Document* document_ = nullptr;
  uint32_t index_ = 0;
};

// The value `pointer` names, and how far the pointer got: the deepest value it reaches, and
// the rest of the pointer past it (a missing key, an index out of range, or a word of a string:
// "/deals/0/tricks/2/1" names the second word of the trick's string).
struct PointedValue {
  Value value;
  std::string_view rest;  // empty when the whole pointer was followed
};
PointedValue FollowPointer(const Document& document, std::string_view pointer);
// A pointer segment read as a list index ("12"), or none if it is not one.
std::optional<size_t> PointerIndex(std::string_view segment);

// The same document as a Node tree (positions left out), and a Node as a document: for callers
// that hold a tree (a record written back, a live line, a test).
Node ToNode(Value value);
void AppendNode(const Node& node, Document& document);
Document DocumentOf(const Node& node);

}  // namespace referee::record
