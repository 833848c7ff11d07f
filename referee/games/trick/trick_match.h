// TrickMatch: the engine shared by the trick games.
//
// It owns what the games have in common: the deal (hands, pack order or seed, checked against the
// pack and the hand size), the expected dealer, whose turn it is, the trick structure, who holds
// which card, following suit where the game requires it, the trick winner (highest of the suit
// led, or the highest trump), the score sheet, and voiding a deal after an illegal event. A game
// declares its pack, whether players follow suit and its scoring units (TrickRules), and
// supplies the rest through the hooks below: its scoring and its end of match and, where it has
// them, its next leader, its next dealer, and a deal's opening (DealOpening: events before the
// first lead, such as a call, which may name trumps and show a seat other hands).
//
// The state is fixed in size while a deal is played: the hands are bitsets, the trick in progress
// an array, and the deal's plays and tricks are sized once when it is dealt.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "referee/core/card.h"
#include "referee/core/fixed_list.h"
#include "referee/core/match.h"
#include "referee/core/seat.h"
#include "referee/games/trick/trick_events.h"

namespace referee::games::trick {

struct CompletedTrick {
  Seat leader = Seat::kNorth;
  std::array<Card, 4> cards;  // in play order, the lead first
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
  std::span<const CompletedTrick> tricks;
  std::array<int, 4> tricks_won{};  // by seat
};

struct DealScore {
  std::vector<int> points;  // one per scoring unit
  DealLabel label;
  // The game's deal statistics (GameDescriptor::deal_statistics), each per scoring unit.
  std::vector<std::vector<int>> statistics;
};

// Tricks taken in a deal by each scoring unit: a unit is named by its seats ("N", "NS").
std::vector<int> TricksByUnit(const FinishedDeal& deal, const std::vector<std::string>& units);

// A deal's statistics (DealScore::statistics) from its lists, each moved in rather than copied.
template <typename... Lists>
std::vector<std::vector<int>> DealStatistics(Lists&&... lists) {
  std::vector<std::vector<int>> statistics;
  statistics.reserve(sizeof...(lists));
  (statistics.push_back(std::forward<Lists>(lists)), ...);
  return statistics;
}

// How the sides of a finished trick match are placed.
enum class Placing {
  kByTotal,   // each seat for itself: by total, equal totals sharing a place
  kByResult,  // partnerships: the winner (both sides in a draw) first, the other second
};

// What a trick game fixes for all its deals, declared once (TrickGame::rules) and kept for the
// program's life: a match reads it for every outcome, so it is never copied.
struct TrickRules {
  CardSet pack;  // Pack32() or FullPack52(): a quarter of it to each seat
  bool must_follow_suit = true;
  // The scoring units, each a name of its seats: "N".."W" (each seat for itself) or "NS", "EW".
  std::vector<std::string> units;
};

// A phase a game plays in each deal before the first lead (Conspiracy's call, with the calling
// side's conference): its events, which the game checks and applies, and what it decides for the
// play that follows (trumps, the hands a seat is shown, what a seat's view adds). A game that has
// one derives its match from this as well and says so once, through TrickMatch::Opening().
class DealOpening {
 public:
  // The event the deal awaits (what it is, who makes it), while it awaits it; none once the
  // opening is over and play may begin.
  virtual std::optional<ToAct> Awaited() const = 0;
  // The legal events of the opening, while it is awaited.
  virtual std::vector<Event> LegalOpening() const = 0;
  // The game's own events, those the engine does not know: a finding when `event` may not be
  // applied now (one of a kind the game does not have: TrickMatch::NotThisGames).
  virtual std::optional<Finding> CheckOpening(const Event& event) const = 0;
  virtual Ruling CommitOpening(const Event& event) = 0;
  // The finding for a card played while the opening is awaited.
  virtual Finding MissingOpening(const Event& play) const = 0;
  // What the opening decided: the trump suit, if any; the hands `seat` has been shown during the
  // deal (as they were dealt); what the game adds to a seat's view (TrickView::extension).
  virtual std::optional<Suit> Trump() const = 0;
  virtual std::vector<Seat> HandsShownTo(Seat seat) const = 0;
  virtual Payload ViewExtension(Seat seat) const = 0;

 protected:
  ~DealOpening() = default;
};

class TrickMatch : public Match {
 public:
  TrickMatch(MatchSetup setup, const TrickRules& rules)
      : setup_(std::move(setup)), rules_(&rules) {}

  ToAct Next() const override;
  // A trick's cards as a record gives them, played in one loop: each that passes every check of
  // a play (RecordPlayPasses) is played in place; any other goes through Apply, which words its
  // finding.
  RunRuling ApplyRun(std::span<const Event> events) override;
  std::vector<Event> LegalEvents() const override;
  bool VoidCurrentDeal(const std::optional<std::vector<int>>& stand_in_points) override;
  const ScoreSheet& Scores() const override { return sheet_; }
  ScoreSheet ReleaseScores() override { return std::move(sheet_); }
  View ViewFor(int actor) const override;
  std::string Describe() const override;
  // The next deal, dealt from the seed by the expected dealer (North first), board = deal.
  Event SeededDeal() const override;
  Event WithCardsWritten(Event dealt) const override;

 protected:
  std::optional<Finding> Check(const Event& event) const override;
  Ruling Commit(const Event& event) override;
  void Rejected(const Event& event) override;

  // --- Hooks each game supplies. ---
  virtual DealScore ScoreDeal(const FinishedDeal& deal) = 0;
  // Whether the match has ended for good: no further deal is accepted.
  virtual bool AcceptsNoMoreDeals() const = 0;

  // --- Hooks with defaults, for games that have more. ---
  // The deal's opening, for a game that has one: the match itself, which then derives from
  // DealOpening too. None by default: the first lead follows the deal.
  virtual const DealOpening* Opening() const { return nullptr; }
  // Who leads the next trick; by default the winner of the last.
  virtual Seat NextLeader(const CompletedTrick& trick) const { return trick.winner; }
  // Why the expected seat leads, for a wrong-leader message.
  virtual std::string LeaderReason(int trick_number) const;
  // The dealer of the next deal; by default one seat to the left of the last dealer.
  virtual Seat NextDealer(Seat last_dealer) const { return LeftOf(last_dealer); }
  // Called when a deal starts and when it is voided: the game forgets what it kept of the last.
  virtual void ResetDeal() {}
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
  const CardSet& Pack() const { return rules_->pack; }
  const std::vector<std::string>& ScoreUnits() const { return rules_->units; }
  // A ruling with one announcement, or with none when the set-up asks for none (the verifier):
  // `text()` words it, only then.
  template <typename Text>
  Ruling Announcing(const char* kind, Text&& text) const {
    Ruling ruling;
    if (setup_.announce) ruling.announcements.push_back({kind, text()});
    return ruling;
  }
  int HandSize() const { return Pack().Size() / 4; }
  int DealsScored() const { return static_cast<int>(sheet_.rows.size()); }
  const ScoreSheet& sheet() const { return sheet_; }
  bool InDeal() const { return deal_.has_value(); }
  // Whether the deal is under way with no card played yet.
  bool BeforeFirstLead() const { return deal_.has_value() && deal_->played.empty(); }
  Seat CurrentDealer() const { return deal_->dealer; }
  int CurrentDealNumber() const { return DealsScored() + 1; }
  std::optional<Seat> ExpectedDealer() const;
  Place PlaceOf(const std::string& path, int trick = 0, std::optional<Seat> seat = {},
                std::optional<Card> card = {}) const;
  static Finding Unexpected(const std::string& path, GamePlace place, const std::string& message);
  // The finding for an event of a kind the game does not have, or not now.
  Finding NotThisGames(const Event& event) const;

 private:
  struct DealInProgress {
    // Declared so that deal_.emplace() compiles under clang, which asks whether the struct can be
    // made before the enclosing class (and so these member initializers) is complete.
    DealInProgress() {}
    int number = 0;
    int board = 0;  // the board a seeded deal came from, else the deal number
    Seat dealer = Seat::kNorth;
    std::array<CardSet, 4> hands;  // cards still held
    std::array<CardSet, 4> dealt;  // the hands as dealt
    // Every card played, in order, and the tricks closed: bounded by the pack (Card::Index() is
    // below 52), so held in place.
    FixedList<Card, 52> played;
    FixedList<CompletedTrick, 13> tricks;
    Seat leader = Seat::kNorth;
    Seat first_leader = Seat::kNorth;  // who led to the first trick
    std::array<Card, 4> current{};     // the trick being played
    int current_size = 0;
    // The game's constants, asked once a deal rather than once a card.
    bool must_follow_suit = true;
    int hand_size = 0;
    Seat ToPlay() const { return SeatAt(SeatIndex(leader) + current_size); }
    std::vector<Card> CurrentCards() const {
      return {current.begin(), current.begin() + current_size};
    }
  };

  // The one test of a deal's hands as listed (each of HandSize() cards of the pack, no card
  // twice) and of a pack order (each card of the pack once); the checks that word what is wrong
  // run only when they fail.
  bool HandsAreADeal(const std::array<CardSet, 4>& hands, const std::array<int, 4>& counts) const;
  bool DeckIsThePack(std::span<const Card> deck) const;
  void StartDeal(Seat dealer, int board, std::array<CardSet, 4> hands);
  std::optional<Finding> CheckDeal(const Event& event, const DealEvent& deal) const;
  std::optional<Finding> CheckDealEnd(const Event& event) const;
  Ruling CommitDealEnd(const Event& event);
  bool PassesFromVoidedDeal(Seat dealer) const;
  std::optional<Finding> CheckPlay(const Event& event, const PlayEvent& play) const;
  Ruling CommitDeal(const Event& event, const DealEvent& deal);
  Ruling CommitPlay(const PlayEvent& play);
  Result<std::array<CardSet, 4>> ResolveHands(const Event& event, const DealEvent& deal,
                                              Seat dealer) const;
  Result<std::array<CardSet, 4>> HandsFromList(const std::array<std::vector<Card>, 4>& hands,
                                               const Event& event) const;
  // Whether the pack order of deal `event` is the pack, each card once; the finding is at its
  // `deck`.
  Result<void> CheckDeck(const std::vector<Card>& deck, const Event& event) const;
  std::array<CardSet, 4> DealOut(std::span<const Card> deck, Seat dealer) const;
  std::vector<Card> SeededDeck(int board) const;
  // Whether a record's play (no seat named) passes every check of CheckPlay; the rest of
  // CheckPlay only words the finding.
  bool RecordPlayPasses(const PlayEvent& play) const;
  // A record's trick must hold four cards, except the last trick of a record that stops mid-deal
  // (asked of its lead; a live play, which writes no trick, always fits).
  // Plays the record's whole tricks that `events` start with, as far as the rules allow: each
  // four plays of the trick under way as a record writes them, from its lead. Returns how many
  // plays it played; the events from there on (a trick written otherwise, a card the rules do
  // not allow) are left for the checks that word a finding.
  size_t PlayWholeRecordTricks(std::span<const Event> events);
  static bool WrittenTrickSizeFits(const PlayEvent& play) {
    bool short_trick = play.written_size < 4 && !play.last_in_record;
    return play.position != 0 || play.written_size <= 0 || (play.written_size <= 4 && !short_trick);
  }
  // Whether the seat to play may play `card` from `hand`: it holds the card and follows suit where
  // the game requires it. The one rule of a legal card, for a record's play event and the legal
  // events alike.
  bool MayPlay(CardSet hand, Card card) const {
    return hand.Contains(card) && FollowsSuit(hand, card);
  }
  // Whether `card` from `hand` follows suit where the game requires it, in the trick under way.
  bool FollowsSuit(CardSet hand, Card card) const {
    if (!deal_->must_follow_suit || deal_->current_size == 0) return true;
    Suit led = deal_->current[0].suit;
    return card.suit == led || !hand.HasSuit(led);
  }
  std::optional<Finding> CheckPlayContext(const Event& event, const PlayEvent& play) const;
  std::optional<Finding> CheckCardHolder(const Event& event, const PlayEvent& play,
                                         Seat seat) const;
  // What the seat to play could have played, for a card-not-in-hand message: "W plays next to
  // this trick and holds 9C 4C in clubs, the suit led".
  std::string PlayableText(Seat seat) const;
  // ", the next to play: played out of turn?" where the card's holder plays next, else nothing.
  std::string OutOfTurnGuess(Seat seat, Seat holder) const;
  std::optional<Finding> CheckFollow(const Event& event, const PlayEvent& play, Seat seat) const;
  Seat TrickWinner(const std::array<Card, 4>& cards, Seat leader, std::optional<Suit> trump) const;
  // A trick just closed: its number, its winner, and whether it was the deal's last (the deal is
  // then scored and over).
  struct ClosedTrick {
    int number = 0;
    Seat winner = Seat::kNorth;
    bool deal_scored = false;
  };
  // Plays a card the rules allow, the state alone; the trick it closed, if it closed one (and
  // the deal, after its last trick, closed and scored).
  std::optional<ClosedTrick> PlayCard(Card card);
  // The card leaves the hand of the seat to play for the trick under way: a play's whole change
  // but closing the trick.
  void PlaceCard(Card card) {
    DealInProgress& deal = *deal_;
    deal.hands[SeatIndex(deal.ToPlay())].Remove(card);
    deal.current[deal.current_size++] = card;
    deal.played.push_back(card);
  }
  // A deal one trick short (a trick of the record lost): the deal's written tricks, with the
  // cards never played (one held by each seat) put in as a trick at each place in turn. The
  // tricks of the deal where that makes the whole deal legal, and the place's number (1-based,
  // the first that fits) and the other places that fit; none when no place does.
  struct MissingTrick {
    std::vector<std::array<Card, 4>> tricks;  // the whole deal, the trick put in
    int place = 0;
    std::vector<int> also;
  };
  std::vector<std::array<Card, 4>> WrittenTricks() const;  // the deal's closed tricks
  std::optional<MissingTrick> FindMissingTrick(
      const std::vector<std::array<Card, 4>>& written) const;
  // The deal's tricks played from its dealt hands, with the cards never played put in as trick
  // `insert_at` (0-based): the tricks when every card is legal, else none.
  std::optional<std::vector<std::array<Card, 4>>> PlayedWithTrickAt(
      const std::vector<std::array<Card, 4>>& written, CardSet unplayed, size_t insert_at) const;
  // The missing-trick finding, at the deal's `tricks_path`. Where the trick fits at one place
  // only, the deal is replayed with it put in (ReplayDealWith: played out and scored, as the
  // record's other tricks say it went on); where it fits at several, the finding rejects the
  // deal's event, which voids the deal (its claim standing in): its score cannot be told.
  Finding MissingTrickFinding(const MissingTrick& missing, const std::string& tricks_path) const;
  void ReplayDealWith(const std::vector<std::array<Card, 4>>& tricks);
  // The written tricks of a run that holds every play of the deal under way from its first, each
  // of four cards, one fewer than a deal has; none otherwise.
  std::optional<std::vector<std::array<Card, 4>>> WholeDealShortByATrick(
      std::span<const Event> events) const;
  // The trick of four cards closes under the deal's trump (DealTrump()).
  ClosedTrick CloseTrick(std::optional<Suit> trump);
  void CloseDeal();
  Ruling Announced(const ClosedTrick& closed) const;
  void AddRow(int number, int board, DealScore score, bool void_deal);
  void AddSideStatistics(std::vector<SideResult>& sides) const;

  // The opening's own events, checked and applied where there is one; elsewhere unexpected.
  std::optional<Finding> CheckOwn(const Event& event) const;
  Ruling CommitOwn(const Event& event);
  std::optional<ToAct> AwaitedOpening() const {
    const DealOpening* opening = Opening();
    return opening != nullptr ? opening->Awaited() : std::nullopt;
  }
  std::optional<Suit> DealTrump() const {
    const DealOpening* opening = Opening();
    return opening != nullptr ? opening->Trump() : std::nullopt;
  }

  MatchSetup setup_;
  const TrickRules* rules_;
  std::optional<Seat> last_dealer_;
  std::optional<DealInProgress> deal_;
  ScoreSheet sheet_;
  // The dealer the record declared for its first deal, remembered even when that deal is
  // rejected, so that voiding it keeps the rotation the record declared. Not part of the state.
  std::optional<Seat> declared_first_dealer_;
  // The deal of the last rejected event: voiding concerns that deal only, so a stray card after
  // a finished deal (extra-trick) does not void the deal that follows. Not part of the state.
  int rejected_deal_ = 0;
  // The dealers the last rejected event points to for its deal (the dealer its deal event
  // wrote, the seats whose dealing of its seed or pack gives its hands, the dealer its first
  // lead implies): what VoidCurrentDeal keeps. Not part of the state.
  std::vector<Seat> rejected_dealers_;
  // The dealers a voided deal may have had: the next deal may pass on from any of them, so one
  // slip in a dealer (or a deal voided before its dealer could be told) is one finding.
  std::vector<Seat> voided_dealers_;
  // The hands the last deal event checked resolved to, kept for its Commit: a seeded deal is
  // shuffled once, not once to check it and again to apply it. A memo, not part of the state.
  mutable std::optional<std::pair<const Event*, std::array<CardSet, 4>>> checked_hands_;
  // The pack in its canonical order, for the seeded deals (CanonicalOrder(Pack())). A memo.
  mutable std::vector<Card> canonical_;
  // Whether the deal under way awaits its opening (Opening()), asked again after every event
  // that is not a play: a record's play asks it for every card. A memo.
  bool opening_awaited_ = false;
};

}  // namespace referee::games::trick
