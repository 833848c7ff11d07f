// The standings as a tree for formats/ to write as JSON (referee-standings/1, docs/standings.md
// and docs/schemas/standings.schema.json). Numbers are numbers; every point value has its exact
// fraction beside it.
#include <limits>
#include <numeric>

#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"

namespace referee::reports {
namespace {

using record::Node;

// Names may come from file names, which need not be UTF-8; JSON must be.
Node Text(const std::string& text) {
  return Node::Scalar(Node::Kind::kString, ValidUtf8(text), {});
}
Node Null() { return Node::Scalar(Node::Kind::kNull, "null", {}); }
Node TextOrNull(const std::string& text) { return text.empty() ? Null() : Text(text); }
Node Integer(int64_t value) {
  return Node::Scalar(Node::Kind::kInteger, std::to_string(value), {});
}
Node Bool(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }
Node Number(const std::string& text) {
  bool whole = text.find('.') == std::string::npos;
  return Node::Scalar(whole ? Node::Kind::kInteger : Node::Kind::kDecimal, text, {});
}
Node Points(int64_t units) { return Number(league::FormatPoints(units)); }
// Points exactly, {"numerator", "denominator"} in lowest terms: a place shared by three splits
// its points in thirds, which "points" can only show rounded (docs/json-output.md).
Node ExactPoints(int64_t units) {
  int64_t divisor = std::gcd(units, league::kPointUnit);
  Node node = Node::Map({});
  node.AddMember("numerator", {}, Integer(units / divisor));
  node.AddMember("denominator", {}, Integer(league::kPointUnit / divisor));
  return node;
}
// A tie-break's value as a number: a count, a score, points, or a mean per won match in
// hundredths, written as a decimal; null where there is none (no win played).
Node TieBreakNode(const league::TieBreak& tie_break, int64_t value) {
  if (IsMeanTieBreak(tie_break) && (value == std::numeric_limits<int64_t>::max() ||
                                    value == std::numeric_limits<int64_t>::min())) {
    return Null();
  }
  return Number(FormatTieBreakValue(tie_break, value));
}
Node TextList(const std::vector<std::string>& items) {
  Node list = Node::List({});
  for (const std::string& item : items) list.Append(Text(item));
  return list;
}
Node IntegerList(const std::vector<int64_t>& items) {
  Node list = Node::List({});
  for (int64_t item : items) list.Append(Integer(item));
  return list;
}

const char* OutcomeName(league::Meeting::Outcome outcome) {
  switch (outcome) {
    case league::Meeting::Outcome::kWon:
      return "won";
    case league::Meeting::Outcome::kDrew:
      return "drew";
    case league::Meeting::Outcome::kLost:
      return "lost";
    case league::Meeting::Outcome::kNone:
      break;
  }
  return "";
}

Node MeetingTree(const league::Standings& standings, const league::StandingsTable& table,
                 const league::Meeting& meeting) {
  bool match = meeting.kind == league::Meeting::Kind::kMatch;
  const league::PlayedRecord* record = RecordOf(standings, meeting);
  Node node = Node::Map({});
  node.AddMember("round", {}, Text(RoundOf(standings, meeting)));
  node.AddMember("kind", {}, Text(std::string(MeetingKindName(meeting.kind))));
  node.AddMember("source", {}, TextOrNull(record ? record->source : ""));
  node.AddMember("table", {}, TextOrNull(record ? record->Table() : ""));
  node.AddMember("seat", {}, TextOrNull(SeatOf(standings, meeting)));
  node.AddMember("opponents", {}, TextList(OpponentIdsOf(standings, table, meeting)));
  node.AddMember("place", {}, match ? Integer(meeting.place + 1) : Null());
  node.AddMember("shared_place", {}, Bool(meeting.shared_place));
  node.AddMember("result", {}, TextOrNull(OutcomeName(meeting.outcome)));
  node.AddMember("level", {}, TextOrNull(record ? record->Level() : ""));
  std::optional<int64_t> score = ScoreOf(standings, meeting);
  node.AddMember("score", {}, score ? Integer(*score) : Null());
  node.AddMember("other_scores", {}, IntegerList(OtherScoresOf(standings, meeting)));
  node.AddMember("points", {}, Points(meeting.points));
  node.AddMember("points_exact", {}, ExactPoints(meeting.points));
  node.AddMember("reason", {}, TextOrNull(ReasonOf(standings, meeting)));
  return node;
}

void AddRoundByRound(const league::StandingRow& row, record::NodeSink& sink) {
  Node by_round = Node::List({});
  Node by_round_exact = Node::List({});
  for (int64_t points : row.by_round) {
    by_round.Append(Points(points));
    by_round_exact.Append(ExactPoints(points));
  }
  sink.Add("by_round", std::move(by_round));
  sink.Add("by_round_exact", std::move(by_round_exact));
  Node ranks = Node::List({});
  for (const league::RoundRank& rank : row.rank_by_round) {
    Node item = Node::Map({});
    item.AddMember("rank", {}, Integer(rank.rank));
    item.AddMember("shared", {}, Bool(rank.shared));
    ranks.Append(std::move(item));
  }
  sink.Add("rank_by_round", std::move(ranks));
}

// A row is given in pieces: its cross-table has a meeting per match, so in a league of many
// records one row can be most of the document.
void EmitRow(const league::Standings& standings, const league::StandingsTable& table,
             const league::StandingRow& row, record::NodeSink& sink) {
  sink.OpenMap();
  sink.Add("rank", Integer(row.rank));
  sink.Add("shared", Bool(row.shared));
  sink.Add("entrant", Text(row.entrant));
  sink.Add("name", Text(row.name));
  sink.Add("played", Integer(row.played));
  sink.Add("won", Integer(row.won));
  sink.Add("drawn", Integer(row.drawn));
  sink.Add("lost", Integer(row.lost));
  if (standings.placings > 0) {
    Node placings = Node::List({});
    for (int place = 0; place < standings.placings; ++place) {
      bool placed = static_cast<size_t>(place) < row.placings.size();
      placings.Append(Integer(placed ? row.placings[place] : 0));
    }
    sink.Add("placings", std::move(placings));
  }
  sink.Add("points", Points(row.points));
  sink.Add("points_exact", ExactPoints(row.points));
  if (standings.duplicate) {
    std::optional<int64_t> percentage = PercentageHundredths(row);
    sink.Add("percentage", percentage ? Number(league::FormatHundredths(*percentage)) : Null());
    sink.Add("tops", Points(row.tops));
  }
  Node tie_breaks = Node::Map({});
  for (const league::TieBreak& tie_break : standings.shown_tie_breaks) {
    tie_breaks.AddMember(std::string(TieBreakName(tie_break)), {},
                         TieBreakNode(tie_break, *TieBreakValue(tie_break, row)));
  }
  sink.Add("tie_breaks", std::move(tie_breaks));
  AddRoundByRound(row, sink);
  sink.Add("withdrawn_after", row.withdrawn_after ? Text(*row.withdrawn_after) : Null());
  sink.Add("lot", row.lot ? Text(HexDigest(*row.lot)) : Null());
  sink.OpenList("cross_table");
  for (const league::Meeting& meeting : row.meetings) {
    sink.Add({}, MeetingTree(standings, table, meeting));
  }
  sink.Close();
  sink.Close();
}

void EmitTable(const league::Standings& standings, const league::StandingsTable& table,
               record::NodeSink& sink) {
  sink.OpenMap();
  sink.Add("kind", Text(table.kind));
  sink.Add("direction", TextOrNull(table.direction));
  sink.OpenList("rows");
  for (const league::StandingRow& row : table.rows) EmitRow(standings, table, row, sink);
  sink.Close();
  sink.Add("explanations", TextList(table.explanations));
  sink.Close();
}

Node TravellerTree(const league::Traveller& traveller) {
  Node node = Node::Map({});
  node.AddMember("seed", {}, Text(traveller.seed));
  node.AddMember("board", {}, Integer(traveller.board));
  node.AddMember("tables", {}, Integer(traveller.tables));
  node.AddMember("expected", {}, Integer(traveller.expected));
  node.AddMember("top", {}, Points(traveller.top));
  node.AddMember("directions", {}, TextList(traveller.directions));
  Node lines = Node::List({});
  for (const league::TravellerLine& line : traveller.lines) {
    Node item = Node::Map({});
    item.AddMember("source", {}, Text(line.source));
    item.AddMember("table", {}, TextOrNull(line.table));
    item.AddMember("round", {}, Text(line.round));
    item.AddMember("entrants", {}, TextList(line.entrants));
    item.AddMember("scores", {}, IntegerList(line.scores));
    Node matchpoints = Node::List({});
    Node exact = Node::List({});
    for (int64_t units : line.matchpoints) {
      matchpoints.Append(Points(units));
      exact.Append(ExactPoints(units));
    }
    item.AddMember("matchpoints", {}, std::move(matchpoints));
    item.AddMember("matchpoints_exact", {}, std::move(exact));
    lines.Append(std::move(item));
  }
  node.AddMember("lines", {}, std::move(lines));
  return node;
}

Node Digest(const std::optional<Sha256Digest>& digest) {
  return digest ? Text(HexDigest(*digest)) : Null();
}

// One item per record counted: given one at a time.
void EmitProvenance(const league::Standings& standings, record::NodeSink& sink) {
  const league::Provenance& provenance = standings.provenance;
  sink.OpenMap("provenance");
  sink.Add("referee", Text(provenance.referee));
  sink.Add("sha256", Digest(provenance.inputs));
  sink.Add("league_sha256", Digest(provenance.league));
  sink.OpenList("records");
  for (size_t index : provenance.records) {
    const league::PlayedRecord& record = standings.records[index];
    Node item = Node::Map({});
    item.AddMember("source", {}, Text(record.source));
    item.AddMember("sha256", {}, Digest(record.text_digest));
    sink.Add({}, std::move(item));
  }
  sink.Close();
  sink.Close();
}

Node LotsTree(const std::optional<league::Lots>& lots) {
  if (!lots) return Null();
  Node node = Node::Map({});
  node.AddMember("seed", {}, Text(lots->seed));
  node.AddMember("places", {}, Text(lots->first_place_only ? "first" : "all"));
  return node;
}

// Records not counted can be as many as those counted: one item at a time.
void EmitLists(const league::Standings& standings, record::NodeSink& sink) {
  sink.Add("entries", TextList(standings.entries));
  sink.OpenList("not_counted");
  for (const league::NotCounted& item : standings.not_counted) {
    Node node = Node::Map({});
    node.AddMember("source", {}, Text(item.source));
    node.AddMember("status", {}, Text(item.status));
    node.AddMember("reason", {}, Text(item.reason));
    sink.Add({}, std::move(node));
  }
  sink.Close();
  sink.Add("notes", TextList(standings.notes));
  sink.OpenList("warnings");
  for (const league::Warning& warning : standings.warnings) {
    Node node = Node::Map({});
    node.AddMember("code", {}, Text(warning.code));
    node.AddMember("path", {}, Text(warning.place.path));
    node.AddMember("line", {}, Integer(warning.place.line));
    node.AddMember("column", {}, Integer(warning.place.column));
    node.AddMember("message", {}, Text(warning.message));
    sink.Add({}, std::move(node));
  }
  sink.Close();
}

}  // namespace

void EmitStandings(const league::Standings& standings, record::NodeSink& sink) {
  sink.OpenMap();
  sink.Add("format", Text("referee-standings/1"));
  sink.Add("league", Text(standings.league));
  sink.Add("game", Text(standings.game));
  sink.Add("scheme", Text(standings.scheme));
  std::vector<std::string> tie_breaks;
  for (const league::TieBreak& tie_break : standings.tie_breaks) {
    tie_breaks.emplace_back(TieBreakName(tie_break));
  }
  sink.Add("tie_breaks", TextList(tie_breaks));
  sink.Add("lots", LotsTree(standings.lots));
  sink.Add("rounds", TextList(standings.rounds));
  sink.Add("season_rounds", TextList(standings.season_rounds));
  sink.Add("after_round", standings.after_round ? Text(*standings.after_round) : Null());
  sink.Add("later_records", Integer(standings.later_records));
  sink.Add("records_counted", Integer(standings.records_counted));
  sink.OpenList("tables");
  for (const league::StandingsTable& table : standings.tables) EmitTable(standings, table, sink);
  sink.Close();
  EmitLists(standings, sink);
  sink.OpenList("travellers");
  for (const league::Traveller& traveller : standings.travellers)
    sink.Add({}, TravellerTree(traveller));
  sink.Close();
  EmitProvenance(standings, sink);
  sink.Close();
}

record::Node StandingsTree(const league::Standings& standings) {
  record::NodeBuilder builder;
  EmitStandings(standings, builder);
  return builder.Take();
}

}  // namespace referee::reports
