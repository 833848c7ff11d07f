// Ratings as text, Markdown, CSV, an HTML page and a tree for JSON (docs/ratings.md, "Outputs").
#include "reports/ratings_output.h"

#include <fmt/format.h>

#include <algorithm>

#include "referee/core/printable.h"
#include "reports/html_page.h"
#include "reports/table_text.h"
#include "reports/text_columns.h"

namespace referee::reports {
namespace {

constexpr int kShownDecimals = 2;  // for people: as the standings round
constexpr int kTreeDecimals = 6;  // JSON: enough to recompute, few enough to be the same everywhere

// A parameter exactly, in the fewest digits that read back as the same double ("25",
// "8.333333333333334", "0.0001"): given back with --sigma etc., it gives the same ratings.
std::string ParameterText(double value) { return fmt::format("{}", value); }

std::vector<std::string> Concatenated(std::vector<std::string> first,
                                      const std::vector<std::string>& then) {
  first.insert(first.end(), then.begin(), then.end());
  return first;
}

// For people, rounded as the standings round; the JSON and CSV outputs give them exactly.
std::string ParametersLine(const league::RatingParameters& p) {
  league::RatingParameters defaults;
  bool are_defaults = p.mu == defaults.mu && p.sigma == defaults.sigma && p.beta == defaults.beta &&
                      p.kappa == defaults.kappa && p.tau == defaults.tau;
  return "parameters: mu " + league::RoundedParameter(p.mu) + ", sigma " +
         league::RoundedParameter(p.sigma) + ", beta " + league::RoundedParameter(p.beta) +
         ", kappa " + league::RoundedParameter(p.kappa) + ", tau " +
         league::RoundedParameter(p.tau) +
         (are_defaults ? " (OpenSkill's defaults)" : " (exactly, in the JSON and CSV outputs)");
}

constexpr const char* kModel = "Weng-Lin Plackett-Luce (Weng and Lin, JMLR 12, 2011)";

// What the figures mean, for the people who read them.
std::vector<std::string> MeaningLines(const league::Ratings& ratings) {
  const league::RatingParameters& p = ratings.parameters;
  std::string start = FormatDecimal(p.mu - 3 * p.sigma, kShownDecimals);
  return {
      "rating: mu - 3 sigma, a cautious estimate of skill (the player is at least this good "
      "with about 99.9% confidence); players are ranked by it",
      "mu: the estimated skill; sigma: how unsure that estimate is, which shrinks as matches "
      "are rated",
      "every player starts at mu " + league::RoundedParameter(p.mu) + ", sigma " +
          league::RoundedParameter(p.sigma) + ", so at a rating of " + start +
          "; a rating below that is below where every new player starts",
      "provisional: fewer than " + std::to_string(league::kEstablishedMatches) +
          " matches rated; one result still moves such a rating a lot",
      "figures are rounded to two decimals; the JSON and CSV outputs give six"};
}

std::vector<std::string> HeadingLines(const league::Ratings& ratings) {
  return Concatenated({ParametersLine(ratings.parameters)},
                      Concatenated(MeaningLines(ratings), {"made by: " + ratings.referee}));
}

// Ids and names to the left, numbers to the right.
std::vector<Align> Aligns(size_t columns) {
  std::vector<Align> aligns(columns, Align::kRight);
  for (size_t i = 0; i < 3 && i < columns; ++i) aligns[i] = Align::kLeft;
  return aligns;
}

std::string SourceLine(const league::RatingsSource& source) {
  std::string line =
      source.path + " (" + source.name + "): " + std::to_string(source.rated) + " records rated";
  if (source.not_rated > 0) line += ", " + std::to_string(source.not_rated) + " not rated";
  if (source.not_counted > 0) line += ", " + std::to_string(source.not_counted) + " not counted";
  if (source.already_rated > 0) {
    line += ", " + std::to_string(source.already_rated) + " already rated in an earlier league";
  }
  line += source.inputs ? "; inputs sha256 " + HexDigest(*source.inputs) : "; inputs unknown";
  if (source.by_matchpoints) line += "; a duplicate event, rated by matchpoints";
  return line;
}

std::string RankText(const league::PlayerRating& player) {
  return std::to_string(player.rank) + (player.shared ? "=" : "");
}

Grid PlayersGrid(const league::Ratings& ratings) {
  Grid grid = {{"rank", "player", "name", "rating", "mu", "sigma", "matches", "provisional"}};
  for (const league::PlayerRating& player : ratings.players) {
    grid.push_back({RankText(player), Printable(player.player), Printable(player.name),
                    FormatDecimal(player.rating.Ordinal(), kShownDecimals),
                    FormatDecimal(player.rating.mu, kShownDecimals),
                    FormatDecimal(player.rating.sigma, kShownDecimals),
                    std::to_string(player.matches), player.Provisional() ? "yes" : ""});
  }
  return grid;
}

// The players' table, the columns that matter first so that a phone shows them without
// scrolling sideways: rank, the name (the id under it) and the rating; then mu, sigma, matches and
// whether the rating is provisional, which scroll inside the table's box.
std::string PlayersHtml(const league::Ratings& ratings) {
  std::string html = "<section id=\"players\">\n<h2 id=\"players-title\">Players</h2>\n";
  if (ratings.players.empty()) return html + "<p>None rated.</p>\n</section>\n";
  HtmlTable table{"ratings",
                  "players-title",
                  {{"rank", HtmlColumn::Kind::kNumber, "rank"},
                   {"name", HtmlColumn::Kind::kName, "name"},
                   {"rating", HtmlColumn::Kind::kNumber, "points"},
                   {"mu", HtmlColumn::Kind::kNumber, ""},
                   {"sigma", HtmlColumn::Kind::kNumber, ""},
                   {"matches", HtmlColumn::Kind::kNumber, ""},
                   {"provisional", HtmlColumn::Kind::kText, ""}}};
  for (const league::PlayerRating& player : ratings.players) {
    table.rows.push_back({{RankText(player),
                           {player.name, player.player},
                           {FormatDecimal(player.rating.Ordinal(), kShownDecimals)},
                           {FormatDecimal(player.rating.mu, kShownDecimals)},
                           {FormatDecimal(player.rating.sigma, kShownDecimals)},
                           {std::to_string(player.matches)},
                           {player.Provisional() ? "provisional" : ""}},
                          player.shared,
                          player.Provisional() ? "provisional" : ""});
  }
  return html + HtmlTableText(table) + "<h3 id=\"players-key\">Key</h3>\n" +
         HtmlList("key", MeaningLines(ratings)) + "</section>\n";
}

std::string LinesHtml(const std::string& cls, const std::vector<std::string>& lines) {
  std::string html = cls.empty() ? "<p>" : "<p class=\"" + cls + "\">";
  for (size_t i = 0; i < lines.size(); ++i) html += (i == 0 ? "" : "<br>") + HtmlEscape(lines[i]);
  return html + "</p>\n";
}

std::string SectionsHtml(const league::Ratings& ratings) {
  std::vector<std::string> sources;
  for (const league::RatingsSource& source : ratings.leagues) sources.push_back(SourceLine(source));
  std::string html;
  if (!ratings.warnings.empty()) {
    html += "<section id=\"warnings\">\n<h2>Warnings</h2>\n" +
            HtmlList("warnings", ratings.warnings) + "</section>\n";
  }
  html += PlayersHtml(ratings) +
          "<section id=\"leagues\">\n<h2>Leagues, in the order rated</h2>\n" +
          HtmlList("leagues", sources) + "</section>\n";
  if (!ratings.notes.empty()) {
    html += "<section id=\"notes\">\n<h2>Notes</h2>\n" + HtmlList("notes", ratings.notes) +
            "</section>\n";
  }
  return html;
}

std::vector<HtmlContentsItem> ContentsOf(const league::Ratings& ratings) {
  std::vector<HtmlContentsItem> items;
  if (!ratings.warnings.empty()) items.push_back({"warnings", "Warnings", {}});
  items.push_back({"players", "Players", {}});
  items.push_back({"leagues", "Leagues", {}});
  if (!ratings.notes.empty()) items.push_back({"notes", "Notes", {}});
  return items;
}

using record::Node;

Node Text(const std::string& text) {
  return Node::Scalar(Node::Kind::kString, ValidUtf8(text), {});
}
Node Integer(int64_t value) {
  return Node::Scalar(Node::Kind::kInteger, std::to_string(value), {});
}
Node Decimal(const std::string& text) {
  bool whole = text.find_first_of(".eE") == std::string::npos;
  return Node::Scalar(whole ? Node::Kind::kInteger : Node::Kind::kDecimal, text, {});
}
Node Bool(bool value) { return Node::Scalar(Node::Kind::kBool, value ? "true" : "false", {}); }
Node Null() { return Node::Scalar(Node::Kind::kNull, "null", {}); }

Node ParametersNode(const league::RatingParameters& p) {
  Node node = Node::Map({});
  node.AddMember("mu", {}, Decimal(ParameterText(p.mu)));
  node.AddMember("sigma", {}, Decimal(ParameterText(p.sigma)));
  node.AddMember("beta", {}, Decimal(ParameterText(p.beta)));
  node.AddMember("kappa", {}, Decimal(ParameterText(p.kappa)));
  node.AddMember("tau", {}, Decimal(ParameterText(p.tau)));
  return node;
}

Node SourceNode(const league::RatingsSource& source) {
  Node node = Node::Map({});
  node.AddMember("league", {}, Text(source.path));
  node.AddMember("name", {}, Text(source.name));
  node.AddMember("rated", {}, Integer(source.rated));
  node.AddMember("not_rated", {}, Integer(source.not_rated));
  node.AddMember("not_counted", {}, Integer(source.not_counted));
  node.AddMember("already_rated", {}, Integer(source.already_rated));
  node.AddMember("inputs_sha256", {}, source.inputs ? Text(HexDigest(*source.inputs)) : Null());
  node.AddMember("rated_by", {}, Text(source.by_matchpoints ? "matchpoints" : "result"));
  return node;
}

Node PlayerNode(const league::PlayerRating& player) {
  Node node = Node::Map({});
  node.AddMember("rank", {}, Integer(player.rank));
  node.AddMember("shared", {}, Bool(player.shared));
  node.AddMember("player", {}, Text(player.player));
  node.AddMember("name", {}, Text(player.name));
  node.AddMember("rating", {}, Decimal(FormatDecimal(player.rating.Ordinal(), kTreeDecimals)));
  node.AddMember("mu", {}, Decimal(FormatDecimal(player.rating.mu, kTreeDecimals)));
  node.AddMember("sigma", {}, Decimal(FormatDecimal(player.rating.sigma, kTreeDecimals)));
  node.AddMember("matches", {}, Integer(player.matches));
  node.AddMember("provisional", {}, Bool(player.Provisional()));
  return node;
}

}  // namespace

std::string FormatDecimal(double value, int decimals) {
  std::string text = fmt::format("{:.{}f}", value, decimals);
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

std::string FormatRatingsText(const league::Ratings& ratings) {
  std::string text = "ratings of " + Printable(ratings.game) + " players: " + kModel + "\n";
  for (const std::string& line : HeadingLines(ratings)) text += Printable(line) + "\n";
  text += "\nleagues, in the order rated:\n";
  for (const league::RatingsSource& source : ratings.leagues) {
    text += "  " + Printable(SourceLine(source)) + "\n";
  }
  if (ratings.players.empty()) {
    text += "\nplayers: none rated\n";
  } else {
    Grid grid = PlayersGrid(ratings);
    text += "\nplayers\n" + AlignedTable(grid, Aligns(grid[0].size()));
  }
  if (!ratings.warnings.empty()) {
    text += "\nwarnings:\n";
    for (const std::string& warning : ratings.warnings) text += "  " + Printable(warning) + "\n";
  }
  if (!ratings.notes.empty()) {
    text += "\nnotes:\n";
    for (const std::string& note : ratings.notes) text += "  " + Printable(note) + "\n";
  }
  return text;
}

std::string FormatRatingsMarkdown(const league::Ratings& ratings) {
  std::string text = "# Ratings: " + MarkdownCell(ratings.game) + "\n\n";
  text += MarkdownList(Concatenated({kModel}, HeadingLines(ratings)));
  std::vector<std::string> sources;
  for (const league::RatingsSource& source : ratings.leagues) sources.push_back(SourceLine(source));
  text += "\n## Leagues, in the order rated\n\n" + MarkdownList(sources);
  text += "\n## Players\n\n";
  if (ratings.players.empty()) {
    text += "None rated.\n";
  } else {
    Grid grid = PlayersGrid(ratings);
    text += MarkdownTable(grid, Aligns(grid[0].size()));
  }
  if (!ratings.warnings.empty()) text += "\n## Warnings\n\n" + MarkdownList(ratings.warnings);
  if (!ratings.notes.empty()) text += "\n## Notes\n\n" + MarkdownList(ratings.notes);
  return text;
}

std::string FormatRatingsHtml(const league::Ratings& ratings) {
  std::string title = "Ratings: " + ratings.game;
  std::vector<std::string> heading = {kModel, ParametersLine(ratings.parameters)};
  return HtmlPageStart(title) + "<header>\n<h1>" + HtmlEscape(title) + "</h1>\n" +
         LinesHtml("summary", heading) + "</header>\n" + HtmlContents(ContentsOf(ratings)) +
         "<main>\n" + SectionsHtml(ratings) + "</main>\n<footer class=\"provenance\">\n" +
         LinesHtml("", {"made by: " + ratings.referee,
                        "Each league's inputs sha256 is recomputed from its league file and the "
                        "records counted, as docs/standings.md (\"Provenance\") says."}) +
         "</footer>\n" + HtmlPageEnd();
}

// Sections separated by an empty line, each with its own header: the players, the leagues, the
// parameters.
std::string FormatRatingsCsv(const league::Ratings& ratings) {
  std::string text =
      CsvLine({"rank", "player", "name", "rating", "mu", "sigma", "matches", "provisional"});
  for (const league::PlayerRating& player : ratings.players) {
    text += CsvLine({RankText(player), player.player, player.name,
                     FormatDecimal(player.rating.Ordinal(), kTreeDecimals),
                     FormatDecimal(player.rating.mu, kTreeDecimals),
                     FormatDecimal(player.rating.sigma, kTreeDecimals),
                     std::to_string(player.matches), player.Provisional() ? "true" : "false"});
  }
  text += "\n" + CsvLine({"league", "name", "rated", "not_rated", "not_counted", "already_rated",
                          "inputs_sha256"});
  for (const league::RatingsSource& source : ratings.leagues) {
    text += CsvLine({source.path, source.name, std::to_string(source.rated),
                     std::to_string(source.not_rated), std::to_string(source.not_counted),
                     std::to_string(source.already_rated),
                     source.inputs ? HexDigest(*source.inputs) : ""});
  }
  const league::RatingParameters& p = ratings.parameters;
  text += "\n" + CsvLine({"parameter", "value"});
  for (const auto& [name, value] :
       {std::pair{"mu", p.mu}, std::pair{"sigma", p.sigma}, std::pair{"beta", p.beta},
        std::pair{"kappa", p.kappa}, std::pair{"tau", p.tau}}) {
    text += CsvLine({name, ParameterText(value)});
  }
  return text;
}

Node RatingsTree(const league::Ratings& ratings) {
  Node root = Node::Map({});
  root.AddMember("format", {}, Text("referee-ratings/1"));
  root.AddMember("game", {}, Text(ratings.game));
  root.AddMember("model", {}, Text("weng-lin-plackett-luce"));
  root.AddMember("parameters", {}, ParametersNode(ratings.parameters));
  root.AddMember("referee", {}, Text(ratings.referee));
  Node leagues = Node::List({});
  for (const league::RatingsSource& source : ratings.leagues) leagues.Append(SourceNode(source));
  root.AddMember("leagues", {}, std::move(leagues));
  Node players = Node::List({});
  for (const league::PlayerRating& player : ratings.players) players.Append(PlayerNode(player));
  root.AddMember("players", {}, std::move(players));
  Node notes = Node::List({});
  for (const std::string& note : ratings.notes) notes.Append(Text(note));
  root.AddMember("notes", {}, std::move(notes));
  Node warnings = Node::List({});
  for (const std::string& warning : ratings.warnings) warnings.Append(Text(warning));
  root.AddMember("warnings", {}, std::move(warnings));
  return root;
}

}  // namespace referee::reports
