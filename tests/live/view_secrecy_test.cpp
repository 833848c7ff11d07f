// A view never shows a card of another actor's hand (docs/live.md, "What a seat may learn"): at
// random points of random legal matches of every game, the cards in each actor's view (as the
// protocol writes it) are checked against every other actor's hand, taken from the match's own
// description, not from its views. The exceptions are the rules' own: Conspiracy's calling
// partners see each other's hands, and Lil Cahoots may be played with open hands.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "formats/yaml_reader.h"
#include "referee/core/seat.h"
#include "referee/games/cahoots/cahoots_cards.h"
#include "referee/games/cahoots/cahoots_match.h"
#include "referee/games/game_record.h"
#include "tests/live/live_test_util.h"
#include "tests/shared/game_param.h"

namespace referee::testing {
namespace {

using games::GameDescriptor;
using record::Node;

std::vector<std::string> Words(const Node* node) {
  std::vector<std::string> words;
  if (node == nullptr) return words;
  for (const record::Word& word : record::SplitWords(node->text())) words.emplace_back(word.text);
  return words;
}

// Every hand of a trick-game deal in progress, from Describe(): "; N: AS KS ...; E: ...".
std::map<std::string, std::set<std::string>> DescribedHands(const Match& match) {
  std::map<std::string, std::set<std::string>> hands;
  std::string text = match.Describe();
  static const std::regex hand(R"(; ([NESW]): ([^;]*))");
  for (std::sregex_iterator it(text.begin(), text.end(), hand), end; it != end; ++it) {
    std::string cards = (*it)[2].str();
    for (const record::Word& word : record::SplitWords(cards)) {
      hands[(*it)[1]].insert(std::string(word.text));
    }
  }
  return hands;
}

void CheckTrickView(const Node& view, const std::string& actor, const Match& match) {
  std::set<std::string> allowed_keys = {"seat",   "deal",       "dealer", "hand",        "trick",
                                        "played", "tricks_won", "call",   "known_hands", "scores"};
  for (const Node::Member& member : view.members()) {
    EXPECT_TRUE(allowed_keys.count(member.key)) << "unexpected view key " << member.key;
  }
  std::map<std::string, std::set<std::string>> hands = DescribedHands(match);
  std::vector<std::string> shown = Words(view.Find("hand"));
  if (const Node* trick = view.Find("trick")) {
    for (const std::string& card : Words(trick->Find("cards"))) shown.push_back(card);
  }
  for (const std::string& card : Words(view.Find("played"))) shown.push_back(card);
  std::set<std::string> known;
  if (const Node* known_hands = view.Find("known_hands")) {
    for (const Node::Member& member : known_hands->members()) {
      known.insert(member.key);
      for (const std::string& card : Words(&member.value)) shown.push_back(card);
    }
  }
  if (!hands.empty()) {
    std::vector<std::string> own = Words(view.Find("hand"));
    EXPECT_EQ(std::set<std::string>(own.begin(), own.end()), hands[actor]);
  }
  for (const auto& [seat, hand] : hands) {
    if (seat == actor || known.count(seat)) continue;
    for (const std::string& card : shown) {
      EXPECT_FALSE(hand.count(card)) << actor << "'s view shows " << card << " of " << seat;
    }
  }
}

int Count(const std::vector<std::string>& cards, const std::string& card) {
  return static_cast<int>(std::count(cards.begin(), cards.end(), card));
}

void CheckCahootsView(const Node& view, int actor, const Match& match) {
  const auto& cahoots = dynamic_cast<const games::cahoots::CahootsMatch&>(match);
  const games::cahoots::Edition& edition = cahoots.edition();
  auto texts = [&](const std::vector<games::cahoots::NumberCard>& cards) {
    std::vector<std::string> out;
    for (games::cahoots::NumberCard card : cards)
      out.push_back(games::cahoots::CardText(card, edition));
    return out;
  };
  std::vector<std::string> own = texts(cahoots.hands()[actor]);
  std::vector<std::string> shown = Words(view.Find("cards"));
  EXPECT_EQ(std::multiset<std::string>(shown.begin(), shown.end()),
            std::multiset<std::string>(own.begin(), own.end()));
  std::vector<std::string> public_cards = own;
  for (const auto& pile : cahoots.piles()) {
    if (!pile.empty()) public_cards.push_back(games::cahoots::CardText(pile.back(), edition));
  }
  for (const std::string& card : Words(view.Find("piles"))) shown.push_back(card);
  EXPECT_EQ(view.Find("open_hands"), nullptr);  // the playouts do not play open hands
  // Cahoots has two copies of each card: no card is shown more often than the actor's own hand
  // and the pile tops hold it, so no copy in another hand is shown.
  for (const std::string& card : shown) {
    EXPECT_LE(Count(shown, card), Count(public_cards, card)) << card;
  }
}

class LiveViews : public ::testing::TestWithParam<const GameDescriptor*> {};

TEST_P(LiveViews, AViewNeverShowsAnotherActorsHiddenCard) {
  const GameDescriptor& game = *GetParam();
  bool seats = game.player_shape == games::PlayerShape::kFourSeats;
  int views = 0;
  for (uint32_t seed = 100; seed < 106; ++seed) {
    ScriptedMatch match = RandomScript(game, seed);
    auto started = live::Session::Start(match.script.header);
    ASSERT_TRUE(started.has_value());
    live::Session session = std::move(*started);
    std::mt19937 rng(seed);
    for (const record::Node& line : match.script.events) {
      ASSERT_TRUE(IsOk(session.Handle(line).line));
      if (rng() % 4 != 0) continue;
      for (int actor = 0; actor < static_cast<int>(session.record().players.size()); ++actor) {
        std::string name = seats ? SeatName(SeatAt(actor)) : session.record().players[actor];
        std::string request = std::string(R"({"event":"view",")") + (seats ? "seat" : "player") +
                              R"(":")" + name + "\"}";
        live::Reply reply = session.Handle(ParseLine(request));
        const Node* view = reply.line.Find("view");
        ASSERT_NE(view, nullptr) << Json(reply.line);
        if (seats) {
          CheckTrickView(*view, name, session.match());
        } else {
          CheckCahootsView(*view, actor, session.match());
        }
        ++views;
      }
    }
  }
  EXPECT_GT(views, 100);
}

INSTANTIATE_TEST_SUITE_P(AllGames, LiveViews, ::testing::ValuesIn(games::BuiltInGames()), GameName);

TEST(LiveOpenHands, LilOpenHandsShowTheOtherPlayersCards) {
  std::ifstream file(std::string(REFEREE_SOURCE_DIR) +
                     "/samples/cahoots/valid/lil-open-hands.yaml");
  std::stringstream text;
  text << file.rdbuf();
  auto record = record::ReadRecord(*formats::ParseYaml(text.str()));
  ASSERT_TRUE(record.has_value());
  live::LiveScript script = live::ScriptFor(*record);
  auto started = live::Session::Start(script.header);
  ASSERT_TRUE(started.has_value());
  live::Session session = std::move(*started);
  std::string request = R"({"event":"view","player":")" + record->players[0] + "\"}";
  const Node view = *session.Handle(ParseLine(request)).line.Find("view");
  const Node* open = view.Find("open_hands");
  ASSERT_NE(open, nullptr) << Json(view);
  EXPECT_EQ(open->members().size(), record->players.size() - 1);
}

}  // namespace
}  // namespace referee::testing
