#include "referee/core/finding.h"

#include <charconv>
#include <sstream>

#include "referee/core/check.h"
#include "referee/core/printable.h"

namespace referee {

void ThrowInternalError(const char* file, int line, const std::string& message) {
  std::ostringstream text;
  text << "internal error at " << file << ":" << line << ": " << message;
  throw InternalError(text.str());
}

Finding Malformed(std::string code, std::string path, std::string message) {
  return Finding{std::move(code), Severity::kMalformed, Place{std::move(path), {}},
                 std::move(message)};
}

Finding Illegal(std::string code, Place place, std::string message) {
  return Finding{std::move(code), Severity::kError, std::move(place), std::move(message)};
}

Finding Note(std::string code, Place place, std::string message) {
  return Finding{std::move(code), Severity::kNote, std::move(place), std::move(message)};
}

Finding&& Finding::Comparing(FactValue expected_value, FactValue found_value) && {
  expected = std::move(expected_value);
  found = std::move(found_value);
  return std::move(*this);
}

std::string GamePlaceText(const GamePlace& place) {
  std::vector<std::string> parts;
  if (place.deal > 0) parts.push_back("deal " + std::to_string(place.deal));
  if (place.step.number > 0) {
    parts.push_back(std::string(place.step.unit) + " " + std::to_string(place.step.number));
  }
  if (!place.actor.empty()) parts.push_back(Printable(place.actor));
  if (!place.card.empty()) parts.push_back(Printable(place.card));
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kMalformed:
      return "malformed";
    case Severity::kError:
      return "error";
    case Severity::kNote:
      return "note";
  }
  return "error";
}

// JSON pointer escaping (RFC 6901): '~' becomes "~0" and '/' becomes "~1".
std::string ChildPath(std::string_view parent, std::string_view key) {
  std::string path;
  path.reserve(parent.size() + 1 + key.size());
  path.append(parent);
  path += '/';
  if (key.find_first_of("~/") == std::string_view::npos) {
    path.append(key);
    return path;
  }
  for (char c : key) {
    if (c == '~') {
      path += "~0";
    } else if (c == '/') {
      path += "~1";
    } else {
      path += c;
    }
  }
  return path;
}

std::string ChildPath(std::string_view parent, size_t index) {
  char digits[24];
  auto [end, error] = std::to_chars(digits, digits + sizeof(digits), index);
  REFEREE_CHECK(error == std::errc(), "ChildPath: an index that does not fit");
  // Digits need no escape: the path is put together directly (every goal and event of a record
  // asks for one).
  std::string path;
  path.reserve(parent.size() + 1 + static_cast<size_t>(end - digits));
  path.append(parent);
  path += '/';
  path.append(digits, end);
  return path;
}

}  // namespace referee
