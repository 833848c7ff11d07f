// Events: the entries of a record, and what the live referee receives one at a time.
//
// Every event carries the JSON pointer of the record entry it came from (empty for a live event
// that has none) and its deal or turn number, so a finding names its place both in the record and
// in game terms. Fields the record may leave implicit (who played a card: the rules say) are
// optional; where they are given they are checked.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/seat.h"

namespace referee {

// The cards of one deal: as hands, as a pack order, and/or regenerated from the record's seed.
// Where more than one is present they must agree.
// The JSON pointer of a play. In a record a play sits at "/deals/D/tricks/T/P", numbers only, and
// every play of every record is checked while almost none is ever reported: such a path is kept
// as its three numbers and written out only when it is read (for a finding). A live play's path is
// whatever text the live referee gives it.
class PlayPath {
 public:
  PlayPath() = default;
  PlayPath(std::string text) : text_(std::move(text)) {}  // NOLINT: a path given as text
  PlayPath(const char* text) : text_(text) {}             // NOLINT: a path given as text
  // "/deals/D/tricks/T/P", 0-based as JSON pointers are.
  static PlayPath InRecord(int deal_index, int trick_index, int position);

  std::string str() const;
  operator std::string() const { return str(); }  // NOLINT: stands for the text it writes

 private:
  std::string text_;
  int deal_index_ = -1;  // >= 0: the path is /deals/deal_index_/tricks/trick_index_/position_
  int trick_index_ = -1;
  int position_ = -1;
};

struct DealEvent {
  int deal = 0;  // 1-based
  std::string path;
  std::optional<Seat> dealer;
  int board = 0;  // seeded deals: the board number; 0 means the deal number
  std::optional<std::array<std::vector<Card>, 4>> hands;  // indexed by SeatIndex
  std::optional<std::vector<Card>> deck;                  // top first
  bool seeded = false;  // the record has a seed: regenerate this board and compare
};

// Conspiracy: the calling side's conference, in milliseconds from any fixed origin.
struct ConferenceEvent {
  int deal = 0;
  std::string path;
  int64_t start_ms = 0;
  int64_t end_ms = 0;
};

// Conspiracy: the call. No trump (trump absent, no_trump true) only under a rule option.
struct CallEvent {
  int deal = 0;
  std::string path;
  std::optional<Seat> by;
  std::optional<Suit> trump;
  bool no_trump = false;
  int64_t tricks = 0;  // the reader keeps any integer; the engine rules on the range
};

struct PlayEvent {
  int deal = 0;
  int trick = 0;      // 1-based as written in the record; 0 for a live event
  int position = -1;  // 0 = the lead; -1 for a live event
  PlayPath path;
  std::optional<Seat> seat;  // implicit in records, given by live clients
  Card card;
  // Records only: how many cards the record wrote in this trick, and whether this trick is the
  // last one of the record (which may be unfinished). 0 for a live event.
  int written_size = 0;
  bool last_in_record = false;
};

// Written after the tricks of every deal that a later deal follows: the deal must be complete.
struct DealEndEvent {
  int deal = 0;
  std::string path;
};

// Cahoots number card: colour index in the edition's colour order, number 1..7.
struct NumberCard {
  uint8_t colour = 0;
  uint8_t number = 1;
  bool operator==(const NumberCard&) const = default;
};

// Cahoots goal as data: a kind from the closed set of the Cahoots engine with its parameters.
struct GoalSpec {
  std::string kind;
  std::vector<int> colours;  // colour indexes the goal names
  std::vector<int> numbers;  // numeric parameters, in the order the kind defines
  std::string label;         // card text or catalogue reference, for messages and output
  std::string path;
  bool operator==(const GoalSpec&) const = default;
};

// Cahoots set-up: the number deck (or seeded), and the goal pile, top first.
struct SetupEvent {
  std::string path;
  std::optional<std::vector<NumberCard>> deck;
  bool seeded = false;
  int board = 0;  // seeded: the board number, as a trick deal's; 0 means board 1
  std::vector<GoalSpec> goals;
};

// Cahoots: one player's turn. `player` indexes the record's players (turn order).
struct TurnEvent {
  int turn = 0;  // 1-based as written; 0 for a live event
  std::string path;
  std::optional<int> player;
  NumberCard card;
  int pile = 0;                                  // 1..4 as written; the engine checks the range
  std::optional<int64_t> at_ms;                  // Speed: when the card was played
  std::optional<std::vector<NumberCard>> drawn;  // optional: the cards the player drew
  std::optional<std::vector<std::string>> completed;  // optional: goals the record says completed
};

using Event = std::variant<DealEvent, ConferenceEvent, CallEvent, PlayEvent, DealEndEvent,
                           SetupEvent, TurnEvent>;

// The record pointer and deal number of any event.
std::string PathOf(const Event& event);
int DealOf(const Event& event);  // 0 for events outside any deal (Cahoots)

}  // namespace referee
