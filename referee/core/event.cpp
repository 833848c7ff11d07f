#include "referee/core/event.h"

namespace referee {

const std::string& PathOf(const Event& event) {
  return std::visit([](const auto& e) -> const std::string& { return e.path; }, event);
}

int DealOf(const Event& event) {
  return std::visit(
      [](const auto& e) -> int {
        if constexpr (requires { e.deal; }) {
          return e.deal;
        } else {
          return 0;
        }
      },
      event);
}

}  // namespace referee
