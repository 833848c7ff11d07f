// `--check`: the computed standings against a published file (JSON, or CSV read into the same
// tree), item by item: ranks, points and tie-breaks, percentages, lots, the rank after each round,
// the cross-table, the travellers, the round the standings are as of, and the provenance digest.
// What the published file leaves out is not compared: an older file has no provenance.
#include <algorithm>

#include "referee/core/printable.h"
#include "reports/standings_grids.h"
#include "reports/standings_output.h"

namespace referee::reports {
namespace {

using record::Node;

// A published scalar as text; null and a CSV's empty or "-" cell are "".
std::string Field(const Node* node) {
  if (node == nullptr || !node->IsScalar() || node->kind() == Node::Kind::kNull) return "";
  return node->text() == "-" ? "" : node->text();
}
std::string Field(const Node& map, std::string_view key) {
  return map.IsMap() ? Field(map.Find(key)) : "";
}
const Node* ListAt(const Node& map, std::string_view key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsList() ? node : nullptr;
}

// A published tie-break value as FormatTieBreakValue writes it: the JSON output gives "no value"
// (a mean in wins without a win) as null, the CSV output and older JSON as "none".
std::string PublishedTieBreak(const Node& tie_breaks, std::string_view name) {
  const Node* node = tie_breaks.Find(name);
  if (node != nullptr && node->kind() == Node::Kind::kNull) return "none";
  return node != nullptr && node->IsScalar() ? node->text() : "";
}

std::string Who(const std::string& entrant, const std::string& points) {
  return entrant + " (" + points + " points)";
}

// Published `shared` is a JSON boolean or the CSV's "true"/"false".
std::string RankText(const std::string& rank, const std::string& shared) {
  return rank + (shared == "true" ? "=" : "");
}

class Comparison {
 public:
  Comparison(const league::Standings& standings, std::vector<std::string>& differences)
      : standings_(standings), differences_(differences) {}

  void Table(const league::StandingsTable& table, const Node& published,
             const std::string& prefix) {
    const Node* rows = ListAt(published, "rows");
    size_t count = rows != nullptr ? rows->items().size() : 0;
    for (size_t i = 0; i < std::max(table.rows.size(), count); ++i) {
      const league::StandingRow* mine = i < table.rows.size() ? &table.rows[i] : nullptr;
      const Node* theirs = i < count ? &rows->items()[i] : nullptr;
      std::string at = prefix + "rank " + std::to_string(mine ? mine->rank : i + 1) + ": ";
      std::string expected =
          mine ? Who(mine->entrant, league::FormatPoints(mine->points)) : "nothing";
      std::string found =
          theirs ? Who(Field(*theirs, "entrant"), Field(*theirs, "points")) : "nothing";
      if (expected != found) {
        differences_.push_back(at + "expected " + expected + ", published " + found);
        continue;
      }
      Row(table, *mine, *theirs, at, prefix + mine->entrant);
    }
  }

  void Travellers(const Node& published) {
    const Node* list = ListAt(published, "travellers");
    if (list == nullptr) return;
    for (const league::Traveller& traveller : standings_.travellers) {
      const Node* match = nullptr;
      for (const Node& candidate : list->items()) {
        if (Field(candidate, "seed") == traveller.seed &&
            Field(candidate, "board") == std::to_string(traveller.board)) {
          match = &candidate;
        }
      }
      std::string which = "traveller, board " + std::to_string(traveller.board) + " of seed '" +
                          traveller.seed + "'";
      if (match == nullptr) {
        differences_.push_back(which + ": expected " + std::to_string(traveller.lines.size()) +
                               " tables, published none");
        continue;
      }
      for (const league::TravellerLine& line : traveller.lines) {
        TravellerLineOf(traveller, line, *match, which);
      }
    }
  }

  void Provenance(const Node& published) {
    const Node* provenance = published.IsMap() ? published.Find("provenance") : nullptr;
    if (provenance == nullptr || !standings_.provenance.inputs) return;
    std::string theirs = Field(*provenance, "sha256");
    std::string mine = HexDigest(*standings_.provenance.inputs);
    if (theirs.empty() || theirs == mine) return;
    differences_.push_back("provenance: expected inputs sha256 " + mine + " (the league file and " +
                           std::to_string(standings_.provenance.records.size()) +
                           " records counted), published " + theirs +
                           ": the published standings were made from other files");
  }

  void Scope(const Node& published) {
    if (!published.IsMap() || published.Find("after_round") == nullptr) return;
    std::string theirs = Field(published, "after_round");
    std::string mine = standings_.after_round.value_or("");
    if (theirs == mine) return;
    auto scope = [](const std::string& round) {
      return round.empty() ? std::string("the whole season") : "the standings as of round " + round;
    };
    differences_.push_back("expected " + scope(mine) + ", published " + scope(theirs) +
                           (theirs.empty() ? "" : " (check with --after-round " + theirs + ")"));
  }

 private:
  void Row(const league::StandingsTable& table, const league::StandingRow& mine, const Node& theirs,
           const std::string& at, const std::string& who) {
    if (std::to_string(mine.rank) != Field(theirs, "rank")) {
      differences_.push_back(at + "expected " + mine.entrant + " at rank " +
                             std::to_string(mine.rank) + ", published rank " +
                             Field(theirs, "rank"));
    }
    TieBreaks(mine, theirs, at);
    Value(theirs, "percentage", PercentageText(mine), at + mine.entrant + ": expected percentage ");
    Value(theirs, "lot", mine.lot ? HexDigest(*mine.lot) : "",
          at + mine.entrant + ": expected lot ");
    RanksByRound(mine, theirs, who);
    CrossTable(table, mine, theirs, who);
  }

  static std::string PercentageText(const league::StandingRow& row) {
    std::optional<int64_t> hundredths = PercentageHundredths(row);
    return hundredths ? league::FormatHundredths(*hundredths) : "";
  }

  // A value the published row may give: compared where it gives it.
  void Value(const Node& theirs, std::string_view key, const std::string& mine,
             const std::string& message) {
    if (!theirs.IsMap() || theirs.Find(key) == nullptr) return;
    std::string published = Field(theirs, key);
    if (published == mine) return;
    auto shown = [](const std::string& text) { return text.empty() ? std::string("none") : text; };
    differences_.push_back(message + shown(mine) + ", published " + shown(published));
  }

  void TieBreaks(const league::StandingRow& mine, const Node& theirs, const std::string& at) {
    const Node* tie_breaks = theirs.Find("tie_breaks");
    for (const league::TieBreak& tie_break : standings_.shown_tie_breaks) {
      std::string name(TieBreakName(tie_break));
      if (tie_breaks == nullptr || !tie_breaks->IsMap() || !tie_breaks->Has(name)) continue;
      std::string value = FormatTieBreakValue(tie_break, *TieBreakValue(tie_break, mine));
      std::string published = PublishedTieBreak(*tie_breaks, name);
      if (value == published) continue;
      differences_.push_back(at + mine.entrant + ": expected " + name + " " + value +
                             ", published " + name + " " + published);
    }
  }

  void RanksByRound(const league::StandingRow& mine, const Node& theirs, const std::string& who) {
    const Node* ranks = ListAt(theirs, "rank_by_round");
    if (ranks == nullptr) return;
    for (size_t r = 0; r < mine.rank_by_round.size() && r < standings_.rounds.size(); ++r) {
      const league::RoundRank& rank = mine.rank_by_round[r];
      std::string expected = RankText(std::to_string(rank.rank), rank.shared ? "true" : "false");
      std::string found = "nothing";
      if (r < ranks->items().size()) {
        const Node& item = ranks->items()[r];
        found = RankText(Field(item, "rank"), Field(item, "shared"));
      }
      if (expected == found) continue;
      differences_.push_back(who + ": expected rank " + expected + " after round " +
                             standings_.rounds[r] + ", published " + found);
    }
  }

  static std::string Summary(const std::string& kind, const std::string& round,
                             const std::string& place, const std::string& result,
                             const std::string& points, const std::string& opponents) {
    std::string text = kind + " in round " + round + " (";
    if (!place.empty()) text += "place " + place + ", ";
    if (!result.empty()) text += result + ", ";
    text += points + " points";
    if (!opponents.empty()) text += ", v " + opponents;
    return text + ")";
  }

  std::string MineSummary(const league::StandingsTable& table,
                          const league::Meeting& meeting) const {
    std::string opponents, result;
    for (const std::string& id : OpponentIdsOf(standings_, table, meeting)) {
      opponents += (opponents.empty() ? "" : " ") + id;
    }
    if (meeting.outcome == league::Meeting::Outcome::kWon) result = "won";
    if (meeting.outcome == league::Meeting::Outcome::kDrew) result = "drew";
    if (meeting.outcome == league::Meeting::Outcome::kLost) result = "lost";
    std::string place =
        meeting.kind == league::Meeting::Kind::kMatch ? std::to_string(meeting.place + 1) : "";
    return Summary(std::string(MeetingKindName(meeting.kind)), RoundOf(standings_, meeting), place,
                   result, league::FormatPoints(meeting.points), opponents);
  }

  static std::string TheirSummary(const Node& meeting) {
    std::string opponents;
    if (const Node* list = ListAt(meeting, "opponents")) {
      for (const Node& id : list->items()) opponents += (opponents.empty() ? "" : " ") + Field(&id);
    }
    return Summary(Field(meeting, "kind"), Field(meeting, "round"), Field(meeting, "place"),
                   Field(meeting, "result"), Field(meeting, "points"), opponents);
  }

  void CrossTable(const league::StandingsTable& table, const league::StandingRow& mine,
                  const Node& theirs, const std::string& who) {
    const Node* meetings = ListAt(theirs, "cross_table");
    if (meetings == nullptr) return;
    size_t count = meetings->items().size();
    for (size_t i = 0; i < std::max(mine.meetings.size(), count); ++i) {
      std::string expected =
          i < mine.meetings.size() ? MineSummary(table, mine.meetings[i]) : "nothing";
      std::string found = i < count ? TheirSummary(meetings->items()[i]) : "nothing";
      if (expected == found) continue;
      differences_.push_back(who + ", cross-table: expected " + expected + ", published " + found);
    }
  }

  void TravellerLineOf(const league::Traveller& traveller, const league::TravellerLine& line,
                       const Node& match, const std::string& which) {
    const Node* lines = ListAt(match, "lines");
    const Node* found = nullptr;
    for (size_t i = 0; lines != nullptr && i < lines->items().size(); ++i) {
      if (Field(lines->items()[i], "source") == line.source) found = &lines->items()[i];
    }
    if (found == nullptr) {
      differences_.push_back(which + ": expected the table of " + line.source + ", published none");
      return;
    }
    const Node* directions = ListAt(match, "directions");
    const Node* scores = ListAt(*found, "scores");
    const Node* points = ListAt(*found, "matchpoints");
    for (size_t side = 0; side < traveller.directions.size(); ++side) {
      size_t at = SIZE_MAX;
      for (size_t d = 0; directions != nullptr && d < directions->items().size(); ++d) {
        if (Field(&directions->items()[d]) == traveller.directions[side]) at = d;
      }
      auto item = [&](const Node* list) {
        return list != nullptr && at < list->items().size() ? Field(&list->items()[at]) : "";
      };
      std::string expected = std::to_string(line.scores[side]) + " scored, " +
                             league::FormatPoints(line.matchpoints[side]) + " matchpoints";
      std::string published = item(scores) + " scored, " + item(points) + " matchpoints";
      if (expected == published) continue;
      differences_.push_back(which + ", " + line.source + ", " + traveller.directions[side] +
                             ": expected " + expected + ", published " + published);
    }
  }

  const league::Standings& standings_;
  std::vector<std::string>& differences_;
};

const Node* PublishedTable(const Node& tables, const league::StandingsTable& table) {
  for (const Node& candidate : tables.items()) {
    if (Field(candidate, "kind") == table.kind &&
        Field(candidate, "direction") == table.direction) {
      return &candidate;
    }
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> CompareStandings(const league::Standings& standings,
                                          const record::Node& published) {
  std::vector<std::string> differences;
  const Node* tables = ListAt(published, "tables");
  if (tables == nullptr) {
    return {"expected a standings file (JSON or CSV output of referee standings), found no tables"};
  }
  Comparison comparison(standings, differences);
  comparison.Scope(published);
  for (const league::StandingsTable& table : standings.tables) {
    const Node* match = PublishedTable(*tables, table);
    if (match == nullptr) {
      differences.push_back("expected a " + table.Title() + " table, published none");
      continue;
    }
    std::string prefix = standings.tables.size() > 1 ? table.Title() + ", " : "";
    comparison.Table(table, *match, prefix);
  }
  comparison.Travellers(published);
  comparison.Provenance(published);
  return differences;
}

std::vector<std::string> CompareNotes(const league::Standings& standings,
                                      const record::Node& published) {
  const Node* provenance = published.IsMap() ? published.Find("provenance") : nullptr;
  if (provenance == nullptr)
    return {"the published file has no provenance: its inputs are not checked"};
  std::string theirs = Field(*provenance, "referee");
  const std::string& mine = standings.provenance.referee;
  if (theirs.empty() || theirs == mine) return {};
  return {"published by " + theirs + ", checked with " + mine};
}

}  // namespace referee::reports
