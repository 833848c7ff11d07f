#include "verifier/verifier.h"

#include <algorithm>
#include <optional>

#include "referee/core/plural.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "verifier/deal_cache.h"
#include "verifier/sha256.h"

namespace referee::verifier {
namespace {

// The value the outcome gives `key`, as a claimed result is compared with it: an empty list of
// words where the outcome has no such fact.
FactValue ComputedFact(const Outcome& outcome, const std::string& key) {
  const Fact* fact = FindFact(outcome.facts, key);
  return fact != nullptr ? fact->value : FactValue::Words({});
}

// A deal's claimed points in the order of the score units, if the claim names every unit: what
// stands in for the score of a deal voided by an illegal event.
std::optional<std::vector<int>> StandInPoints(const games::GameDescriptor& game,
                                              const record::DealClaim& claim) {
  std::vector<std::optional<int>> claimed(game.score_units.size());
  for (const record::ClaimedPoints& value : claim.values) {
    if (value.unit < claimed.size()) claimed[value.unit] = static_cast<int>(value.points);
  }
  std::vector<int> points;
  points.reserve(claimed.size());
  for (std::optional<int> unit : claimed) {
    if (!unit) return std::nullopt;
    points.push_back(*unit);
  }
  return points;
}

// The replay reads findings only, so the match words no announcements. Its seeded deals come
// through the thread's cache: the tables of a duplicate event deal each board once.
MatchSetup QuietSetup(const record::Record& record) {
  MatchSetup setup = SetupFor(record);
  setup.announce = false;
  setup.seeded_deal = &CachedSeededPermutation;
  return setup;
}

// Replays a record's events through its game's match as its body is read, collecting findings.
class Replay final : public record::BodySink {
 public:
  Replay(const record::Record& header, Verdict& verdict)
      : game_(*header.game), verdict_(verdict), match_(game_.new_match(QuietSetup(header))) {}

  void Add(const Event& event) override {
    if (void_pending_ && event.deal != stops_.back().deal) VoidStoppedDeal(std::nullopt);
    if (Stopped(event.deal)) {
      ++stops_.back().skipped;
      ++verdict_.events_unchecked;
      return;
    }
    auto ruling = match_->Apply(event);
    ++verdict_.events_checked;
    if (ruling.has_value()) {
      for (Finding& finding : ruling->findings) verdict_.findings.push_back(std::move(finding));
      return;
    }
    StopCheckingAt(event, std::move(ruling).error());
  }

  void Add(std::span<const Event> run) override {
    if (run.empty()) return;
    const Event& first = run.front();
    if (void_pending_ && first.deal != stops_.back().deal) VoidStoppedDeal(std::nullopt);
    if (Stopped(first.deal)) {
      stops_.back().skipped += static_cast<int>(run.size());
      verdict_.events_unchecked += static_cast<int>(run.size());
      return;
    }
    Match::RunRuling ruled = match_->ApplyRun(run);
    verdict_.events_checked += static_cast<int>(ruled.accepted);
    for (Finding& finding : ruled.findings) verdict_.findings.push_back(std::move(finding));
    if (!ruled.rejection) return;
    ++verdict_.events_checked;  // the event rejected was checked; those after it were not
    StopCheckingAt(run[ruled.accepted], std::move(*ruled.rejection));
    for (size_t later = ruled.accepted + 1; later < run.size(); ++later) Add(run[later]);
  }

  void Add(const record::DealClaim& claim) override {
    if (void_pending_) {
      if (claim.deal == stops_.back().deal) {
        VoidStoppedDeal(StandInPoints(game_, claim));
        return;  // already said: the deal went unchecked
      }
      VoidStoppedDeal(std::nullopt);
    }
    if (Voided(claim.deal)) return;
    CheckDealClaim(claim);
  }

  void Finish(const std::optional<std::vector<record::ClaimedFact>>& result) {
    if (void_pending_) VoidStoppedDeal(std::nullopt);
    NoteUnchecked(result.has_value());
    for (Finding& finding : match_->EndFindings()) verdict_.findings.push_back(std::move(finding));
    verdict_.outcome = match_->GetOutcome();
    over_ = match_->IsOver();
    verdict_.scores = match_->ReleaseScores();  // the match is done with: its sheet is moved out
    // After a stop that left the rest of the record unchecked, the result cannot be recomputed.
    if (result && !StoppedForGood()) CheckResult(*result);
  }

  // Whether the match was over when its record ended (Finish).
  bool Over() const { return over_; }

 private:
  struct StopOfCheck {
    Place place;   // the event that stopped the check
    int deal = 0;  // 0: the rest of the record
    int skipped = 0;
    bool scored = false;    // the voided deal took a row on the score sheet
    bool stand_in = false;  // ... with the claimed points standing in
  };

  bool Stopped(int deal) const {
    return !stops_.empty() && (stops_.back().deal == 0 || stops_.back().deal == deal);
  }
  bool Voided(int deal) const {
    return std::any_of(stops_.begin(), stops_.end(),
                       [&](const StopOfCheck& stop) { return stop.deal == deal; });
  }
  bool StoppedForGood() const {
    return std::any_of(stops_.begin(), stops_.end(),
                       [](const StopOfCheck& stop) { return stop.deal == 0; });
  }

  // An illegal event: its deal's later events go unchecked. The deal is voided once its claim
  // (which may stand in for its score) or the next deal's first event has been read.
  void StopCheckingAt(const Event& event, Finding finding) {
    StopOfCheck stop{finding.place, event.deal};
    verdict_.findings.push_back(std::move(finding));
    if (event.deal != 0) {
      stops_.push_back(stop);
      void_pending_ = true;
      return;
    }
    if (match_->VoidCurrentDeal(std::nullopt)) stop.deal = -1;  // the game moved on
    stops_.push_back(stop);
  }

  void VoidStoppedDeal(const std::optional<std::vector<int>>& stand_in) {
    void_pending_ = false;
    StopOfCheck& stop = stops_.back();
    size_t rows_before = match_->Scores().rows.size();
    match_->VoidCurrentDeal(stand_in);
    stop.scored = match_->Scores().rows.size() > rows_before;
    stop.stand_in = stop.scored && stand_in.has_value();
  }

  void NoteUnchecked(bool has_result) {
    for (const StopOfCheck& stop : stops_) {
      if (stop.skipped == 0 && !stop.stand_in) continue;
      std::string scope = stop.deal > 0 ? "deal " + std::to_string(stop.deal) : "the record";
      std::string message = "the " + Plural(stop.skipped, "later event") + " of " + scope +
                            " went unchecked after its first illegal event";
      if (stop.deal == 0 && has_result) message += "; the claimed result was not checked";
      if (stop.scored) {
        message +=
            stop.stand_in ? "; its claimed points stand in for its score" : "; it scores nothing";
      }
      verdict_.findings.push_back(Note("unchecked", stop.place, message));
    }
  }

  void CheckDealClaim(const record::DealClaim& claim) {
    const ScoreSheet& sheet = match_->Scores();
    const ScoreSheet::Row* row = sheet.RowOfDeal(claim.deal);
    if (row == nullptr) {
      verdict_.findings.push_back(
          Illegal("claim-unfinished-deal", Place{claim.path.str(), GamePlace{.deal = claim.deal}},
                  "expected a claim only for a finished deal, found one for deal " +
                      std::to_string(claim.deal) + ", which was not played out"));
      return;
    }
    for (const record::ClaimedPoints& value : claim.values) {
      // A unit the sheet does not score has nothing to compare with.
      if (value.unit >= sheet.units.size() || value.unit >= row->points.size()) continue;
      int computed = row->points[value.unit];
      if (computed == value.points) continue;
      const std::string& unit = sheet.units[value.unit];
      verdict_.findings.push_back(
          Illegal(
              "claim-mismatch",
              Place{claim.PathOf(value, sheet.units), GamePlace{.deal = claim.deal, .actor = unit}},
              "expected " + unit + " to score " + std::to_string(computed) + " in deal " +
                  std::to_string(claim.deal) + " (" + row->label.Text() + "), found a claim of " +
                  std::to_string(value.points))
              .Comparing(FactValue::Number(computed), FactValue::Number(value.points)));
    }
  }

  void CheckResult(const std::vector<record::ClaimedFact>& claimed) {
    for (const record::ClaimedFact& claim : claimed) {
      FactValue computed = ComputedFact(verdict_.outcome, claim.key);
      if (computed == claim.value) continue;
      const Fact* fact = FindFact(verdict_.outcome.facts, claim.key);
      std::string expected = fact == nullptr
                                 ? "no " + claim.key + " (" + verdict_.outcome.summary + ")"
                                 : claim.key + " " + computed.ToString();
      verdict_.findings.push_back(
          Illegal("result-mismatch", Place{claim.path, {}},
                  "expected " + expected + ", found a claim of " + claim.value.ToString())
              .Comparing(std::move(computed), claim.value));
    }
  }

  const games::GameDescriptor& game_;
  Verdict& verdict_;
  std::unique_ptr<Match> match_;
  std::vector<StopOfCheck> stops_;
  bool void_pending_ = false;  // the last stop's deal is to be voided (StopCheckingAt)
  bool over_ = false;
};

// Where a deal's findings point.
Place DealPlace(int deal) {
  return Place{"/deals/" + std::to_string(deal - 1), GamePlace{.deal = deal}};
}

// The record replayed again with the deals the director voided left unscored: what the standings
// count. The record's own check (Replay) has already said whether each event was legal; this
// replay only scores. A voided deal is dealt (its dealer and board stay on the sheet), then voided
// before its first act, and its later events and its claim are passed over.
class DirectorReplay final : public record::BodySink {
 public:
  DirectorReplay(const record::Record& header, const std::vector<DirectorVoid>& voids)
      : voids_(voids), match_(header.game->new_match(QuietSetup(header))) {}

  void Add(const Event& event) override {
    if (rejection_) return;
    if (open_void_ != 0 && event.deal != open_void_) CloseVoid();  // a deal of its dealing only
    if (VoidOf(event.deal) == nullptr) return Apply(event);
    if (Voided(event.deal)) return;  // the voided deal's play is not scored
    open_void_ = event.deal;
    if (match_->Next().phase == Phase::kDeal) return Apply(event);  // its dealing
    CloseVoid();  // its first act: the deal is voided before it
  }
  void Add(const record::DealClaim& /*claim*/) override {}  // checked by the record's own replay

  // Moves the scores and the outcome into `verdict`, with a note on each voided deal.
  // `played_over`: the record, as played, finished its match.
  void Finish(Verdict& verdict, bool played_over) {
    if (open_void_ != 0) CloseVoid();
    if (played_over && !voided_.empty() && !rejection_ && !match_->IsOver()) {
      // Without the voided deals the match would still be playing: it has no result to count.
      rejection_ = Illegal("director-void-conflict", DealPlace(voided_.back()),
                           "with the deals the director voided left unscored, the match is not "
                           "finished: " +
                               match_->GetOutcome().summary);
    }
    for (int deal : voided_) {
      const DirectorVoid& voided = *VoidOf(deal);
      verdict.findings.push_back(Note("director-void", DealPlace(deal),
                                      "deal " + std::to_string(deal) +
                                          " is not scored: the director voided it (" +
                                          voided.reason + ")"));
    }
    if (rejection_) verdict.findings.push_back(std::move(*rejection_));
    verdict.outcome = match_->GetOutcome();
    verdict.scores = match_->ReleaseScores();
    for (ScoreSheet::Row& row : verdict.scores.rows) {
      if (const DirectorVoid* voided = VoidOf(row.deal); voided != nullptr && Voided(row.deal)) {
        row.label = "voided by the director: " + voided->reason;
      }
    }
    verdict.voided_by_director = voided_;
  }

 private:
  const DirectorVoid* VoidOf(int deal) const {
    auto found = std::find_if(voids_.begin(), voids_.end(),
                              [&](const DirectorVoid& v) { return v.deal == deal; });
    return found == voids_.end() ? nullptr : &*found;
  }
  bool Voided(int deal) const {
    return std::find(voided_.begin(), voided_.end(), deal) != voided_.end();
  }
  void Apply(const Event& event) {
    Result<Ruling> ruling = match_->Apply(event);
    if (!ruling.has_value()) Reject(std::move(ruling).error());
  }
  void CloseVoid() {
    match_->VoidCurrentDeal(std::nullopt);
    voided_.push_back(open_void_);
    open_void_ = 0;
  }
  // The match with the deals voided cannot take an event the record's own replay took: the
  // voided points decided the end (a later deal comes after the match is over, or the game needs
  // a deal the record lacks). The standings must not count it silently.
  void Reject(Finding finding) {
    finding.message = "with the deals the director voided left unscored, " + finding.message +
                      " (" + finding.code + ")";
    finding.code = "director-void-conflict";
    rejection_ = std::move(finding);
  }

  const std::vector<DirectorVoid>& voids_;
  std::unique_ptr<Match> match_;
  int open_void_ = 0;        // the voided deal dealt and not yet voided
  std::vector<int> voided_;  // the voided deals, in record order
  std::optional<Finding> rejection_;
};

// The director's voids of the record `header` names by its id, or none.
const std::vector<DirectorVoid>* VoidsOf(const record::Record& header, const DirectorVoids* voids) {
  if (voids == nullptr) return nullptr;
  for (const auto& [key, value] : header.metadata) {
    if (key != "id") continue;
    auto found = voids->find(value);
    return found == voids->end() ? nullptr : &found->second;
  }
  return nullptr;
}

Status StatusOf(const Verdict& verdict, bool over) {
  bool errors = std::any_of(verdict.findings.begin(), verdict.findings.end(),
                            [](const Finding& f) { return f.severity == Severity::kError; });
  if (errors) return Status::kInvalid;
  return over ? Status::kValid : Status::kIncomplete;
}

// A record that could not be read, named by its game where the game could be read.
Verdict Unreadable(const record::Document& document, std::string source, int record_index,
                   Finding finding) {
  Verdict verdict = MalformedVerdict(std::move(source), record_index, std::move(finding));
  record::Value root = document.Root();
  std::optional<record::Value> game = root.IsMap() ? root.Find("game") : std::nullopt;
  if (game && game->IsString() && games::FindGame(game->text()) != nullptr) {
    verdict.game = std::string(game->text());
  }
  return verdict;
}

}  // namespace

std::string_view StatusName(Status status) {
  switch (status) {
    case Status::kValid:
      return "valid";
    case Status::kIncomplete:
      return "incomplete";
    case Status::kInvalid:
      return "invalid";
    case Status::kMalformed:
      return "malformed";
  }
  return "malformed";
}

Verdict MalformedVerdict(std::string source, int record_index, Finding finding) {
  Verdict verdict;
  verdict.source = std::move(source);
  verdict.record_index = record_index;
  verdict.status = Status::kMalformed;
  finding.severity = Severity::kMalformed;
  verdict.findings.push_back(std::move(finding));
  return verdict;
}

MatchSetup SetupFor(const record::Record& record) {
  return MatchSetup{record.rules, record.players, record.seed, &Sha256};
}

Verdict VerifyRecord(const record::Record& record, std::string source, int record_index) {
  Verdict verdict;
  verdict.source = std::move(source);
  verdict.record_index = record_index;
  verdict.game = record.game->name;
  Replay replay(record, verdict);
  for (const record::Record::Entry& entry : record.entries) {
    std::visit([&](const auto& item) { replay.Add(item); }, entry.item);
  }
  replay.Finish(record.result);
  verdict.status = StatusOf(verdict, replay.Over());
  return verdict;
}

Verdict VerifyDocument(const record::Document& document, std::string source, int record_index,
                       const DirectorVoids* voids) {
  record::Value root = document.Root();
  Result<record::Record> header = record::ReadRecordHeader(root);
  if (!header.has_value()) {
    return Unreadable(document, std::move(source), record_index, std::move(header).error());
  }
  const games::GameDescriptor& game = *header->game;
  Verdict verdict;
  // The body is replayed as it is read: a record that turns out malformed further on is
  // malformed, whatever its replay found before.
  Replay replay(*header, verdict);
  Result<void> body = game.read_body(root, *header, replay);
  if (!body.has_value()) {
    return Unreadable(document, std::move(source), record_index, std::move(body).error());
  }
  auto result = record::ReadRecordResult(root, game);
  if (!result.has_value()) {
    return Unreadable(document, std::move(source), record_index, std::move(result).error());
  }
  replay.Finish(*result);
  if (const std::vector<DirectorVoid>* voided = VoidsOf(*header, voids)) {
    DirectorReplay scoring(*header, *voided);
    // The body read once already: a second read cannot fail.
    if (game.read_body(root, *header, scoring).has_value()) scoring.Finish(verdict, replay.Over());
  }
  verdict.source = std::move(source);
  verdict.record_index = record_index;
  verdict.game = game.name;
  verdict.status = StatusOf(verdict, replay.Over());
  return verdict;
}

Verdict VerifyNode(const record::Node& root, std::string source, int record_index,
                   const DirectorVoids* voids) {
  record::Document document = record::DocumentOf(root);
  return VerifyDocument(document, std::move(source), record_index, voids);
}

}  // namespace referee::verifier
