#include "referee/record/record_writer.h"

#include "referee/games/registry.h"

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

namespace {

Node OptionNode(const OptionValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return IntegerNode(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) {
    return Node::Scalar(Node::Kind::kBool, *flag ? "true" : "false", {});
  }
  return StringNode(std::get<std::string>(value));
}

Node PlayersNode(const Record& record) {
  if (record.game->player_shape == games::PlayerShape::kTurnOrder) {
    Node list = Node::List({});
    for (const std::string& name : record.players) list.Append(StringNode(name));
    return list;
  }
  Node map = Node::Map({});
  for (size_t seat = 0; seat < record.players.size(); ++seat) {
    map.AddMember(std::string(1, "NESW"[seat]), {}, StringNode(record.players[seat]));
  }
  return map;
}

Node ResultNode(const std::vector<ClaimedFact>& values) {
  Node map = Node::Map({});
  for (const ClaimedFact& fact : values) {
    map.AddMember(
        fact.key, {},
        fact.value.IsNumber() ? IntegerNode(fact.value.number()) : WordsNode(fact.value.words()));
  }
  return map;
}

}  // namespace

Node WriteRecord(const Record& record) {
  Node root = Node::Map({});
  root.AddMember("format", {}, StringNode(std::string(kFormatVersion)));
  root.AddMember("game", {}, StringNode(record.game->name));
  for (const auto& [key, value] : record.metadata) root.AddMember(key, {}, StringNode(value));
  if (auto explicit_rules = record.rules.Explicit(); !explicit_rules.empty()) {
    Node rules = Node::Map({});
    for (const auto& [name, value] : explicit_rules) rules.AddMember(name, {}, OptionNode(value));
    root.AddMember("rules", {}, std::move(rules));
  }
  root.AddMember("players", {}, PlayersNode(record));
  if (record.seed) root.AddMember("seed", {}, StringNode(*record.seed));
  record.game->write_body(record, root);
  if (record.result) root.AddMember("result", {}, ResultNode(*record.result));
  return root;
}

}  // namespace referee::record
