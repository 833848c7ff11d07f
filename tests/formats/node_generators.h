// RapidCheck generators of record::Node trees as the readers produce them: unique keys, canonical
// booleans and nulls, numbers spelled the way both YAML and JSON accept, and strings that include
// the ones a careless writer gets wrong ("true", "N", "12", "", " a", "a: b", "#x", "-").
#pragma once

#include <rapidcheck.h>

#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "formats/json_writer.h"
#include "referee/record/node.h"

namespace referee::record {

// Lets RapidCheck print a counterexample.
inline void showValue(const Node& node, std::ostream& os) { os << formats::WriteJson(node, false); }

}  // namespace referee::record

namespace referee::formats::testing {

// Text a record may hold (docs/record-format.md, "Text"): no control characters but tab and line
// feed, and those only in values, not in keys. Control characters are refused by the readers
// (control_characters_test.cpp), so they cannot read back.
inline rc::Gen<std::string> TrickyString(bool key) {
  static const std::vector<std::string> kTricky = {
      "true", "False", "N",    "no",   "y",   "off",  "12",   "-3",   "+4",         "1.5",
      ".5",   "1e5",   "0x1F", "",     " a",  "a ",   "a: b", "a:b",  "#x",         "a #b",
      "-",    "- a",   "?",    ":",    "[1]", "{}",   ",",    "&a",   "*a",         "!t",
      "|",    ">",     "'",    "\"",   "%",   "@",    "`",    "null", "~",          "Null",
      "---",  "...",   "a\tb", "x\\y", "é ♠", ".inf", "<<",   "=",    "2C 5C KC AC"};
  // Pieces rather than single bytes keep the strings valid UTF-8 and reach multi-byte and
  // escaped characters often.
  static const std::vector<std::string> kPieces = {"a",
                                                   "Z",
                                                   "0",
                                                   "9",
                                                   " ",
                                                   "-",
                                                   ".",
                                                   ":",
                                                   "#",
                                                   "'",
                                                   "\"",
                                                   "\\",
                                                   ",",
                                                   "[",
                                                   "}",
                                                   "!",
                                                   "&",
                                                   "*",
                                                   "?",
                                                   "|",
                                                   "%",
                                                   "\xC3\xA9",
                                                   "\xE2\x99\xA0",
                                                   "\xE2\x80\xA8",
                                                   "\xEF\xBB\xBF",
                                                   "\xF0\x9F\x82\xA1",
                                                   "e",
                                                   "E",
                                                   "+",
                                                   "~",
                                                   "x"};
  static const std::vector<std::string> kValuePieces = {"\t", "\n", "a\nb"};
  std::vector<std::string> pieces = kPieces;
  if (!key) pieces.insert(pieces.end(), kValuePieces.begin(), kValuePieces.end());
  std::vector<std::string> tricky = kTricky;
  if (key) std::erase(tricky, "a\tb");
  return rc::gen::oneOf(
      rc::gen::elementOf(tricky),
      rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(pieces)),
                   [](const std::vector<std::string>& pieces) {
                     std::string text;
                     for (const std::string& piece : pieces) text += piece;
                     return text;
                   }));
}

inline rc::Gen<std::string> DigitString(bool allow_leading_zero) {
  return rc::gen::map(rc::gen::pair(rc::gen::inRange(allow_leading_zero ? 0 : 1, 10),
                                    rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 10))),
                      [](const std::pair<int, std::vector<int>>& digits) {
                        std::string text(1, static_cast<char>('0' + digits.first));
                        if (digits.first == 0) return text;
                        for (int digit : digits.second) text += static_cast<char>('0' + digit);
                        return text;
                      });
}

// Integers and decimals in the spelling JSON and YAML share: no '+', no leading zeros. Exponents
// stay within what Boost.JSON accepts (it refuses exponents past 2^31 as "exponent overflow").
inline rc::Gen<record::Node> NumberNode() {
  using Kind = record::Node::Kind;
  return rc::gen::map(
      rc::gen::tuple(rc::gen::arbitrary<bool>(), DigitString(false), rc::gen::inRange(0, 4),
                     DigitString(true),
                     rc::gen::elementOf(std::vector<std::string>{"e", "E", "e+", "e-", "E-"}),
                     rc::gen::resize(3, DigitString(true))),
      [](const auto& parts) {
        const auto& [negative, whole, shape, fraction, e, exponent] = parts;
        std::string text = (negative ? "-" : "") + whole;
        if (shape == 0) return record::Node::Scalar(Kind::kInteger, text, {});
        if (shape != 2) text += "." + fraction;
        if (shape != 1) text += e + exponent;
        return record::Node::Scalar(Kind::kDecimal, text, {});
      });
}

inline rc::Gen<record::Node> ScalarNode() {
  using record::Node;
  using Kind = Node::Kind;
  return rc::gen::weightedOneOf<Node>({
      {1, rc::gen::just(Node::Scalar(Kind::kNull, "null", {}))},
      {1, rc::gen::map(
              rc::gen::arbitrary<bool>(),
              [](bool value) { return Node::Scalar(Kind::kBool, value ? "true" : "false", {}); })},
      {2, NumberNode()},
      {5, rc::gen::map(
              TrickyString(false),
              [](std::string text) { return Node::Scalar(Kind::kString, std::move(text), {}); })},
  });
}

inline rc::Gen<record::Node> TreeNode(int depth) {
  using record::Node;
  if (depth <= 0) return ScalarNode();
  rc::Gen<std::vector<Node>> children = rc::gen::mapcat(rc::gen::inRange(0, 5), [depth](int count) {
    return rc::gen::container<std::vector<Node>>(count, TreeNode(depth - 1));
  });
  rc::Gen<Node> list = rc::gen::map(children, [](std::vector<Node> items) {
    Node node = Node::List({});
    for (Node& item : items) node.Append(std::move(item));
    return node;
  });
  rc::Gen<Node> map = rc::gen::map(
      rc::gen::pair(children, rc::gen::container<std::vector<std::string>>(5, TrickyString(true))),
      [](std::pair<std::vector<Node>, std::vector<std::string>> parts) {
        Node node = Node::Map({});
        std::set<std::string> seen;
        for (size_t i = 0; i < parts.first.size(); ++i) {
          if (seen.insert(parts.second[i]).second) {
            node.AddMember(parts.second[i], {}, std::move(parts.first[i]));
          }
        }
        return node;
      });
  return rc::gen::weightedOneOf<Node>({{2, ScalarNode()}, {1, list}, {2, map}});
}

// A record-shaped document: always a map at the top, as records are.
inline rc::Gen<record::Node> DocumentNode() {
  return rc::gen::suchThat(TreeNode(4), [](const record::Node& node) { return node.IsMap(); });
}

}  // namespace referee::formats::testing
