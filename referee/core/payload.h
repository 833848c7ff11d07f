// Payload: a value of a game's own type, held by the core without knowing the type.
//
// Events and views carry the game's own payload (its deal, its play, its turn; its hand and its
// table), so the core's types are not the union of every game's. A payload is copied like a
// value. One that fits kInlineBytes is kept in place, so that the events a record holds by the
// hundred (a play, a turn) cost no allocation; larger ones (a dealt pack) are kept on the heap.
// A game reads its payload back with As<T>(), which is null for any other type.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace referee {

class Payload {
 public:
  static constexpr size_t kInlineBytes = 48;

  Payload() = default;
  template <class T, class = std::enable_if_t<!std::is_same_v<std::decay_t<T>, Payload>>>
  explicit Payload(T value) {
    Emplace<std::decay_t<T>>(std::move(value));
  }
  Payload(const Payload& other) { CopyFrom(other); }
  Payload(Payload&& other) noexcept { MoveFrom(std::move(other)); }
  Payload& operator=(const Payload& other) {
    if (this != &other) {
      Reset();
      CopyFrom(other);
    }
    return *this;
  }
  Payload& operator=(Payload&& other) noexcept {
    if (this != &other) {
      Reset();
      MoveFrom(std::move(other));
    }
    return *this;
  }
  ~Payload() { Reset(); }

  bool has_value() const { return ops_ != nullptr; }
  template <class T>
  const T* As() const {
    return ops_ == &kOps<T> ? static_cast<const T*>(Get<T>()) : nullptr;
  }
  template <class T>
  T* As() {
    return ops_ == &kOps<T> ? static_cast<T*>(const_cast<void*>(Get<T>())) : nullptr;
  }

 private:
  // What the payload's type does; one static table per type, whose address is its identity.
  struct Ops {
    bool in_place;
    void (*copy)(const void* from, void* to);
    void (*move)(void* from, void* to);
    void (*destroy)(void* at);
  };

  template <class T>
  static constexpr bool kInPlace =
      sizeof(T) <= kInlineBytes &&
      alignof(T) <= alignof(std::max_align_t) && std::is_nothrow_move_constructible_v<T>;

  template <class T>
  static constexpr Ops MakeOps() {
    if constexpr (kInPlace<T>) {
      return Ops{true, [](const void* from, void* to) { new (to) T(*static_cast<const T*>(from)); },
                 [](void* from, void* to) { new (to) T(std::move(*static_cast<T*>(from))); },
                 [](void* at) { static_cast<T*>(at)->~T(); }};
    } else {
      // On the heap the buffer holds a T*: a move takes the pointer.
      return Ops{
          false,
          [](const void* from, void* to) { new (to) T*(new T(**static_cast<T* const*>(from))); },
          [](void* from, void* to) { new (to) T*(*static_cast<T**>(from)); },
          [](void* at) { delete *static_cast<T**>(at); }};
    }
  }
  // Constant-initialised: asking a payload its type (As) costs one comparison, no guard.
  template <class T>
  static constexpr Ops kOps = MakeOps<T>();

  template <class T>
  void Emplace(T value) {
    if constexpr (kInPlace<T>) {
      new (buffer_) T(std::move(value));
    } else {
      new (buffer_) T*(new T(std::move(value)));
    }
    ops_ = &kOps<T>;
  }

  // The value of a payload of type T: in place, or behind the pointer the buffer holds.
  template <class T>
  const void* Get() const {
    if constexpr (kInPlace<T>) {
      return buffer_;
    } else {
      return *reinterpret_cast<const void* const*>(buffer_);
    }
  }
  // The ops take the buffer either way: in place it holds the T, on the heap a T*.
  void CopyFrom(const Payload& other) {
    if (other.ops_ == nullptr) return;
    other.ops_->copy(other.buffer_, buffer_);
    ops_ = other.ops_;
  }
  void MoveFrom(Payload&& other) {
    if (other.ops_ == nullptr) return;
    ops_ = other.ops_;
    ops_->move(other.buffer_, buffer_);
    if (ops_->in_place) {
      other.Reset();  // destroys the moved-from value
    } else {
      other.ops_ = nullptr;  // the pointer moved: nothing is left to delete
    }
  }
  void Reset() {
    if (ops_ == nullptr) return;
    ops_->destroy(buffer_);
    ops_ = nullptr;
  }

  alignas(std::max_align_t) unsigned char buffer_[kInlineBytes];
  const Ops* ops_ = nullptr;
};

}  // namespace referee
