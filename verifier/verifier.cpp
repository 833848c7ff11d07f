#include "verifier/verifier.h"

#include <algorithm>
#include <optional>

#include "referee/games/registry.h"
#include "referee/record/record_reader.h"
#include "referee/record/record_stream.h"
#include "verifier/deal_cache.h"
#include "verifier/sha256.h"

namespace referee::verifier {
namespace {

std::string Plural(int count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// The value the outcome gives `key`, as a claimed result is compared with it: an empty list of
// words where the outcome has no such fact. Both paths compare claims by it.
FactValue ComputedFact(const Outcome& outcome, const std::string& key) {
  const Fact* fact = FindFact(outcome.facts, key);
  return fact != nullptr ? fact->value : FactValue::Words({});
}

// The claimed points of a deal in the order of the score units, if the claim names every unit.
// The entries hold the whole deal: a record's, or the batch of one deal read the fast way.
std::optional<std::vector<int>> ClaimedPoints(const games::GameDescriptor& game,
                                              const std::vector<record::Record::Entry>& entries,
                                              int deal) {
  const std::vector<std::string>& units = game.score_units;
  for (const record::Record::Entry& entry : entries) {
    const auto* claim = std::get_if<record::DealClaim>(&entry.item);
    if (claim == nullptr || claim->deal != deal) continue;
    std::vector<int> points;
    for (const std::string& unit : units) {
      auto value = std::find_if(claim->values.begin(), claim->values.end(),
                                [&](const record::ClaimedPoints& v) { return v.unit == unit; });
      if (value == claim->values.end()) return std::nullopt;
      points.push_back(static_cast<int>(value->points));
    }
    return points;
  }
  return std::nullopt;
}

// Replays the entries of one record, collecting findings.
// The replay reads findings only, so the match words no announcements. Its seeded deals come
// through the thread's cache: the tables of a duplicate event deal each board once.
MatchSetup QuietSetup(const record::Record& record) {
  MatchSetup setup = SetupFor(record);
  setup.announce = false;
  setup.seeded_deal = &CachedSeededPermutation;
  return setup;
}

// Replays a record's entries through its game's match, collecting findings: all at once (a
// record read as a tree), or batch by batch as the fast path reads them, with the same verdict.
class Replay {
 public:
  Replay(const record::Record& header, Verdict& verdict)
      : game_(*header.game), verdict_(verdict), match_(game_.new_match(QuietSetup(header))) {}

  // The next entries; a batch holds each deal it touches whole, claim included.
  void Take(const std::vector<record::Record::Entry>& batch) {
    for (const record::Record::Entry& entry : batch) {
      if (const auto* claim = std::get_if<record::DealClaim>(&entry.item)) {
        CheckDealClaim(*claim);
      } else {
        ApplyEvent(std::get<Event>(entry.item), batch);
      }
    }
  }

  void Finish(const std::optional<std::vector<record::ClaimedFact>>& result) {
    NoteUnchecked(result.has_value());
    for (Finding& finding : match_->EndFindings()) verdict_.findings.push_back(std::move(finding));
    verdict_.scores = match_->Scores();
    verdict_.outcome = match_->GetOutcome();
    // After a stop that left the rest of the record unchecked, the result cannot be recomputed.
    if (result && !StoppedForGood()) CheckResult(*result);
  }

  bool Over() const { return match_->IsOver(); }

 private:
  struct Stop {
    Place place;   // the event that stopped the check
    int deal = 0;  // 0: the rest of the record
    int skipped = 0;
    bool scored = false;    // the voided deal took a row on the score sheet
    bool stand_in = false;  // ... with the claimed points standing in
  };

  bool Stopped(int deal) const {
    return !stops_.empty() && (stops_.back().deal == 0 || stops_.back().deal == deal);
  }

  void ApplyEvent(const Event& event, const std::vector<record::Record::Entry>& batch) {
    int deal = event.deal;
    if (Stopped(deal)) {
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
    Finding finding = std::move(ruling).error();
    Stop stop{finding.place, deal, 0, false};
    verdict_.findings.push_back(std::move(finding));
    if (deal != 0) {
      std::optional<std::vector<int>> stand_in = ClaimedPoints(game_, batch, deal);
      size_t rows_before = match_->Scores().rows.size();
      match_->VoidCurrentDeal(stand_in);
      stop.scored = match_->Scores().rows.size() > rows_before;
      stop.stand_in = stop.scored && stand_in.has_value();
    } else if (match_->VoidCurrentDeal(std::nullopt)) {
      stop.deal = -1;  // the game moved on; nothing to skip
    }
    stops_.push_back(stop);
  }

  bool StoppedForGood() const {
    return std::any_of(stops_.begin(), stops_.end(),
                       [](const Stop& stop) { return stop.deal == 0; });
  }

  void NoteUnchecked(bool has_result) {
    for (const Stop& stop : stops_) {
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
    bool voided = std::any_of(stops_.begin(), stops_.end(),
                              [&](const Stop& stop) { return stop.deal == claim.deal; });
    if (voided) return;  // already said: the deal went unchecked
    const ScoreSheet& sheet = match_->Scores();
    const ScoreSheet::Row* row = sheet.RowOfDeal(claim.deal);
    if (row == nullptr) {
      verdict_.findings.push_back(
          Illegal("claim-unfinished-deal", Place{claim.path, GamePlace{.deal = claim.deal}},
                  "expected a claim only for a finished deal, found one for deal " +
                      std::to_string(claim.deal) + ", which was not played out"));
      return;
    }
    for (const record::ClaimedPoints& value : claim.values) {
      auto unit = std::find(sheet.units.begin(), sheet.units.end(), value.unit);
      if (unit == sheet.units.end()) continue;
      int computed = row->points[unit - sheet.units.begin()];
      if (computed == value.points) continue;
      verdict_.findings.push_back(
          Illegal("claim-mismatch",
                  Place{value.path, GamePlace{.deal = claim.deal, .actor = value.unit}},
                  "expected " + value.unit + " to score " + std::to_string(computed) + " in deal " +
                      std::to_string(claim.deal) + " (" + row->label.Text() +
                      "), found a claim of " + std::to_string(value.points))
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
  std::vector<Stop> stops_;
};

Status StatusOf(const Verdict& verdict, bool over) {
  bool errors = std::any_of(verdict.findings.begin(), verdict.findings.end(),
                            [](const Finding& f) { return f.severity == Severity::kError; });
  if (errors) return Status::kInvalid;
  return over ? Status::kValid : Status::kIncomplete;
}

void FillPositions(const record::Node& root, Verdict& verdict) {
  for (Finding& finding : verdict.findings) {
    if (finding.place.line != 0) continue;
    record::SourcePos pos = record::PositionOf(root, finding.place.path);
    finding.place.line = pos.line;
    finding.place.column = pos.column;
  }
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
  replay.Take(record.entries);
  replay.Finish(record.result);
  verdict.status = StatusOf(verdict, replay.Over());
  return verdict;
}

Verdict VerifyNode(const record::Node& root, std::string source, int record_index) {
  auto record = record::ReadRecord(root);
  Verdict verdict;
  if (!record.has_value()) {
    verdict = MalformedVerdict(std::move(source), record_index, std::move(record).error());
    if (const record::Node* game = root.IsMap() ? root.Find("game") : nullptr) {
      if (games::FindGame(game->text()) != nullptr) verdict.game = game->text();
    }
  } else {
    verdict = VerifyRecord(*record, std::move(source), record_index);
  }
  FillPositions(root, verdict);
  return verdict;
}

}  // namespace referee::verifier

namespace referee::verifier {
namespace {

// The fast path's checks after its replay: what the slow path's Replay checks as it goes, for a
// record with no finding at all. Any difference gives up, and the slow path words it.
bool DealClaimsHold(const std::vector<record::FastDealClaim>& claims, const ScoreSheet& sheet) {
  for (const record::FastDealClaim& claim : claims) {
    const ScoreSheet::Row* row = sheet.RowOfDeal(claim.deal);
    if (row == nullptr) return false;
    const std::vector<int>& points = row->points;
    for (size_t unit = 0; unit < claim.points.size(); ++unit) {
      if (claim.given[unit] && (unit >= points.size() || points[unit] != claim.points[unit])) {
        return false;
      }
    }
  }
  return true;
}

bool ResultHolds(const std::vector<record::ClaimedFact>& claimed, const Outcome& outcome) {
  return std::all_of(claimed.begin(), claimed.end(), [&](const record::ClaimedFact& claim) {
    return ComputedFact(outcome, claim.key) == claim.value;
  });
}

// The fast path's own memory, reused from record to record on each thread.
struct FastScratch {
  record::Record header;
  record::TopLevelValues values;
  record::FastTally tally;
};

std::optional<Verdict> ReplayFast(const record::TokenBuffer& tokens, std::string& source,
                                  int record_index) {
  thread_local FastScratch scratch;
  if (!record::ReadHeaderFromTokens(tokens, scratch.header, scratch.values)) return std::nullopt;
  const record::Record& header = scratch.header;
  const games::GameDescriptor& game = *header.game;
  if (game.replay_body == nullptr) return std::nullopt;
  std::optional<std::vector<record::ClaimedFact>> result;
  if (scratch.values.result) {
    result = record::ReadResultFromTokens(tokens, *scratch.values.result, header);
    if (!result) return std::nullopt;
  }
  scratch.tally.Reset();
  std::unique_ptr<Match> match =
      game.replay_body(tokens, scratch.values.body, header, QuietSetup(header), scratch.tally);
  if (match == nullptr || !DealClaimsHold(scratch.tally.claims, match->Scores()) ||
      !match->EndFindings().empty()) {
    return std::nullopt;
  }
  Verdict verdict;
  verdict.outcome = match->GetOutcome();
  if (result && !ResultHolds(*result, verdict.outcome)) return std::nullopt;
  verdict.source = std::move(source);
  verdict.record_index = record_index;
  verdict.game = game.name;
  verdict.events_checked = scratch.tally.events;
  verdict.status = match->IsOver() ? Status::kValid : Status::kIncomplete;
  verdict.scores = match->ReleaseScores();
  return verdict;
}

}  // namespace

std::optional<Verdict> VerifyTokens(const record::TokenBuffer& tokens, std::string source,
                                    int record_index) {
  return ReplayFast(tokens, source, record_index);
}

}  // namespace referee::verifier
