#include "server/table.h"

#include "formats/json_writer.h"
#include "live/journal.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::server {

record::Node ActorLine(const TableMeta& meta, const std::string& kind, int actor) {
  record::Node line = record::Node::Map({});
  line.AddMember("event", {}, record::StringNode(kind));
  line.AddMember(meta.actor_key, {}, record::StringNode(meta.actors.at(actor)));
  return line;
}

Table::Table(TableMeta meta, live::Session session, std::unique_ptr<live::JournalFile> journal,
             Store* store, int64_t now_ms)
    : meta_(std::move(meta)),
      session_(std::move(session)),
      journal_(std::move(journal)),
      store_(store),
      phase_started_ms_(TableMs(now_ms)) {}

std::string Table::Status() const {
  if (failed()) return "failed";
  return session_.IsOver() ? "over" : "in-play";
}

Table::Outcome Table::Act(const record::Node& line, int64_t now_ms) {
  live::Reply reply = session_.Handle(line);
  Outcome outcome{std::move(reply.line), false, std::nullopt};
  if (!reply.accepted) return outcome;
  // Durable before anyone is told: an event that cannot be journaled is never acknowledged, and
  // the table stops (its session is now ahead of its journal; a restart resumes from the journal).
  if (std::optional<std::string> error = journal_->Append(live::JournalLine(*reply.accepted))) {
    failure_ = outcome.disk_error = error;
    return outcome;
  }
  outcome.accepted = true;
  ++changes_;
  phase_started_ms_ = TableMs(now_ms);
  if (std::optional<std::string> error = WriteRecordIfOver()) failure_ = outcome.disk_error = error;
  return outcome;
}

std::optional<std::string> Table::DealIfDue(int64_t now_ms) {
  while (!failed() && !session_.IsOver() && session_.match().Next().phase == Phase::kDeal &&
         session_.record().seed.has_value()) {
    record::Node line = record::Node::Map({});
    line.AddMember("event", {}, record::StringNode("deal"));
    Outcome outcome = Act(line, now_ms);
    if (outcome.disk_error) return outcome.disk_error;
    if (!outcome.accepted)
      return "the referee's own seeded deal was rejected: " +
             formats::WriteJson(outcome.reply, false);
  }
  return std::nullopt;
}

record::Node Table::Ask(const std::string& kind, int actor) {
  return session_.Handle(ActorLine(meta_, kind, actor)).line;
}

record::Node Table::Next() const {
  return *session_.Greeting(0).Find("next");  // the header's reply: `ok`, `game` and `next`
}

std::optional<int> Table::ActorToMove() const {
  if (session_.IsOver()) return std::nullopt;
  ToAct next = session_.match().Next();
  if (next.phase == Phase::kCall || next.phase == Phase::kPlay) {
    if (next.seat) return static_cast<int>(*next.seat);
  }
  if (next.phase == Phase::kTurn && next.player) return *next.player;
  return std::nullopt;
}

std::optional<record::Node> Table::PlayForActor(int64_t now_ms, Outcome* outcome) {
  if (failed() || !ActorToMove()) return std::nullopt;
  std::vector<Event> legal = session_.match().LegalEvents();
  if (legal.empty()) return std::nullopt;
  const games::GameDescriptor& game = *session_.record().game;
  record::Node line = game.live.write_event(legal.front(), session_.record());
  *outcome = Act(line, now_ms);
  return line;
}

std::optional<std::string> Table::WriteRecordIfOver() {
  if (!session_.IsOver()) return std::nullopt;
  auto text = journal_->ReadAll();
  if (!text.has_value()) return text.error();
  auto tree = live::JournalRecord(*text);
  if (!tree.has_value()) return "cannot turn the journal into a record: " + tree.error().message;
  return store_->WriteRecord(meta_.id, formats::WriteJson(*tree, true) + "\n");
}

}  // namespace referee::server
