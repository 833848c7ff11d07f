#include "referee/core/event.h"

namespace referee {

PlayPath PlayPath::InRecord(int deal_index, int trick_index, int position) {
  PlayPath path;
  path.deal_index_ = deal_index;
  path.trick_index_ = trick_index;
  path.position_ = position;
  return path;
}

std::string PlayPath::str() const {
  if (deal_index_ < 0) return text_;
  return "/deals/" + std::to_string(deal_index_) + "/tricks/" + std::to_string(trick_index_) + "/" +
         std::to_string(position_);
}

std::string PathOf(const Event& event) {
  return std::visit([](const auto& e) -> std::string { return e.path; }, event);
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
