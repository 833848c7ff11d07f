// Whether this build runs under AddressSanitizer (REFEREE_SANITIZE): some checks of the real
// binary cannot hold there, because the sanitizer's runtime needs resources of its own (shadow
// memory beyond a `ulimit -v`, file descriptors for its own checks).
#pragma once

namespace referee::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace referee::testing
