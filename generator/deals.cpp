#include "generator/deals.h"

#include <charconv>

#include "referee/core/check.h"
#include "referee/record/record_writer.h"
#include "verifier/sha256.h"

namespace referee::generator {
namespace {

using record::Node;

constexpr int kMaxBoard = 1000000;
constexpr int kMaxBoards = 10000;

Finding Problem(const std::string& message) { return Malformed("deal", "", message); }

std::optional<int> ParseNumber(std::string_view text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

Result<BoardRange> ParseBoards(std::string_view text) {
  size_t dash = text.find('-');
  std::optional<int> first = ParseNumber(text.substr(0, dash));
  std::optional<int> last =
      dash == std::string_view::npos ? first : ParseNumber(text.substr(dash + 1));
  if (!first || !last || *first < 1 || *last < *first || *last > kMaxBoard ||
      *last - *first >= kMaxBoards) {
    return Fail(Problem("expected boards as N or FIRST-LAST (1-" + std::to_string(kMaxBoard) +
                        ", at most " + std::to_string(kMaxBoards) + " boards), found '" +
                        std::string(text) + "'"));
  }
  return BoardRange{*first, *last};
}

std::string Commitment(std::string_view seed) { return HexDigest(verifier::Sha256(seed)); }

Result<record::Node> DealTree(const DealRequest& request) {
  REFEREE_CHECK(request.game != nullptr, "DealTree without a game");
  if (request.seed.empty()) return Fail(Problem("expected a non-empty seed"));
  const games::GameDescriptor& game = *request.game;
  if (request.players != 0 && game.min_players == game.max_players) {
    return Fail(Problem("--players is for a game with a choice of players; " + game.name +
                        " is played by " + std::to_string(game.min_players)));
  }
  if (request.players != 0 &&
      (request.players < game.min_players || request.players > game.max_players)) {
    return Fail(Problem("expected --players from " + std::to_string(game.min_players) + " to " +
                        std::to_string(game.max_players) + " for " + game.name + ", found " +
                        std::to_string(request.players)));
  }
  Node root = Node::Map({});
  root.AddMember("game", {}, record::StringNode(game.name));
  root.AddMember("sha256", {}, record::StringNode(Commitment(request.seed)));
  Node boards = Node::List({});
  for (int board = request.boards.first; board <= request.boards.last; ++board) {
    auto node =
        game.deal_board(request.rules, request.seed, board, request.players, &verifier::Sha256);
    REFEREE_TRY(node);
    boards.Append(std::move(*node));
  }
  root.AddMember("boards", {}, std::move(boards));
  return root;
}

std::string DealText(const record::Node& tree) {
  std::string text = "game: " + tree.Find("game")->text() + "\n";
  text += "sha256: " + tree.Find("sha256")->text() + "\n";
  for (const Node& board : tree.Find("boards")->items()) {
    text += "board " + board.Find("board")->text();
    if (const Node* dealer = board.Find("dealer")) text += ", dealer " + dealer->text();
    text += "\n";
    if (const Node* deck = board.Find("deck")) text += "  deck: " + deck->text() + "\n";
    if (const Node* hands = board.Find("hands"); hands && hands->IsMap()) {
      for (const Node::Member& hand : hands->members()) {
        text += "  " + hand.key + ": " + hand.value.text() + "\n";
      }
    } else if (hands) {
      for (size_t i = 0; i < hands->items().size(); ++i) {
        text += "  player " + std::to_string(i + 1) + ": " + hands->items()[i].text() + "\n";
      }
      text += "  piles: " + board.Find("piles")->text() + "\n";
      text += "  draw: " + board.Find("draw")->text() + " cards\n";
    }
  }
  return text;
}

}  // namespace referee::generator
