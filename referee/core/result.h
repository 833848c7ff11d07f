// Result<T>: a value or the Finding that explains why there is none.
//
// Members are named like std::expected so the type can be swapped for it once the project moves
// to C++23. Errors are values that callers must look at: [[nodiscard]] on the type.
#pragma once

#include <optional>
#include <utility>
#include <variant>

#include "referee/core/check.h"
#include "referee/core/finding.h"

namespace referee {

template <class E>
class Unexpected {
 public:
  explicit Unexpected(E error) : error_(std::move(error)) {}
  E& error() & { return error_; }
  E&& error() && { return std::move(error_); }

 private:
  E error_;
};

template <class T, class E = Finding>
class [[nodiscard]] Result {
 public:
  Result(T value)
      : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(Unexpected<E> error)
      : state_(std::in_place_index<1>, std::move(error).error()) {}  // NOLINT

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    REFEREE_CHECK(has_value(), "Result::value() on an error");
    return std::get<0>(state_);
  }
  const T& value() const& {
    REFEREE_CHECK(has_value(), "Result::value() on an error");
    return std::get<0>(state_);
  }
  T&& value() && {
    REFEREE_CHECK(has_value(), "Result::value() on an error");
    return std::get<0>(std::move(state_));
  }
  const E& error() const& {
    REFEREE_CHECK(!has_value(), "Result::error() on a value");
    return std::get<1>(state_);
  }
  E&& error() && {
    REFEREE_CHECK(!has_value(), "Result::error() on a value");
    return std::get<1>(std::move(state_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, E> state_;
};

// Result<void>: success, or the Finding that explains the failure. Success holds no Finding, so
// it costs a flag: the readers return one for every card of a record.
template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  // User-provided, so that `return {};` sets the flag alone: a defaulted constructor would have
  // value-initialization zero every byte of the Finding's room.
  Result() noexcept {}  // NOLINT(modernize-use-equals-default)
  Result(Unexpected<E> error) : error_(std::move(error).error()) {}  // NOLINT

  bool has_value() const { return !error_.has_value(); }
  explicit operator bool() const { return has_value(); }
  const E& error() const& {
    REFEREE_CHECK(error_.has_value(), "Result::error() on a value");
    return *error_;
  }
  E&& error() && {
    REFEREE_CHECK(error_.has_value(), "Result::error() on a value");
    return std::move(*error_);
  }

 private:
  std::optional<E> error_;
};

inline Unexpected<Finding> Fail(Finding finding) { return Unexpected<Finding>(std::move(finding)); }

}  // namespace referee

// Propagates an error out of the enclosing function that returns a Result. A named result is
// looked at where it is, not copied (a value read, a set-up with its goals, a hand of cards):
// only its error is copied, on the way out. A temporary's error is moved.
#define REFEREE_TRY(expr)                                                            \
  do {                                                                               \
    if (auto&& referee_try_result_ = (expr); !referee_try_result_.has_value())       \
      return ::referee::Fail(                                                        \
          std::forward<decltype(referee_try_result_)>(referee_try_result_).error()); \
  } while (false)
