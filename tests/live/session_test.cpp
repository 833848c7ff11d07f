// The live protocol per game (docs/live.md): the header, accepted events, rejected events that
// change nothing, views, the end with its verdict, malformed lines; and the journal's replay.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/yaml_reader.h"
#include "live/journal.h"
#include "live/live_referee.h"
#include "referee/games/cahoots/cahoots_events.h"
#include "referee/games/game_record.h"
#include "referee/games/trick/trick_events.h"
#include "tests/live/live_test_util.h"
#include "tests/shared/game_param.h"
#include "verifier/verifier.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;
using games::GameDescriptor;

class LiveProtocol : public ::testing::TestWithParam<const GameDescriptor*> {
 protected:
  const GameDescriptor& game() const { return *GetParam(); }
};

live::Session Start(const record::Node& header) {
  auto session = live::Session::Start(header);
  EXPECT_TRUE(session.has_value()) << (session.has_value() ? "" : session.error().message);
  return std::move(*session);
}

TEST_P(LiveProtocol, AWholeMatchIsAcceptedAndEndsWithTheVerifiersVerdict) {
  ScriptedMatch match = RandomScript(game(), 11);
  ASSERT_TRUE(match.playout.match->IsOver());
  live::Session session = Start(match.script.header);
  EXPECT_TRUE(IsOk(session.Greeting(0)));
  record::Node last;
  for (const record::Node& line : match.script.events) {
    live::Reply reply = session.Handle(line);
    ASSERT_TRUE(IsOk(reply.line)) << Json(line) << " -> " << Json(reply.line);
    ASSERT_TRUE(reply.accepted.has_value());
    EXPECT_EQ(Json(*reply.accepted), Json(line));  // the script's lines are canonical already
    last = reply.line;
  }
  EXPECT_TRUE(session.IsOver());
  const record::Node* verdict = last.Find("verdict");
  ASSERT_NE(verdict, nullptr) << Json(last);
  EXPECT_EQ(verdict->Find("status")->text(), "valid") << Json(*verdict);
  EXPECT_EQ(session.Verdict().status, verifier::Status::kValid);
}

TEST_P(LiveProtocol, ARejectedEventChangesNothing) {
  ScriptedMatch match = RandomScript(game(), 12);
  live::Session session = Start(match.script.header);
  std::mt19937 rng(12);
  size_t rejected = 0;
  for (const record::Node& line : match.script.events) {
    if (session.match().Next().phase == Phase::kDeal) {
      ASSERT_TRUE(IsOk(session.Handle(line).line));
      continue;
    }
    for (const Event& wrong : UnlistedEvents(session.match(), rng)) {
      std::string before = session.match().Describe();
      int events = session.events();
      live::Reply reply = session.Handle(game().live.write_event(wrong, session.record()));
      EXPECT_FALSE(IsOk(reply.line)) << Json(reply.line);
      EXPECT_FALSE(reply.accepted.has_value());
      EXPECT_FALSE(CodeOf(reply.line).empty());
      EXPECT_NE(reply.line.Find("next"), nullptr);
      EXPECT_EQ(session.match().Describe(), before);
      EXPECT_EQ(session.events(), events);
      ++rejected;
    }
    ASSERT_TRUE(IsOk(session.Handle(line).line));
  }
  EXPECT_GT(rejected, 10u);
  EXPECT_EQ(session.Verdict().status, verifier::Status::kValid);
}

TEST_P(LiveProtocol, MalformedLinesAreRejectedWithTheirCode) {
  ScriptedMatch match = RandomScript(game(), 13);
  live::Session session = Start(match.script.header);
  std::string before = session.match().Describe();
  auto code_of = [&](const std::string& text) {
    live::Reply reply = session.Handle(ParseLine(text));
    EXPECT_FALSE(reply.accepted.has_value());
    return CodeOf(reply.line);
  };
  EXPECT_EQ(code_of(R"({"event":"fly"})"), "unknown-key");
  EXPECT_EQ(code_of(R"({"card":"3C"})"), "missing-key");
  EXPECT_EQ(code_of(R"([1,2])"), "bad-type");
  EXPECT_EQ(code_of(R"({"event":"view"})"), "missing-key");
  EXPECT_EQ(code_of(R"({"event":"view","seat":"E","player":"p1"})"), "unknown-key");
  EXPECT_EQ(CodeOf(session.Rejection(formats::ParseJson("{nope").error())), "json-syntax");
  EXPECT_EQ(session.match().Describe(), before);
}

TEST_P(LiveProtocol, AViewShowsTheActorsOwnHandAndWhoIsNext) {
  ScriptedMatch match = RandomScript(game(), 14);
  live::Session session = Start(match.script.header);
  // Halfway, and on to the next play (between deals there is no hand to see).
  size_t i = 0;
  for (; i < match.script.events.size() / 2; ++i) {
    ASSERT_TRUE(IsOk(session.Handle(match.script.events[i]).line));
  }
  for (; session.match().Next().kind != "play" && session.match().Next().kind != "turn"; ++i) {
    ASSERT_TRUE(IsOk(session.Handle(match.script.events.at(i)).line));
  }
  bool seats = game().player_shape == games::PlayerShape::kFourSeats;
  std::string request = seats
                            ? R"({"event":"view","seat":"S"})"
                            : R"({"event":"view","player":")" + session.record().players[1] + "\"}";
  live::Reply reply = session.Handle(ParseLine(request));
  ASSERT_TRUE(IsOk(reply.line)) << Json(reply.line);
  const record::Node* view = reply.line.Find("view");
  ASSERT_NE(view, nullptr);
  View expected = session.match().ViewFor(seats ? 2 : 1);
  if (seats) {
    const auto& table = *expected.game.As<games::trick::TrickView>();
    ASSERT_NE(view->Find("hand"), nullptr) << Json(*view);
    EXPECT_EQ(view->Find("hand")->text(), table.hand.ToString());
    EXPECT_FALSE(table.hand.Empty());
  } else {
    const auto& table = *expected.game.As<games::cahoots::CahootsView>();
    ASSERT_NE(view->Find("cards"), nullptr) << Json(*view);
    EXPECT_EQ(view->Find("cards")->text().empty(), table.cards.empty());
  }
  EXPECT_NE(reply.line.Find("next"), nullptr);
  EXPECT_FALSE(reply.accepted.has_value());
}

TEST_P(LiveProtocol, LegalListsTheActorsChoicesOnlyOnItsTurn) {
  ScriptedMatch match = RandomScript(game(), 15);
  live::Session session = Start(match.script.header);
  for (const record::Node& line : match.script.events) {
    ToAct next = session.match().Next();
    if (next.kind == "play" || next.kind == "turn") {
      bool seats = game().player_shape == games::PlayerShape::kFourSeats;
      int actor = next.actor.value_or(0);
      std::string name = seats ? SeatName(SeatAt(actor)) : session.record().players[actor];
      std::string key = seats ? "seat" : "player";
      live::Reply reply =
          session.Handle(ParseLine(R"({"event":"legal",")" + key + R"(":")" + name + "\"}"));
      const record::Node* legal = reply.line.Find("legal");
      ASSERT_NE(legal, nullptr) << Json(reply.line);
      EXPECT_FALSE(legal->items().empty());
      for (const record::Node& item : legal->items()) {
        EXPECT_EQ(item.Find("event")->text(), seats ? "play" : "turn");
      }
      // Another actor has no choice now.
      std::string other =
          seats ? SeatName(SeatAt(actor + 1))
                : session.record().players[(actor + 1) % session.record().players.size()];
      live::Reply none =
          session.Handle(ParseLine(R"({"event":"legal",")" + key + R"(":")" + other + "\"}"));
      EXPECT_TRUE(none.line.Find("legal")->items().empty());
      EXPECT_TRUE(IsOk(session.Handle(legal->items()[0]).line));
      break;
    }
    ASSERT_TRUE(IsOk(session.Handle(line).line));
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, LiveProtocol, ::testing::ValuesIn(games::BuiltInGames()),
                         GameName);

// ---------------------------------------------------------------------------------------------
// Headers, tablet mode and hidden hands.

TEST(LiveHeader, AHeaderWithItsEventsOrABadGameIsRefused) {
  auto with_deals = live::Session::Start(ParseLine(
      R"({"format":"referee/1","game":"collusion","players":{"N":"a","E":"b","S":"c","W":"d"},)"
      R"("deals":[]})"));
  ASSERT_FALSE(with_deals.has_value());
  EXPECT_EQ(with_deals.error().code, "unknown-key");
  auto unknown = live::Session::Start(ParseLine(R"({"format":"referee/1","game":"bridge"})"));
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().code, "unknown-game");
}

TEST(LiveHeader, TheGreetingAndADealFromTheSeedRevealNoHand) {
  ScriptedMatch match = RandomScript(*games::FindGame("conspiracy"), 21);
  live::Session session = Start(match.script.header);
  std::string greeting = Json(session.Greeting(0));
  EXPECT_EQ(greeting.find("seed"), std::string::npos) << greeting;
  live::Reply deal = session.Handle(match.script.events.at(0));
  ASSERT_TRUE(IsOk(deal.line));
  for (Seat seat : kAllSeats) {
    View view = session.match().ViewFor(SeatIndex(seat));
    for (Card card : view.game.As<games::trick::TrickView>()->hand.Cards()) {
      EXPECT_EQ(Json(deal.line).find("\"" + ToString(card)), std::string::npos);
      EXPECT_EQ(Json(deal.line).find(" " + ToString(card)), std::string::npos);
    }
  }
}

// Every valid sample, played line by line as a club tablet would send it (hands in the deals),
// ends with the verdict `referee verify` gives the sample.
TEST(LiveSamples, EveryValidYamlSamplePlayedLiveIsValid) {
  int played = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
    std::string path = entry.path().string();
    if (entry.path().extension() != ".yaml" || path.find("/valid/") == std::string::npos) continue;
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    auto node = formats::ParseYaml(text.str());
    ASSERT_TRUE(node.has_value()) << path;
    auto record = record::ReadRecord(*node);
    ASSERT_TRUE(record.has_value()) << path;
    live::LiveScript script = live::ScriptFor(*record);
    live::Session session = Start(script.header);
    for (const record::Node& line : script.events) {
      live::Reply reply = session.Handle(line);
      ASSERT_TRUE(IsOk(reply.line)) << path << ": " << Json(line) << " -> " << Json(reply.line);
    }
    EXPECT_EQ(verifier::StatusName(session.Verdict().status), "valid") << path;
    ++played;
  }
  EXPECT_GT(played, 10);
}

// Speed Cahoots lost on time (docs/live.md, "The end"): turns after the timer rang are accepted;
// the turn that shows the loss announces it and carries the verdict, and so does every later turn,
// while `next` keeps asking for turns until play ends. Regression: the referee rejected a goal
// completed after the limit (`speed-timeout`) and never said the game was lost.
TEST(LiveSpeed, TurnsAfterTheTimerAreAcceptedAndTheLossOnTimeIsReported) {
  std::ifstream file(fs::path(REFEREE_SOURCE_DIR) /
                     "samples/cahoots/valid/speed-lost-on-time.yaml");
  std::stringstream text;
  text << file.rdbuf();
  auto node = formats::ParseYaml(text.str());
  ASSERT_TRUE(node.has_value());
  auto record = record::ReadRecord(*node);
  ASSERT_TRUE(record.has_value());
  live::LiveScript script = live::ScriptFor(*record);
  ASSERT_EQ(script.events.size(), 16u);
  record::Node header = record::Node::Map({});  // without the claimed result, as a tablet sends it
  for (const record::Node::Member& member : script.header.members()) {
    if (member.key != "result") header.AddMember(member.key, {}, member.value);
  }
  live::Session session = Start(header);
  for (size_t turn = 1; turn <= script.events.size(); ++turn) {
    live::Reply reply = session.Handle(script.events[turn - 1]);
    ASSERT_TRUE(IsOk(reply.line)) << turn << ": " << Json(reply.line);
    std::string phase = reply.line.Find("next")->Find("phase")->text();
    const record::Node* verdict = reply.line.Find("verdict");
    if (turn < 13) {  // turn 13 is the first played after the timer rang
      EXPECT_EQ(verdict, nullptr) << turn << ": " << Json(reply.line);
      continue;
    }
    ASSERT_NE(verdict, nullptr) << turn << ": " << Json(reply.line);
    EXPECT_EQ(verdict->Find("status")->text(), "valid") << Json(*verdict);
    EXPECT_EQ(verdict->Find("outcome")->Find("facts")->Find("reason")->text(), "time");
    EXPECT_EQ(phase, turn < 16 ? "turn" : "over") << turn;
    if (turn == 13 || turn == 16) {
      std::string shown = Json(*reply.line.Find("public"));
      EXPECT_NE(shown.find(R"({"kind":"end","text":"loss on time: turn 13 was played 244.612 s)"),
                std::string::npos)
          << turn << ": " << shown;
    }
  }
  live::Reply after = session.Handle(script.events.back());
  EXPECT_EQ(CodeOf(after.line), "play-after-end") << Json(after.line);
  EXPECT_EQ(session.Verdict().status, verifier::Status::kValid);
}

// ---------------------------------------------------------------------------------------------
// The journal.

class FakeDisk : public live::JournalDisk {
 public:
  explicit FakeDisk(int fail_at) : fail_at_(fail_at) {}
  Result<void, Error> Append(std::string_view bytes) override {
    if (++appends_ == fail_at_) return Fail(Error{ErrorKind::kIo, "no space left on device"});
    text += bytes;
    return {};
  }
  std::string text;

 private:
  int fail_at_;
  int appends_ = 0;
};

TEST(LiveJournal, EveryAcceptedEventIsJournaledBeforeItsReplyAndViewsAreNot) {
  ScriptedMatch match = RandomScript(*games::FindGame("plonk"), 31);
  FakeDisk disk(0);
  live::LiveReferee referee(&disk, std::nullopt);
  EXPECT_FALSE(referee.OnLine(Json(match.script.header)).reply.empty());
  size_t lines = 1;
  for (const record::Node& line : match.script.events) {
    live::LiveReferee::Output output = referee.OnLine(Json(line));
    ++lines;
    EXPECT_EQ(live::SplitJournal(disk.text).lines.size(), lines);
    EXPECT_EQ(live::SplitJournal(disk.text).lines.back(), Json(line));
    referee.OnLine(R"({"event":"view","seat":"N"})");
    referee.OnLine(R"({"event":"play","card":"ZZ"})");
    EXPECT_EQ(live::SplitJournal(disk.text).lines.size(), lines);
  }
  EXPECT_EQ(referee.FinalStatus(), verifier::Status::kValid);
  auto record = live::JournalRecord(disk.text);
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(verifier::VerifyNode(*record, "journal").status, verifier::Status::kValid);
}

TEST(LiveJournal, ADiskErrorStopsWithoutAcknowledgingTheEvent) {
  ScriptedMatch match = RandomScript(*games::FindGame("collusion"), 32);
  FakeDisk disk(4);  // the header and two events go through
  live::LiveReferee referee(&disk, std::nullopt);
  referee.OnLine(Json(match.script.header));
  referee.OnLine(Json(match.script.events[0]));
  referee.OnLine(Json(match.script.events[1]));
  live::LiveReferee::Output output = referee.OnLine(Json(match.script.events[2]));
  EXPECT_EQ(output.stop, live::LiveReferee::Stop::kDisk);
  EXPECT_TRUE(output.reply.empty());
  EXPECT_EQ(output.error, "no space left on device");
}

TEST(LiveJournal, ATornLastLineIsCutAndCorruptionInTheMiddleIsAnError) {
  live::JournalText torn = live::SplitJournal("{\"a\":1}\n{\"b\":2}\n{\"eve");
  EXPECT_EQ(torn.lines.size(), 2u);
  EXPECT_EQ(torn.complete_bytes, 16u);
  EXPECT_EQ(torn.torn_bytes, 5u);
  ScriptedMatch match = RandomScript(*games::FindGame("collusion"), 33);
  std::string text = Json(match.script.header) + "\n" + Json(match.script.events[0]) + "\n" +
                     "{\"event\":\"pl\n" + Json(match.script.events[1]) + "\n";
  auto replay = live::ReplayJournal(live::SplitJournal(text));
  ASSERT_FALSE(replay.has_value());
  EXPECT_EQ(replay.error().place.line, 3u);
}

TEST(LiveJournal, AResumedSessionNeedsTheSameHeader) {
  ScriptedMatch match = RandomScript(*games::FindGame("cahoots"), 34);
  std::string text = Json(match.script.header) + "\n" + Json(match.script.events[0]) + "\n";
  auto replayed = live::ReplayJournal(live::SplitJournal(text));
  ASSERT_TRUE(replayed.has_value());
  live::LiveReferee same(nullptr, std::move(*replayed));
  record::Node greeting = ParseLine(same.OnLine(Json(match.script.header)).reply);
  EXPECT_EQ(greeting.Find("resumed")->text(), "1");
  auto again = live::ReplayJournal(live::SplitJournal(text));
  live::LiveReferee other(nullptr, std::move(*again));
  record::Node header = match.script.header;
  header.AddMember("notes", {}, record::Node::Scalar(record::Node::Kind::kString, "x", {}));
  live::LiveReferee::Output output = other.OnLine(Json(header));
  EXPECT_EQ(output.stop, live::LiveReferee::Stop::kBadHeader);
  EXPECT_EQ(CodeOf(ParseLine(output.reply)), "journal-mismatch");
}

}  // namespace
}  // namespace referee::testing
