// The small builders of a record's tree that the record writers share (the header's writer,
// games/game_record.h, and each game's body writer). formats/ turns the tree into YAML or JSON.
#pragma once

#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::record {

Node StringNode(std::string text);
Node IntegerNode(int64_t value);
Node SecondsNode(int64_t millis);                       // "12.5"
Node WordsNode(const std::vector<std::string>& words);  // one space-separated string

}  // namespace referee::record
