// The library's API (library/include/referee/referee.h) on top of referee's modules: readers,
// verifier, live referee and standings. Every internal type is turned into the API's plain values
// here, so the installed header depends on nothing else.
#include <referee/referee.h>

#include <sstream>

#include "formats/document_stream.h"
#include "formats/input_format.h"
#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "formats/read_limits.h"
#include "formats/yaml_reader.h"
#include "formats/yaml_writer.h"
#include "league/league_file.h"
#include "league/standings.h"
#include "live/live_referee.h"
#include "referee/games/game_record.h"
#include "referee/games/registry.h"
#include "referee/record/record_writer.h"
#include "reports/standings_render.h"
#include "reports/verdict_text.h"
#include "verifier/sha256.h"
#include "verifier/verifier.h"
#include "verifier/verify_text.h"

namespace referee::api {
namespace {

Place PlaceOf(const referee::Place& place) {
  // The public place names the two units the games count play in.
  const GamePlace& game = place.game;
  int trick = game.step.unit == "trick" ? game.step.number : 0;
  int turn = game.step.unit == "turn" ? game.step.number : 0;
  return Place{place.path, place.line, place.column, game.deal, trick, turn, game.actor, game.card};
}

Value ValueOf(const FactValue& value) {
  if (value.IsNumber()) return Value{value.number(), {}};
  return Value{std::nullopt, value.words()};
}

std::optional<Value> ValueOf(const std::optional<FactValue>& value) {
  if (!value) return std::nullopt;
  return ValueOf(*value);
}

Finding FindingOf(const referee::Finding& finding) {
  return Finding{finding.code,
                 std::string(SeverityName(finding.severity)),
                 PlaceOf(finding.place),
                 finding.message,
                 ValueOf(finding.expected),
                 ValueOf(finding.found)};
}

template <class Number>
std::vector<Statistic> StatisticsOf(const std::vector<games::StatisticSpec>& specs,
                                    const std::vector<Number>& values) {
  std::vector<Statistic> statistics;
  for (size_t s = 0; s < specs.size() && s < values.size(); ++s) {
    statistics.push_back({specs[s].name, {static_cast<int64_t>(values[s])}});
  }
  return statistics;
}

DealScore DealScoreOf(const ScoreSheet::Row& row, const games::GameDescriptor* game) {
  DealScore score{row.deal, row.board, row.points, row.label.Text(), row.void_deal, {}};
  for (size_t s = 0; game != nullptr && s < game->deal_statistics.size(); ++s) {
    if (s >= row.statistics.size()) break;
    score.statistics.push_back(
        {game->deal_statistics[s].name, {row.statistics[s].begin(), row.statistics[s].end()}});
  }
  return score;
}

Side SideOf(const SideResult& side, const games::GameDescriptor* game) {
  return Side{side.actors,
              side.total,
              side.place + 1,
              side.won,
              side.drew,
              game != nullptr ? StatisticsOf(game->side_statistics, side.statistics)
                              : std::vector<Statistic>{}};
}

Verdict VerdictOf(const verifier::Verdict& verdict) {
  Verdict api;
  api.source = verdict.source;
  api.record = verdict.record_index + 1;
  api.status = std::string(verifier::StatusName(verdict.status));
  api.game = verdict.game;
  for (const referee::Finding& finding : verdict.findings) {
    api.findings.push_back(FindingOf(finding));
  }
  api.events_checked = verdict.events_checked;
  api.events_unchecked = verdict.events_unchecked;
  const games::GameDescriptor* game = games::FindGame(verdict.game);
  api.units = verdict.scores.units;
  for (const ScoreSheet::Row& row : verdict.scores.rows)
    api.deals.push_back(DealScoreOf(row, game));
  api.totals = verdict.scores.totals;
  api.over = verdict.outcome.over;
  api.summary = verdict.outcome.summary;
  for (const referee::Fact& fact : verdict.outcome.facts) {
    api.facts.push_back({fact.key, ValueOf(fact.value)});
  }
  for (const SideResult& side : verdict.outcome.sides) api.sides.push_back(SideOf(side, game));
  api.json = formats::WriteJson(reports::VerdictTree(verdict), false);
  return api;
}

std::vector<Verdict> VerifyLines(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  formats::DocumentStream stream(in);
  std::vector<Verdict> verdicts;
  while (std::optional<formats::StreamedLine> line = stream.NextLine()) {
    std::string source = name + "#" + std::to_string(line->index + 1);
    int index = static_cast<int>(line->index);
    verdicts.push_back(VerdictOf(
        line->too_long ? verifier::MalformedVerdict(
                             source, index, formats::DocumentStream::Parse(*line, {}).node.error())
                       : verifier::VerifyText(line->text, formats::InputFormat::kJsonLines,
                                              line->first_line, {}, source, index)));
  }
  return verdicts;
}

// The records of a YAML text: one document is the text's record, named as the text; several
// (separated by `---`) are named as a stream's records, as `referee verify` names them.
std::vector<Verdict> VerifyYaml(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  formats::YamlDocumentReader reader(in);
  std::vector<formats::YamlDocumentText> documents;
  while (std::optional<formats::YamlDocumentText> document = reader.Next()) {
    documents.push_back(std::move(*document));
  }
  if (documents.size() == 1) {
    return {VerdictOf(verifier::VerifyText(text, formats::InputFormat::kYaml, 1, {}, name, 0))};
  }
  std::vector<Verdict> verdicts;
  for (const formats::YamlDocumentText& document : documents) {
    std::string source = name + "#" + std::to_string(document.index + 1);
    int index = static_cast<int>(document.index);
    verdicts.push_back(VerdictOf(
        document.too_long ? verifier::MalformedVerdict(
                                source, index, formats::YamlDocumentReader::TooLarge(document, {}))
                          : verifier::VerifyText(document.text, formats::InputFormat::kYaml,
                                                 document.first_line, {}, source, index)));
  }
  return verdicts;
}

}  // namespace

std::string Version() { return REFEREE_VERSION; }

std::string VerdictFormat() { return std::string(reports::kVerdictFormat); }

std::vector<Verdict> Verify(std::string_view text, std::string_view name) {
  std::string source(name);
  formats::InputFormat format = formats::SniffFormat(text);
  if (format == formats::InputFormat::kJsonLines) return VerifyLines(text, source);
  if (format == formats::InputFormat::kYaml) return VerifyYaml(text, source);
  return {VerdictOf(verifier::VerifyText(text, format, 1, {}, source, 0))};
}

// ---- LiveTable ----

struct LiveTable::State {
  live::LiveReferee referee{nullptr, std::nullopt};
};

LiveTable::LiveTable() : state_(std::make_unique<State>()) {}
LiveTable::~LiveTable() = default;
LiveTable::LiveTable(LiveTable&&) noexcept = default;
LiveTable& LiveTable::operator=(LiveTable&&) noexcept = default;

std::string LiveTable::Handle(std::string_view line) {
  if (line.size() > live::kMaxLineBytes) return state_->referee.OnOverlongLine().reply;
  std::string reply = state_->referee.OnLine(line).reply;
  if (reply.ends_with('\n')) reply.pop_back();
  return reply;
}

bool LiveTable::Started() const { return state_->referee.session() != nullptr; }

bool LiveTable::Over() const {
  const live::Session* session = state_->referee.session();
  return session != nullptr && session->IsOver();
}

std::string LiveTable::Record() const {
  const live::Session* session = state_->referee.session();
  if (session == nullptr) return {};
  return formats::WriteYaml(record::WriteRecord(session->record()));
}

std::optional<api::Verdict> LiveTable::Verdict() const {
  const live::Session* session = state_->referee.session();
  if (session == nullptr) return std::nullopt;
  return VerdictOf(session->Verdict());
}

// ---- Standings ----

namespace {

// A record as the standings see it: verified, and summarised for the league.
league::PlayedRecord Played(const league::League& league, const RecordText& given) {
  Result<record::Node> node = formats::SniffFormat(given.text) == formats::InputFormat::kYaml
                                  ? formats::ParseYaml(given.text, {})
                                  : formats::ParseJson(given.text, {});
  if (!node.has_value()) {
    verifier::Verdict verdict = verifier::MalformedVerdict(given.name, 0, std::move(node).error());
    return league::SummarizeRecord(league, verdict, nullptr, given.round);
  }
  verifier::Verdict verdict =
      verifier::VerifyText(given.text, formats::SniffFormat(given.text), 1, {}, given.name, 0);
  return league::SummarizeRecord(league, verdict, &*node, given.round, given.text);
}

}  // namespace

Standings ComputeStandings(std::string_view league_yaml, const std::vector<RecordText>& records,
                           std::string_view format) {
  if (!reports::IsStandingsFormat(format)) {
    return {
        "unknown format '" + std::string(format) + "' (expected text, markdown, csv, json or html)",
        {}};
  }
  Result<record::Node> root = formats::ParseYaml(league_yaml, {});
  if (!root.has_value()) return {"league file: " + root.error().message, {}};
  Result<league::League> league = league::ReadLeague(*root);
  if (!league.has_value()) {
    return {"league file: " + league.error().place.path + ": " + league.error().message, {}};
  }
  std::vector<league::PlayedRecord> played;
  played.reserve(records.size());
  for (const RecordText& record : records) played.push_back(Played(*league, record));
  league::StandingsOptions provenance{std::nullopt, std::string("referee ") + REFEREE_VERSION,
                                      verifier::Sha256(league_yaml)};
  league::Standings standings = league::ComputeStandings(*league, std::move(played), provenance);
  return {{}, reports::RenderStandings(standings, format)};
}

}  // namespace referee::api
