// Conspiracy's call as the fast path reads it from tokens (DealPart::read_tokens): the plain form
// is read into the event the tree reader (ReadCall) makes of it, field by field; any other form,
// and anything the tree reader reports, is declined and left to the tree.
#include "referee/games/conspiracy/conspiracy_record.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "formats/json_reader.h"
#include "formats/json_tokens.h"
#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/record/tokens.h"

namespace referee::games::conspiracy {
namespace {

const trick::DealPart& CallPart() {
  for (const trick::DealPart& part : BodySpec().parts) {
    if (part.key == "call") return part;
  }
  throw std::logic_error("no call part");
}

std::string Fields(const Event& event) {
  const auto* call = event.As<CallEvent>();
  return std::string(event.kind) + " deal " + std::to_string(event.deal) + " actor " +
         (event.actor ? std::to_string(*event.actor) : "none") + " trump " +
         (call->trump ? std::string(1, SuitLetter(*call->trump)) : "none") + " no_trump " +
         (call->no_trump ? "yes" : "no") + " tricks " + std::to_string(call->tricks);
}

// The call `json` read from tokens, or none where the token reader declines it.
std::optional<std::string> FromTokens(const std::string& json) {
  std::string document = "{\"call\":" + json + "}";  // the tokens view it: kept while read
  record::TokenBuffer tokens;
  if (!formats::TokenizeJson(document, {}, tokens)) return std::nullopt;
  std::optional<Event> event = CallPart().read_tokens(tokens, 2, 3);
  if (!event) return std::nullopt;
  return Fields(*event);
}

// The call `json` read from its tree, or none where the tree reader makes a finding.
std::optional<std::string> FromTree(const std::string& json) {
  Result<record::Node> node = formats::ParseJson(json);
  if (!node.has_value()) return std::nullopt;
  Result<Event> event = CallPart().read(*node, "/deals/2/call", 3);
  if (!event.has_value()) return std::nullopt;
  return Fields(*event);
}

TEST(ConspiracyCallTokens, ThePlainFormIsReadAsTheTreeReadsIt) {
  for (const char* call :
       {R"({"by": "E", "trump": "H", "tricks": 6})", R"({"tricks": 0, "trump": "S"})",
        R"({"trump": "NT", "tricks": 8})", R"({"by": "W", "trump": "none", "tricks": 3})",
        R"({"tricks": 9})", R"({"trump": "C", "tricks": -2})"}) {
    std::optional<std::string> tokens = FromTokens(call);
    ASSERT_TRUE(tokens.has_value()) << call;
    EXPECT_EQ(tokens, FromTree(call)) << call;
  }
}

TEST(ConspiracyCallTokens, EveryOtherFormIsLeftToTheTree) {
  for (const char* call :
       {R"({"by": "e", "trump": "H", "tricks": 6})", R"({"trump": "h", "tricks": 6})",
        R"({"trump": "\u2665", "tricks": 6})", R"({"trump": "HEARTS", "tricks": 6})",
        R"({"by": "E", "trump": "H"})", R"({"by": "E", "trump": "H", "tricks": "6"})",
        R"({"by": "E", "trump": "H", "tricks": 6, "bid": 1})", R"({"by": 1, "tricks": 6})",
        R"({"trump": "H", "tricks": 6.0})", R"({"trump": "H", "tricks": 99999})", R"([])",
        R"("6 hearts")"}) {
    EXPECT_EQ(FromTokens(call), std::nullopt) << call;
  }
}

}  // namespace
}  // namespace referee::games::conspiracy
