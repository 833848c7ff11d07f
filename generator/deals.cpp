#include "generator/deals.h"

#include <charconv>

#include "referee/core/check.h"
#include "referee/games/cahoots/cahoots_cards.h"
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

// One board of a trick game, dealt by the engine from the seed as deal 1 of a fresh match.
Result<Node> TrickBoard(const DealRequest& request, int board) {
  MatchSetup setup{request.rules, {"N", "E", "S", "W"}, request.seed, &verifier::Sha256};
  std::unique_ptr<Match> match = request.game->new_match(setup);
  DealEvent deal{.deal = 1, .path = "/deals/0", .board = board, .seeded = true};
  deal.dealer = SeatAt(board - 1);
  auto ruling = match->Apply(Event(deal));
  if (!ruling.has_value()) return Fail(std::move(ruling).error());
  Node node = Node::Map({});
  node.AddMember("board", {}, record::IntegerNode(board));
  node.AddMember("dealer", {}, record::StringNode(SeatName(*deal.dealer)));
  Node hands = Node::Map({});
  for (Seat seat : kAllSeats) {
    hands.AddMember(SeatName(seat), {},
                    record::StringNode(match->ViewFor(SeatIndex(seat)).hand.ToString()));
  }
  node.AddMember("hands", {}, std::move(hands));
  return node;
}

std::string CardsOf(const std::vector<NumberCard>& cards, const games::cahoots::Edition& edition) {
  return games::cahoots::CardsText(cards, edition);
}

Node CahootsBoard(const DealRequest& request, int board) {
  const games::cahoots::Edition& edition =
      games::cahoots::EditionNamed(request.rules.Choice("edition"));
  std::vector<NumberCard> deck = games::cahoots::SeededDeck(&verifier::Sha256, request.seed, board);
  Node node = Node::Map({});
  node.AddMember("board", {}, record::IntegerNode(board));
  node.AddMember("deck", {}, record::StringNode(CardsOf(deck, edition)));
  if (request.players == 0) return node;
  // The deal of docs/rules/cahoots.md: one card at a time in turn order until each holds 4.
  size_t dealt = static_cast<size_t>(request.players) * 4;
  std::vector<std::vector<NumberCard>> hands(static_cast<size_t>(request.players));
  for (size_t i = 0; i < dealt; ++i) hands[i % hands.size()].push_back(deck[i]);
  Node list = Node::List({});
  for (const auto& hand : hands) list.Append(record::StringNode(CardsOf(hand, edition)));
  node.AddMember("hands", {}, std::move(list));
  std::vector<NumberCard> piles(deck.begin() + dealt, deck.begin() + dealt + 4);
  node.AddMember("piles", {}, record::StringNode(CardsOf(piles, edition)));
  node.AddMember("draw", {}, record::IntegerNode(static_cast<int64_t>(deck.size() - dealt - 4)));
  return node;
}

bool IsCahoots(const games::GameDescriptor& game) {
  return game.player_shape == games::PlayerShape::kTurnOrder;
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
  bool cahoots = IsCahoots(*request.game);
  if (request.players != 0 && (!cahoots || request.players < request.game->min_players ||
                               request.players > request.game->max_players)) {
    return Fail(Problem("--players is for Cahoots only, 2 to 4 players"));
  }
  Node root = Node::Map({});
  root.AddMember("game", {}, record::StringNode(request.game->name));
  root.AddMember("sha256", {}, record::StringNode(Commitment(request.seed)));
  Node boards = Node::List({});
  for (int board = request.boards.first; board <= request.boards.last; ++board) {
    if (cahoots) {
      boards.Append(CahootsBoard(request, board));
      continue;
    }
    auto node = TrickBoard(request, board);
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
