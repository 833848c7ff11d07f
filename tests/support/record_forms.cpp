#include "tests/support/record_forms.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/json_writer.h"
#include "formats/scalar_shape.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::testing {
namespace {

using record::Node;
using Kind = record::Node::Kind;

bool Coin(std::mt19937& rng) { return rng() % 2 == 0; }
size_t Pick(std::mt19937& rng, size_t count) { return rng() % count; }

Node Text(std::string text) { return record::StringNode(std::move(text)); }

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  record::ForEachWord(text, [&](const record::Word& word) {
    words.emplace_back(word.text);
    return true;
  });
  return words;
}

// A list of words, as a list or as one string with one or more spaces between them.
Node WordList(const std::vector<std::string>& words, std::mt19937& rng) {
  if (Coin(rng)) {
    Node list = Node::List({});
    for (const std::string& word : words) list.Append(Text(word));
    return list;
  }
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) text += std::string(1 + Pick(rng, 3), ' ');
    text += word;
  }
  return Text(text);
}

std::vector<std::string> WordsOf(const Node& node) {
  if (node.kind() == Kind::kString) return Words(node.text());
  std::vector<std::string> words;
  for (const Node& item : node.items()) words.push_back(item.text());
  return words;
}

// A card of a trick game ("TS") in another spelling: `10` for `T`, a symbol for the suit's letter,
// lower case.
std::string RespellCard(const std::string& card, std::mt19937& rng) {
  if (card.size() != 2) return card;
  static constexpr std::string_view kSuits = "CDHS";
  static const std::array<std::array<const char*, 2>, 4> kSymbols = {{
      {"\u2663", "\u2667"},  // clubs, black and white
      {"\u2666", "\u2662"},  // diamonds
      {"\u2665", "\u2661"},  // hearts
      {"\u2660", "\u2664"},  // spades
  }};
  size_t suit = kSuits.find(card[1]);
  if (suit == std::string_view::npos) return card;
  bool lower = Pick(rng, 4) == 0;
  std::string rank = card[0] == 'T' && Coin(rng) ? "10" : std::string(1, card[0]);
  if (lower && rank.size() == 1 && rank[0] >= 'A' && rank[0] <= 'Z') rank[0] += 'a' - 'A';
  switch (Pick(rng, 3)) {
    case 0:
      return rank + std::string(1, lower ? static_cast<char>(card[1] + ('a' - 'A')) : card[1]);
    case 1:
      return rank + kSymbols[suit][0];
    default:
      return rank + kSymbols[suit][1];
  }
}

// A list of trick-game cards, each respelled, as a list or a string.
Node RespelledCards(const Node& node, std::mt19937& rng) {
  std::vector<std::string> cards = WordsOf(node);
  for (std::string& card : cards) card = RespellCard(card, rng);
  return WordList(cards, rng);
}

// A Cahoots number card ("3G") in its long form ("3-green"), either case, or compact in lower
// case.
std::string RespellNumberCard(const std::string& card, const games::cahoots::Edition& edition,
                              std::mt19937& rng) {
  std::optional<games::cahoots::NumberCard> read =
      games::cahoots::NumberCardFromText(card, edition);
  if (!read) return card;
  std::string colour = games::cahoots::ColourName(edition, read->colour);
  switch (Pick(rng, 4)) {
    case 0:
      return card;
    case 1: {
      std::string lower = card;
      lower[1] = static_cast<char>(lower[1] >= 'A' && lower[1] <= 'Z' ? lower[1] + 32 : lower[1]);
      return lower;
    }
    case 2:
      return std::to_string(read->number) + "-" + colour;
    default:
      colour[0] =
          static_cast<char>(colour[0] >= 'a' && colour[0] <= 'z' ? colour[0] - 32 : colour[0]);
      return std::to_string(read->number) + "-" + colour;
  }
}

Node RespelledNumberCards(const Node& node, const games::cahoots::Edition& edition,
                          std::mt19937& rng) {
  std::vector<std::string> cards = WordsOf(node);
  for (std::string& card : cards) card = RespellNumberCard(card, edition, rng);
  return WordList(cards, rng);
}

// A copy of `map` with `key` set to `value` (added last when it was not there).
void Set(Node& map, const std::string& key, Node value) {
  Node copy = Node::Map({});
  bool set = false;
  for (const Node::Member& member : map.members()) {
    if (member.key == key) {
      copy.AddMember(key, {}, std::move(value));
      set = true;
    } else {
      copy.AddMember(member.key, {}, member.value);
    }
  }
  if (!set) copy.AddMember(key, {}, std::move(value));
  map = std::move(copy);
}

void Remove(Node& map, const std::string& key) {
  Node copy = Node::Map({});
  for (const Node::Member& member : map.members()) {
    if (member.key != key) copy.AddMember(member.key, {}, member.value);
  }
  map = std::move(copy);
}

Node OptionNode(const OptionValue& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return record::IntegerNode(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) {
    return Node::Scalar(Kind::kBool, *flag ? "true" : "false", {});
  }
  return Text(std::get<std::string>(value));
}

// Rule options the record leaves at their defaults, some written out.
void WriteSomeDefaults(const record::Record& record, Node& root, std::mt19937& rng) {
  Node rules = root.Has("rules") ? *root.Find("rules") : Node::Map({});
  for (const OptionSpec& spec : record.game->options) {
    if (rules.Has(spec.name) || !Coin(rng)) continue;
    rules.AddMember(spec.name, {}, OptionNode(spec.default_value));
  }
  if (!rules.members().empty()) Set(root, "rules", std::move(rules));
}

Node FactNode(const FactValue& value, std::mt19937& rng) {
  if (value.IsNumber()) return record::IntegerNode(value.number());
  const std::vector<std::string>& words = value.words();
  if (words.size() == 1 && Coin(rng)) return Text(words.front());
  std::vector<std::string> shuffled = words;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  return WordList(shuffled, rng);
}

// The claimed result: the whole of what the replay gives, some of it, or none.
void ClaimSomeResult(const verifier::Verdict& verdict, Node& root, std::mt19937& rng) {
  Remove(root, "result");
  size_t mode = Pick(rng, 3);
  if (mode == 0) return;
  Node result = Node::Map({});
  for (const Fact& fact : verdict.outcome.facts) {
    if (mode == 2 && !Coin(rng)) continue;
    result.AddMember(fact.key, {}, FactNode(fact.value, rng));
  }
  if (!result.members().empty()) Set(root, "result", std::move(result));
}

// The pack order a deal's hands give, dealt one card at a time from the dealer's left.
std::optional<Node> DeckOfHands(const Node& deal, std::mt19937& rng) {
  const Node* hands = deal.Find("hands");
  const Node* dealer = deal.Find("dealer");
  if (hands == nullptr || dealer == nullptr) return std::nullopt;
  static constexpr std::string_view kSeats = "NESW";
  size_t first = (kSeats.find(dealer->text()[0]) + 1) % 4;
  std::array<std::vector<std::string>, 4> held;
  for (size_t seat = 0; seat < 4; ++seat) {
    const Node* hand = hands->Find(std::string(1, kSeats[seat]));
    if (hand == nullptr) return std::nullopt;
    held[seat] = WordsOf(*hand);
  }
  std::vector<std::string> deck;
  for (size_t i = 0; i < held[0].size() * 4; ++i) {
    const std::vector<std::string>& hand = held[(first + i) % 4];
    if (i / 4 >= hand.size()) return std::nullopt;
    deck.push_back(RespellCard(hand[i / 4], rng));
  }
  return WordList(deck, rng);
}

const ScoreSheet::Row* RowOf(const verifier::Verdict& verdict, int deal) {
  for (const ScoreSheet::Row& row : verdict.scores.rows) {
    if (row.deal == deal && !row.void_deal) return &row;
  }
  return nullptr;
}

Node TrickDeal(const Node& deal, int number, bool seeded, const verifier::Verdict& verdict,
               std::mt19937& rng) {
  Node out = deal;
  // The cards: by the hands, the pack order, both, or (with a seed) neither.
  if (deal.Has("hands")) {
    std::optional<Node> deck = DeckOfHands(deal, rng);
    size_t mode = Pick(rng, seeded ? 4 : 3);
    if (!deck && (mode == 1 || mode == 2)) mode = 0;
    if (deck && mode >= 1 && mode <= 2) Set(out, "deck", std::move(*deck));
    if (mode == 1 || mode == 3) {
      Remove(out, "hands");
    } else {
      Node hands = Node::Map({});
      for (const Node::Member& hand : deal.Find("hands")->members()) {
        hands.AddMember(hand.key, {}, RespelledCards(hand.value, rng));
      }
      Set(out, "hands", std::move(hands));
    }
  } else if (const Node* deck = deal.Find("deck")) {
    Set(out, "deck", RespelledCards(*deck, rng));
  }
  if (const Node* tricks = deal.Find("tricks")) {
    Node list = Node::List({});
    for (const Node& trick : tricks->items()) list.Append(RespelledCards(trick, rng));
    Set(out, "tricks", std::move(list));
  }
  // The claim: the points the replay gives, on some deals.
  Remove(out, "claim");
  const ScoreSheet::Row* row = RowOf(verdict, number);
  if (row != nullptr && Coin(rng)) {
    Node claim = Node::Map({});
    for (size_t unit = 0; unit < verdict.scores.units.size(); ++unit) {
      claim.AddMember(verdict.scores.units[unit], {}, record::IntegerNode(row->points[unit]));
    }
    Set(out, "claim", std::move(claim));
  }
  return out;
}

Node CahootsTurn(const Node& turn, const games::cahoots::Edition& edition, std::mt19937& rng) {
  if (turn.kind() == Kind::kString) {
    std::vector<std::string> words = Words(turn.text());
    if (words.size() != 3) return turn;
    words[1] = RespellNumberCard(words[1], edition, rng);
    switch (Pick(rng, 3)) {
      case 0:
        return WordList(words, rng);
      case 1: {
        Node list = Node::List({});
        list.Append(Text(words[0]));
        list.Append(Text(words[1]));
        list.Append(Node::Scalar(Kind::kInteger, words[2], {}));
        return list;
      }
      default: {
        Node map = Node::Map({});
        map.AddMember("player", {}, Text(words[0]));
        map.AddMember("card", {}, Text(words[1]));
        map.AddMember("pile", {}, Node::Scalar(Kind::kInteger, words[2], {}));
        return map;
      }
    }
  }
  Node out = turn;
  if (const Node* card = turn.Find("card")) {
    Set(out, "card", Text(RespellNumberCard(card->text(), edition, rng)));
  }
  if (const Node* drew = turn.Find("drew"))
    Set(out, "drew", RespelledNumberCards(*drew, edition, rng));
  if (const Node* completed = turn.Find("completed")) {
    std::vector<std::string> positions = WordsOf(*completed);
    if (Coin(rng)) {
      Node list = Node::List({});
      for (const std::string& position : positions) {
        list.Append(Node::Scalar(Kind::kInteger, position, {}));
      }
      Set(out, "completed", std::move(list));
    } else {
      Set(out, "completed", WordList(positions, rng));
    }
  }
  return out;
}

Node CahootsGoal(const Node& goal, std::mt19937& rng) {
  Node out = goal;
  for (const Node::Member& member : goal.members()) {
    if (member.value.IsList()) Set(out, member.key, WordList(WordsOf(member.value), rng));
    if (member.value.kind() == Kind::kString && member.key != "kind" && member.key != "catalogue" &&
        Coin(rng)) {
      std::string colour = member.value.text();
      if (!colour.empty())
        colour[0] = static_cast<char>(colour[0] >= 'a' ? colour[0] - 32 : colour[0]);
      Set(out, member.key, Text(colour));
    }
  }
  return out;
}

void RewriteCahootsBody(const record::Record& record, Node& root, std::mt19937& rng) {
  const auto& edition = games::cahoots::EditionNamed(record.rules.Choice("edition"));
  if (const Node* deck = root.Find("deck")) {
    Set(root, "deck", RespelledNumberCards(*deck, edition, rng));
  }
  if (const Node* goals = root.Find("goals")) {
    Node list = Node::List({});
    for (const Node& goal : goals->items()) list.Append(CahootsGoal(goal, rng));
    Set(root, "goals", std::move(list));
  }
  if (const Node* turns = root.Find("turns")) {
    Node list = Node::List({});
    for (const Node& turn : turns->items()) list.Append(CahootsTurn(turn, edition, rng));
    Set(root, "turns", std::move(list));
  }
}

// Whether every card a seed deals is written out too: each deal's hands or pack order, or the
// Cahoots deck.
bool CardsShown(const Node& root) {
  if (const Node* deals = root.Find("deals")) {
    return std::all_of(deals->items().begin(), deals->items().end(),
                       [](const Node& deal) { return deal.Has("hands") || deal.Has("deck"); });
  }
  return root.Has("deck");
}

// The record without its seed, its cards standing on what is written: a club writes what it
// played, with nothing to regenerate. Board numbers go with the seed.
void DropSeed(Node& root) {
  Remove(root, "seed");
  Remove(root, "board");
  if (const Node* deals = root.Find("deals")) {
    Node list = Node::List({});
    for (const Node& deal : deals->items()) {
      Node copy = deal;
      Remove(copy, "board");
      list.Append(std::move(copy));
    }
    Set(root, "deals", std::move(list));
  }
}

// Every map's keys in an order drawn from `rng`.
Node Shuffled(const Node& node, std::mt19937& rng) {
  if (node.IsList()) {
    Node list = Node::List({});
    for (const Node& item : node.items()) list.Append(Shuffled(item, rng));
    return list;
  }
  if (!node.IsMap()) return node;
  std::vector<const Node::Member*> members;
  for (const Node::Member& member : node.members()) members.push_back(&member);
  std::shuffle(members.begin(), members.end(), rng);
  Node map = Node::Map({});
  for (const Node::Member* member : members) {
    map.AddMember(member->key, {}, Shuffled(member->value, rng));
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// YAML in mixed styles.

// Whether `text` may be written as a plain scalar anywhere, block or flow, and read back as the
// same string.
bool PlainSafe(const std::string& text) {
  if (text.empty() || text.front() == ' ' || text.back() == ' ') return false;
  if (formats::PlainScalarKind(text) != Kind::kString) return false;
  static constexpr std::string_view kFirst = "-?:,[]{}#&*!|>'\"%@`";
  if (kFirst.find(text.front()) != std::string_view::npos) return false;
  for (char c : text) {
    if (std::string_view(",[]{}#:\"'\\\t\n").find(c) != std::string_view::npos) return false;
  }
  return true;
}

std::string Scalar(const Node& node, std::mt19937& rng) {
  if (node.kind() != Kind::kString) return node.text();
  if (PlainSafe(node.text()) && Coin(rng)) return node.text();
  return formats::WriteJson(node, false);  // a JSON string is a YAML double-quoted scalar
}

std::string Key(const std::string& key, std::mt19937& rng) { return Scalar(Text(key), rng); }

std::string Flow(const Node& node, std::mt19937& rng) {
  if (node.IsList()) {
    std::string text = "[";
    for (const Node& item : node.items()) {
      text += (text.size() > 1 ? ", " : "") + Flow(item, rng);
    }
    return text + "]";
  }
  if (node.IsMap()) {
    std::string text = "{";
    for (const Node::Member& member : node.members()) {
      text += (text.size() > 1 ? ", " : "") + Key(member.key, rng) + ": " + Flow(member.value, rng);
    }
    return text + "}";
  }
  return Scalar(node, rng);
}

bool AsBlock(const Node& node, std::mt19937& rng) {
  if (node.IsList()) return !node.items().empty() && Pick(rng, 3) != 0;
  if (node.IsMap()) return !node.members().empty() && Pick(rng, 3) != 0;
  return false;
}

void Block(const Node& node, size_t indent, std::mt19937& rng, std::string& out) {
  std::string pad(indent, ' ');
  if (node.IsMap()) {
    for (const Node::Member& member : node.members()) {
      out += pad + Key(member.key, rng) + ":";
      if (AsBlock(member.value, rng)) {
        out += "\n";
        Block(member.value, indent + 2, rng, out);
      } else {
        out += " " + Flow(member.value, rng) + "\n";
      }
    }
    return;
  }
  for (const Node& item : node.items()) {
    if (AsBlock(item, rng)) {
      out += pad + "-\n";
      Block(item, indent + 2, rng, out);
    } else {
      out += pad + "- " + Flow(item, rng) + "\n";
    }
  }
}

}  // namespace

std::string MixedYaml(const record::Node& tree, std::mt19937& rng) {
  if (!AsBlock(tree, rng)) return Flow(tree, rng) + "\n";
  std::string out;
  Block(tree, 0, rng, out);
  return out;
}

record::Node AnotherTree(const record::Record& record, const verifier::Verdict& verdict,
                         std::mt19937& rng) {
  Node root = record::WriteRecord(record);
  if (root.Has("id") && Coin(rng)) {
    Remove(root, "id");
  } else if (!root.Has("id") && Coin(rng)) {
    Set(root, "id", Text("form-" + std::to_string(rng() % 1000)));
  }
  WriteSomeDefaults(record, root, rng);
  ClaimSomeResult(verdict, root, rng);
  bool seeded = record.seed.has_value();
  if (seeded && CardsShown(root) && Coin(rng)) {
    DropSeed(root);
    seeded = false;
  }
  if (const Node* deals = root.Find("deals")) {
    Node list = Node::List({});
    for (size_t d = 0; d < deals->items().size(); ++d) {
      list.Append(TrickDeal(deals->items()[d], static_cast<int>(d) + 1, seeded, verdict, rng));
    }
    Set(root, "deals", std::move(list));
  }
  if (root.Has("turns")) RewriteCahootsBody(record, root, rng);
  return Shuffled(root, rng);
}

WrittenRecord AnotherForm(const record::Record& record, const verifier::Verdict& verdict,
                          std::mt19937& rng) {
  Node tree = AnotherTree(record, verdict, rng);
  switch (Pick(rng, 3)) {
    case 0:
      return {formats::WriteJson(tree, false), formats::InputFormat::kJson};
    case 1:
      return {formats::WriteJson(tree, true), formats::InputFormat::kJson};
    default:
      return {MixedYaml(tree, rng), formats::InputFormat::kYaml};
  }
}

}  // namespace referee::testing
