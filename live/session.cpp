#include "live/session.h"

#include <algorithm>

#include "referee/core/printable.h"
#include "referee/core/seat.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/fields.h"
#include "referee/record/record_writer.h"
#include "reports/verdict_text.h"
#include "verifier/verifier.h"

namespace referee::live {
namespace {

using record::Node;

Node Text(std::string text) { return record::StringNode(std::move(text)); }
Node Bool(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }

const games::GameDescriptor* GameOf(const Node& header) {
  const Node* game = header.IsMap() ? header.Find("game") : nullptr;
  return game != nullptr && game->IsScalar() ? games::FindGame(game->text()) : nullptr;
}

// A live header is a record without its events: the events key is added, empty, so that the
// record reader reads the header (and a table it sets up) exactly as it reads a record's.
Result<record::Record> ReadHeader(const Node& header) {
  Node tree = header;
  if (const games::GameDescriptor* game = GameOf(header)) {
    const std::string& key = game->live.events_key;
    if (header.Has(key)) {
      return Fail(Malformed("unknown-key", "/" + key,
                            "expected a live header without '" + key +
                                "' (events come one per line), found '" + key + "'"));
    }
    tree.AddMember(key, {}, Node::List({}));
  }
  return record::ReadRecord(tree);
}

Node FindingNode(const Finding& finding) {
  Node node = Node::Map({});
  node.AddMember("code", {}, Text(finding.code));
  node.AddMember("message", {}, Text(finding.message));
  return node;
}

// The accepted event as the reply shows it: hands and pack orders are left out, so that an
// acceptance never shows a hand (the view of a seat is the only way to see one).
Node PublicEvent(const Node& line) {
  Node shown = Node::Map({});
  for (const Node::Member& member : line.members()) {
    if (member.key == "hands" || member.key == "deck") continue;
    shown.AddMember(member.key, {}, member.value);
  }
  return shown;
}

}  // namespace

Session::Session(Node header, record::Record record, std::unique_ptr<Match> match)
    : header_(std::move(header)), record_(std::move(record)), match_(std::move(match)) {}

Result<Session> Session::Start(const Node& header) {
  auto record = ReadHeader(header);
  REFEREE_TRY(record);
  // Each reply goes to one seat: the findings must not say where the other seats' cards are.
  MatchSetup setup = verifier::SetupFor(*record);
  setup.secret_hands = true;
  std::unique_ptr<Match> match = record->game->new_match(setup);
  // What the header sets up (a table laid out before play) is applied at once, as in a replay.
  for (const record::Record::Entry& entry : record->entries) {
    if (const auto* event = std::get_if<Event>(&entry.item)) REFEREE_TRY(match->Apply(*event));
  }
  return Session(header, std::move(*record), std::move(match));
}

Node Session::Greeting(int resumed) const {
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Bool(true));
  reply.AddMember("game", {}, Text(record_.game->name));
  if (resumed > 0) reply.AddMember("resumed", {}, record::IntegerNode(resumed));
  reply.AddMember("next", {}, NextNode());
  return reply;
}

Reply Session::Handle(const Node& line, games::LineSource source) {
  const Node* kind = line.IsMap() ? line.Find("event") : nullptr;
  if (kind != nullptr && kind->kind() == Node::Kind::kString) {
    if (kind->text() == "view") return Reply{ViewReply(line), std::nullopt};
    if (kind->text() == "legal") return Reply{LegalReply(line), std::nullopt};
  }
  record::Document document = record::DocumentOf(line);
  auto event = record_.game->live.read_event(document.Root(), record_, match_->Next(), source);
  if (!event.has_value()) return Reply{Rejection(event.error()), std::nullopt};
  return Apply(*event);
}

Reply Session::Apply(const Event& event) {
  auto ruling = match_->Apply(event);
  if (!ruling.has_value()) return Reply{Rejection(ruling.error()), std::nullopt};
  record_.entries.push_back({event});
  ++events_;
  return Reply{Acceptance(event, *ruling), record_.game->live.write_event(event, record_)};
}

Node Session::Acceptance(const Event& event, const Ruling& ruling) const {
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Bool(true));
  reply.AddMember("event", {}, PublicEvent(record_.game->live.write_event(event, record_)));
  reply.AddMember("next", {}, NextNode());
  Node shown = Node::List({});
  for (const Announcement& announcement : ruling.announcements) {
    Node item = Node::Map({});
    item.AddMember("kind", {}, Text(announcement.kind));
    item.AddMember("text", {}, Text(announcement.text));
    shown.Append(std::move(item));
  }
  reply.AddMember("public", {}, std::move(shown));
  if (!ruling.findings.empty()) {
    Node findings = Node::List({});
    for (const Finding& finding : ruling.findings) findings.Append(FindingNode(finding));
    reply.AddMember("findings", {}, std::move(findings));
  }
  if (match_->IsOver()) {
    Node tree = reports::VerdictTree(Verdict());
    reply.AddMember("verdict", {}, *tree.Find("verdict"));
  }
  return reply;
}

Node Session::Rejection(const Finding& finding) const {
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Bool(false));
  reply.AddMember("code", {}, Text(finding.code));
  // Both may quote the line (a value, a key in the pointer): escaped like every diagnostic.
  reply.AddMember("message", {}, Text(Printable(finding.message)));
  if (!finding.place.path.empty()) reply.AddMember("at", {}, Text(Printable(finding.place.path)));
  reply.AddMember("next", {}, NextNode());
  return reply;
}

Node Session::NextNode() const {
  ToAct next = match_->Next();
  Node node = Node::Map({});
  node.AddMember("phase", {}, Text(std::string(next.kind)));
  if (next.actor) {
    bool seats = record_.game->player_shape == games::PlayerShape::kFourSeats;
    if (seats) {
      node.AddMember("seat", {}, Text(SeatName(SeatAt(*next.actor))));
    } else if (*next.actor < static_cast<int>(record_.players.size())) {
      node.AddMember("player", {}, Text(record_.players[*next.actor]));
    }
  }
  if (next.phase != Phase::kOver && next.deal > 0) {
    node.AddMember("deal", {}, record::IntegerNode(next.deal));
  }
  if (next.phase == Phase::kAct && next.step.number > 0) {
    node.AddMember(std::string(next.step.unit), {}, record::IntegerNode(next.step.number));
  }
  return node;
}

Result<int> Session::ReadActor(const Node& line) const {
  bool seats = record_.game->player_shape == games::PlayerShape::kFourSeats;
  std::string key = seats ? "seat" : "player";
  auto fields = record::MapFields::Open(line, "", "a request");
  REFEREE_TRY(fields);
  REFEREE_TRY(fields->AllowOnly({"event", key}));
  auto node = fields->Required(key);
  REFEREE_TRY(node);
  auto name = record::ReadText(**node, "/" + key);
  REFEREE_TRY(name);
  if (seats) {
    auto seat = ParseSeat(*name, "/seat");
    REFEREE_TRY(seat);
    return SeatIndex(*seat);
  }
  for (size_t i = 0; i < record_.players.size(); ++i) {
    if (record_.players[i] == *name) return static_cast<int>(i);
  }
  return Fail(Malformed("unknown-player", "/player",
                        "expected one of the players, found " + Quoted(*name)));
}

Node Session::ViewReply(const Node& line) const {
  auto actor = ReadActor(line);
  if (!actor.has_value()) return Rejection(actor.error());
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Bool(true));
  reply.AddMember("view", {}, ViewNode(*actor));
  reply.AddMember("next", {}, NextNode());
  return reply;
}

Node Session::LegalReply(const Node& line) const {
  auto actor = ReadActor(line);
  if (!actor.has_value()) return Rejection(actor.error());
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Bool(true));
  reply.AddMember("legal", {}, LegalList(*actor));
  reply.AddMember("next", {}, NextNode());
  return reply;
}

Node Session::ViewNode(int actor) const {
  return record_.game->live.write_view(match_->ViewFor(actor), record_);
}

// The events the rules allow the actor now: empty unless it is the actor's turn (a seat may ask
// only about its own choices; they show its hand, as its view does).
Node Session::LegalList(int actor) const {
  ToAct next = match_->Next();
  Node legal = Node::List({});
  for (const Event& event : match_->LegalEvents()) {
    std::optional<int> by = event.actor ? event.actor : next.actor;
    if (by != actor) continue;
    legal.Append(record_.game->live.write_event(event, record_));
  }
  return legal;
}

Node Session::StateFor(std::optional<int> actor) const {
  Node state = Node::Map({});
  state.AddMember("next", {}, NextNode());
  if (actor) {
    state.AddMember("view", {}, ViewNode(*actor));
    state.AddMember("legal", {}, LegalList(*actor));
  }
  return state;
}

Node Session::PublicHeader() const {
  Node shown = Node::Map({});
  const std::vector<std::string>& hidden = record_.game->live.hidden_keys;
  for (const Node::Member& member : header_.members()) {
    bool secret =
        member.key == "seed" || std::find(hidden.begin(), hidden.end(), member.key) != hidden.end();
    if (!secret) shown.AddMember(member.key, {}, member.value);
  }
  return shown;
}

Session Session::Clone() const {
  Session copy(header_, record_, match_->Clone());
  copy.events_ = events_;
  return copy;
}

verifier::Verdict Session::Verdict() const {
  // Written out and read back, so the verdict is the one `referee verify` gives the journal.
  return verifier::VerifyNode(record::WriteRecord(record_), "live");
}

}  // namespace referee::live
