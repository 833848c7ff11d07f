#include "server/table.h"

#include <algorithm>

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "live/journal.h"
#include "referee/core/printable.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"

namespace referee::server {

namespace {

// An organiser line without its "organiser": what the table shows of a cancellation.
record::Node WithoutAction(const record::Node& line) {
  record::Node rest = record::Node::Map({});
  for (const auto& member : line.members()) {
    if (member.key != "organiser") rest.AddMember(member.key, {}, member.value);
  }
  return rest;
}

}  // namespace

record::Node ActorLine(const TableMeta& meta, const std::string& kind, int actor) {
  record::Node line = record::Node::Map({});
  line.AddMember("event", {}, record::StringNode(kind));
  line.AddMember(meta.actor_key, {}, record::StringNode(meta.actors.at(actor)));
  return line;
}

Table::Table(TableMeta meta, live::Session session, std::shared_ptr<TableJournal> journal,
             uint64_t journal_bytes, int64_t now_ms)
    : meta_(std::move(meta)),
      session_(std::move(session)),
      journal_(std::move(journal)),
      journal_bytes_(journal_bytes),
      phase_started_ms_(TableMs(now_ms)) {
  // A new table has no lines entered for its first deal; a resumed one gets them from Resume.
  if (Result<void, referee::Error> shown = ShowDealInPlay(); !shown) Fail(shown.error().message);
}

std::string Table::Status() const {
  if (failed()) return "failed";
  if (cancelled()) return "cancelled";
  return session_.IsOver() ? "over" : "in-play";
}

Result<Table::Outcome, referee::Error> Table::Act(const record::Node& line, int64_t now_ms) {
  if (shown_) return ActOnUnknownHands(line, now_ms);
  live::Reply reply = session_.Handle(line);
  Outcome outcome{std::move(reply.line), false};
  if (!reply.accepted) return outcome;
  // Staged, to be durable before anyone is told. An event the journal has no room for is never
  // acknowledged, and the table stops (its session is now ahead of its journal; a restart resumes
  // from the journal).
  if (DiskDone staged = Stage(live::JournalLine(*reply.accepted)); !staged) {
    return referee::Fail(staged.error());
  }
  outcome.accepted = true;
  ++changes_;
  phase_started_ms_ = TableMs(now_ms);
  return outcome;
}

// A journal is read back whole as a record: it may not grow past a record's size limit.
DiskDone Table::Stage(const std::string& line) {
  if (failed()) return referee::Fail({referee::ErrorKind::kIo, "the table stopped: " + *failure_});
  if (journal_bytes_ + staged_.size() + line.size() > live::kMaxJournalBytes) {
    referee::Error error =
        referee::IoError("write the journal", journal_->files().journal,
                         "it would grow past " + std::to_string(live::kMaxJournalBytes) +
                             " bytes, more than can be read back");
    Fail(error.message);
    return referee::Fail(std::move(error));
  }
  staged_ += line;
  return {};
}

void Table::StageCreation(const std::string& header_line, std::string meta_text) {
  staged_.insert(0, header_line);
  creation_ = std::move(meta_text);
}

std::optional<JournalWrite> Table::TakeStaged() {
  if (staged_.empty()) return std::nullopt;
  JournalWrite write{
      journal_, journal_bytes_, std::move(staged_), Status() != "in-play", std::move(creation_),
      nullptr};
  journal_bytes_ += write.bytes.size();
  staged_.clear();
  creation_.clear();
  return write;
}

void Table::Fail(const std::string& error) {
  if (!failure_) failure_ = error;
  staged_.clear();
}

DiskDone Table::DealIfDue(int64_t now_ms) {
  while (!failed() && !cancelled() && !session_.IsOver() &&
         session_.match().Next().phase == Phase::kDeal && session_.record().seed.has_value()) {
    record::Node line = record::Node::Map({});
    line.AddMember("event", {}, record::StringNode("deal"));
    // A table of an event deals the boards of its set: the same boards as the other tables of the
    // set (docs/schedule.md, "Boards").
    if (meta_.first_board > 0) {
      int deal = session_.match().Next().deal;
      line.AddMember("board", {}, record::IntegerNode(meta_.first_board + std::max(deal, 1) - 1));
    }
    auto outcome = Act(line, now_ms);
    if (!outcome.has_value()) return referee::Fail(std::move(outcome).error());
    if (!outcome->accepted) {
      return referee::Fail(
          {referee::ErrorKind::kIo, "the referee's own seeded deal was rejected: " +
                                        formats::WriteJson(outcome->reply, false)});
    }
  }
  return {};
}

record::Node Table::Ask(const std::string& kind, int actor) {
  return Live().Handle(ActorLine(meta_, kind, actor)).line;
}

record::Node Table::Next() const {
  return *session().Greeting(0).Find("next");  // the header's reply: `ok`, `game` and `next`
}

std::optional<int> Table::ActorToMove() const {
  if (session().IsOver() || cancelled()) return std::nullopt;
  ToAct next = session().match().Next();
  if (next.phase == Phase::kAct) return next.actor;
  return std::nullopt;
}

Result<std::optional<Table::ClockMove>, referee::Error> Table::PlayForActor(int64_t now_ms) {
  // Nobody knows the hands of a table played with real cards: the clock cannot play for a seat.
  using Move = std::optional<ClockMove>;
  if (failed() || !ActorToMove() || meta_.hands_unknown) return Move();
  std::vector<Event> legal = session_.match().LegalEvents();
  if (legal.empty()) return Move();
  const games::GameDescriptor& game = *session_.record().game;
  record::Node line = game.live.write_event(legal.front(), session_.record());
  auto outcome = Act(line, now_ms);
  if (!outcome.has_value()) return referee::Fail(std::move(outcome).error());
  return Move(ClockMove{std::move(line), std::move(*outcome)});
}

// The session's record is the one its journal replays to (live::JournalRecord): the journal holds
// exactly the lines the session accepted.
std::optional<std::string> Table::RecordText() const {
  if (!session_.IsOver() || cancelled()) return std::nullopt;
  return formats::WriteJson(record::WriteRecord(session_.record()), true) + "\n";
}

// {"organiser": "tokens", "at": S, "token_sha256": {ACTOR: HASH, ...}, "scorer_sha256": HASH}:
// every actor's hash and the scorer's (when there is one), so that the last such line alone says
// which tokens work.
DiskDone Table::ReissueTokens(std::vector<std::string> hashes, std::string scorer_hash,
                              int64_t now_ms) {
  record::Node line = record::Node::Map({});
  line.AddMember("organiser", {}, record::StringNode("tokens"));
  line.AddMember("at", {}, record::SecondsNode(TableMs(now_ms)));
  record::Node by_actor = record::Node::Map({});
  for (size_t i = 0; i < meta_.actors.size(); ++i) {
    by_actor.AddMember(meta_.actors[i], {}, record::StringNode(hashes.at(i)));
  }
  line.AddMember("token_sha256", {}, std::move(by_actor));
  if (!scorer_hash.empty()) line.AddMember("scorer_sha256", {}, record::StringNode(scorer_hash));
  if (DiskDone journaled = JournalOrganiserLine(line); !journaled) return journaled;
  meta_.token_hashes = std::move(hashes);
  meta_.scorer_hash = std::move(scorer_hash);
  return {};
}

// {"organiser": "cancel", "at": S, "reason": TEXT}
DiskDone Table::Cancel(const std::optional<std::string>& reason, int64_t now_ms) {
  record::Node line = record::Node::Map({});
  line.AddMember("organiser", {}, record::StringNode("cancel"));
  line.AddMember("at", {}, record::SecondsNode(TableMs(now_ms)));
  if (reason) line.AddMember("reason", {}, record::StringNode(*reason));
  if (DiskDone journaled = JournalOrganiserLine(line); !journaled) return journaled;
  cancellation_ = WithoutAction(line);
  return {};
}

DiskDone Table::JournalOrganiserLine(const record::Node& line) {
  return Stage(live::JournalLine(line));
}

Result<void, referee::Error> Table::Resume(const std::vector<record::Node>& organiser_lines) {
  for (const record::Node& line : organiser_lines) {
    const record::Node* action = line.Find("organiser");
    std::string name = action->IsScalar() ? action->text() : "";
    if (name == "tokens") {
      if (auto read = ReadTokensLine(line); !read) return read;
    } else if (name == "cancel") {
      cancellation_ = WithoutAction(line);
    } else if (name == "unseen") {
      // A card (or call) of a deal whose hands are unknown; those of a finished deal are in the
      // journal's events already.
      const record::Node* deal = line.Find("deal");
      const record::Node* entered = line.Find("line");
      if (deal == nullptr || entered == nullptr || !entered->IsMap()) {
        return NotResumed("expected the deal and the line of an unseen line");
      }
      if (deal->text() == std::to_string(session_.match().Next().deal)) {
        deal_lines_.push_back(*entered);
      }
    } else {
      return NotResumed("expected an organiser line of tokens, cancel or unseen, found '" +
                        Printable(name) + "'");
    }
  }
  return ShowDealInPlay();
}

Result<void, referee::Error> Table::ReadTokensLine(const record::Node& line) {
  const record::Node* by_actor = line.Find("token_sha256");
  if (by_actor == nullptr || !by_actor->IsMap()) {
    return NotResumed("expected token_sha256 in a tokens line");
  }
  std::vector<std::string> hashes;
  for (const std::string& actor : meta_.actors) {
    const record::Node* hash = by_actor->Find(actor);
    if (hash == nullptr || hash->kind() != record::Node::Kind::kString) {
      return NotResumed("expected the token hash of " + Printable(actor) + " in a tokens line");
    }
    hashes.push_back(hash->text());
  }
  const record::Node* scorer = line.Find("scorer_sha256");
  if (scorer != nullptr && scorer->kind() != record::Node::Kind::kString) {
    return NotResumed("expected the scorer's token hash as a string in a tokens line");
  }
  meta_.token_hashes = std::move(hashes);
  meta_.scorer_hash = scorer != nullptr ? scorer->text() : "";
  return {};
}

// The deal in play of a table with hands unknown is journaled a line at a time as organiser
// lines {"organiser": "unseen", "deal": D, "line": LINE}, which the record leaves out; its last
// card makes the hands exact, and the deal line with them and every line of the deal are then
// journaled as events, the deal as a record holds it.
Result<Table::Outcome, referee::Error> Table::ActOnUnknownHands(const record::Node& line,
                                                                int64_t now_ms) {
  std::vector<record::Node> lines = deal_lines_;
  lines.push_back(line);
  auto replay = ReplayDeal(lines);
  if (!replay.has_value()) return Outcome{std::move(replay).error(), false};
  const Match& match = replay->session.match();
  bool deal_over = match.IsOver() || match.Next().phase == Phase::kDeal;
  std::string staged;
  if (deal_over) {
    for (const record::Node& accepted : replay->accepted) staged += live::JournalLine(accepted);
  } else {
    record::Node unseen = record::Node::Map({});
    unseen.AddMember("organiser", {}, record::StringNode("unseen"));
    unseen.AddMember("deal", {}, record::IntegerNode(session_.match().Next().deal));
    unseen.AddMember("line", {}, replay->accepted.back());
    staged = live::JournalLine(unseen);
  }
  if (DiskDone done = Stage(staged); !done) return referee::Fail(done.error());
  if (deal_over) {
    session_ = std::move(replay->session);
    deal_lines_.clear();
    if (Result<void, referee::Error> shown = ShowDealInPlay(); !shown) {
      Fail(shown.error().message);
    }
  } else {
    deal_lines_.push_back(replay->accepted.back());
    shown_ = std::move(replay->session);
  }
  ++changes_;
  phase_started_ms_ = TableMs(now_ms);
  return Outcome{std::move(replay->reply), true};
}

Result<Table::DealReplay, record::Node> Table::ReplayDeal(
    const std::vector<record::Node>& lines) const {
  const games::GameDescriptor& game = *session_.record().game;
  auto dealt = game.live.deal_from_play(session_.record(), session_.match().Next().deal, lines);
  if (!dealt.has_value()) return Unexpected<record::Node>(session().Rejection(dealt.error()));
  DealReplay replay{session_.Clone(), {}, record::Node::Map({})};
  live::Reply reply = replay.session.Handle(*dealt, games::LineSource::kJournal);
  if (!reply.accepted) return Unexpected<record::Node>(std::move(reply.line));
  replay.accepted.push_back(std::move(*reply.accepted));
  for (size_t i = 0; i < lines.size(); ++i) {
    // Every line but the last was accepted once already.
    bool entered = i + 1 < lines.size();
    reply = replay.session.Handle(lines[i],
                                  entered ? games::LineSource::kJournal : games::LineSource::kSeat);
    if (!reply.accepted) return Unexpected<record::Node>(std::move(reply.line));
    replay.accepted.push_back(std::move(*reply.accepted));
  }
  replay.reply = std::move(reply.line);
  return replay;
}

Result<void, referee::Error> Table::ShowDealInPlay() {
  shown_.reset();
  if (!meta_.hands_unknown || session_.IsOver() || session_.match().Next().phase != Phase::kDeal) {
    return {};
  }
  auto replay = ReplayDeal(deal_lines_);
  if (!replay.has_value()) {
    const record::Node* message = replay.error().Find("message");
    return NotResumed(
        "the cards entered for the deal in play are refused: " +
        (message != nullptr ? message->text() : formats::WriteJson(replay.error(), false)));
  }
  shown_ = std::move(replay->session);
  return {};
}

}  // namespace referee::server
