// The body of a trick-game record: `deals:`, each with its dealer, its cards (hands, pack order
// or the record's seed), the parts the game adds (a call, a conference), its tricks and its
// claim; the live lines and views of the trick games. Shared by the trick games; each says which
// parts it adds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/match.h"
#include "referee/core/result.h"
#include "referee/games/trick/trick_events.h"
#include "referee/record/document.h"
#include "referee/record/fields.h"
#include "referee/record/node.h"
#include "referee/record/record.h"

namespace referee::games::trick {

// A part a game adds to each deal (a call, a conference): its key in a deal's map, which is also
// the `event` of its live line, and how its event is read and written in a record and in a live
// line. Parts are read and written in the order the game lists them, after the deal's cards and
// before its tricks.
struct DealPart {
  std::string key;
  // The part's map, of deal `deal`, as its event; the caller gives the event its path.
  Result<Event> (*read)(record::Value value, int deal) = nullptr;
  record::Node (*write)(const Event& event) = nullptr;
  // A live line of this kind (its `event` key already read), the rest filled in from `next`.
  Result<Event> (*read_live)(const record::Fields& line, const ToAct& next) = nullptr;
  // The line's members after `event`.
  record::Node (*write_live)(const Event& event) = nullptr;
};

// What a game adds to the trick games' record body and live lines: its deal parts and its part of
// a seat's view. (A deal's claim is per the game's scoring units, GameDescriptor::score_units.)
struct TrickBodySpec {
  std::vector<DealPart> parts;
  // What the game adds to a seat's view (TrickView::extension), as the live view writes it and
  // reads it back; none by default.
  void (*write_view_extension)(const TrickView& view, record::Node& node) = nullptr;
  Result<void> (*read_view_extension)(const record::Fields& node, TrickView& view) = nullptr;
};

// The body of a trick-game record, `deals:`, read deal by deal into `sink`: each deal's event, its
// parts, a play per card, the end of every deal that a later one follows, and the deal's claim.
Result<void> ReadTrickBody(record::Value root, const record::Record& header,
                           const TrickBodySpec& spec, record::BodySink& sink);
void WriteTrickBody(const record::Record& record, record::Node& root, const TrickBodySpec& spec);

// Live lines (LiveHooks, docs/live.md): `deal` (dealer, board, hands, deck) and `play` (seat,
// card), and the game's parts, read with the record's readers. The seat the rules name and the
// line leaves out is filled in from `next`.
Result<Event> ReadLiveEvent(record::Value line, const record::Record& header, const ToAct& next,
                            const TrickBodySpec& spec);
record::Node WriteLiveEvent(const Event& event, const TrickBodySpec& spec);
// The seat, the deal, and within a deal: the dealer, the seat's own hand, the trick in progress,
// the cards played, tricks won, the hands the seat has seen and the game's extension; the score
// totals.
record::Node WriteLiveView(const View& view, const TrickBodySpec& spec);
Result<View> ReadLiveView(record::Value view, const TrickBodySpec& spec);

// Calls take(card) for each card of a list of cards (a hand, a pack order, a trick): a list, or
// one space-separated string (record-format.md, "Cards"), at most `max_cards`. A word that is no
// card is `bad-card` at its pointer; the cards before it have been taken (with too many words,
// which is the finding whatever the words say, up to `max_cards` may have been).
template <typename Take>
Result<void> ForEachCardOf(record::Value value, size_t max_cards, Take&& take);
// The same into a list.
Result<std::vector<Card>> ReadCards(record::Value value, size_t max_cards = 64);

// The keys a deal's map may have: the trick games' own and the game's parts.
std::vector<std::string> DealKeysOf(const TrickBodySpec& spec);

// An optional seat under `key` ("N".."W").
Result<std::optional<Seat>> ReadOptionalSeat(const record::Fields& fields, std::string_view key);

// ---------------------------------------------------------------------------------------------

Finding BadCardWord(record::Value value, size_t index);

template <typename Take>
Result<void> ForEachCardOf(record::Value value, size_t max_cards, Take&& take) {
  if (!value.IsString()) {
    return record::ForEachWordOf(value, max_cards, [&](std::string_view word, size_t index) {
      std::optional<Card> card = CardFromText(word);
      if (!card) return Result<void>(Fail(BadCardWord(value, index)));
      take(*card);
      return Result<void>();
    });
  }
  // The common form, a string of cards, read where it lies in one pass. Only a string that stops
  // it is counted: too many words is the finding whatever the words before say, as for a list.
  std::string_view text = value.text();
  size_t taken = 0;
  bool read = ForEachCardWord(text, max_cards, [&](Card card) {
    ++taken;
    take(card);
  });
  if (read) return {};
  if (record::CountWords(text) > max_cards) return Fail(record::TooManyWords(value, max_cards));
  return Fail(BadCardWord(value, taken));  // every word before the first that is no card was one
}

}  // namespace referee::games::trick
