// TrickMatch: the engine shared by the three trick games (Collusion, Plonk, Conspiracy).
//
// It owns what the games have in common: the deal (hands, pack order or seed, checked against the
// pack and the hand size), the expected dealer, whose turn it is, the trick structure, who holds
// which card, following suit where the game requires it, the trick winner (highest of the suit
// led, or the highest trump), the score sheet, and voiding a deal after an illegal event. A game
// supplies the rest through the hooks below: its pack, its call, its next leader, its scoring and
// its end of match.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/match.h"
#include "referee/core/seat.h"

namespace referee::games::trick {

struct CompletedTrick {
  Seat leader = Seat::kNorth;
  std::vector<Card> cards;  // in play order, the lead first
  Seat winner = Seat::kNorth;

  Suit LedSuit() const { return cards.front().suit; }
  Seat SeatOf(size_t position) const {
    return SeatAt(SeatIndex(leader) + static_cast<int>(position));
  }
};

// Everything a game needs to score a finished deal.
struct FinishedDeal {
  int number = 0;
  Seat dealer = Seat::kNorth;
  std::vector<CompletedTrick> tricks;
  std::array<int, 4> tricks_won{};  // by seat
};

struct DealScore {
  std::vector<int> points;  // one per scoring unit
  std::string label;
  // The game's deal statistics (GameDescriptor::deal_statistics), each per scoring unit.
  std::vector<std::vector<int>> statistics;
};

// Tricks taken in a deal by each scoring unit: a unit is named by its seats ("N", "NS").
std::vector<int> TricksByUnit(const FinishedDeal& deal, const std::vector<std::string>& units);

// How the sides of a finished trick match are placed.
enum class Placing {
  kByTotal,   // each seat for itself: by total, equal totals sharing a place
  kByResult,  // partnerships: the winner (both sides in a draw) first, the other second
};

class TrickMatch : public Match {
 public:
  explicit TrickMatch(MatchSetup setup) : setup_(std::move(setup)) {}

  ToAct Next() const override;
  std::vector<Event> LegalEvents() const override;
  Result<Ruling> Apply(const Event& event) override;
  bool VoidCurrentDeal(const std::optional<std::vector<int>>& stand_in_points) override;
  const ScoreSheet& Scores() const override { return sheet_; }
  View ViewFor(int actor) const override;
  std::string Describe() const override;
  // The next deal, dealt from the seed by the expected dealer (North first), board = deal.
  Event SeededDeal() const override;
  Event ShowingCards(Event dealt) const override;

 protected:
  // --- Hooks each game supplies. ---
  virtual CardSet Pack() const = 0;
  virtual bool MustFollowSuit() const = 0;
  virtual std::vector<std::string> ScoreUnits() const = 0;
  virtual DealScore ScoreDeal(const FinishedDeal& deal) = 0;
  // Whether the match has ended for good: no further deal is accepted.
  virtual bool AcceptsNoMoreDeals() const = 0;

  // Conspiracy's call; the default game has none.
  virtual bool NeedsCall() const { return false; }
  virtual Result<Ruling> ApplyCall(const CallEvent& event);
  virtual Result<Ruling> ApplyConference(const ConferenceEvent& event);
  virtual std::vector<Event> LegalCalls() const { return {}; }
  virtual std::optional<Suit> Trump() const { return std::nullopt; }
  // Conspiracy: the call once made, and whether `seat` saw its partner's hand (the conference).
  virtual std::optional<CallEvent> CurrentCall() const { return std::nullopt; }
  virtual bool SeesPartnersHand(Seat /*seat*/) const { return false; }
  virtual void OnDealStarted() {}
  virtual void OnDealVoided() {}
  // Who leads the next trick; by default the winner of the last.
  virtual Seat NextLeader(const CompletedTrick& trick) const { return trick.winner; }
  // Why the expected seat leads, for a wrong-leader message.
  virtual std::string LeaderReason(int trick_number) const;
  // The dealer of the next deal; by default one seat to the left of the last dealer.
  virtual Seat NextDealer(Seat last_dealer) const { return LeftOf(last_dealer); }
  // Game state beyond the shared part, for Describe().
  virtual std::string DescribeExtra() const { return ""; }

  // The outcome as the sheet has it: each unit's total as a fact, then `winner` when the match
  // is over (the units in `winners`, by index, or "draw"), and a side per unit with its seats,
  // total, place and statistics (each the sum of the deal statistic of that name over the deals
  // scored in play).
  Outcome SheetOutcome(bool over, const std::vector<int>& winners, bool draw, Placing placing,
                       std::string summary) const;

  // --- State the hooks may read. ---
  const MatchSetup& setup() const { return setup_; }
  // A ruling with one announcement, or with none when the set-up asks for none (the verifier).
  Ruling Announcing(std::string kind, std::string text) const {
    Ruling ruling;
    if (setup_.announce) ruling.announcements.push_back({std::move(kind), std::move(text)});
    return ruling;
  }
  int HandSize() const { return Pack().Size() / 4; }
  int DealsScored() const { return static_cast<int>(sheet_.rows.size()); }
  const ScoreSheet& sheet() const { return sheet_; }
  bool InDeal() const { return deal_.has_value(); }
  Seat CurrentDealer() const { return deal_->dealer; }
  int CurrentDealNumber() const { return DealsScored() + 1; }
  // Called by a game's ApplyCall once the call is accepted.
  void CallMade() { awaiting_call_ = false; }
  bool AwaitingCall() const { return deal_.has_value() && awaiting_call_; }
  std::optional<Seat> ExpectedDealer() const;
  Place PlaceOf(const std::string& path, int trick = 0, std::optional<Seat> seat = {},
                std::optional<Card> card = {}) const;
  static Finding Unexpected(const std::string& path, GamePlace place, const std::string& message);

 private:
  struct DealInProgress {
    int number = 0;
    int board = 0;  // the board a seeded deal came from, else the deal number
    Seat dealer = Seat::kNorth;
    std::array<CardSet, 4> hands;  // cards still held
    std::array<CardSet, 4> dealt;  // the hands as dealt
    std::vector<Card> played;      // every card played, in order
    std::vector<CompletedTrick> tricks;
    Seat leader = Seat::kNorth;
    std::vector<Card> current;  // the trick being played
    Seat ToPlay() const { return SeatAt(SeatIndex(leader) + static_cast<int>(current.size())); }
  };

  Result<Ruling> ApplyChecked(const Event& event);
  Result<Ruling> ApplyDeal(const DealEvent& event);
  Result<Ruling> ApplyDealEnd(const DealEndEvent& event);
  Result<Ruling> ApplyPlay(const PlayEvent& event);
  Result<std::array<CardSet, 4>> ResolveHands(const DealEvent& event, Seat dealer) const;
  Result<std::array<CardSet, 4>> HandsFromList(const std::array<std::vector<Card>, 4>& hands,
                                               const DealEvent& event) const;
  Result<std::vector<Card>> CheckedDeck(const std::vector<Card>& deck, const std::string& path,
                                        int deal) const;
  std::array<CardSet, 4> DealOut(const std::vector<Card>& deck, Seat dealer) const;
  std::vector<Card> SeededDeck(int board) const;
  Result<void> CheckPlayContext(const PlayEvent& event) const;
  Result<void> CheckCardHolder(const PlayEvent& event, Seat seat) const;
  Result<void> CheckFollow(const PlayEvent& event, Seat seat) const;
  Seat TrickWinner(const std::vector<Card>& cards, Seat leader) const;
  Ruling FinishTrick();
  void FinishDeal(Ruling& ruling);
  void AddRow(int number, int board, DealScore score, bool void_deal);
  void AddSideStatistics(std::vector<SideResult>& sides) const;

  MatchSetup setup_;
  std::optional<Seat> last_dealer_;
  std::optional<DealInProgress> deal_;
  bool awaiting_call_ = false;
  ScoreSheet sheet_;
  // The dealer the record declared for its first deal, remembered even when that deal is
  // rejected, so that voiding it keeps the rotation the record declared. Not part of the state.
  std::optional<Seat> declared_first_dealer_;
  // The deal of the last rejected event: voiding concerns that deal only, so a stray card after
  // a finished deal (extra-trick) does not void the deal that follows. Not part of the state.
  int rejected_deal_ = 0;
};

}  // namespace referee::games::trick
