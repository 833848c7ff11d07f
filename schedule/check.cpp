// The checker (`referee schedule --check`): every rule a schedule may break, each with its name
// (docs/schedule.md, "The checker"). It judges the rounds as written, whoever made them: it does
// not remake them and compare.
#include <algorithm>
#include <set>

#include "schedule/schedule.h"
#include "schedule/seating.h"

namespace referee::schedule {

namespace {

class Checker {
 public:
  Checker(const Field& field, const Schedule& schedule)
      : field_(field),
        schedule_(schedule),
        size_(EntrantsPerTable(*field.game)),
        known_(field.entrants.begin(), field.entrants.end()) {}

  std::vector<Breach> Run() {
    std::vector<Method> fit = MethodsFor(*field_.game);
    if (std::find(fit.begin(), fit.end(), schedule_.method) == fit.end()) {
      Add("method-unfit", 0, 0,
          std::string(MethodName(schedule_.method)) + " does not fit " + field_.game->name);
      return breaches_;
    }
    if (static_cast<int>(schedule_.made.size()) > schedule_.rounds) {
      Add("too-many-rounds", static_cast<int>(schedule_.made.size()), 0,
          "the event plans " + std::to_string(schedule_.rounds) + " rounds, found " +
              std::to_string(schedule_.made.size()));
    }
    for (size_t i = 0; i < schedule_.made.size(); ++i) {
      const Round& round = schedule_.made[i];
      if (round.number != static_cast<int>(i) + 1) {
        Add("round-order", round.number, 0,
            "expected round " + std::to_string(i + 1) + ", found round " +
                std::to_string(round.number));
      }
      CheckRound(round);
      CountMeetings(round, &met_);
      for (const std::string& entrant : round.sitting_out) ++sat_out_[entrant];
    }
    CheckBoardsCompared();
    return breaches_;
  }

 private:
  void Add(std::string rule, int round, int table, std::string message) {
    breaches_.push_back(Breach{std::move(rule), round, table, std::move(message)});
  }

  bool Movement() const {
    return schedule_.method == Method::kMitchell || schedule_.method == Method::kHowell;
  }

  void CheckRound(const Round& round) {
    std::set<std::string> seen;
    auto place = [&](const std::string& entrant, int table) {
      if (known_.count(entrant) == 0) {
        Add("unknown-entrant", round.number, table, entrant + " is not an entrant of the league");
      } else if (!field_.Present(entrant, round.number)) {
        Add("absent-seated", round.number, table,
            entrant + " is seated in a round it is not present for (arrival or withdrawal)");
      }
      if (!seen.insert(entrant).second) {
        Add("seated-twice", round.number, table, entrant + " is seated twice in the round");
      }
    };
    for (const Table& table : round.tables) {
      if (static_cast<int>(table.seats.size()) != size_) {
        Add("table-size", round.number, table.number,
            "expected " + std::to_string(size_) + " entrants at a table of " + field_.game->name +
                ", found " + std::to_string(table.seats.size()));
      }
      for (const std::string& entrant : table.seats) place(entrant, table.number);
      CheckMeetings(round, table);
      CheckBoards(round, table);
      CheckDirections(round, table);
    }
    for (const std::string& entrant : round.sitting_out) place(entrant, 0);
    for (const std::string& entrant : field_.PresentIn(round.number)) {
      if (seen.count(entrant) == 0) {
        Add("missing-entrant", round.number, 0,
            entrant + " is present but neither seated nor sitting out");
      }
    }
    if (!Movement()) CheckSitOuts(round, seen);
    if (schedule_.method == Method::kIndividual || schedule_.method == Method::kSwiss) {
      CheckLeastMeetings(round);
    }
  }

  // Individual and Swiss rounds: as many sit out as do not fill a table, and nobody sits out
  // again while someone seated sat out fewer times (FIDE C.04.1 d).
  void CheckSitOuts(const Round& round, const std::set<std::string>& seen) {
    size_t present = 0;
    for (const std::string& entrant : seen) present += field_.Present(entrant, round.number);
    size_t due = schedule_.method == Method::kTeams ? 0 : present % static_cast<size_t>(size_);
    if (round.sitting_out.size() > due) {
      Add("extra-sit-out", round.number, 0,
          std::to_string(round.sitting_out.size()) + " sit out where " + std::to_string(due) +
              " do not fill a table");
    }
    int fewest_seated = -1;
    for (const Table& table : round.tables) {
      for (const std::string& entrant : table.seats) {
        int count = sat_out_[entrant];
        if (fewest_seated < 0 || count < fewest_seated) fewest_seated = count;
      }
    }
    for (const std::string& entrant : round.sitting_out) {
      if (fewest_seated >= 0 && sat_out_[entrant] > fewest_seated) {
        Add("uneven-sit-outs", round.number, 0,
            entrant + " sits out again (" + std::to_string(sat_out_[entrant]) +
                " times before) while a seated entrant sat out " + std::to_string(fewest_seated) +
                " times");
      }
    }
  }

  // A movement never seats two entrants together twice; in Swiss rounds a repeat is allowed only
  // where no arrangement avoids it (CheckLeastMeetings).
  void CheckMeetings(const Round& round, const Table& table) {
    if (!Movement()) return;
    for (size_t i = 0; i < table.seats.size(); ++i) {
      for (size_t j = i + 1; j < table.seats.size(); ++j) {
        if (MetCount(met_, table.seats[i], table.seats[j]) > 0) {
          Add("repeat-meeting", round.number, table.number,
              table.seats[i] + " and " + table.seats[j] + " met before; a movement meets once");
        }
      }
    }
  }

  // The round's most-repeated meeting must be one that no arrangement of the same entrants could
  // avoid: the checker's own search (in the canonical order) is asked for one with fewer.
  void CheckLeastMeetings(const Round& round) {
    int most = 0;
    const Table* worst = nullptr;
    std::vector<std::string> seated;
    for (const Table& table : round.tables) {
      if (static_cast<int>(table.seats.size()) != size_) return;  // already a breach
      int at_table = MostMetAtATable(table, met_);
      if (worst == nullptr || at_table > most) most = at_table, worst = &table;
      seated.insert(seated.end(), table.seats.begin(), table.seats.end());
    }
    if (worst == nullptr || most == 0) return;
    auto [least, arrangement] = LeastLimit(seated, size_, met_);
    if (least >= most) return;
    bool swiss = schedule_.method == Method::kSwiss;
    Add(swiss ? "repeat-meeting" : "uneven-meetings", round.number, worst->number,
        "two entrants of the table had met " + std::to_string(most) +
            " times before, where an arrangement exists in which no pair had met more than " +
            std::to_string(least));
  }

  void CheckBoards(const Round& round, const Table& table) {
    if (table.boards < 1) {
      Add("no-boards", round.number, table.number, "expected a board set, found none");
      return;
    }
    plays_[table.boards].insert(round.number * 10000 + table.number);
    for (const std::string& entrant : table.seats) {
      if (!boards_played_[entrant].insert(table.boards).second) {
        Add("board-replayed", round.number, table.number,
            entrant + " plays board set " + std::to_string(table.boards) + " a second time");
      }
    }
    tables_in_a_round_ = std::max(tables_in_a_round_, static_cast<int>(round.tables.size()));
  }

  // Mitchell: each pair keeps one direction, and the one the league declares.
  void CheckDirections(const Round& round, const Table& table) {
    if (schedule_.method != Method::kMitchell || table.seats.size() != 2) return;
    for (int side = 0; side < 2; ++side) {
      const std::string& entrant = table.seats[side];
      const char* name = side == 0 ? "NS" : "EW";
      auto [sat, fresh] = direction_.emplace(entrant, name);
      if (!fresh && sat->second != name) {
        Add("direction-changed", round.number, table.number,
            entrant + " sits " + name + ", having sat " + sat->second);
      }
      const std::vector<std::string>& declared = side == 0 ? field_.ns : field_.ew;
      if (!(field_.ns.empty() && field_.ew.empty()) &&
          std::find(declared.begin(), declared.end(), entrant) == declared.end()) {
        Add("wrong-direction", round.number, table.number,
            entrant + " sits " + name + ", not its declared direction");
      }
    }
  }

  // Duplicate needs comparisons: in a movement every board set played is played at two tables at
  // least, once the event has had two tables in a round.
  void CheckBoardsCompared() {
    if (!Movement() || tables_in_a_round_ < 2) return;
    for (const auto& [set, plays] : plays_) {
      if (plays.size() >= 2) continue;
      int at = *plays.begin();
      Add("board-at-one-table", at / 10000, at % 10000,
          "board set " + std::to_string(set) +
              " is played at this table only: nothing to compare "
              "it with");
    }
  }

  const Field& field_;
  const Schedule& schedule_;
  int size_;
  std::set<std::string> known_;
  Meetings met_;
  std::map<std::string, int> sat_out_;
  std::map<std::string, std::set<int>> boards_played_;
  std::map<int, std::set<int>> plays_;  // board set: round * 10000 + table
  std::map<std::string, std::string> direction_;
  int tables_in_a_round_ = 0;
  std::vector<Breach> breaches_;
};

}  // namespace

std::vector<Breach> Check(const Field& field, const Schedule& schedule) {
  return Checker(field, schedule).Run();
}

}  // namespace referee::schedule
