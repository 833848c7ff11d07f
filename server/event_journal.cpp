#include "server/event_journal.h"

#include "formats/json_reader.h"
#include "formats/json_writer.h"
#include "referee/core/seeded_deal.h"
#include "referee/record/record_writer.h"
#include "verifier/sha256.h"

namespace referee::server {

namespace {

using record::Node;

// The members of the line up to its digest: seq, prev, then the act's.
std::string Body(const Node& act, int seq, const std::string& prev) {
  Node line = Node::Map({});
  line.AddMember("seq", {}, record::IntegerNode(seq));
  line.AddMember("prev", {}, record::StringNode(prev));
  for (const auto& member : act.members()) line.AddMember(member.key, {}, member.value);
  return formats::WriteJson(line, false);
}

ChainBreak Broken(int line, std::string message) { return ChainBreak{line, std::move(message)}; }

}  // namespace

std::string ChainLine(const Node& act, int seq, const std::string& prev, std::string* sha256) {
  std::string body = Body(act, seq, prev);
  *sha256 = HexDigest(verifier::Sha256(body));
  body.pop_back();  // the closing brace: the digest is the last member
  return body + ",\"sha256\":\"" + *sha256 + "\"}\n";
}

Result<std::vector<ChainedLine>, ChainBreak> ReadChain(std::string_view text) {
  std::vector<ChainedLine> lines;
  std::string prev;
  size_t start = 0;
  while (start < text.size()) {
    int number = static_cast<int>(lines.size()) + 1;
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      return Unexpected<ChainBreak>(Broken(number, "expected a line break at the end of the line"));
    }
    std::string_view line = text.substr(start, end - start + 1);
    start = end + 1;
    Result<Node> parsed = formats::ParseJson(line.substr(0, line.size() - 1));
    if (!parsed || !parsed->IsMap()) {
      return Unexpected<ChainBreak>(Broken(number, "expected a JSON map, found something else"));
    }
    Node act = Node::Map({});
    for (const auto& member : parsed->members()) {
      if (member.key != "seq" && member.key != "prev" && member.key != "sha256") {
        act.AddMember(member.key, {}, member.value);
      }
    }
    std::string digest;
    std::string expected = ChainLine(act, number, prev, &digest);
    if (expected != line) {
      const Node* seq = parsed->Find("seq");
      const Node* previous = parsed->Find("prev");
      std::string why = "its SHA-256 or its form is not the chain's: the line was changed";
      if (seq == nullptr || seq->text() != std::to_string(number)) {
        why = "expected seq " + std::to_string(number) + ": a line was added, removed or moved";
      } else if (previous == nullptr || previous->text() != prev) {
        why = "expected prev " + (prev.empty() ? std::string("\"\"") : prev) +
              ": the line before it was changed, removed or moved";
      }
      return Unexpected<ChainBreak>(Broken(number, why));
    }
    lines.push_back(ChainedLine{std::move(act), digest});
    prev = digest;
  }
  return lines;
}

}  // namespace referee::server
