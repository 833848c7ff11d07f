// The token readers of the Cahoots body (ReadSetupFromTokens, ReadTurnFromTokens) against the tree
// readers (ReadCahootsBody): on the samples, on played records of every variant, on every form of a
// set-up and a turn the tree reads or refuses, and on those mutated, each part is either read into
// the event the tree makes of it, field by field, or declined; it is never read where the tree
// makes a finding. The plain forms are read, not declined.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "formats/json_reader.h"
#include "formats/json_tokens.h"
#include "formats/json_writer.h"
#include "formats/yaml_reader.h"
#include "generator/generator.h"
#include "referee/games/cahoots/cahoots_record.h"
#include "referee/record/record_reader.h"
#include "referee/record/record_writer.h"
#include "tests/games/cahoots/cahoots_test_util.h"

namespace referee::games::cahoots {
namespace {

namespace fs = std::filesystem;
using record::Node;

// Every field of an event, as text: two events read alike describe alike.
std::string Fields(const Event& event) {
  std::ostringstream text;
  text << event.kind << " deal " << event.deal << " actor "
       << (event.actor ? std::to_string(*event.actor) : "none") << " path '" << event.path.str()
       << "'";
  const Edition& edition = EditionNamed("gamewright");
  if (const auto* setup = event.As<SetupEvent>()) {
    text << " deck " << (setup->deck ? CardsText(*setup->deck, edition) : "(none)") << " seeded "
         << setup->seeded << " board " << setup->board;
    for (const GoalSpec& goal : setup->goals) {
      text << " | goal " << goal.kind << " c";
      for (int colour : goal.colours) text << " " << colour;
      text << " n";
      for (int number : goal.numbers) text << " " << number;
      text << " label '" << goal.label << "' path '" << goal.path << "'";
    }
  }
  if (const auto* turn = event.As<TurnEvent>()) {
    text << " turn " << turn->turn << " card " << int{turn->card.colour} << "/"
         << int{turn->card.number} << " pile " << turn->pile << " at "
         << (turn->at_ms ? std::to_string(*turn->at_ms) : "none");
    if (turn->claims != nullptr) {
      text << " drew " << (turn->claims->drawn ? CardsText(*turn->claims->drawn, edition) : "-");
      text << " completed";
      if (turn->claims->completed) {
        for (const std::string& goal : *turn->claims->completed) text << " " << goal;
      } else {
        text << " -";
      }
    }
  }
  return text.str();
}

// What the token readers made of a record's parts, against the tree.
struct Tally {
  int read = 0;      // parts the token readers read, as the tree does
  int declined = 0;  // parts they declined
};

// A copy of `root` with `key` set to `value` (or removed, for none).
Node With(const Node& root, const std::string& key, std::optional<Node> value) {
  Node copy = Node::Map({});
  for (const Node::Member& member : root.members()) {
    if (member.key != key) copy.AddMember(member.key, {}, member.value);
  }
  if (value) copy.AddMember(key, {}, std::move(*value));
  return copy;
}

Node Parsed(const std::string& json) { return *formats::ParseJson(json); }

// The tree's event for the set-up: the record's own set-up with no turn; none where it makes a
// finding.
std::optional<Event> TreeSetup(const Node& root, const record::Record& header) {
  record::Record record = header;
  if (!ReadCahootsBody(With(root, "turns", Parsed("[]")), record).has_value()) return std::nullopt;
  return std::get<Event>(record.entries.at(0).item);
}

// The tree's event for turn `i` of `turns`: the turn read after `i` turns that read, on a set-up
// that reads, so that it has its own path and number; none where it makes a finding.
std::optional<Event> TreeTurn(const Node& root, const Node& turns, size_t i,
                              const record::Record& header) {
  Node padded = Node::List({});
  Node plain = Node::Map({});
  plain.AddMember("player", {}, Node::Scalar(Node::Kind::kString, header.players.at(0), {}));
  plain.AddMember("card", {}, Node::Scalar(Node::Kind::kString, "1G", {}));
  plain.AddMember("pile", {}, Node::Scalar(Node::Kind::kInteger, "1", {}));
  for (size_t k = 0; k < i; ++k) padded.Append(plain);
  padded.Append(turns.items()[i]);
  Node body = With(With(root, "board", std::nullopt), "goals", Parsed("[]"));
  body = With(With(body, "deck", Parsed("\"1G 2G\"")), "turns", std::move(padded));
  record::Record record = header;
  if (!ReadCahootsBody(body, record).has_value()) return std::nullopt;
  return std::get<Event>(record.entries.back().item);
}

void Count(const std::optional<Event>& token, const std::optional<Event>& tree,
           const std::string& part, const std::string& json, Tally& tally) {
  if (!token) {
    ++tally.declined;
    return;
  }
  ++tally.read;
  ASSERT_TRUE(tree.has_value()) << part << " read by the tokens, refused by the tree: " << json;
  EXPECT_EQ(Fields(*token), Fields(*tree)) << part << " of " << json;
}

// The body values of a tokenized record, in body_keys order.
record::BodyValues BodyValues(const record::TokenBuffer& tokens) {
  const std::vector<std::string>& keys = Descriptor().body_keys;
  record::BodyValues values(keys.size());
  for (size_t i = 1; tokens[i].type == record::TokenType::kKey; i = tokens[i + 1].next) {
    for (size_t k = 0; k < keys.size(); ++k) {
      if (tokens.Text(tokens[i]) == keys[k]) values[k] = i + 1;
    }
  }
  return values;
}

// Compares the token readers with the tree on every part of one JSON record. A text that is no
// record with a Cahoots header counts nothing.
Tally Compare(const std::string& json) {
  Tally tally;
  Result<Node> root = formats::ParseJson(json);
  record::TokenBuffer tokens;
  if (!root.has_value() || !formats::TokenizeJson(json, {}, tokens)) return tally;
  Result<record::Record> header = record::ReadRecordHeader(*root);
  if (!header.has_value() || header->game != &Descriptor() || header->players.empty()) {
    return tally;
  }
  const Edition& edition = EditionNamed(header->rules.Choice("edition"));
  record::BodyValues values = BodyValues(tokens);
  Count(ReadSetupFromTokens(tokens, values, *header, edition), TreeSetup(*root, *header), "set-up",
        json, tally);
  const Node* turns = root->Find("turns");
  if (!values[3] || turns == nullptr || !turns->IsList()) return tally;
  size_t i = 0;
  for (size_t t = *values[3] + 1; tokens[t].type != record::TokenType::kEndList;
       t = tokens[t].next, ++i) {
    std::optional<Event> token =
        ReadTurnFromTokens(tokens, t, static_cast<int>(i) + 1, *header, edition);
    Count(token, TreeTurn(*root, *turns, i, *header), "turn " + std::to_string(i + 1), json, tally);
  }
  return tally;
}

std::string PackText() {
  std::string text;
  for (NumberCard card : CanonicalPack()) {
    text += (text.empty() ? "" : " ") + CardText(card, EditionNamed("gamewright"));
  }
  return text;
}

// A record with these goals and turns (JSON), on the canonical pack unless `deck` says otherwise.
std::string Record(const std::string& goals, const std::string& turns, const std::string& deck = "",
                   const std::string& extra = "") {
  return R"({"format":"referee/1","game":"cahoots","rules":{"goal_count":2},)"
         R"("players":["ann","bob","7"],)" +
         extra + R"("deck":)" + (deck.empty() ? "\"" + PackText() + "\"" : deck) + R"(,"goals":)" +
         goals + R"(,"turns":)" + turns + "}";
}

const std::string kGoals =
    R"([{"kind":"two-colours","colours":["purple","Green"]},{"catalogue":"confirmed","card":1}])";

std::vector<std::string> SampleJson() {
  std::vector<std::string> texts;
  for (const char* kind : {"valid", "invalid"}) {
    fs::path folder = fs::path(REFEREE_SOURCE_DIR) / "samples" / "cahoots" / kind;
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() != ".yaml") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      Result<Node> node = formats::ParseYaml(text.str());
      if (node.has_value()) texts.push_back(formats::WriteJson(*node, false));
    }
  }
  return texts;
}

std::vector<std::string> PlayedJson() {
  std::vector<std::string> texts;
  for (const char* variant : {"standard", "speed", "lil", "mums-the-word"}) {
    generator::GenerateOptions options;
    options.game = &Descriptor();
    options.count = 4;
    options.seed = std::string("token-reader-") + variant;
    options.rules = RuleOptions(Descriptor().options);
    options.rules.Set("variant", OptionValue(std::string(variant)));
    options.faults = 2;
    auto records = generator::Generate(options);
    EXPECT_TRUE(records.has_value());
    if (!records.has_value()) continue;
    for (const generator::GeneratedRecord& generated : *records) {
      texts.push_back(formats::WriteJson(record::WriteRecord(generated.record), false));
    }
  }
  return texts;
}

TEST(CahootsTokenReader, ReadsTheSamplesAsTheTreeDoes) {
  Tally total;
  for (const std::string& json : SampleJson()) {
    Tally tally = Compare(json);
    total.read += tally.read;
    total.declined += tally.declined;
  }
  EXPECT_GT(total.read, 100);
  // Only what the tree refuses is declined: every sample's set-up and turns are in plain forms.
  EXPECT_LT(total.declined, 10);
}

TEST(CahootsTokenReader, ReadsPlayedRecordsWholeAsTheTreeDoes) {
  for (const std::string& json : PlayedJson()) {
    Tally tally = Compare(json);
    EXPECT_GT(tally.read, 1) << json;
    EXPECT_EQ(tally.declined, 0) << json;
  }
}

TEST(CahootsTokenReader, ReadsThePlainFormsOfEveryPart) {
  std::vector<std::string> records = {
      Record(kGoals, R"(["ann 1g 1","bob 2-green 2","7 3-GREEN 3","ann  1G\t-4"])"),
      Record(kGoals, R"([{"player":"bob","card":"2-green","pile":2,"at":12.5,"drew":"7U",)"
                     R"("completed":[2]}])"),
      Record(kGoals, R"([{"card":"1G","pile":1,"player":"ann","at":0.125,"drew":["7U","1G"],)"
                     R"("completed":"02 1"},{"player":"ann","card":"1G","pile":1,"drew":"",)"
                     R"("completed":[]},{"player":"ann","card":"1G","pile":1,"at":7}])"),
      Record(R"([{"kind":"pile-count","colour":"GREEN","count":3},{"kind":"sum-all","total":4},)"
             R"({"kind":"sum-equal","colours":"pink Orange"},{"kind":"sum-double",)"
             R"("half":"green","double":"purple"},{"kind":"run-in-order","length":2},)"
             R"({"catalogue":"confirmed","card":14},{"kind":"all-different"}])",
             "[]"),
      Record(kGoals, "[]", R"(["1G","2G","3G"])"),
      Record("[]", "[]", "", R"("seed":"s","board":3,)"),
      Record("[]", "[]", R"("1G 2G")", R"("seed":"s",)"),
  };
  for (const std::string& json : records) {
    Tally tally = Compare(json);
    EXPECT_GT(tally.read, 0) << json;
    EXPECT_EQ(tally.declined, 0) << json;
  }
}

// Forms the tree refuses, and forms the token readers leave to it: each is declined or read as
// the tree reads it.
TEST(CahootsTokenReader, DeclinesWhatTheTreeRefuses) {
  std::vector<std::string> goals = {
      R"([{"kind":"three-greens"}])",
      R"([{"kind":"pile-count","colour":"green"}])",
      R"([{"kind":"pile-count","colour":"green","count":3,"extra":1}])",
      R"([{"kind":"pile-count","colour":"blue","count":3}])",
      R"([{"kind":"pile-count","colour":"green","count":5}])",
      R"([{"kind":"pile-count","colour":"green","count":3.0}])",
      R"([{"kind":"pile-count","colour":"green","count":"3"}])",
      R"([{"kind":"pile-count","colour":3,"count":3}])",
      R"([{"kind":"sum-equal","colours":["green","green"]}])",
      R"([{"kind":"sum-equal","colours":["green"]}])",
      R"([{"kind":"sum-equal","colours":"green pink orange"}])",
      R"([{"kind":"sum-equal","colours":["green",1]}])",
      R"([{"kind":"sum-double","half":"green","double":"GREEN"}])",
      R"([{"catalogue":"spanish-unverified","card":16}])",
      R"([{"catalogue":"nope","card":1}])",
      R"([{"catalogue":"confirmed","card":99}])",
      R"([{"catalogue":"confirmed","card":1,"kind":"sum-all"}])",
      R"([{"catalogue":"confirmed"}])",
      R"([{"kind":7}])",
      R"({"kind":"sum-all"})",
      R"(["sum-all 10"])",
  };
  for (const std::string& goal : goals) Compare(Record(goal, "[]"));
  std::vector<std::string> decks = {R"("1G 8G")", R"(["1G",2])", R"(3)",      R"("")",
                                    R"([])",      R"(null)",     R"({"a":1})"};
  for (const std::string& deck : decks) Compare(Record("[]", "[]", deck));
  Compare(Record("[]", "[]", "", R"("board":2,)"));
  Compare(Record("[]", "[]", "", R"("seed":"s","board":0,)"));
  Compare(R"({"format":"referee/1","game":"cahoots","players":["a","b"],"goals":[],"turns":[]})");
  std::vector<std::string> turns = {
      R"("ann 8G 1")",
      R"("ann 1X 1")",
      R"("zed 1G 1")",
      R"("ann 1G")",
      R"("ann 1G x")",
      R"("ann 1G 1 2")",
      R"("ann 1G +1")",
      R"(["ann","1G","1"])",
      R"(7)",
      R"(null)",
      R"("")",
      R"({"player":"ann","card":"1G","pile":1,"seat":"N"})",
      R"({"player":"ann","card":"1G","pile":1,"completed":["x"]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[0]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[201]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[1.0]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[true]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[null]})",
      R"({"player":"ann","card":"1G","pile":1,"completed":[[1]]})",
      R"({"player":"ann","card":"1G","pile":1,"drew":"1G 2G 3G 4G 5G"})",
      R"({"player":"ann","card":"1G","pile":1,"drew":[1]})",
      R"({"player":"ann","card":"1G","pile":1,"at":"12"})",
      R"({"player":"ann","card":"1G","pile":1,"at":-1})",
      R"({"player":"ann","card":"1G","pile":1,"at":1e3})",
      R"({"player":"ann","card":"1G","pile":1,"at":12.1234})",
      R"({"player":"ann","card":"1G","pile":1,"at":10000000})",
      R"({"player":"ann","card":"1G","pile":1,"at":1000000.001})",
      R"({"player":"ann","card":"1G","pile":1,"at":1000000})",
      R"({"player":"ann","card":"1G","pile":1.5})",
      R"({"player":"ann","card":"1G","pile":"1"})",
      R"({"player":"ann","card":"1G","pile":1001})",
      R"({"player":"ann","card":"1G"})",
      R"({"player":7,"card":"1G","pile":1})",
      R"({"player":"ann","card":17,"pile":1})",
      R"({"card":"1G","pile":1})",
  };
  Tally total;
  for (const std::string& turn : turns) {
    Tally tally = Compare(Record("[]", "[" + turn + "]"));
    total.read += tally.read;
    total.declined += tally.declined;
  }
  EXPECT_GT(total.declined, 30);
}

// Replaces one value of a JSON text with another, as a mutation of a record that still parses
// most of the time.
std::string Mutate(const std::string& json, std::mt19937& rng) {
  static const std::vector<std::string> kValues = {"\"x\"",
                                                   "0",
                                                   "-1",
                                                   "7",
                                                   "1.5",
                                                   "null",
                                                   "true",
                                                   "[]",
                                                   "{}",
                                                   "\"\"",
                                                   "\"ann\"",
                                                   "\"1G\"",
                                                   "\"1g 2g\"",
                                                   "[\"1G\"]",
                                                   "\"3-green\"",
                                                   "\"GREEN\"",
                                                   "\"pink\"",
                                                   "12.5",
                                                   "1e3",
                                                   "\"02\"",
                                                   "\"7 1G 2\"",
                                                   "[1,2]",
                                                   "\"1 2\"",
                                                   "1001",
                                                   "\"ann 1G 1\"",
                                                   "\"sum-all\"",
                                                   "\"confirmed\"",
                                                   "{\"kind\":\"all-odd\"}",
                                                   "4",
                                                   "28"};
  std::vector<std::pair<size_t, size_t>> spans;  // scalars: strings and numbers
  for (size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '"') {
      size_t start = i;
      for (++i; i < json.size() && json[i] != '"'; ++i) {
        if (json[i] == '\\') ++i;
      }
      if (i + 1 < json.size() && json[i + 1] != ':') spans.emplace_back(start, i + 1);
    } else if (json[i] == '-' || (json[i] >= '0' && json[i] <= '9')) {
      size_t start = i;
      while (i + 1 < json.size() && std::string(",]}").find(json[i + 1]) == std::string::npos) ++i;
      spans.emplace_back(start, i + 1);
    }
  }
  if (spans.empty()) return json;
  auto [begin, end] = spans[rng() % spans.size()];
  return json.substr(0, begin) + kValues[rng() % kValues.size()] + json.substr(end);
}

TEST(CahootsTokenReader, MutatedRecordsAreDeclinedOrReadAsTheTreeReadsThem) {
  std::vector<std::string> texts = SampleJson();
  for (const std::string& json : PlayedJson()) texts.push_back(json);
  texts.push_back(Record(kGoals, R"([{"player":"bob","card":"2-green","pile":2,"at":12.5,)"
                                 R"("drew":"7U","completed":[2]},"ann 1G 1"])"));
  std::mt19937 rng(20240611);
  for (int round = 0; round < 3; ++round) {
    for (const std::string& json : texts) {
      std::string mutated = json;
      for (int step = 0; step <= round; ++step) mutated = Mutate(mutated, rng);
      Compare(mutated);
    }
  }
}

// A turn's path is kept as its number and written out only when read.
TEST(CahootsTokenReader, ATurnsPathIsWrittenWhenRead) {
  std::string json = Record("[]", R"(["ann 1G 1","bob 2G 2"])");
  record::TokenBuffer tokens;
  ASSERT_TRUE(formats::TokenizeJson(json, {}, tokens));
  record::BodyValues values = BodyValues(tokens);
  auto header = record::ReadRecordHeader(*formats::ParseJson(json));
  ASSERT_TRUE(header.has_value());
  size_t second = tokens[*values[3] + 1].next;
  std::optional<Event> turn =
      ReadTurnFromTokens(tokens, second, 2, *header, EditionNamed("gamewright"));
  ASSERT_TRUE(turn.has_value());
  EXPECT_EQ(turn->path.str(), "/turns/1");
  EXPECT_EQ(std::string(turn->path), "/turns/1");
  EXPECT_EQ(turn->As<TurnEvent>()->turn, 2);
  EXPECT_EQ(turn->actor, 1);
}

// The replay reads every turn of a record into one kept event. A turn read over one that claimed
// a draw and completed goals at a time keeps none of them: it reads as the same turn read alone.
TEST(CahootsTokenReader, ATurnReadIntoAKeptEventKeepsNothingOfTheLastTurn) {
  std::string json = Record("[]", R"([{"player":"ann","card":"1G","pile":1,"at":12.5,)"
                                  R"("drew":"7U","completed":[2]},"bob 2G 2"])");
  record::TokenBuffer tokens;
  ASSERT_TRUE(formats::TokenizeJson(json, {}, tokens));
  record::BodyValues values = BodyValues(tokens);
  auto header = record::ReadRecordHeader(*formats::ParseJson(json));
  ASSERT_TRUE(header.has_value());
  const Edition& edition = EditionNamed("gamewright");
  size_t first = *values[3] + 1;
  size_t second = tokens[first].next;
  Event kept;
  ASSERT_TRUE(ReadTurnFromTokens(tokens, first, 1, *header, edition, kept));
  ASSERT_NE(kept.As<TurnEvent>()->claims, nullptr);
  ASSERT_TRUE(kept.As<TurnEvent>()->at_ms.has_value());
  ASSERT_TRUE(ReadTurnFromTokens(tokens, second, 2, *header, edition, kept));
  std::optional<Event> alone = ReadTurnFromTokens(tokens, second, 2, *header, edition);
  ASSERT_TRUE(alone.has_value());
  EXPECT_EQ(Fields(kept), Fields(*alone));
  EXPECT_EQ(kept.As<TurnEvent>()->claims, nullptr);
  EXPECT_FALSE(kept.As<TurnEvent>()->at_ms.has_value());
}

}  // namespace
}  // namespace referee::games::cahoots
