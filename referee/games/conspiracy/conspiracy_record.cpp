#include "referee/games/conspiracy/conspiracy_record.h"

#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/record/record_writer.h"

namespace referee::games::conspiracy {
namespace {

using record::Fields;
using record::Node;
using record::Value;

// The call's fields; the caller has checked the keys. The calling seat is `by` in a record and
// `seat` in a live line.
Result<Event> ReadCallFields(const Fields& fields, std::string_view by_key, int deal) {
  CallEvent call;
  auto by = trick::ReadOptionalSeat(fields, by_key);
  REFEREE_TRY(by);
  if (std::optional<Value> trump = fields.Optional("trump")) {
    auto text = record::ReadText(*trump);
    REFEREE_TRY(text);
    if (*text == "NT" || *text == "none") {
      call.no_trump = true;
    } else {
      std::optional<Suit> suit = SuitFromText(*text);
      if (!suit) REFEREE_TRY(ParseSuit(*text, trump->Pointer()));  // words the finding
      call.trump = *suit;
    }
  }
  auto tricks = fields.Required("tricks");
  REFEREE_TRY(tricks);
  // Any integer is read; the engine rules on the range so that 9 is an illegal call, not a
  // malformed record.
  auto count = record::ReadInteger(*tricks, -1000, 1000);
  REFEREE_TRY(count);
  call.tricks = *count;
  std::optional<int> actor;
  if (*by) actor = SeatIndex(**by);
  return MakeEvent(call, deal, actor);
}

Result<Event> ReadCall(Value value, int deal) {
  auto call = Fields::Open(value, "the call");
  REFEREE_TRY(call);
  REFEREE_TRY(call->AllowOnly({"by", "trump", "tricks"}));
  return ReadCallFields(*call, "by", deal);
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

Result<Event> ReadLiveCall(const Fields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "seat", "trump", "tricks"}));
  auto call = ReadCallFields(line, "seat", next.deal);
  REFEREE_TRY(call);
  call->path = line.map().Pointer();
  if (!call->actor && next.kind == CallEvent::kKind) call->actor = next.actor;
  return call;
}

Node WriteLiveCall(const Event& event) {
  return CallFields(*event.As<CallEvent>(), SeatOf(event), "seat");
}

// The conference's fields; the caller has checked the keys.
Result<Event> ReadConferenceFields(const Fields& fields, int deal) {
  ConferenceEvent conference;
  auto start = fields.Required("start");
  REFEREE_TRY(start);
  auto end = fields.Required("end");
  REFEREE_TRY(end);
  auto start_ms = record::ReadSeconds(*start);
  REFEREE_TRY(start_ms);
  auto end_ms = record::ReadSeconds(*end);
  REFEREE_TRY(end_ms);
  conference.start_ms = *start_ms;
  conference.end_ms = *end_ms;
  return MakeEvent(conference, deal);
}

Result<Event> ReadConference(Value value, int deal) {
  auto conference = Fields::Open(value, "the conference");
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

Result<Event> ReadLiveConference(const Fields& line, const ToAct& next) {
  REFEREE_TRY(line.AllowOnly({"event", "start", "end"}));
  auto conference = ReadConferenceFields(line, next.deal);
  REFEREE_TRY(conference);
  conference->path = line.map().Pointer();
  return conference;
}

void WriteCallView(const trick::TrickView& view, Node& node) {
  const auto* made = view.extension.As<MadeCall>();
  if (made != nullptr) node.AddMember("call", {}, CallFields(made->call, made->by, "by"));
}

Result<void> ReadCallView(const Fields& fields, trick::TrickView& view) {
  std::optional<Value> call = fields.Optional("call");
  if (!call) return {};
  auto read = ReadCall(*call, view.deal);
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

trick::TrickBodySpec BodySpec() {
  return trick::TrickBodySpec{
      {{"conference", &ReadConference, &WriteConference, &ReadLiveConference, &WriteConference},
       {"call", &ReadCall, &WriteCall, &ReadLiveCall, &WriteLiveCall}},
      &WriteCallView,
      &ReadCallView};
}

}  // namespace referee::games::conspiracy
