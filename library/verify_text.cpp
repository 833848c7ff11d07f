#include "library/verify_text.h"

#include <utility>

#include "formats/document_stream.h"
#include "formats/json_locator.h"
#include "formats/json_tokens.h"
#include "referee/record/tokens.h"
#include "verifier/verifier.h"

namespace referee::library {

std::optional<verifier::Verdict> VerifyJsonTextFast(std::string_view text, uint32_t first_line,
                                                    const formats::ReadLimits& limits,
                                                    const std::string& source, int index) {
  // One buffer per thread, its storage kept from record to record.
  thread_local record::TokenBuffer tokens;
  if (!formats::TokenizeJson(text, limits, tokens)) return std::nullopt;
  std::optional<verifier::Verdict> verdict = verifier::VerifyTokens(tokens, source, index);
  if (verdict) formats::PlaceJsonFindings(text, first_line, verdict->findings);
  return verdict;
}

verifier::Verdict VerifyJsonText(std::string_view text, uint32_t first_line,
                                 const formats::ReadLimits& limits, const std::string& source,
                                 int index) {
  if (std::optional<verifier::Verdict> fast =
          VerifyJsonTextFast(text, first_line, limits, source, index)) {
    return std::move(*fast);
  }
  Result<record::Node> node = formats::ParseJsonOnLine(text, first_line, limits);
  if (!node.has_value()) return verifier::MalformedVerdict(source, index, std::move(node).error());
  verifier::Verdict verdict = verifier::VerifyNode(*node, source, index);
  formats::PlaceJsonFindings(text, first_line, verdict.findings);
  return verdict;
}

}  // namespace referee::library
