#include "referee/record/record_stream.h"

#include "referee/games/registry.h"
#include "referee/record/record_reader.h"

namespace referee::record {
namespace {

// The game a record names, when its `game:` is a known game's name.
const games::GameDescriptor* GameOf(const TokenBuffer& tokens, const TokenMap& root) {
  std::optional<size_t> game = root.Find("game");
  std::optional<std::string_view> name = game ? StringAt(tokens, *game) : std::nullopt;
  return name ? games::FindGame(*name) : nullptr;
}

bool IsBodyKey(const games::GameDescriptor& game, std::string_view key) {
  for (const std::string& body : game.body_keys) {
    if (body == key) return true;
  }
  return false;
}

// The header keys as a tree (they are few and small), for ReadRecordHeader; the body's values by
// key, for the game; the result's value.
struct TopLevel {
  Node header = Node::Map({});
  BodyValues body;
  std::optional<size_t> result;
};

std::optional<TopLevel> SplitTopLevel(const TokenBuffer& tokens,
                                      const games::GameDescriptor& game) {
  TopLevel top;
  top.body.assign(game.body_keys.size(), std::nullopt);
  for (size_t i = 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    std::string_view key = tokens.Text(tokens[i]);
    if (key == "result") {
      top.result = i + 1;
    } else if (IsBodyKey(game, key)) {
      for (size_t b = 0; b < game.body_keys.size(); ++b) {
        if (game.body_keys[b] == key) top.body[b] = i + 1;
      }
    } else {
      std::optional<Node> value = NodeAt(tokens, i + 1);
      if (!value) return std::nullopt;
      top.header.AddMember(std::string(key), {}, std::move(*value));
    }
  }
  return top;
}

}  // namespace

std::optional<std::optional<std::vector<ClaimedFact>>> StreamRecord(const TokenBuffer& tokens,
                                                                    EntrySink& sink) {
  std::optional<TokenMap> root = TokenMap::At(tokens, 0);
  if (!root) return std::nullopt;
  const games::GameDescriptor* game = GameOf(tokens, *root);
  if (game == nullptr || game->stream_body == nullptr) return std::nullopt;
  std::optional<TopLevel> top = SplitTopLevel(tokens, *game);
  if (!top) return std::nullopt;
  Result<Record> header = ReadRecordHeader(top->header);
  if (!header.has_value()) return std::nullopt;
  // The result is read before the body (it is small), so that a record whose result cannot be
  // read is left to the slow path before any entry is taken.
  if (top->result) {
    Node with_result = Node::Map({});
    std::optional<Node> result = NodeAt(tokens, *top->result);
    if (!result) return std::nullopt;
    with_result.AddMember("result", {}, std::move(*result));
    if (!ReadRecordResult(with_result, *header).has_value()) return std::nullopt;
  }
  if (!sink.Start(*header)) return std::nullopt;
  if (!game->stream_body(tokens, top->body, *header, sink)) return std::nullopt;
  return std::move(header->result);
}

}  // namespace referee::record
