#include "referee/core/event.h"

namespace referee {

EventPath EventPath::Nested(const char* outer, int a, const char* inner, int b, int c) {
  EventPath path;
  path.outer_ = outer;
  path.inner_ = inner;
  path.a_ = a;
  path.b_ = b;
  path.c_ = c;
  return path;
}

EventPath EventPath::Item(const char* outer, int a) {
  EventPath path;
  path.outer_ = outer;
  path.a_ = a;
  return path;
}

EventPath EventPath::Member(const char* outer, int a, const char* key) {
  EventPath path;
  path.outer_ = outer;
  path.a_ = a;
  path.inner_ = key;
  return path;
}

std::string EventPath::str() const {
  if (outer_ == nullptr) return text_;
  std::string path = "/" + std::string(outer_) + "/" + std::to_string(a_);
  if (inner_ != nullptr) path += "/" + std::string(inner_);
  if (b_ >= 0) path += "/" + std::to_string(b_) + "/" + std::to_string(c_);
  return path;
}

}  // namespace referee
