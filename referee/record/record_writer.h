// Writes a record back as a Node tree in canonical form: fixed key order, canonical cards, only
// the rule options the record set. formats/ turns the tree into YAML or JSON text.
#pragma once

#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::record {

Node WriteRecord(const Record& record);

// Small builders shared by the games' body writers.
Node StringNode(std::string text);
Node IntegerNode(int64_t value);
Node SecondsNode(int64_t millis);                       // "12.5"
Node WordsNode(const std::vector<std::string>& words);  // one space-separated string

}  // namespace referee::record
