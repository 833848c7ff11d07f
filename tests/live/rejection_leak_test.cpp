// Regression tests, one per leak: a seat that posted an illegal play learned where another seat's
// cards were from the rejection (docs/live.md, "What a seat may learn"). Each test plays the same
// line at two tables that differ only in cards the posting seat may not see, and requires the
// same reply, with the finding code the verifier gives. The verifier keeps naming the holder (a
// finished record is public): the golden samples under samples/*/invalid check its wording.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "formats/yaml_reader.h"
#include "live/journal.h"
#include "referee/core/seat.h"
#include "referee/games/game_record.h"
#include "tests/live/live_test_util.h"

namespace referee::testing {
namespace {

using record::Node;

live::Session Started(const std::string& header) {
  auto session = live::Session::Start(ParseLine(header));
  EXPECT_TRUE(session.has_value()) << (session.has_value() ? "" : session.error().message);
  return std::move(*session);
}

// Thirteen cards of one suit: "2C 3C ... AC".
std::string SuitOf(char suit) {
  std::string cards;
  for (char rank : std::string("23456789TJQKA")) {
    cards += (cards.empty() ? "" : " ") + std::string(1, rank) + suit;
  }
  return cards;
}

// A Collusion table dealt by N (so E leads) with one suit per seat, in the order N E S W.
live::Session CollusionTable(const std::string& suits) {
  live::Session session = Started(
      R"({"format":"referee/1","game":"collusion","players":{"N":"ann","E":"bob","S":"cy","W":"di"}})");
  std::string deal = R"({"event":"deal","dealer":"N","hands":{)";
  for (int seat = 0; seat < 4; ++seat) {
    deal += std::string(seat == 0 ? "" : ",") + "\"" + SeatName(SeatAt(seat)) + "\":\"" +
            SuitOf(suits[seat]) + "\"";
  }
  EXPECT_TRUE(IsOk(session.Handle(ParseLine(deal + "}}")).line));
  return session;
}

std::string Answer(live::Session& session, const std::string& line) {
  return Json(session.Handle(ParseLine(line)).line);
}

// Was: "expected E to lead to trick 1 (...), found 2C from S's hand".
TEST(LiveLeak, WrongLeaderNamedTheSeatHoldingTheCard) {
  // E holds hearts either way; clubs are S's at one table and W's at the other.
  live::Session clubs_at_south = CollusionTable("SHCD");
  live::Session clubs_at_west = CollusionTable("SHDC");
  const std::string line = R"({"event":"play","seat":"E","card":"2C"})";
  std::string reply = Answer(clubs_at_south, line);
  EXPECT_EQ(reply, Answer(clubs_at_west, line));
  EXPECT_EQ(reply,
            R"({"ok":false,"code":"wrong-leader","message":"expected E to lead to trick 1 (the )"
            R"(player at the dealer's left leads to the first trick), found 2C, which is not in )"
            R"(E's hand","at":"/card","next":{"phase":"play","seat":"E","deal":1,"trick":1}})");
}

// Was: "expected a card from S's hand (S plays next to this trick), found 8D, which W holds:
// played out of turn?".
TEST(LiveLeak, CardNotInHandNamedTheSeatHoldingTheCard) {
  // S holds clubs either way; diamonds are W's at one table and N's at the other.
  live::Session diamonds_at_west = CollusionTable("SHCD");
  live::Session diamonds_at_north = CollusionTable("DHCS");
  for (live::Session* session : {&diamonds_at_west, &diamonds_at_north}) {
    ASSERT_TRUE(
        IsOk(session->Handle(ParseLine(R"({"event":"play","seat":"E","card":"3H"})")).line));
  }
  const std::string line = R"({"event":"play","seat":"S","card":"8D"})";
  std::string reply = Answer(diamonds_at_west, line);
  EXPECT_EQ(reply, Answer(diamonds_at_north, line));
  EXPECT_EQ(reply,
            R"({"ok":false,"code":"card-not-in-hand","message":"expected a card from S's hand )"
            R"((S plays next to this trick), found 8D, which S does not hold","at":"/card",)"
            R"("next":{"phase":"play","seat":"S","deal":1,"trick":1}})");
}

// samples/cahoots/invalid/card-not-in-hand.yaml as a live table: ann 5U 6O 2G 5O; bob 2P 3O 3P 6U;
// cy 4G 3G 3U 7P; piles 5G 3U 1O 1P; the draw pile from 4P 3P. `swapped` gives bob's cards to cy
// and cy's to bob, and swaps the two top cards of the draw pile: ann sees neither.
live::Session CahootsTable(bool swapped) {
  std::string dealt =
      swapped ? "5U 4G 2P 6O 3G 3O 2G 3U 3P 5O 7P 6U" : "5U 2P 4G 6O 3O 3G 2G 3P 3U 5O 6U 7P";
  std::string draw_top = swapped ? "3P 4P" : "4P 3P";
  return Started(
      R"({"format":"referee/1","game":"cahoots","rules":{"goal_count":6},)"
      R"("players":["ann","bob","cy"],"deck":")" +
      dealt + " 5G 3U 1O 1P " + draw_top +
      " 4U 7U 2U 7G 1O 6P 1U 4O 6O 3O 5P 2O 5U 2O 2P 4G 1G 1P 6P 6G 5P 2U 6U 7P 5G 7O 7U 2G 4P "
      R"(4O 1G 3G 1U 7G 5O 7O 6G 4U",)"
      R"("goals":[{"kind":"pile-count","colour":"green","count":2},{"kind":"sum-all","total":14},)"
      R"({"kind":"two-colours","colours":["pink","orange"]},{"kind":"all-below","value":6},)"
      R"({"kind":"sum-colour","colour":"purple","total":7},{"kind":"colours-different"}]})");
}

// Was: "expected a card from ann's hand (5U 6O 2G 5O), found 4G: cy holds it; a copy is still in
// the draw pile".
TEST(LiveLeak, CahootsCardNotInHandSaidWhereTheCopiesWere) {
  live::Session table = CahootsTable(false);
  live::Session swapped = CahootsTable(true);
  const std::string line = R"({"event":"turn","card":"4G","pile":1})";
  std::string reply = Answer(table, line);
  EXPECT_EQ(reply, Answer(swapped, line));
  EXPECT_EQ(reply, R"({"ok":false,"code":"card-not-in-hand","message":"expected a card from ann's )"
                   R"(hand (5U 6O 2G 5O), found 4G","next":{"phase":"turn","player":"ann"}})");
}

// Was: a turn claiming what it drew was accepted when the claim was right and otherwise rejected
// with "expected a draw of 4P from the draw pile": either way the draw pile showed.
TEST(LiveLeak, CahootsDrawClaimShowedTheDrawPile) {
  live::Session table = CahootsTable(false);
  live::Session swapped = CahootsTable(true);
  for (const std::string claim : {"4P", "1G"}) {
    const std::string line = R"({"event":"turn","card":"5U","pile":2,"drew":")" + claim + "\"}";
    std::string reply = Answer(table, line);
    EXPECT_EQ(reply, Answer(swapped, line));
    EXPECT_FALSE(IsOk(ParseLine(reply))) << reply;
    EXPECT_EQ(CodeOf(ParseLine(reply)), "unknown-key") << reply;
  }
  // The player sees what it drew in its view, once drawn.
  ASSERT_TRUE(IsOk(table.Handle(ParseLine(R"({"event":"turn","card":"5U","pile":2})")).line));
  std::string view = Answer(table, R"({"event":"view","player":"ann"})");
  EXPECT_NE(view.find(R"("cards":"6O 2G 5O 4P")"), std::string::npos) << view;
}

// A claim of the goals a turn completes was checked live as well: right, the turn was accepted;
// wrong, refused with the goals it does complete. Where a goal turned up from the goal pile
// completes at once, that told the seat the hidden goal pile, one request at a time.
TEST(LiveLeak, CahootsCompletedClaimProbedTheGoalPile) {
  live::Session table = CahootsTable(false);
  live::Session swapped = CahootsTable(true);
  for (const std::string claim : {"[]", "[1]", "[1,2]"}) {
    const std::string line = R"({"event":"turn","card":"5U","pile":2,"completed":)" + claim + "}";
    std::string reply = Answer(table, line);
    EXPECT_EQ(reply, Answer(swapped, line));
    EXPECT_EQ(CodeOf(ParseLine(reply)), "unknown-key") << reply;
  }
}

// Journals written while live turns could claim their draw hold such claims: the referee accepted
// them once, and replaying the journal (no seat is answered) still reads them.
TEST(LiveLeak, AJournalHoldingADrawClaimStillReplays) {
  live::Session table = CahootsTable(false);
  std::string journal = Json(table.header()) + "\n" +
                        R"({"event":"turn","player":"ann","card":"5U","pile":2,"drew":"4P"})" +
                        "\n";
  auto replayed = live::ReplayJournal(live::SplitJournal(journal));
  ASSERT_TRUE(replayed.has_value()) << replayed.error().message;
  EXPECT_EQ(replayed->events(), 1);
  // The same line from a seat is refused.
  EXPECT_EQ(CodeOf(ParseLine(Answer(
                table, R"({"event":"turn","player":"ann","card":"5U","pile":2,"drew":"4P"})"))),
            "unknown-key");
}

// Was: "end" announced "loss: ann cannot play (holds 3U 1U 5P 1P), ..." beside the verdict, and a
// turn after the end was refused with the same words. The verdict is the record, public once the
// match is over, and says it; nothing else names a card its reader may not see.
TEST(LiveLeak, CahootsLossNamedTheCardsOfThePlayerWhoCannotPlay) {
  std::ifstream file(std::string(REFEREE_SOURCE_DIR) +
                     "/samples/cahoots/valid/loss-cannot-play.yaml");
  std::stringstream text;
  text << file.rdbuf();
  auto record = record::ReadRecord(*formats::ParseYaml(text.str()));
  ASSERT_TRUE(record.has_value());
  live::LiveScript script = live::ScriptFor(*record);
  live::Session session = Started(Json(script.header));
  Node last;
  for (const Node& line : script.events) {
    last = session.Handle(line).line;
    ASSERT_TRUE(IsOk(last)) << Json(last);
  }
  ASSERT_TRUE(session.IsOver());
  const Node* shown = last.Find("public");
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(Json(shown->items().back()),
            R"({"kind":"end","text":"loss: ann cannot play, 1 of 4 goals completed in 38 turns"})");
  EXPECT_EQ(last.Find("verdict")->Find("outcome")->Find("summary")->text(),
            "loss: ann cannot play (holds 3U 1U 5P 1P), 1 of 4 goals completed in 38 turns");
  std::string after = Answer(session, R"({"event":"turn","player":"bob","card":"7O","pile":3})");
  EXPECT_EQ(CodeOf(ParseLine(after)), "play-after-end") << after;
  EXPECT_EQ(after.find("holds"), std::string::npos) << after;
}

}  // namespace
}  // namespace referee::testing
