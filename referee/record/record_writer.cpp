#include "referee/record/record_writer.h"

namespace referee::record {

Node StringNode(std::string text) { return Node::Scalar(Node::Kind::kString, std::move(text), {}); }

Node IntegerNode(int64_t value) {
  return Node::Scalar(Node::Kind::kInteger, std::to_string(value), {});
}

Node SecondsNode(int64_t millis) {
  std::string text = std::to_string(millis / 1000);
  if (int64_t fraction = millis % 1000; fraction != 0) {
    std::string digits = std::to_string(1000 + fraction).substr(1);
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
    return Node::Scalar(Node::Kind::kDecimal, text, {});
  }
  return Node::Scalar(Node::Kind::kInteger, text, {});
}

Node WordsNode(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return StringNode(std::move(text));
}

}  // namespace referee::record
