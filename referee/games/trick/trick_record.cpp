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
      PlayEvent play{.card = (*cards)[position],
                     .trick = static_cast<int>(t) + 1,
                     .position = static_cast<int>(position),
                     .written_size = static_cast<int>(cards->size()),
                     .last_in_record = last_deal && t + 1 == (*tricks)->size()};
      EventPath path = EventPath::Nested("deals", number - 1, "tricks", static_cast<int>(t),
                                         static_cast<int>(position));
      // Built in place: GCC 12 warns (-Wmaybe-uninitialized, a false positive) on the braced form.
      record::Record::Entry entry;
      entry.item.emplace<Event>(MakeEvent(play, number, std::nullopt, std::move(path)));
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

Result<void> ReadDeal(const Node& node, const std::string& path, int number, bool last,
                      const TrickBodySpec& spec, record::Record& record) {
  auto deal = MapFields::Open(node, path, "a deal");
  REFEREE_TRY(deal);
  REFEREE_TRY(deal->AllowOnly(DealKeysOf(spec)));
  DealEvent event;
  auto dealer_text = deal->RequiredText("dealer");
  REFEREE_TRY(dealer_text);
  auto dealer_seat = ParseSeat(*dealer_text, deal->PathOf("dealer"));
  REFEREE_TRY(dealer_seat);
  event.dealer = *dealer_seat;
  REFEREE_TRY(ReadDealCards(*deal, record, number, event));
  record.entries.push_back({MakeEvent(std::move(event), number, std::nullopt, path)});
  for (const DealPart& part : spec.parts) {
    const Node* node = deal->Optional(part.key);
    if (node == nullptr) continue;
    auto read = part.read(*node, deal->PathOf(part.key), number);
    REFEREE_TRY(read);
    record.entries.push_back({std::move(*read)});
  }
  REFEREE_TRY(ReadTricks(*deal, number, last, record.entries));
  if (!last) {
    record.entries.push_back(
        {MakeEvent(DealEndEvent{}, number, std::nullopt, deal->PathOf("tricks"))});
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
  return WellFormedCardText(node.text(), max_cards);
}

std::optional<std::vector<Card>> WellFormedCardText(std::string_view text, size_t max_cards) {
  std::vector<Card> cards;
  cards.reserve(max_cards < 64 ? max_cards : 64);
  if (!ForEachCardWord(text, max_cards, [&](Card card) { cards.push_back(card); })) {
    return std::nullopt;
  }
  return cards;
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

void FillTrickDescriptor(GameDescriptor& game, const std::vector<std::string>& units) {
  game.player_shape = PlayerShape::kFourSeats;
  game.body_keys = {"deals"};
  game.result_keys = units;
  game.result_keys.push_back("winner");
  game.score_units = units;
  game.deal_statistics = {{"tricks", "tricks taken"}};
  game.side_statistics = game.deal_statistics;
  game.live.events_key = "deals";
  game.live.seat_line = [](const Event& event) -> std::optional<Event> {
    if (event.As<DealEndEvent>() != nullptr) return std::nullopt;  // a record's marker only
    return event;
  };
}

Result<Node> DealTrickBoard(const GameDescriptor& game, const RuleOptions& rules,
                            const std::string& seed, int board, int /*players*/,
                            Sha256Function sha256) {
  MatchSetup setup{rules, {"N", "E", "S", "W"}, seed, sha256};
  std::unique_ptr<Match> match = game.new_match(setup);
  DealEvent deal{.dealer = SeatAt(board - 1), .board = board, .seeded = true};
  auto ruling = match->Apply(MakeEvent(deal, 1, std::nullopt, "/deals/0"));
  if (!ruling.has_value()) return Fail(std::move(ruling).error());
  Node node = Node::Map({});
  node.AddMember("board", {}, record::IntegerNode(board));
  node.AddMember("dealer", {}, record::StringNode(SeatName(*deal.dealer)));
  Node hands = Node::Map({});
  for (Seat seat : kAllSeats) {
    View view = match->ViewFor(SeatIndex(seat));
    hands.AddMember(SeatName(seat), {},
                    record::StringNode(view.game.As<TrickView>()->hand.ToString()));
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

std::vector<std::string> DealKeysOf(const TrickBodySpec& spec) {
  std::vector<std::string> keys = {"dealer", "board", "hands", "deck", "tricks", "claim"};
  for (const DealPart& part : spec.parts) keys.push_back(part.key);
  return keys;
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
  std::vector<std::optional<Event>> parts;  // one per DealPart of the game, in its order
  std::vector<std::vector<std::string>> tricks;
  std::optional<record::DealClaim> claim;

  Node ToNode(const TrickBodySpec& spec) const {
    Node node = Node::Map({});
    if (deal) WriteDealHeader(*deal, node);
    for (size_t i = 0; i < spec.parts.size() && i < parts.size(); ++i) {
      if (parts[i]) node.AddMember(spec.parts[i].key, {}, spec.parts[i].write(*parts[i]));
    }
    Node list = Node::List({});
    for (const std::vector<std::string>& trick : tricks) list.Append(record::WordsNode(trick));
    node.AddMember("tricks", {}, std::move(list));
    if (claim) node.AddMember("claim", {}, ClaimNode(*claim));
    return node;
  }
};

void AddToParts(const record::Record::Entry& entry, const TrickBodySpec& spec, DealParts& parts) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) {
    parts.claim = *claim;
    return;
  }
  const Event& event = std::get<Event>(entry.item);
  if (const auto* deal = event.As<DealEvent>()) parts.deal = *deal;
  parts.parts.resize(spec.parts.size());
  for (size_t i = 0; i < spec.parts.size(); ++i) {
    if (event.kind == spec.parts[i].key) parts.parts[i] = event;
  }
  if (const auto* play = event.As<PlayEvent>()) {
    bool full = !parts.tricks.empty() && parts.tricks.back().size() == 4;
    if (parts.tricks.empty() || play->position == 0 || (play->position < 0 && full)) {
      parts.tricks.emplace_back();
    }
    parts.tricks.back().push_back(ToString(play->card));
  }
}

int EntryDeal(const record::Record::Entry& entry) {
  if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) return claim->deal;
  return std::get<Event>(entry.item).deal;
}

}  // namespace

void WriteTrickBody(const record::Record& record, Node& root, const TrickBodySpec& spec) {
  Node deals = Node::List({});
  DealParts parts;
  int current = 0;
  for (const record::Record::Entry& entry : record.entries) {
    int deal = EntryDeal(entry);
    if (deal != current && current != 0) {
      deals.Append(parts.ToNode(spec));
      parts = DealParts{};
    }
    current = deal;
    AddToParts(entry, spec, parts);
  }
  if (current != 0) deals.Append(parts.ToNode(spec));
  root.AddMember("deals", {}, std::move(deals));
}

// ---------------------------------------------------------------------------------------------
// Live lines (docs/live.md): the record's readers and writers, keyed by "event".

namespace {

Result<Event> ReadLiveDeal(const MapFields& line, const record::Record& header, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "dealer", "board", "hands", "deck"}));
  DealEvent event;
  auto dealer = ReadOptionalSeat(line, "dealer");
  REFEREE_TRY(dealer);
  event.dealer = *dealer;
  REFEREE_TRY(ReadDealCards(line, header, next.deal, event));
  // The rules name every dealer after the first; the referee's own first seeded deal is North's,
  // as in TrickMatch::SeededDeal. A deal whose cards the client gives must name its first dealer.
  if (!event.dealer && next.phase == Phase::kDeal && next.actor) event.dealer = SeatAt(*next.actor);
  if (!event.dealer && !event.hands && !event.deck) event.dealer = Seat::kNorth;
  return MakeEvent(std::move(event), next.deal, std::nullopt, line.path());
}

Result<Event> ReadLivePlay(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "card"}));
  auto seat = ReadOptionalSeat(line, "seat");
  REFEREE_TRY(seat);
  auto text = line.RequiredText("card");
  REFEREE_TRY(text);
  auto card = ParseCard(*text, line.PathOf("card"));
  REFEREE_TRY(card);
  std::optional<int> actor;
  if (*seat) actor = SeatIndex(**seat);
  if (!actor && next.kind == PlayEvent::kKind) actor = next.actor;
  return MakeEvent(PlayEvent{.card = *card}, next.deal, actor, line.PathOf("card"));
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

void AddDealView(const TrickView& view, const TrickBodySpec& spec, Node& node) {
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
  if (spec.write_view_extension != nullptr) spec.write_view_extension(view, node);
  if (!view.known_hands.empty()) {
    Node known = Node::Map({});
    for (const auto& [seat, hand] : view.known_hands) {
      known.AddMember(SeatName(seat), {}, record::WordsNode(CardWords(hand.Cards())));
    }
    node.AddMember("known_hands", {}, std::move(known));
  }
}

std::vector<std::string> LineKinds(const TrickBodySpec& spec) {
  std::vector<std::string> kinds = {"deal"};
  for (const DealPart& part : spec.parts) kinds.push_back(part.key);
  for (const char* kind : {"play", "view", "legal"}) kinds.emplace_back(kind);
  return kinds;
}

}  // namespace

Result<Event> ReadLiveEvent(const Node& line, const record::Record& header, const ToAct& next,
                            const TrickBodySpec& spec) {
  auto fields = MapFields::Open(line, "", "an event");
  REFEREE_TRY(fields);
  auto kind = fields->RequiredText("event");
  REFEREE_TRY(kind);
  if (*kind == DealEvent::kKind) return ReadLiveDeal(*fields, header, next);
  if (*kind == PlayEvent::kKind) return ReadLivePlay(*fields, next);
  for (const DealPart& part : spec.parts) {
    if (*kind == part.key) return part.read_live(*fields, next);
  }
  std::vector<std::string> kinds = LineKinds(spec);
  std::string listed;
  for (size_t i = 0; i < kinds.size(); ++i) {
    listed += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + kinds[i];
  }
  return Fail(Malformed("unknown-key", "/event",
                        "expected an event " + listed + ", found " + Quoted(*kind) +
                            record::DidYouMean(*kind, kinds)));
}

Node WriteLiveEvent(const Event& event, const TrickBodySpec& spec) {
  Node line = Node::Map({});
  line.AddMember("event", {}, record::StringNode(std::string(event.kind)));
  if (const auto* deal = event.As<DealEvent>()) {
    WriteDealHeader(*deal, line);
  } else if (const auto* play = event.As<PlayEvent>()) {
    if (event.actor) line.AddMember("seat", {}, record::StringNode(SeatName(SeatAt(*event.actor))));
    line.AddMember("card", {}, record::StringNode(ToString(play->card)));
  }
  for (const DealPart& part : spec.parts) {
    if (event.kind != part.key) continue;
    Node fields = part.write_live(event);
    for (const Node::Member& member : fields.members()) {
      line.AddMember(member.key, {}, member.value);
    }
  }
  return line;
}

Node WriteLiveView(const View& view, const TrickBodySpec& spec) {
  const auto* table = view.game.As<TrickView>();
  Node node = Node::Map({});
  node.AddMember("seat", {}, record::StringNode(SeatName(SeatAt(view.actor))));
  node.AddMember("deal", {}, record::IntegerNode(table != nullptr ? table->deal : 0));
  if (table != nullptr && table->dealer) AddDealView(*table, spec, node);
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

Result<void> ReadTrickView(const MapFields& trick, TrickView& view) {
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

Result<void> ReadTricksWon(const MapFields& node, TrickView& view) {
  const Node* won = node.Optional("tricks_won");
  if (won == nullptr) return {};
  auto fields = MapFields::Open(*won, node.PathOf("tricks_won"), "tricks per seat");
  REFEREE_TRY(fields);
  for (int i = 0; i < 4; ++i) {
    const Node* count = fields->Optional(SeatName(SeatAt(i)));
    if (count == nullptr) continue;
    auto read = record::ReadInteger(*count, fields->PathOf(SeatName(SeatAt(i))), 0, 13);
    REFEREE_TRY(read);
    view.tricks_won[i] = static_cast<int>(*read);
  }
  return {};
}

Result<void> ReadKnownHands(const MapFields& node, TrickView& view) {
  const Node* known = node.Optional("known_hands");
  if (known == nullptr) return {};
  for (const Node::Member& member : known->members()) {
    auto seat = ParseSeat(member.key, node.PathOf("known_hands"));
    REFEREE_TRY(seat);
    auto cards = ReadHand(member.value, node.PathOf("known_hands"));
    REFEREE_TRY(cards);
    view.known_hands.emplace_back(*seat, *cards);
  }
  return {};
}

// The part AddDealView writes, once a deal is under way.
Result<void> ReadDealView(const MapFields& node, const TrickBodySpec& spec, TrickView& view) {
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
  REFEREE_TRY(ReadTricksWon(node, view));
  if (spec.read_view_extension != nullptr) REFEREE_TRY(spec.read_view_extension(node, view));
  return ReadKnownHands(node, view);
}

}  // namespace

Result<View> ReadLiveView(const Node& node, const TrickBodySpec& spec) {
  auto fields = MapFields::Open(node, "", "a view");
  REFEREE_TRY(fields);
  auto seat_text = fields->RequiredText("seat");
  REFEREE_TRY(seat_text);
  auto seat = ParseSeat(*seat_text, fields->PathOf("seat"));
  REFEREE_TRY(seat);
  View view;
  view.actor = SeatIndex(*seat);
  TrickView table;
  if (const Node* deal = fields->Optional("deal")) {
    auto number = record::ReadInteger(*deal, fields->PathOf("deal"), 0, 1000000);
    REFEREE_TRY(number);
    table.deal = static_cast<int>(*number);
  }
  if (fields->Optional("dealer") != nullptr) REFEREE_TRY(ReadDealView(*fields, spec, table));
  view.game = Payload(std::move(table));
  return view;
}

}  // namespace referee::games::trick
