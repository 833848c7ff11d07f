#include "referee/games/conspiracy/conspiracy_record.h"

#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/record/record_writer.h"

namespace referee::games::conspiracy {
namespace {

using record::MapFields;
using record::Node;

const std::vector<std::string> kSideUnits = {"NS", "EW"};

// The call's fields; the caller has checked the keys. The calling seat is `by` in a record and
// `seat` in a live line.
Result<Event> ReadCallFields(const MapFields& fields, std::string_view by_key, int deal) {
  CallEvent call;
  auto by = trick::ReadOptionalSeat(fields, by_key);
  REFEREE_TRY(by);
  if (const Node* trump = fields.Optional("trump")) {
    auto text = record::ReadText(*trump, fields.PathOf("trump"));
    REFEREE_TRY(text);
    if (*text == "NT" || *text == "none") {
      call.no_trump = true;
    } else {
      auto suit = ParseSuit(*text, fields.PathOf("trump"));
      REFEREE_TRY(suit);
      call.trump = *suit;
    }
  }
  auto tricks = fields.Required("tricks");
  REFEREE_TRY(tricks);
  // Any integer is read; the engine rules on the range so that 9 is an illegal call, not a
  // malformed record.
  auto count = record::ReadInteger(**tricks, fields.PathOf("tricks"), -1000, 1000);
  REFEREE_TRY(count);
  call.tricks = *count;
  std::optional<int> actor;
  if (*by) actor = SeatIndex(**by);
  return MakeEvent(call, deal, actor, fields.path());
}

Result<Event> ReadCall(const Node& node, const std::string& path, int deal) {
  auto call = MapFields::Open(node, path, "the call");
  REFEREE_TRY(call);
  REFEREE_TRY(call->AllowOnly({"by", "trump", "tricks"}));
  return ReadCallFields(*call, "by", deal);
}

std::optional<Seat> SeatLetterOf(std::string_view text) {
  static constexpr std::string_view kLetters = "NESW";
  size_t at = text.size() == 1 ? kLetters.find(text[0]) : std::string_view::npos;
  if (at == std::string_view::npos) return std::nullopt;
  return SeatAt(static_cast<int>(at));
}

// The trump as a call writes it plainly: a suit's capital letter, or NT or none.
bool ReadTrumpText(std::string_view text, CallEvent& call) {
  static constexpr std::string_view kSuits = "CDHS";
  if (text == "NT" || text == "none") {
    call.no_trump = true;
    return true;
  }
  size_t suit = text.size() == 1 ? kSuits.find(text[0]) : std::string_view::npos;
  if (suit == std::string_view::npos) return false;
  call.trump = kAllSuits[suit];
  return true;
}

// One member of a call in its plain form, at `value`; false for anything else.
bool ReadCallMember(const record::TokenBuffer& tokens, std::string_view key, size_t value,
                    CallEvent& call, std::optional<int>& actor, bool& tricks) {
  std::optional<std::string_view> text = record::StringAt(tokens, value);
  if (key == "by") {
    std::optional<Seat> seat = text ? SeatLetterOf(*text) : std::nullopt;
    if (seat) actor = SeatIndex(*seat);
    return seat.has_value();
  }
  if (key == "trump") return text && ReadTrumpText(*text, call);
  std::optional<int64_t> count = record::IntegerAt(tokens, value, -1000, 1000);
  if (key != "tricks" || !count) return false;
  call.tricks = *count;
  tricks = true;
  return true;
}

// ReadCall's plain form straight from the tokens: `by` a seat's letter, `trump` a suit's letter
// or NT or none, `tricks` an integer; none for anything else, which ReadCall reads and words.
std::optional<Event> ReadCallTokens(const record::TokenBuffer& tokens, size_t index, int deal) {
  using record::TokenType;
  if (tokens[index].type != TokenType::kBeginMap) return std::nullopt;
  CallEvent call;
  std::optional<int> actor;
  bool tricks = false;
  for (size_t i = index + 1; tokens[i].type == TokenType::kKey; i = tokens[i + 1].next) {
    if (!ReadCallMember(tokens, tokens.Text(tokens[i]), i + 1, call, actor, tricks)) {
      return std::nullopt;
    }
  }
  if (!tricks) return std::nullopt;
  return MakeEvent(call, deal, actor);
}

Node CallFields(const CallEvent& call, std::optional<Seat> by, const char* by_key) {
  Node node = Node::Map({});
  if (by) node.AddMember(by_key, {}, record::StringNode(SeatName(*by)));
  if (call.trump) {
    node.AddMember("trump", {}, record::StringNode(std::string(1, SuitLetter(*call.trump))));
  } else if (call.no_trump) {
    node.AddMember("trump", {}, record::StringNode("NT"));
  }
  node.AddMember("tricks", {}, record::IntegerNode(call.tricks));
  return node;
}

std::optional<Seat> SeatOf(const Event& event) {
  if (!event.actor) return std::nullopt;
  return SeatAt(*event.actor);
}

Node WriteCall(const Event& event) {
  return CallFields(*event.As<CallEvent>(), SeatOf(event), "by");
}

Result<Event> ReadLiveCall(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "trump", "tricks"}));
  auto call = ReadCallFields(line, "seat", next.deal);
  REFEREE_TRY(call);
  if (!call->actor && next.kind == CallEvent::kKind) call->actor = next.actor;
  return call;
}

Node WriteLiveCall(const Event& event) {
  return CallFields(*event.As<CallEvent>(), SeatOf(event), "seat");
}

// The conference's fields; the caller has checked the keys.
Result<Event> ReadConferenceFields(const MapFields& fields, int deal) {
  ConferenceEvent conference;
  auto start = fields.Required("start");
  REFEREE_TRY(start);
  auto end = fields.Required("end");
  REFEREE_TRY(end);
  auto start_ms = record::ReadSeconds(**start, fields.PathOf("start"));
  REFEREE_TRY(start_ms);
  auto end_ms = record::ReadSeconds(**end, fields.PathOf("end"));
  REFEREE_TRY(end_ms);
  conference.start_ms = *start_ms;
  conference.end_ms = *end_ms;
  return MakeEvent(conference, deal, std::nullopt, fields.path());
}

Result<Event> ReadConference(const Node& node, const std::string& path, int deal) {
  auto conference = MapFields::Open(node, path, "the conference");
  REFEREE_TRY(conference);
  REFEREE_TRY(conference->AllowOnly({"start", "end"}));
  return ReadConferenceFields(*conference, deal);
}

Node WriteConference(const Event& event) {
  const auto& conference = *event.As<ConferenceEvent>();
  Node node = Node::Map({});
  node.AddMember("start", {}, record::SecondsNode(conference.start_ms));
  node.AddMember("end", {}, record::SecondsNode(conference.end_ms));
  return node;
}

Result<Event> ReadLiveConference(const MapFields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "start", "end"}));
  return ReadConferenceFields(line, next.deal);
}

void WriteCallView(const trick::TrickView& view, Node& node) {
  const auto* made = view.extension.As<MadeCall>();
  if (made != nullptr) node.AddMember("call", {}, CallFields(made->call, made->by, "by"));
}

Result<void> ReadCallView(const MapFields& node, trick::TrickView& view) {
  const Node* call = node.Optional("call");
  if (call == nullptr) return {};
  auto read = ReadCall(*call, node.PathOf("call"), view.deal);
  REFEREE_TRY(read);
  view.extension = Payload(MadeCall{SeatOf(*read).value_or(Seat::kNorth), *read->As<CallEvent>()});
  return {};
}

}  // namespace

Result<Node> StampLine(Node line, std::string_view kind, int actor, const ToAct& next,
                       int64_t phase_started_ms, int64_t now_ms) {
  if (kind != ConferenceEvent::kKind) return line;
  // Only the calling side confers, before its call: the call phase began with the deal.
  if (next.kind != CallEvent::kKind || !next.actor || actor % 2 != *next.actor % 2) {
    return Fail(
        Malformed("not-conferring", "", "only the calling partnership confers, before its call"));
  }
  // From the deal (the call phase's start) to now; whatever times the client sent are not used.
  Node conference = Node::Map({});
  conference.AddMember("event", {}, record::StringNode(std::string(ConferenceEvent::kKind)));
  conference.AddMember("start", {}, record::SecondsNode(phase_started_ms));
  conference.AddMember("end", {}, record::SecondsNode(now_ms));
  return conference;
}

std::string SecondsText(int64_t millis) {
  std::string sign = millis < 0 ? "-" : "";
  int64_t magnitude = millis < 0 ? -millis : millis;
  std::string text = sign + std::to_string(magnitude / 1000);
  if (int64_t fraction = magnitude % 1000; fraction != 0) {
    std::string digits = std::to_string(1000 + fraction).substr(1);
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
  }
  return text;
}

const trick::TrickBodySpec& BodySpec() {
  static const trick::TrickBodySpec kSpec{
      {{"conference", &ReadConference, &WriteConference, &ReadLiveConference, &WriteConference},
       {"call", &ReadCall, &WriteCall, &ReadLiveCall, &WriteLiveCall, &ReadCallTokens}},
      kSideUnits,
      &WriteCallView,
      &ReadCallView};
  return kSpec;
}

}  // namespace referee::games::conspiracy
