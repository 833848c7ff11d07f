// `ratings --check`: the computed ratings against a published file (JSON, or CSV read into the
// same tree), item by item at the precision the file prints: the game and model, every parameter,
// each league's counts and inputs digest, and each player's rank, name, rating, mu, sigma and
// matches (docs/ratings.md, "--check").
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "referee/core/printable.h"
#include "reports/ratings_output.h"
#include "reports/table_text.h"

namespace referee::reports {
namespace {

using record::Node;
using Row = std::vector<std::string>;

constexpr int kPublishedDecimals = 6;  // as the JSON and CSV outputs print them

// A published scalar as text; null and absent are "".
std::string Field(const Node* node) {
  if (node == nullptr || !node->IsScalar() || node->kind() == Node::Kind::kNull) return "";
  return node->text();
}
std::string Field(const Node& map, std::string_view key) {
  return map.IsMap() ? Field(map.Find(key)) : "";
}
const Node* ListAt(const Node& map, std::string_view key) {
  const Node* node = map.IsMap() ? map.Find(key) : nullptr;
  return node != nullptr && node->IsList() ? node : nullptr;
}

std::string Shown(const std::string& text) { return text.empty() ? "nothing" : text; }

// A published id or name agrees when it is the text as JSON writes it (bytes that are not UTF-8
// escaped) or as CSV writes it (every control character escaped, Printable).
bool SameText(const std::string& published, const std::string& mine) {
  return published == mine || published == ValidUtf8(mine) || published == Printable(mine);
}

// A published parameter agrees when it reads as the same number: "25" and "25.0" are one value.
bool SameNumber(const std::string& published, double mine) {
  char* end = nullptr;
  double value = std::strtod(published.c_str(), &end);
  return !published.empty() && end != nullptr && *end == '\0' && value == mine;
}

class Comparison {
 public:
  Comparison(const league::Ratings& ratings, std::vector<std::string>& differences)
      : ratings_(ratings), differences_(differences) {}

  void Identity(const Node& published) {
    if (published.Find("game") != nullptr && Field(published, "game") != ratings_.game) {
      differences_.push_back("expected ratings of " + ratings_.game + " players, published " +
                             Shown(Field(published, "game")));
    }
    std::string model = "weng-lin-plackett-luce";
    if (published.Find("model") != nullptr && Field(published, "model") != model) {
      differences_.push_back("expected the model " + model + ", published " +
                             Shown(Field(published, "model")));
    }
  }

  void Parameters(const Node& published) {
    const Node* theirs = published.Find("parameters");
    if (theirs == nullptr || !theirs->IsMap()) {
      differences_.push_back("parameters: expected mu, sigma, beta, kappa and tau, published none");
      return;
    }
    const league::RatingParameters& p = ratings_.parameters;
    for (const auto& [name, value] :
         {std::pair{"mu", p.mu}, std::pair{"sigma", p.sigma}, std::pair{"beta", p.beta},
          std::pair{"kappa", p.kappa}, std::pair{"tau", p.tau}}) {
      std::string found = Field(*theirs, name);
      if (SameNumber(found, value)) continue;
      std::string message = "parameters: expected " + std::string(name) + " " +
                            fmt::format("{}", value) + ", published " + Shown(found);
      if (!found.empty()) message += " (check with --" + std::string(name) + " " + found + ")";
      differences_.push_back(message);
    }
  }

  void Leagues(const Node& published) {
    const Node* theirs = ListAt(published, "leagues");
    size_t count = theirs != nullptr ? theirs->items().size() : 0;
    if (count != ratings_.leagues.size()) {
      auto leagues = [](size_t n) { return std::to_string(n) + (n == 1 ? " league" : " leagues"); };
      differences_.push_back("expected " + leagues(ratings_.leagues.size()) + " rated, published " +
                             std::to_string(count));
    }
    for (size_t i = 0; i < ratings_.leagues.size() && i < count; ++i) {
      LeagueOf(i, ratings_.leagues[i], theirs->items()[i]);
    }
  }

  void Players(const Node& published) {
    const Node* rows = ListAt(published, "players");
    size_t count = rows != nullptr ? rows->items().size() : 0;
    for (size_t i = 0; i < std::max(ratings_.players.size(), count); ++i) {
      const league::PlayerRating* mine =
          i < ratings_.players.size() ? &ratings_.players[i] : nullptr;
      const Node* theirs = i < count ? &rows->items()[i] : nullptr;
      std::string at = "rank " + std::to_string(mine ? mine->rank : i + 1) + ": ";
      std::string expected = mine ? mine->player : "nothing";
      std::string found = theirs ? Shown(Field(*theirs, "player")) : "nothing";
      if (!SameText(found, expected)) {
        differences_.push_back(at + "expected " + expected + ", published " + found);
        continue;
      }
      Player(*mine, *theirs, at + mine->player + ": ");
    }
  }

 private:
  void LeagueOf(size_t index, const league::RatingsSource& mine, const Node& theirs) {
    std::string at = "league " + std::to_string(index + 1) + " (" + mine.path + "): ";
    for (const auto& [name, value] :
         {std::pair{"rated", mine.rated}, std::pair{"not_rated", mine.not_rated},
          std::pair{"not_counted", mine.not_counted},
          std::pair{"already_rated", mine.already_rated}}) {
      Value(theirs, name, std::to_string(value), at);
    }
    if (!mine.inputs) return;
    std::string digest = HexDigest(*mine.inputs);
    std::string found = Field(theirs, "inputs_sha256");
    if (found == digest) return;
    differences_.push_back(at + "expected inputs sha256 " + digest + ", published " + Shown(found) +
                           ": the published ratings were made from other files");
  }

  void Player(const league::PlayerRating& mine, const Node& theirs, const std::string& at) {
    std::string rank = std::to_string(mine.rank) + (mine.shared ? "=" : "");
    std::string found = Field(theirs, "rank") + (Field(theirs, "shared") == "true" ? "=" : "");
    if (rank != found) {
      differences_.push_back(at + "expected rank " + rank + ", published " + Shown(found));
    }
    if (!SameText(Field(theirs, "name"), mine.name)) Value(theirs, "name", mine.name, at);
    Value(theirs, "rating", FormatDecimal(mine.rating.Ordinal(), kPublishedDecimals), at);
    Value(theirs, "mu", FormatDecimal(mine.rating.mu, kPublishedDecimals), at);
    Value(theirs, "sigma", FormatDecimal(mine.rating.sigma, kPublishedDecimals), at);
    Value(theirs, "matches", std::to_string(mine.matches), at);
    // A file of the version before provisional ratings were marked does not say.
    if (theirs.IsMap() && theirs.Find("provisional") != nullptr) {
      Value(theirs, "provisional", mine.Provisional() ? "true" : "false", at);
    }
  }

  void Value(const Node& theirs, const char* key, const std::string& mine, const std::string& at) {
    std::string found = Field(theirs, key);
    if (found == mine) return;
    differences_.push_back(at + "expected " + key + " " + mine + ", published " + key + " " +
                           Shown(found));
  }

  const league::Ratings& ratings_;
  std::vector<std::string>& differences_;
};

}  // namespace

std::vector<std::string> CompareRatings(const league::Ratings& ratings,
                                        const record::Node& published) {
  if (ListAt(published, "players") == nullptr) {
    return {"expected a ratings file (JSON or CSV output of referee ratings), found no players"};
  }
  std::vector<std::string> differences;
  Comparison comparison(ratings, differences);
  comparison.Identity(published);
  comparison.Parameters(published);
  comparison.Leagues(published);
  comparison.Players(published);
  return differences;
}

std::vector<std::string> CompareRatingsNotes(const league::Ratings& ratings,
                                             const record::Node& published) {
  std::string theirs = Field(published, "referee");
  if (theirs.empty() || theirs == ratings.referee) return {};
  return {"published by " + theirs + ", checked with " + ratings.referee};
}

}  // namespace referee::reports
