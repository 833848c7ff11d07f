// What the standings keep of one verified record (PlayedRecord): its verdict in brief, the sides
// with their results, and a digest of its content. Everything else of the record is dropped here,
// so the memory of a league grows by a few hundred bytes per record, not by its parsed tree.
#include <algorithm>
#include <set>

#include "league/standings.h"
#include "referee/core/check.h"
#include "referee/games/game_record.h"
#include "referee/record/record_writer.h"
#include "verifier/sha256.h"

namespace referee::league {
namespace {

const std::string kNoText;

// The sides of a match as the game placed them, each with the seats of the record's players on it.
std::vector<PlayedSide> SidesOf(const Outcome& outcome, size_t players) {
  std::vector<PlayedSide> sides;
  for (const SideResult& result : outcome.sides) {
    PlayedSide side;
    for (int actor : result.actors) {
      if (actor < 0 || static_cast<size_t>(actor) >= players) continue;
      REFEREE_CHECK(actor < games::kMostPlayers, "a side's seat past the 32 a PlayedSide holds");
      side.seats |= uint32_t{1} << actor;
    }
    side.score = result.total;
    REFEREE_CHECK(result.place >= 0 && result.place < games::kMostPlayers,
                  "a side's place outside the sides a match can have");
    side.place = static_cast<uint16_t>(result.place);
    side.won = result.won;
    side.drew = result.drew;
    sides.push_back(side);
  }
  return sides;
}

// Every side's statistics in one list, each side given as many as the side with the most (a side
// without one counts 0: statistics are only ever added up).
std::vector<int64_t> StatisticsOf(const Outcome& outcome) {
  size_t count = 0;
  for (const SideResult& result : outcome.sides) count = std::max(count, result.statistics.size());
  std::vector<int64_t> statistics;
  statistics.reserve(count * outcome.sides.size());
  for (const SideResult& result : outcome.sides) {
    statistics.insert(statistics.end(), result.statistics.begin(), result.statistics.end());
    statistics.resize(statistics.size() + count - result.statistics.size(), 0);
  }
  return statistics;
}

// The points of each scored deal per side, by the board it was dealt from.
std::vector<PlayedBoard> ScoredBoards(const verifier::Verdict& verdict) {
  std::vector<PlayedBoard> scored;
  for (const ScoreSheet::Row& row : verdict.scores.rows) {
    if (row.void_deal) continue;
    scored.push_back({row.board, {row.points.begin(), row.points.end()}});
  }
  return scored;
}

std::string PlaceText(const GamePlace& place) {
  std::string text = GamePlaceText(place);
  return text.empty() ? text : text + ": ";
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

// The descriptor's own word for the record's choice of `option`: descriptors outlive the
// standings, so a record keeps a pointer to it. A valid record's choice is one of its option's
// words (the record reader checks it, and registration that the option is a choice).
const std::string* AllowedWord(const games::GameDescriptor& game, const std::string& option,
                               const RuleOptions& rules) {
  const std::string& chosen = rules.Choice(option);
  for (const OptionSpec& spec : game.options) {
    if (spec.name != option) continue;
    for (const std::string& word : spec.choices) {
      if (word == chosen) return &word;
    }
  }
  REFEREE_CHECK(false, "a valid record's " + option + " is not one of " + game.name + "'s words");
  return nullptr;
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
  if (verdict.status != verifier::Status::kValid) {
    played.SetReason(FirstFinding(verdict, IsRecordDocument(document)));
  }
  if (round) played.round = RoundName(*round);
  if (record == nullptr) return played;
  played.game = record->game;
  for (const auto& [key, value] : record->metadata) {
    if (key == "round" && !round) played.round = RoundName(value);
    if (key == "table") played.SetTable(value);
    if (key == "id" && !verdict.voided_by_director.empty()) {
      played.SetVoided(value, verdict.voided_by_director);
    }
  }
  if (verdict.status != verifier::Status::kValid) return played;
  played.players = PlayerNames(record->players);
  played.sides = SidesOf(verdict.outcome, record->players.size());
  played.statistics = StatisticsOf(verdict.outcome);
  const std::string& level_option = record->game->league.level_option;
  if (!level_option.empty()) played.level = AllowedWord(*record->game, level_option, record->rules);
  if (league.scheme.kind == SchemeKind::kDuplicate && record->seed) {
    played.deals =
        std::make_shared<const PlayedDeals>(PlayedDeals{*record->seed, ScoredBoards(verdict)});
  }
  return played;
}

PlayedRecord SummarizeRecord(const League& league, const verifier::Verdict& verdict,
                             const record::Node* document, const std::optional<std::string>& round,
                             std::optional<std::string_view> text) {
  PlayedRecord played;
  if (document == nullptr) {
    played = DescribeRecord(league, verdict, nullptr, nullptr, round);
  } else {
    Result<record::Record> record = record::ReadRecord(*document);
    const record::Record* read = record.has_value() ? &*record : nullptr;
    played = DescribeRecord(league, verdict, read, document, round);
    if (read != nullptr) played.content = ContentDigest(*read);
  }
  if (text) played.text_digest = verifier::Sha256(*text);
  return played;
}

const std::string& PlayedRecord::Reason() const { return texts_ ? texts_->reason : kNoText; }
const std::string& PlayedRecord::Table() const { return texts_ ? texts_->table : kNoText; }
const std::string& PlayedRecord::Level() const { return level ? *level : kNoText; }

PlayedRecord::Texts& PlayedRecord::EditTexts() {
  auto texts = texts_ ? std::make_shared<Texts>(*texts_) : std::make_shared<Texts>();
  Texts& edited = *texts;
  texts_ = std::move(texts);
  return edited;
}

void PlayedRecord::SetReason(std::string reason) {
  if (reason.empty() && Reason().empty()) return;
  EditTexts().reason = std::move(reason);
}

const std::string& PlayedRecord::Id() const { return texts_ ? texts_->id : kNoText; }
const std::vector<int>& PlayedRecord::VoidedDeals() const {
  static const std::vector<int> kNone;
  return texts_ ? texts_->voided : kNone;
}
void PlayedRecord::SetVoided(std::string id, std::vector<int> deals) {
  Texts& texts = EditTexts();
  texts.id = std::move(id);
  texts.voided = std::move(deals);
}

void PlayedRecord::SetTable(std::string table) {
  if (table.empty() && Table().empty()) return;
  EditTexts().table = std::move(table);
}

std::span<const int64_t> PlayedRecord::SideStatistics(size_t side) const {
  if (side >= sides.size()) return {};
  size_t count = statistics.size() / sides.size();
  return std::span<const int64_t>(statistics).subspan(side * count, count);
}

std::vector<std::string> PlayedRecord::SidePlayers(size_t side) const {
  std::vector<std::string> names;
  if (side >= sides.size()) return names;
  std::vector<std::string> all = players.All();
  for (size_t i = 0; i < all.size() && i < 64; ++i) {
    if (sides[side].seats >> i & 1) names.push_back(std::move(all[i]));
  }
  return names;
}

PlayerNames::PlayerNames(const std::vector<std::string>& names) : count_(names.size()) {
  for (const std::string& name : names) {
    for (size_t length = name.size();; length >>= 7) {
      packed_ += static_cast<char>((length & 0x7F) | (length >= 0x80 ? 0x80 : 0));
      if (length < 0x80) break;
    }
    packed_ += name;
  }
}

std::vector<std::string> PlayerNames::All() const {
  std::vector<std::string> names;
  names.reserve(count_);
  for (size_t at = 0; at < packed_.size();) {
    size_t length = 0;
    for (int shift = 0;; shift += 7) {
      auto byte = static_cast<unsigned char>(packed_[at++]);
      length |= static_cast<size_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) break;
    }
    names.push_back(packed_.substr(at, length));
    at += length;
  }
  return names;
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

}  // namespace referee::league
