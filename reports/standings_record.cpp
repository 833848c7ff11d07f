// What the standings keep of one verified record (PlayedRecord): its verdict in brief, the sides
// with their results, and a digest of its content. Everything else of the record is dropped here,
// so the memory of a league grows by a few hundred bytes per record, not by its parsed tree.
#include <algorithm>
#include <set>

#include "referee/record/record_reader.h"
#include "referee/record/record_writer.h"
#include "reports/standings.h"
#include "verifier/sha256.h"

namespace referee::reports {
namespace {

std::string Fact(const Outcome& outcome, std::string_view key) {
  for (const auto& [name, value] : outcome.facts) {
    if (name == key) return value;
  }
  return "";
}

int FactInt(const Outcome& outcome, std::string_view key) {
  std::string text = Fact(outcome, key);
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  return std::stoi(text);
}

// Conspiracy's score sheet labels a deal "dealer N; EW called 5 hearts, took 5: EW +10": the call
// was made exactly when the calling side is the side that scored.
int CallsMadeBy(const ScoreSheet& scores, const std::string& unit) {
  int made = 0;
  for (const ScoreSheet::Row& row : scores.rows) {
    if (row.void_deal) continue;
    if (row.label.find("; " + unit + " called ") != std::string::npos &&
        row.label.find(": " + unit + " +") != std::string::npos) {
      ++made;
    }
  }
  return made;
}

// Places by total, equal totals sharing (Collusion ruling: ties share places).
void PlaceByScore(std::vector<PlayedSide>& sides) {
  for (PlayedSide& side : sides) {
    side.place =
        static_cast<int>(std::count_if(sides.begin(), sides.end(), [&](const PlayedSide& other) {
          return other.score > side.score;
        }));
  }
}

std::vector<PlayedSide> TrickSides(const verifier::Verdict& verdict,
                                   const std::vector<std::string>& players) {
  std::vector<PlayedSide> sides;
  std::string winner = Fact(verdict.outcome, "winner");
  std::set<std::string> winners;
  for (const record::Word& word : record::SplitWords(winner)) {
    winners.insert(std::string(word.text));
  }
  for (size_t unit = 0; unit < verdict.scores.units.size(); ++unit) {
    PlayedSide side;
    side.unit = verdict.scores.units[unit];
    for (char seat : side.unit) {
      size_t index = std::string("NESW").find(seat);
      if (index < players.size()) side.players.push_back(players[index]);
    }
    side.score = unit < verdict.scores.totals.size() ? verdict.scores.totals[unit] : 0;
    side.won = winners.count(side.unit) > 0;
    side.drew = winner == "draw";
    if (verdict.game == "conspiracy") side.calls_made = CallsMadeBy(verdict.scores, side.unit);
    sides.push_back(std::move(side));
  }
  if (verdict.game == "collusion") {
    PlaceByScore(sides);
  } else {
    for (PlayedSide& side : sides) side.place = side.won || side.drew ? 0 : 1;
  }
  return sides;
}

// The board of each deal in deal order (a deal without `board:` is its position), and the points
// of each scored deal per side.
std::vector<PlayedBoard> ScoredBoards(const verifier::Verdict& verdict,
                                      const record::Record& record) {
  std::vector<int> boards;
  for (const record::Record::Entry& entry : record.entries) {
    if (const auto* event = std::get_if<Event>(&entry.item)) {
      if (const auto* dealt = std::get_if<DealEvent>(event)) {
        boards.push_back(dealt->board != 0 ? dealt->board : static_cast<int>(boards.size()) + 1);
      }
    }
  }
  std::vector<PlayedBoard> scored;
  for (const ScoreSheet::Row& row : verdict.scores.rows) {
    if (row.void_deal || row.deal < 1 || row.deal > static_cast<int>(boards.size())) continue;
    scored.push_back({boards[row.deal - 1], {row.points.begin(), row.points.end()}});
  }
  return scored;
}

std::string PlaceText(const GamePlace& place) {
  std::string text;
  auto add = [&](const std::string& part) { text += part + ", "; };
  if (place.deal > 0) add("deal " + std::to_string(place.deal));
  if (place.trick > 0) add("trick " + std::to_string(place.trick));
  if (place.turn > 0) add("turn " + std::to_string(place.turn));
  if (!place.actor.empty()) add(place.actor);
  if (!place.card.empty()) add(place.card);
  return text.empty() ? text : text.substr(0, text.size() - 2) + ": ";
}

// The first finding that decided the verdict, in one line: "revoke at /deals/0/tricks/0/3: deal
// 1, trick 1, E, 6H: expected ...". An incomplete record has none: its summary says why. Of a
// document that is not a record only the code and the line are given: its content is not shown.
std::string FirstFinding(const verifier::Verdict& verdict, bool is_record) {
  for (const Finding& finding : verdict.findings) {
    if (finding.severity == Severity::kNote) continue;
    std::string line =
        finding.place.line > 0 ? " (line " + std::to_string(finding.place.line) + ")" : "";
    if (!is_record) {
      return "not a record: " + finding.code + line + "; its content is not shown";
    }
    std::string where = finding.place.path.empty() ? "" : " at " + finding.place.path;
    return finding.code + where + line + ": " + PlaceText(finding.place.game) + finding.message;
  }
  return verdict.outcome.summary;
}

bool IsRecordDocument(const record::Node* document) {
  return document != nullptr && document->IsMap() && document->Has("format");
}

// An unambiguous byte form of a tree: each node is its kind, then its size, then its text or
// children, so no two different trees give the same bytes.
void AppendTree(const record::Node& node, std::string& bytes) {
  auto add_text = [&](const std::string& text) {
    bytes += std::to_string(text.size()) + ":" + text;
  };
  bytes += static_cast<char>('0' + static_cast<int>(node.kind()));
  if (node.IsList()) {
    bytes += std::to_string(node.items().size()) + "[";
    for (const record::Node& item : node.items()) AppendTree(item, bytes);
  } else if (node.IsMap()) {
    bytes += std::to_string(node.members().size()) + "{";
    for (const record::NodeMember& member : node.members()) {
      add_text(member.key);
      AppendTree(member.value, bytes);
    }
  } else {
    add_text(node.text());
  }
}

}  // namespace

PlayedRecord DescribeRecord(const League& league, const verifier::Verdict& verdict,
                            const record::Record* record, const record::Node* document,
                            const std::optional<std::string>& round) {
  PlayedRecord played;
  played.source = verdict.source;
  played.record_index = verdict.record_index;
  played.status = verdict.status;
  played.game = verdict.game;
  if (verdict.status != verifier::Status::kValid) {
    played.reason = FirstFinding(verdict, IsRecordDocument(document));
  }
  if (round) played.round = RoundName(*round);
  if (record == nullptr) return played;
  for (const auto& [key, value] : record->metadata) {
    if (key == "round" && !round) played.round = RoundName(value);
  }
  if (verdict.status != verifier::Status::kValid) return played;
  if (verdict.game == "cahoots") {
    PlayedSide table;
    table.players = record->players;
    table.won = Fact(verdict.outcome, "outcome") == "win";
    played.sides.push_back(std::move(table));
    played.goals = FactInt(verdict.outcome, "goals");
    played.turns = FactInt(verdict.outcome, "turns");
    played.level = record->rules.Choice("level");
    return played;
  }
  played.sides = TrickSides(verdict, record->players);
  if (league.scheme.kind == SchemeKind::kDuplicate && record->seed) {
    played.seed = record->seed;
    played.boards = ScoredBoards(verdict, *record);
  }
  return played;
}

PlayedRecord SummarizeRecord(const League& league, const verifier::Verdict& verdict,
                             const record::Node* document,
                             const std::optional<std::string>& round) {
  if (document == nullptr) return DescribeRecord(league, verdict, nullptr, nullptr, round);
  Result<record::Record> record = record::ReadRecord(*document);
  const record::Record* read = record.has_value() ? &*record : nullptr;
  PlayedRecord played = DescribeRecord(league, verdict, read, document, round);
  if (read != nullptr) played.content = ContentDigest(*read);
  return played;
}

std::vector<std::string> PlayedRecord::Players() const {
  if (sides.size() == 1 && sides.front().unit.empty()) return sides.front().players;
  std::vector<std::string> players;
  for (char seat : std::string_view("NESW")) {
    for (const PlayedSide& side : sides) {
      size_t at = side.unit.find(seat);
      if (at != std::string::npos && at < side.players.size()) players.push_back(side.players[at]);
    }
  }
  return players;
}

Sha256Digest ContentDigest(const record::Record& record) {
  record::Node tree = record::WriteRecord(record);
  const std::vector<std::string>& metadata = record::MetadataKeys();
  std::string bytes;
  for (const record::NodeMember& member : tree.members()) {
    if (std::find(metadata.begin(), metadata.end(), member.key) != metadata.end()) continue;
    bytes += std::to_string(member.key.size()) + ":" + member.key;
    AppendTree(member.value, bytes);
  }
  return verifier::Sha256(bytes);
}

}  // namespace referee::reports
