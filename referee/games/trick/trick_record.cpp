#include "referee/games/trick/trick_record.h"

#include <algorithm>

#include "referee/core/printable.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"

namespace referee::games::trick {
namespace {

using record::MapFields;
using record::Node;

Result<void> ReadHands(const MapFields& deal, DealEvent& event) {
  const Node* node = deal.Optional("hands");
  if (node == nullptr) return {};
  auto hands = MapFields::Open(*node, deal.PathOf("hands"), "the hands");
  REFEREE_TRY(hands);
  REFEREE_TRY(hands->AllowOnly({"N", "E", "S", "W"}));
  std::array<std::vector<Card>, 4> cards;
  for (Seat seat : kAllSeats) {
    auto hand = hands->Required(SeatName(seat));
    REFEREE_TRY(hand);
    auto parsed = ReadCards(**hand, hands->PathOf(SeatName(seat)));
    REFEREE_TRY(parsed);
    cards[SeatIndex(seat)] = std::move(*parsed);
  }
  event.hands = std::move(cards);
  return {};
}

Result<void> ReadDealCards(const MapFields& deal, const record::Record& record, int number,
                           DealEvent& event) {
  REFEREE_TRY(ReadHands(deal, event));
  if (const Node* deck = deal.Optional("deck")) {
    auto cards = ReadCards(*deck, deal.PathOf("deck"));
    REFEREE_TRY(cards);
    event.deck = std::move(*cards);
  }
  if (const Node* board = deal.Optional("board")) {
    auto value = record::ReadInteger(*board, deal.PathOf("board"), 1, 1000000);
    REFEREE_TRY(value);
    event.board = static_cast<int>(*value);
    if (!record.seed) {
      return Fail(Malformed("missing-key", deal.PathOf("board"),
                            "a board number needs a record seed to deal from; found no seed"));
    }
  }
  event.seeded = record.seed.has_value();
  if (!event.hands && !event.deck && !event.seeded) {
    return Fail(Malformed("missing-deal", deal.path(),
                          "expected deal " + std::to_string(number) +
                              " to give its hands, its deck (pack order) or a record seed"));
  }
  return {};
}

Result<std::optional<Seat>> ReadOptionalSeat(const MapFields& fields, std::string_view key) {
  const Node* node = fields.Optional(key);
  if (node == nullptr) return std::optional<Seat>();
  auto text = record::ReadText(*node, fields.PathOf(key));
  REFEREE_TRY(text);
  auto seat = ParseSeat(*text, fields.PathOf(key));
  REFEREE_TRY(seat);
  return std::optional<Seat>(*seat);
}

// The call's fields; the caller has checked the keys. The calling seat is `by` in a record and
// `seat` in a live line.
Result<CallEvent> ReadCallFields(const MapFields& call, std::string_view by_key, int number) {
  CallEvent event{.deal = number, .path = call.path()};
  auto by = ReadOptionalSeat(call, by_key);
  REFEREE_TRY(by);
  event.by = *by;
  if (const Node* trump = call.Optional("trump")) {
    auto text = record::ReadText(*trump, call.PathOf("trump"));
    REFEREE_TRY(text);
    if (*text == "NT" || *text == "none") {
      event.no_trump = true;
    } else {
      auto suit = ParseSuit(*text, call.PathOf("trump"));
      REFEREE_TRY(suit);
      event.trump = *suit;
    }
  }
  auto tricks = call.Required("tricks");
  REFEREE_TRY(tricks);
  // Any integer is read; the engine rules on the range so that 9 is an illegal call, not a
  // malformed record.
  auto count = record::ReadInteger(**tricks, call.PathOf("tricks"), -1000, 1000);
  REFEREE_TRY(count);
  event.tricks = *count;
  return event;
}

Result<CallEvent> ReadCall(const Node& node, const std::string& path, int number) {
  auto call = MapFields::Open(node, path, "the call");
  REFEREE_TRY(call);
  REFEREE_TRY(call->AllowOnly({"by", "trump", "tricks"}));
  return ReadCallFields(*call, "by", number);
}

// The conference's fields; the caller has checked the keys.
Result<ConferenceEvent> ReadConferenceFields(const MapFields& conference, int number) {
  ConferenceEvent event{.deal = number, .path = conference.path()};
  auto start = conference.Required("start");
  REFEREE_TRY(start);
  auto end = conference.Required("end");
  REFEREE_TRY(end);
  auto start_ms = record::ReadSeconds(**start, conference.PathOf("start"));
  REFEREE_TRY(start_ms);
  auto end_ms = record::ReadSeconds(**end, conference.PathOf("end"));
  REFEREE_TRY(end_ms);
  event.start_ms = *start_ms;
  event.end_ms = *end_ms;
  return event;
}

Result<ConferenceEvent> ReadConference(const Node& node, const std::string& path, int number) {
  auto conference = MapFields::Open(node, path, "the conference");
  REFEREE_TRY(conference);
  REFEREE_TRY(conference->AllowOnly({"start", "end"}));
  return ReadConferenceFields(*conference, number);
}

Result<void> ReadTricks(const MapFields& deal, int number, bool last_deal,
                        std::vector<record::Record::Entry>& out) {
  const Node* node = deal.Optional("tricks");
  if (node == nullptr) return {};
  auto tricks = record::ReadList(*node, deal.PathOf("tricks"), 64);
  REFEREE_TRY(tricks);
  for (size_t t = 0; t < (*tricks)->size(); ++t) {
    const Node& trick = (**tricks)[t];
    // The trick's path is made only when its cards need reading word by word.
    std::optional<std::vector<Card>> well_formed = WellFormedCards(trick, 8);
    Result<std::vector<Card>> cards =
        well_formed ? Result<std::vector<Card>>(std::move(*well_formed))
                    : ReadCards(trick, ChildPath(deal.PathOf("tricks"), t), 8);
    REFEREE_TRY(cards);
    for (size_t position = 0; position < cards->size(); ++position) {
      PlayEvent play{
          .deal = number,
          .trick = static_cast<int>(t) + 1,
          .position = static_cast<int>(position),
          .path = PlayPath::InRecord(number - 1, static_cast<int>(t), static_cast<int>(position)),
          .card = (*cards)[position],
          .written_size = static_cast<int>(cards->size()),
          .last_in_record = last_deal && t + 1 == (*tricks)->size()};
      // Built in place: GCC 12 warns (-Wmaybe-uninitialized, a false positive) on the braced form.
      record::Record::Entry entry;
      entry.item.emplace<Event>(std::move(play));
      out.push_back(std::move(entry));
    }
  }
  return {};
}

Result<record::DealClaim> ReadClaim(const Node& node, const std::string& path, int number,
                                    const std::vector<std::string>& units) {
  auto claim = MapFields::Open(node, path, "the claim");
  REFEREE_TRY(claim);
  REFEREE_TRY(claim->AllowOnly(units));
  record::DealClaim result{number, path, {}};
  for (const Node::Member& member : node.members()) {
    auto points = record::ReadInteger(member.value, claim->PathOf(member.key), -100000, 100000);
    REFEREE_TRY(points);
    result.values.push_back({member.key, *points, claim->PathOf(member.key)});
  }
  return result;
}

std::vector<std::string> DealKeys(const TrickBodySpec& spec) {
  std::vector<std::string> keys = {"dealer", "board", "hands", "deck", "tricks", "claim"};
  if (spec.has_call) keys.push_back("call");
  if (spec.has_conference) keys.push_back("conference");
  return keys;
}

Result<void> ReadDeal(const Node& node, const std::string& path, int number, bool last,
                      const TrickBodySpec& spec, record::Record& record) {
  auto deal = MapFields::Open(node, path, "a deal");
  REFEREE_TRY(deal);
  REFEREE_TRY(deal->AllowOnly(DealKeys(spec)));
  DealEvent event{.deal = number, .path = path};
  auto dealer_text = deal->RequiredText("dealer");
  REFEREE_TRY(dealer_text);
  auto dealer_seat = ParseSeat(*dealer_text, deal->PathOf("dealer"));
  REFEREE_TRY(dealer_seat);
  event.dealer = *dealer_seat;
  REFEREE_TRY(ReadDealCards(*deal, record, number, event));
  record.entries.push_back({Event(event)});
  if (const Node* conference = deal->Optional("conference")) {
    auto read = ReadConference(*conference, deal->PathOf("conference"), number);
    REFEREE_TRY(read);
    record.entries.push_back({Event(*read)});
  }
  if (const Node* call = deal->Optional("call")) {
    auto read = ReadCall(*call, deal->PathOf("call"), number);
    REFEREE_TRY(read);
    record.entries.push_back({Event(*read)});
  }
  REFEREE_TRY(ReadTricks(*deal, number, last, record.entries));
  if (!last) {
    record.entries.push_back({Event(DealEndEvent{number, deal->PathOf("tricks")})});
  }
  if (const Node* claim = deal->Optional("claim")) {
    auto read = ReadClaim(*claim, deal->PathOf("claim"), number, spec.claim_units);
    REFEREE_TRY(read);
    record.entries.push_back({*read});
  }
  return {};
}

}  // namespace

std::optional<std::vector<Card>> WellFormedCards(const Node& node, size_t max_cards) {
  if (node.kind() != Node::Kind::kString) return std::nullopt;
  std::vector<Card> cards;
  cards.reserve(max_cards < 64 ? max_cards : 64);
  bool all_cards = record::ForEachWord(node.text(), [&](const record::Word& word) {
    std::optional<Card> card = CardFromText(word.text);
    if (!card || cards.size() == max_cards) return false;
    cards.push_back(*card);
    return true;
  });
  if (!all_cards) return std::nullopt;
  return cards;
}

Result<std::vector<Card>> ReadCards(const Node& node, const std::string& path, size_t max_cards) {
  // Anything but the common case is read word by word, where the findings come from.
  if (std::optional<std::vector<Card>> cards = WellFormedCards(node, max_cards)) return *cards;
  auto words = record::ReadWords(node, path, max_cards);
  REFEREE_TRY(words);
  std::vector<Card> cards;
  cards.reserve(words->size());
  for (const record::Token& word : *words) {
    auto card = ParseCard(word.text, word.path);
    REFEREE_TRY(card);
    cards.push_back(*card);
  }
  return cards;
}

GameDescriptor TrickGameDescriptor(const std::vector<std::string>& units) {
  GameDescriptor game;
  game.player_shape = PlayerShape::kFourSeats;
  game.body_keys = {"deals"};
  game.result_keys = units;
  game.result_keys.push_back("winner");
  game.score_units = units;
  game.deal_statistics = {{"tricks", "tricks taken"}};
  game.side_statistics = game.deal_statistics;
  game.write_body = &WriteTrickBody;
  game.live =
      LiveHooks{"deals", &ReadLiveEvent, &WriteLiveEvent, &WriteLiveView, &ReadLiveView, {}};
  return game;
}

Result<Node> DealTrickBoard(const GameDescriptor& game, const RuleOptions& rules,
                            const std::string& seed, int board, int /*players*/,
                            Sha256Function sha256) {
  MatchSetup setup{rules, {"N", "E", "S", "W"}, seed, sha256};
  std::unique_ptr<Match> match = game.new_match(setup);
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

LeagueTraits PartnershipLeague() {
  LeagueTraits league;
  league.sides = SideKind::kPartnership;
  league.schemes = {"match-points", "placement", "duplicate"};
  league.tie_breaks = {"wins",           "total-score", "point-difference", "head-to-head",
                       "matches-played", "buchholz",    "sonneborn-berger"};
  league.default_tie_breaks = {"point-difference", "head-to-head"};
  return league;
}

Result<void> ReadTrickBody(const Node& root, record::Record& record, const TrickBodySpec& spec) {
  const Node* deals_node = root.Find("deals");
  if (deals_node == nullptr) {
    return Fail(Malformed("missing-key", "", "a record needs the key 'deals', which is missing"));
  }
  auto deals = record::ReadList(*deals_node, "/deals", 10000);
  REFEREE_TRY(deals);
  // A deal is at most 52 plays and 4 more entries; growing the vector play by play moved every
  // event several times. Capped, so a hostile list of deals reserves little before it is read.
  constexpr size_t kEntriesPerDeal = 56;
  record.entries.reserve(std::min<size_t>((*deals)->size(), 64) * kEntriesPerDeal);
  for (size_t d = 0; d < (*deals)->size(); ++d) {
    bool last = d + 1 == (*deals)->size();
    REFEREE_TRY(ReadDeal((**deals)[d], ChildPath("/deals", d), static_cast<int>(d) + 1, last, spec,
                         record));
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Writing: the entries are regrouped by deal, in the canonical key order.

namespace {

std::vector<std::string> CardWords(const std::vector<Card>& cards) {
  std::vector<std::string> words;
  for (Card card : cards) words.push_back(ToString(card));
  return words;
}

void WriteDealHeader(const DealEvent& event, Node& deal) {
  deal.AddMember("dealer", {}, record::StringNode(event.dealer ? SeatName(*event.dealer) : "N"));
  if (event.board > 0) deal.AddMember("board", {}, record::IntegerNode(event.board));
  if (event.hands) {
    Node hands = Node::Map({});
    for (Seat seat : kAllSeats) {
      hands.AddMember(SeatName(seat), {},
                      record::WordsNode(CardWords((*event.hands)[SeatIndex(seat)])));
    }
    deal.AddMember("hands", {}, std::move(hands));
  }
  if (event.deck) deal.AddMember("deck", {}, record::WordsNode(CardWords(*event.deck)));
}

Node CallNode(const CallEvent& call) {
  Node node = Node::Map({});
  if (call.by) node.AddMember("by", {}, record::StringNode(SeatName(*call.by)));
  if (call.trump) {
    node.AddMember("trump", {}, record::StringNode(std::string(1, SuitLetter(*call.trump))));
  } else if (call.no_trump) {
    node.AddMember("trump", {}, record::StringNode("NT"));
  }
  node.AddMember("tricks", {}, record::IntegerNode(call.tricks));
  return node;
}

Node ConferenceNode(const ConferenceEvent& conference) {
  Node node = Node::Map({});
  node.AddMember("start", {}, record::SecondsNode(conference.start_ms));
  node.AddMember("end", {}, record::SecondsNode(conference.end_ms));
  return node;
}

Node ClaimNode(const record::DealClaim& claim) {
  Node node = Node::Map({});
  for (const record::ClaimedPoints& value : claim.values) {
    node.AddMember(value.unit, {}, record::IntegerNode(value.points));
  }
  return node;
}

// Collects one deal's parts as they come, then writes them in canonical order.
struct DealParts {
  std::optional<DealEvent> deal;
  std::optional<ConferenceEvent> conference;
  std::optional<CallEvent> call;
  std::vector<std::vector<std::string>> tricks;
  std::optional<record::DealClaim> claim;

  Node ToNode() const {
    Node node = Node::Map({});
    if (deal) WriteDealHeader(*deal, node);
    if (conference) node.AddMember("conference", {}, ConferenceNode(*conference));
    if (call) node.AddMember("call", {}, CallNode(*call));
    Node list = Node::List({});
    for (const std::vector<std::string>& trick : tricks) list.Append(record::WordsNode(trick));
    node.AddMember("tricks", {}, std::move(list));
    if (claim) node.AddMember("claim", {}, ClaimNode(*claim));
    return node;
  }
};

void AddToParts(const record::Record::Entry& entry, DealParts& parts) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) {
    parts.claim = *claim;
    return;
  }
  const Event& event = std::get<Event>(entry.item);
  if (const auto* deal = std::get_if<DealEvent>(&event)) parts.deal = *deal;
  if (const auto* conference = std::get_if<ConferenceEvent>(&event)) parts.conference = *conference;
  if (const auto* call = std::get_if<CallEvent>(&event)) parts.call = *call;
  if (const auto* play = std::get_if<PlayEvent>(&event)) {
    bool full = !parts.tricks.empty() && parts.tricks.back().size() == 4;
    if (parts.tricks.empty() || play->position == 0 || (play->position < 0 && full)) {
      parts.tricks.emplace_back();
    }
    parts.tricks.back().push_back(ToString(play->card));
  }
}

int EntryDeal(const record::Record::Entry& entry) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) return claim->deal;
  return DealOf(std::get<Event>(entry.item));
}

}  // namespace

void WriteTrickBody(const record::Record& record, Node& root) {
  Node deals = Node::List({});
  DealParts parts;
  int current = 0;
  for (const record::Record::Entry& entry : record.entries) {
    int deal = EntryDeal(entry);
    if (deal != current && current != 0) {
      deals.Append(parts.ToNode());
      parts = DealParts{};
    }
    current = deal;
    AddToParts(entry, parts);
  }
  if (current != 0) deals.Append(parts.ToNode());
  root.AddMember("deals", {}, std::move(deals));
}

// ---------------------------------------------------------------------------------------------
// Live lines (docs/live.md): the record's readers and writers, keyed by "event".

namespace {

Result<Event> ReadLiveDeal(const MapFields& line, const record::Record& header, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "dealer", "board", "hands", "deck"}));
  DealEvent event{.deal = next.deal, .path = line.path()};
  auto dealer = ReadOptionalSeat(line, "dealer");
  REFEREE_TRY(dealer);
  event.dealer = *dealer;
  REFEREE_TRY(ReadDealCards(line, header, next.deal, event));
  // The rules name every dealer after the first; the referee's own first seeded deal is North's,
  // as in TrickMatch::SeededDeal. A deal whose cards the client gives must name its first dealer.
  if (!event.dealer && next.phase == Phase::kDeal) event.dealer = next.seat;
  if (!event.dealer && !event.hands && !event.deck) event.dealer = Seat::kNorth;
  return Event(event);
}

Result<Event> ReadLiveCall(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "trump", "tricks"}));
  auto call = ReadCallFields(line, "seat", next.deal);
  REFEREE_TRY(call);
  if (!call->by && next.phase == Phase::kCall) call->by = next.seat;
  return Event(*call);
}

Result<Event> ReadLiveConference(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "start", "end"}));
  auto conference = ReadConferenceFields(line, next.deal);
  REFEREE_TRY(conference);
  return Event(*conference);
}

Result<Event> ReadLivePlay(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "card"}));
  auto seat = ReadOptionalSeat(line, "seat");
  REFEREE_TRY(seat);
  auto text = line.RequiredText("card");
  REFEREE_TRY(text);
  auto card = ParseCard(*text, line.PathOf("card"));
  REFEREE_TRY(card);
  PlayEvent play{.deal = next.deal, .path = line.PathOf("card"), .seat = *seat, .card = *card};
  if (!play.seat && next.phase == Phase::kPlay) play.seat = next.seat;
  return Event(play);
}

Node SeatMap(const std::array<int, 4>& values) {
  Node map = Node::Map({});
  for (Seat seat : kAllSeats) {
    map.AddMember(SeatName(seat), {}, record::IntegerNode(values[SeatIndex(seat)]));
  }
  return map;
}

Node ScoresNode(const ScoreSheet& sheet) {
  Node totals = Node::Map({});
  for (size_t i = 0; i < sheet.units.size() && i < sheet.totals.size(); ++i) {
    totals.AddMember(sheet.units[i], {}, record::IntegerNode(sheet.totals[i]));
  }
  return totals;
}

void AddDealView(const View& view, Node& node) {
  node.AddMember("dealer", {}, record::StringNode(SeatName(*view.dealer)));
  node.AddMember("hand", {}, record::WordsNode(CardWords(view.hand.Cards())));
  Node trick = Node::Map({});
  if (view.trick_leader) {
    trick.AddMember("leader", {}, record::StringNode(SeatName(*view.trick_leader)));
  }
  trick.AddMember("cards", {}, record::WordsNode(CardWords(view.trick)));
  node.AddMember("trick", {}, std::move(trick));
  node.AddMember("played", {}, record::WordsNode(CardWords(view.played)));
  node.AddMember("tricks_won", {}, SeatMap(view.tricks_won));
  if (view.call) node.AddMember("call", {}, CallNode(*view.call));
  if (!view.known_hands.empty()) {
    Node known = Node::Map({});
    for (const auto& [seat, hand] : view.known_hands) {
      known.AddMember(SeatName(seat), {}, record::WordsNode(CardWords(hand.Cards())));
    }
    node.AddMember("known_hands", {}, std::move(known));
  }
}

}  // namespace

// A trick game's lines claim nothing a seat cannot see, so their source changes nothing.
Result<Event> ReadLiveEvent(const Node& line, const record::Record& header, const ToAct& next,
                            LineSource /*source*/) {
  auto fields = MapFields::Open(line, "", "an event");
  REFEREE_TRY(fields);
  auto kind = fields->RequiredText("event");
  REFEREE_TRY(kind);
  if (*kind == "deal") return ReadLiveDeal(*fields, header, next);
  if (*kind == "call") return ReadLiveCall(*fields, next);
  if (*kind == "conference") return ReadLiveConference(*fields, next);
  if (*kind == "play") return ReadLivePlay(*fields, next);
  const std::vector<std::string> kinds = {"deal", "call", "conference", "play", "view", "legal"};
  return Fail(Malformed("unknown-key", "/event",
                        "expected an event deal, call, conference, play, view or legal, found " +
                            Quoted(*kind) + record::DidYouMean(*kind, kinds)));
}

Node WriteLiveEvent(const Event& event, const record::Record& /*header*/) {
  Node line = Node::Map({});
  auto add_kind = [&line](const char* kind) {
    line.AddMember("event", {}, record::StringNode(kind));
  };
  if (const auto* deal = std::get_if<DealEvent>(&event)) {
    add_kind("deal");
    WriteDealHeader(*deal, line);
  } else if (const auto* call = std::get_if<CallEvent>(&event)) {
    add_kind("call");
    Node fields = CallNode(*call);
    for (const Node::Member& member : fields.members()) {
      line.AddMember(member.key == "by" ? "seat" : member.key, {}, member.value);
    }
  } else if (const auto* conference = std::get_if<ConferenceEvent>(&event)) {
    add_kind("conference");
    Node fields = ConferenceNode(*conference);
    for (const Node::Member& member : fields.members()) {
      line.AddMember(member.key, {}, member.value);
    }
  } else if (const auto* play = std::get_if<PlayEvent>(&event)) {
    add_kind("play");
    if (play->seat) line.AddMember("seat", {}, record::StringNode(SeatName(*play->seat)));
    line.AddMember("card", {}, record::StringNode(ToString(play->card)));
  }
  return line;
}

Node WriteLiveView(const View& view, const record::Record& /*header*/) {
  Node node = Node::Map({});
  node.AddMember("seat", {}, record::StringNode(SeatName(SeatAt(view.actor))));
  node.AddMember("deal", {}, record::IntegerNode(view.deal));
  if (view.dealer) AddDealView(view, node);
  node.AddMember("scores", {}, ScoresNode(view.scores));
  return node;
}

namespace {

Result<CardSet> ReadHand(const Node& node, const std::string& path) {
  auto cards = ReadCards(node, path, 13);
  REFEREE_TRY(cards);
  CardSet hand;
  for (Card card : *cards) hand.Add(card);
  return hand;
}

Result<void> ReadTrickView(const MapFields& trick, View& view) {
  if (const Node* leader = trick.Optional("leader")) {
    auto text = record::ReadText(*leader, trick.PathOf("leader"));
    REFEREE_TRY(text);
    auto seat = ParseSeat(*text, trick.PathOf("leader"));
    REFEREE_TRY(seat);
    view.trick_leader = *seat;
  }
  if (const Node* cards = trick.Optional("cards")) {
    auto read = ReadCards(*cards, trick.PathOf("cards"), 4);
    REFEREE_TRY(read);
    view.trick = *read;
  }
  return {};
}

// The part AddDealView writes, once a deal is under way.
Result<void> ReadDealView(const MapFields& node, View& view) {
  auto dealer = node.RequiredText("dealer");
  REFEREE_TRY(dealer);
  auto seat = ParseSeat(*dealer, node.PathOf("dealer"));
  REFEREE_TRY(seat);
  view.dealer = *seat;
  auto hand = node.Required("hand");
  REFEREE_TRY(hand);
  auto cards = ReadHand(**hand, node.PathOf("hand"));
  REFEREE_TRY(cards);
  view.hand = *cards;
  if (const Node* trick = node.Optional("trick")) {
    auto fields = MapFields::Open(*trick, node.PathOf("trick"), "a trick");
    REFEREE_TRY(fields);
    REFEREE_TRY(ReadTrickView(*fields, view));
  }
  if (const Node* played = node.Optional("played")) {
    auto read = ReadCards(*played, node.PathOf("played"), 52);
    REFEREE_TRY(read);
    view.played = *read;
  }
  if (const Node* won = node.Optional("tricks_won")) {
    auto fields = MapFields::Open(*won, node.PathOf("tricks_won"), "tricks per seat");
    REFEREE_TRY(fields);
    for (int i = 0; i < 4; ++i) {
      const Node* count = fields->Optional(SeatName(SeatAt(i)));
      if (count == nullptr) continue;
      auto read = record::ReadInteger(*count, fields->PathOf(SeatName(SeatAt(i))), 0, 13);
      REFEREE_TRY(read);
      view.tricks_won[i] = static_cast<int>(*read);
    }
  }
  if (const Node* call = node.Optional("call")) {
    auto read = ReadCall(*call, node.PathOf("call"), view.deal);
    REFEREE_TRY(read);
    view.call = *read;
  }
  if (const Node* known = node.Optional("known_hands")) {
    for (const Node::Member& member : known->members()) {
      auto seat_known = ParseSeat(member.key, node.PathOf("known_hands"));
      REFEREE_TRY(seat_known);
      auto cards_known = ReadHand(member.value, node.PathOf("known_hands"));
      REFEREE_TRY(cards_known);
      view.known_hands.emplace_back(*seat_known, *cards_known);
    }
  }
  return {};
}

}  // namespace

Result<View> ReadLiveView(const Node& node, const record::Record& /*header*/) {
  auto fields = MapFields::Open(node, "", "a view");
  REFEREE_TRY(fields);
  auto seat_text = fields->RequiredText("seat");
  REFEREE_TRY(seat_text);
  auto seat = ParseSeat(*seat_text, fields->PathOf("seat"));
  REFEREE_TRY(seat);
  View view;
  view.actor = SeatIndex(*seat);
  if (const Node* deal = fields->Optional("deal")) {
    auto number = record::ReadInteger(*deal, fields->PathOf("deal"), 0, 1000000);
    REFEREE_TRY(number);
    view.deal = static_cast<int>(*number);
  }
  if (fields->Optional("dealer") != nullptr) REFEREE_TRY(ReadDealView(*fields, view));
  return view;
}

}  // namespace referee::games::trick
