#include "referee/games/trick/trick_match.h"

#include <algorithm>
#include <sstream>

#include "referee/core/check.h"

namespace referee::games::trick {
namespace {

std::string ParentPath(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(0, slash);
}

// The seat a unit's name spells with its letter ("NS": N and S).
int SeatIndexOf(char letter) { return static_cast<int>(std::string_view("NESW").find(letter)); }

std::string Plural(int count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

}  // namespace

Place TrickMatch::PlaceOf(const std::string& path, int trick, std::optional<Seat> seat,
                          std::optional<Card> card) const {
  Place place;
  place.path = path;
  place.game.deal = deal_ ? deal_->number : CurrentDealNumber();
  place.game.trick = trick;
  if (seat) place.game.actor = SeatName(*seat);
  if (card) place.game.card = ToString(*card);
  return place;
}

Finding TrickMatch::Unexpected(const std::string& path, GamePlace place,
                               const std::string& message) {
  return Illegal("unexpected-event", Place{path, std::move(place)}, message);
}

std::optional<Seat> TrickMatch::ExpectedDealer() const {
  if (!last_dealer_) return std::nullopt;  // the record declares the first dealer
  return NextDealer(*last_dealer_);
}

ToAct TrickMatch::Next() const {
  ToAct next;
  next.deal = CurrentDealNumber();
  if (!deal_) {
    next.phase = AcceptsNoMoreDeals() ? Phase::kOver : Phase::kDeal;
    next.kind = AcceptsNoMoreDeals() ? "over" : "deal";
    if (std::optional<Seat> dealer = ExpectedDealer()) next.actor = SeatIndex(*dealer);
    return next;
  }
  if (std::optional<ToAct> opening = AwaitedOpening()) return *opening;
  next.deal = deal_->number;
  next.trick = static_cast<int>(deal_->tricks.size()) + 1;
  next.phase = Phase::kAct;
  next.kind = PlayEvent::kKind;
  next.actor = SeatIndex(deal_->ToPlay());
  return next;
}

std::vector<Event> TrickMatch::LegalEvents() const {
  if (!deal_) return {};
  if (AwaitedOpening()) return Opening()->LegalOpening();
  std::vector<Event> events;
  Seat seat = deal_->ToPlay();
  CardSet hand = deal_->hands[SeatIndex(seat)];
  for (Card card : hand.Cards()) {
    if (!MayPlay(hand, card)) continue;
    events.push_back(MakeEvent(PlayEvent{.card = card}, deal_->number, SeatIndex(seat)));
  }
  return events;
}

std::optional<Finding> TrickMatch::Check(const Event& event) const {
  if (const auto* play = event.As<PlayEvent>()) return CheckPlay(event, *play);
  if (const auto* deal = event.As<DealEvent>()) return CheckDeal(event, *deal);
  if (event.As<DealEndEvent>() != nullptr) return CheckDealEnd(event);
  return CheckOwn(event);
}

Ruling TrickMatch::Commit(const Event& event) {
  // A play never changes whether the deal awaits its opening: it is played after it.
  if (const auto* play = event.As<PlayEvent>()) return CommitPlay(*play);
  Ruling ruling;
  if (const auto* deal = event.As<DealEvent>()) {
    ruling = CommitDeal(event, *deal);
  } else if (event.As<DealEndEvent>() != nullptr) {
    ruling = CommitDealEnd(event);
  } else {
    ruling = CommitOwn(event);
  }
  opening_awaited_ = AwaitedOpening().has_value();
  return ruling;
}

void TrickMatch::Rejected(const Event& event) {
  rejected_deal_ = event.deal;
  rejected_dealers_.clear();
  if (const auto* deal = event.As<DealEvent>()) {
    if (!deal->dealer) return;
    if (!last_dealer_) declared_first_dealer_ = deal->dealer;
    rejected_dealers_.push_back(*deal->dealer);
    // Cards dealt from a pack order or a seed tell their dealer: the hands they give.
    if (!deal->deck && !deal->seeded) return;
    for (Seat seat : kAllSeats) {
      if (seat != *deal->dealer && ResolveHands(event, *deal, seat).has_value()) {
        rejected_dealers_.push_back(seat);
      }
    }
    return;
  }
  // A first lead from another seat than the dealer's left tells the dealer the play went by.
  const auto* play = event.As<PlayEvent>();
  if (play == nullptr || !deal_ || !deal_->tricks.empty() || deal_->current_size != 0 ||
      deal_->leader != LeftOf(deal_->dealer)) {
    return;
  }
  for (Seat seat : kAllSeats) {
    if (seat != deal_->leader && deal_->hands[SeatIndex(seat)].Contains(play->card)) {
      rejected_dealers_.push_back(RightOf(seat));
    }
  }
}

bool TrickMatch::PassesFromVoidedDeal(Seat dealer) const {
  return std::any_of(voided_dealers_.begin(), voided_dealers_.end(),
                     [&](Seat voided) { return NextDealer(voided) == dealer; });
}

Finding TrickMatch::NotThisGames(const Event& event) const {
  return Unexpected(event.path, PlaceOf(event.path).game,
                    "this game has no " + std::string(event.kind) + " event");
}

std::optional<Finding> TrickMatch::CheckOwn(const Event& event) const {
  const DealOpening* opening = Opening();
  return opening != nullptr ? opening->CheckOpening(event) : NotThisGames(event);
}

Ruling TrickMatch::CommitOwn(const Event& event) {
  // Only an event CheckOwn passed comes here, so the game has an opening; the match is not const
  // here, and the opening is the match itself.
  const DealOpening* opening = Opening();
  REFEREE_CHECK(opening != nullptr, "a game's own event was applied in a game without an opening");
  return const_cast<DealOpening*>(opening)->CommitOpening(event);
}

std::string TrickMatch::LeaderReason(int trick_number) const {
  return trick_number == 1 ? "the player at the dealer's left leads to the first trick"
                           : "the winner of the last trick leads";
}

// ---------------------------------------------------------------------------------------------
// The deal.

std::optional<Finding> TrickMatch::CheckDeal(const Event& event, const DealEvent& deal) const {
  GamePlace place{.deal = event.deal};
  if (AcceptsNoMoreDeals()) {
    return Illegal(
        "deal-after-end", Place{event.path, place},
        "expected no further deal: the match ended after deal " + std::to_string(DealsScored()));
  }
  if (deal_) {
    return Unexpected(event.path, place,
                      "expected deal " + std::to_string(deal_->number) +
                          " to be played out first, found a new deal");
  }
  if (!deal.dealer) {
    return Illegal("missing-dealer", Place{event.path, place},
                   "expected the deal to name its dealer");
  }
  if (std::optional<Seat> expected = ExpectedDealer();
      expected && *expected != *deal.dealer && !PassesFromVoidedDeal(*deal.dealer)) {
    place.actor = SeatName(*deal.dealer);
    return Illegal("wrong-dealer", Place{ChildPath(event.path.str(), "dealer"), place},
                   "expected " + SeatName(*expected) +
                       " to deal (the deal passes to the left of the last dealer, " +
                       SeatName(*last_dealer_) + "), found " + SeatName(*deal.dealer))
        .Comparing(FactValue::Word(SeatName(*expected)), FactValue::Word(SeatName(*deal.dealer)));
  }
  auto hands = ResolveHands(event, deal, *deal.dealer);
  if (!hands.has_value()) return std::move(hands).error();
  checked_hands_.emplace(&event, *hands);
  return std::nullopt;
}

Ruling TrickMatch::CommitDeal(const Event& event, const DealEvent& dealt) {
  int number = CurrentDealNumber();
  bool checked = checked_hands_ && checked_hands_->first == &event;
  std::array<CardSet, 4> hands =
      checked ? checked_hands_->second : *ResolveHands(event, dealt, *dealt.dealer);
  checked_hands_.reset();
  StartDeal(*dealt.dealer, dealt.seeded && dealt.board > 0 ? dealt.board : number, hands);
  return Announcing("deal", [&] {
    return "deal " + std::to_string(deal_->number) + " dealt by " + SeatName(deal_->dealer);
  });
}

void TrickMatch::StartDeal(Seat dealer, int board, const std::array<CardSet, 4>& hands) {
  DealInProgress deal;
  deal.number = CurrentDealNumber();
  deal.board = board;
  deal.dealer = dealer;
  deal.hands = hands;
  deal.dealt = hands;
  deal.leader = LeftOf(dealer);
  deal.first_leader = deal.leader;
  deal.must_follow_suit = rules_->must_follow_suit;
  deal.hand_size = HandSize();
  deal_ = std::move(deal);
  voided_dealers_.clear();
  ResetDeal();
}

bool TrickMatch::HandsAreADeal(const std::array<CardSet, 4>& hands,
                               const std::array<int, 4>& counts) const {
  CardSet all;
  for (size_t seat = 0; seat < hands.size(); ++seat) {
    // A set smaller than its count names a card twice; sets that meet share one.
    if (counts[seat] != HandSize() || hands[seat].Size() != counts[seat]) return false;
    if (!(all & hands[seat]).Empty()) return false;
    all = all | hands[seat];
  }
  return (all & Pack()) == all;
}

bool TrickMatch::DeckIsThePack(std::span<const Card> deck) const {
  CardSet seen;
  for (Card card : deck) seen.Add(card);
  return static_cast<int>(deck.size()) == Pack().Size() && seen == Pack();
}

Result<std::vector<Card>> TrickMatch::CheckedDeck(const std::vector<Card>& deck,
                                                  const std::string& path, int deal) const {
  if (DeckIsThePack(deck)) return deck;
  // What is wrong, worded: the first card out of the pack or seen twice, else the count.
  CardSet seen;
  for (size_t i = 0; i < deck.size(); ++i) {
    Card card = deck[i];
    Place place{ChildPath(path, i), GamePlace{.deal = deal, .card = ToString(card)}};
    if (!Pack().Contains(card)) {
      return Fail(Illegal("card-not-in-pack", place,
                          "expected a card of the " + std::to_string(Pack().Size()) +
                              "-card pack, found " + ToString(card)));
    }
    if (seen.Contains(card)) {
      return Fail(
          Illegal("duplicate-card", place,
                  "expected each card once in the pack, found " + ToString(card) + " twice"));
    }
    seen.Add(card);
  }
  if (static_cast<int>(deck.size()) != Pack().Size()) {
    return Fail(Illegal("wrong-deck-size", Place{path, GamePlace{.deal = deal}},
                        "expected " + std::to_string(Pack().Size()) + " cards in the pack, found " +
                            std::to_string(deck.size()) +
                            " (missing: " + CardSet(Pack().Bits() & ~seen.Bits()).ToString() + ")")
                    .Comparing(FactValue::Number(Pack().Size()),
                               FactValue::Number(static_cast<int64_t>(deck.size()))));
  }
  return deck;
}

std::array<CardSet, 4> TrickMatch::DealOut(std::span<const Card> deck, Seat dealer) const {
  // One card at a time, clockwise, starting at the dealer's left.
  std::array<CardSet, 4> hands;
  for (size_t i = 0; i < deck.size(); ++i) {
    hands[SeatIndex(SeatAt(SeatIndex(dealer) + 1 + static_cast<int>(i)))].Add(deck[i]);
  }
  return hands;
}

std::vector<Card> TrickMatch::SeededDeck(int board) const {
  REFEREE_CHECK(setup_.seed && setup_.sha256 && setup_.seeded_deal,
                "a seeded deal needs a seed and SHA-256");
  // The pack's canonical order is the same for every deal: worked out once per match.
  if (canonical_.empty()) canonical_ = CanonicalOrder(Pack());
  std::vector<int> order =
      setup_.seeded_deal(setup_.sha256, *setup_.seed, board, static_cast<int>(canonical_.size()));
  std::vector<Card> deck(order.size());
  for (size_t i = 0; i < order.size(); ++i) deck[i] = canonical_[order[i]];
  return deck;
}

Result<std::array<CardSet, 4>> TrickMatch::HandsFromList(
    const std::array<std::vector<Card>, 4>& hands, const Event& event) const {
  std::array<CardSet, 4> sets;
  std::array<int, 4> counts{};
  for (size_t seat = 0; seat < hands.size(); ++seat) {
    for (Card card : hands[seat]) sets[seat].Add(card);
    counts[seat] = static_cast<int>(hands[seat].size());
  }
  if (HandsAreADeal(sets, counts)) return sets;
  // What is wrong, worded: the first card out of the pack or seen twice, else a hand's size.
  sets = {};
  CardSet seen;
  for (Seat seat : kAllSeats) {
    const std::vector<Card>& hand = hands[SeatIndex(seat)];
    auto hand_path = [&] {
      return ChildPath(ChildPath(event.path.str(), "hands"), SeatName(seat));
    };
    for (size_t i = 0; i < hand.size(); ++i) {
      Card card = hand[i];
      // Made only for a finding: a legal hand costs no strings.
      auto place = [&] {
        return Place{
            ChildPath(hand_path(), i),
            GamePlace{.deal = event.deal, .actor = SeatName(seat), .card = ToString(card)}};
      };
      if (!Pack().Contains(card)) {
        return Fail(Illegal("card-not-in-pack", place(),
                            "expected a card of the " + std::to_string(Pack().Size()) +
                                "-card pack, found " + ToString(card)));
      }
      if (seen.Contains(card)) {
        return Fail(Illegal(
            "duplicate-card", place(),
            "expected each card in one hand only, found " + ToString(card) + " a second time"));
      }
      seen.Add(card);
      sets[SeatIndex(seat)].Add(card);
    }
    if (static_cast<int>(hand.size()) != HandSize()) {
      return Fail(
          Illegal("wrong-hand-size",
                  Place{hand_path(), GamePlace{.deal = event.deal, .actor = SeatName(seat)}},
                  "expected " + std::to_string(HandSize()) + " cards in " + SeatName(seat) +
                      "'s hand, found " + std::to_string(hand.size()))
              .Comparing(FactValue::Number(HandSize()),
                         FactValue::Number(static_cast<int64_t>(hand.size()))));
    }
  }
  return sets;
}

Result<std::array<CardSet, 4>> TrickMatch::ResolveHands(const Event& event, const DealEvent& deal,
                                                        Seat dealer) const {
  // Where the cards come from: named, and the place written out, only for a finding (every deal
  // of every record verified passes here).
  enum class Source { kHands, kPack, kSeed };
  int board = deal.board > 0 ? deal.board : event.deal;
  auto name = [&](Source source) -> std::string {
    switch (source) {
      case Source::kHands:
        return "the hands";
      case Source::kPack:
        return "the pack order";
      case Source::kSeed:
        break;
    }
    return "the seeded deal of board " + std::to_string(board);
  };
  auto path_of = [&](Source source) -> std::string {
    std::string path = event.path.str();
    if (source == Source::kHands) return ChildPath(path, "hands");
    if (source == Source::kPack) return ChildPath(path, "deck");
    return path;
  };
  std::optional<std::array<CardSet, 4>> hands;
  Source first = Source::kHands;
  auto agree = [&](const std::array<CardSet, 4>& other, Source other_source) -> Result<void> {
    if (!hands) {
      hands = other;
      first = other_source;
      return {};
    }
    for (Seat seat : kAllSeats) {
      if ((*hands)[SeatIndex(seat)] == other[SeatIndex(seat)]) continue;
      return Fail(Illegal(
          "deal-mismatch",
          Place{path_of(other_source), GamePlace{.deal = event.deal, .actor = SeatName(seat)}},
          "expected " + SeatName(seat) + "'s hand from " + name(other_source) + " (" +
              other[SeatIndex(seat)].ToString() + ") to match " + name(first) + " (" +
              (*hands)[SeatIndex(seat)].ToString() + ")"));
    }
    return {};
  };
  if (deal.hands) {
    auto listed = HandsFromList(*deal.hands, event);
    REFEREE_TRY(listed);
    REFEREE_TRY(agree(*listed, Source::kHands));
  }
  if (deal.deck) {
    auto deck = CheckedDeck(*deal.deck, path_of(Source::kPack), event.deal);
    REFEREE_TRY(deck);
    REFEREE_TRY(agree(DealOut(*deck, dealer), Source::kPack));
  }
  if (deal.seeded) REFEREE_TRY(agree(DealOut(SeededDeck(board), dealer), Source::kSeed));
  if (!hands) {
    return Fail(Illegal("missing-deal", Place{event.path.str(), GamePlace{.deal = event.deal}},
                        "expected the deal's hands, its pack order or a record seed"));
  }
  return *hands;
}

std::optional<Finding> TrickMatch::CheckDealEnd(const Event& event) const {
  if (!deal_) return std::nullopt;
  // A deal a trick short whose missing trick fits at one place only is accepted with its
  // finding, and played out with it (CommitDealEnd).
  if (deal_->current_size == 0) {
    if (std::optional<MissingTrick> missing = FindMissingTrick(WrittenTricks())) {
      if (missing->also.empty()) return std::nullopt;
      return MissingTrickFinding(*missing, event.path.str());  // where, it cannot tell
    }
  }
  int played = static_cast<int>(deal_->tricks.size());
  std::string partial = deal_->current_size == 0 ? ""
                                                 : " and " + Plural(deal_->current_size, "card") +
                                                       " of trick " + std::to_string(played + 1);
  return Illegal("short-deal", Place{event.path, GamePlace{.deal = deal_->number}},
                 "expected " + Plural(HandSize(), "trick") + " in deal " +
                     std::to_string(deal_->number) + " before the next deal, found " +
                     Plural(played, "trick") + partial);
}

Ruling TrickMatch::CommitDealEnd(const Event& event) {
  if (!deal_) return {};
  std::optional<MissingTrick> missing = FindMissingTrick(WrittenTricks());
  REFEREE_CHECK(missing.has_value(), "a short deal was accepted without its missing trick");
  Ruling ruling;
  ruling.findings.push_back(MissingTrickFinding(*missing, event.path.str()));
  ReplayDealWith(missing->tricks);
  return ruling;
}

// ---------------------------------------------------------------------------------------------
// The play.

std::optional<Finding> TrickMatch::CheckPlayContext(const Event& event,
                                                    const PlayEvent& play) const {
  // Made only for a finding: every legal play passes here.
  auto game_place = [&] {
    return GamePlace{.deal = event.deal, .trick = play.trick, .card = ToString(play.card)};
  };
  // Written out only for a finding: every legal play passes here.
  auto path = [&] { return event.path.str(); };
  if (!deal_) {
    if (AcceptsNoMoreDeals()) {
      return Illegal("play-after-end", Place{path(), game_place()},
                     "expected no further play: the match has ended");
    }
    return Illegal("extra-trick", Place{ParentPath(path()), game_place()},
                   "expected a new deal: deal " + std::to_string(DealsScored()) +
                       " was complete after " + Plural(HandSize(), "trick"));
  }
  if (AwaitedOpening()) return Opening()->MissingOpening(event);
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  int position = deal_->current_size;
  bool structured = play.trick > 0 && play.position >= 0;
  if (structured && (play.trick != trick || play.position != position)) {
    // The record's tricks do not line up with four cards each.
    int short_trick = play.trick > trick ? trick : play.trick;
    std::string found = play.trick > trick ? Plural(position, "card") : "more than 4 cards";
    return Illegal("trick-size",
                   Place{ParentPath(path()), GamePlace{.deal = event.deal, .trick = short_trick}},
                   "expected 4 cards in trick " + std::to_string(short_trick) + ", found " + found);
  }
  if (!WrittenTrickSizeFits(play)) {
    return Illegal("trick-size",
                   Place{ParentPath(path()), GamePlace{.deal = event.deal, .trick = play.trick}},
                   "expected 4 cards in trick " + std::to_string(play.trick) + ", found " +
                       Plural(play.written_size, "card"))
        .Comparing(FactValue::Number(4), FactValue::Number(play.written_size));
  }
  if (event.actor && *event.actor != SeatIndex(deal_->ToPlay())) {
    Seat named = SeatAt(*event.actor);
    GamePlace place = game_place();
    place.actor = SeatName(named);
    return Illegal("out-of-turn", Place{path(), place},
                   "expected " + SeatName(deal_->ToPlay()) + " to play, found " + SeatName(named))
        .Comparing(FactValue::Word(SeatName(deal_->ToPlay())), FactValue::Word(SeatName(named)));
  }
  return std::nullopt;
}

std::optional<Finding> TrickMatch::CheckCardHolder(const Event& event, const PlayEvent& play,
                                                   Seat seat) const {
  Card card = play.card;
  if (deal_->hands[SeatIndex(seat)].Contains(card)) return std::nullopt;
  // Only a rejected play needs its place (a copy of the path): every legal play passes here.
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  Place place = PlaceOf(event.path, trick, seat, card);
  if (!Pack().Contains(card)) {
    return Illegal("card-not-in-pack", place,
                   "expected a card of the " + std::to_string(Pack().Size()) +
                       "-card pack, found " + ToString(card));
  }
  for (size_t t = 0; t < deal_->tricks.size(); ++t) {
    for (Card played : deal_->tricks[t].cards) {
      if (played == card) {
        return Illegal("duplicate-card", place,
                       "expected a card from " + SeatName(seat) + "'s hand, found " +
                           ToString(card) + ", which was already played in trick " +
                           std::to_string(t + 1));
      }
    }
  }
  for (int i = 0; i < deal_->current_size; ++i) {
    if (deal_->current[i] == card) {
      return Illegal("duplicate-card", place,
                     "expected a card from " + SeatName(seat) + "'s hand, found " + ToString(card) +
                         ", which was already played to this trick");
    }
  }
  // Another seat holds the card. A record is public once finished, and names that seat and what
  // the seat to play could have played; a live seat is told only that the card is not its own.
  Seat holder = seat;
  for (Seat other : kAllSeats) {
    if (deal_->hands[SeatIndex(other)].Contains(card)) holder = other;
  }
  std::string found = ToString(card);
  if (deal_->current_size == 0) {
    found += setup_.secret_hands ? ", which is not in " + SeatName(seat) + "'s hand"
                                 : " from " + SeatName(holder) + "'s hand";
    return Illegal("wrong-leader", place,
                   "expected " + SeatName(seat) + " to lead to trick " + std::to_string(trick) +
                       " (" + LeaderReason(trick) + "), found " + found)
        .Comparing(FactValue::Word(SeatName(seat)), FactValue::Word(ToString(card)));
  }
  if (setup_.secret_hands) {
    return Illegal("card-not-in-hand", place,
                   "expected a card from " + SeatName(seat) + "'s hand (" + SeatName(seat) +
                       " plays next to this trick), found " + found + ", which " + SeatName(seat) +
                       " does not hold");
  }
  return Illegal("card-not-in-hand", place,
                 "expected a card from " + SeatName(seat) + "'s hand (" + PlayableText(seat) +
                     "), found " + found + ", which " + SeatName(holder) + " holds" +
                     OutOfTurnGuess(seat, holder));
}

std::string TrickMatch::PlayableText(Seat seat) const {
  CardSet hand = deal_->hands[SeatIndex(seat)];
  std::string who = SeatName(seat) + " plays next to this trick";
  if (!deal_->must_follow_suit) return who + "; it holds " + hand.ToString();
  Suit led = deal_->current[0].suit;
  if (!hand.HasSuit(led)) {
    return who + "; it holds no " + SuitName(led) + ", so any of " + hand.ToString();
  }
  return who + " and holds " + hand.OfSuit(led).ToString() + " in " + SuitName(led) +
         ", the suit led";
}

std::string TrickMatch::OutOfTurnGuess(Seat seat, Seat holder) const {
  // Likely only where the holder is the next to play and has not played to this trick: the
  // record may have put its card a place early.
  bool next_to_play = holder == LeftOf(seat) && deal_->current_size < 3;
  return next_to_play ? ", the next to play: played out of turn?" : "";
}

std::optional<Finding> TrickMatch::CheckFollow(const Event& event, const PlayEvent& play,
                                               Seat seat) const {
  CardSet hand = deal_->hands[SeatIndex(seat)];
  if (FollowsSuit(hand, play.card)) return std::nullopt;
  Suit led = deal_->current[0].suit;
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  return Illegal("revoke", PlaceOf(event.path, trick, seat, play.card),
                 "expected " + SeatName(seat) + " to follow suit with " + SuitName(led) +
                     " (holding " + hand.OfSuit(led).ToString() + "), found " + ToString(play.card))
      .Comparing(FactValue::Word(SuitName(led)), FactValue::Word(ToString(play.card)));
}

bool TrickMatch::RecordPlayPasses(const PlayEvent& play) const {
  if (!deal_ || opening_awaited_) return false;
  const DealInProgress& deal = *deal_;
  int trick = static_cast<int>(deal.tricks.size()) + 1;
  if (play.trick != trick || play.position != deal.current_size) return false;
  if (!WrittenTrickSizeFits(play)) return false;
  return MayPlay(deal.hands[SeatIndex(deal.ToPlay())], play.card);
}

std::optional<Finding> TrickMatch::CheckPlay(const Event& event, const PlayEvent& play) const {
  // The common case first: a record's legal play is accepted without a look at the rest.
  if (!event.actor && play.written_size > 0 && RecordPlayPasses(play)) return std::nullopt;
  if (std::optional<Finding> finding = CheckPlayContext(event, play)) return finding;
  Seat seat = deal_->ToPlay();
  if (std::optional<Finding> finding = CheckCardHolder(event, play, seat)) return finding;
  return CheckFollow(event, play, seat);
}

bool TrickMatch::IsWholeRecordTrick(std::span<const Event> events) const {
  if (!deal_ || opening_awaited_ || deal_->current_size != 0 || events.size() != 4) return false;
  int trick = static_cast<int>(deal_->tricks.size()) + 1;
  for (size_t position = 0; position < events.size(); ++position) {
    const Event& event = events[position];
    const auto* play = event.As<PlayEvent>();
    if (play == nullptr || event.actor || play->trick != trick ||
        play->position != static_cast<int>(position) || play->written_size != 4) {
      return false;
    }
  }
  return true;
}

Match::RunRuling TrickMatch::ApplyRun(std::span<const Event> events) {
  RunRuling run;
  while (run.accepted < events.size()) {
    std::span<const Event> rest = events.subspan(run.accepted);
    if (rest.size() >= 4 && IsWholeRecordTrick(rest.first(4))) {
      // Every card the one its trick awaits (RecordPlayPasses asks the rest): each that may be
      // played is placed, and the trick closes once, under the deal's trump.
      size_t placed = 0;
      for (; placed < 4; ++placed) {
        Card card = rest[placed].As<PlayEvent>()->card;
        if (!MayPlay(deal_->hands[SeatIndex(deal_->ToPlay())], card)) break;
        PlaceCard(card);
      }
      run.accepted += placed;
      if (placed == 4) {
        CloseTrick(DealTrump());
        continue;
      }
    }
    const Event& event = events[run.accepted];
    const auto* play = event.As<PlayEvent>();
    if (play != nullptr && !event.actor && play->written_size > 0 && RecordPlayPasses(*play)) {
      PlayCard(play->card);  // as CommitPlay, without the announcements a replay does not keep
      ++run.accepted;
      continue;
    }
    Result<Ruling> ruling = Apply(event);
    if (!ruling.has_value()) {
      // A deal one trick short fails at a later trick: the missing trick is the finding, and
      // the deal goes on with it put in.
      std::optional<MissingTrick> missing;
      if (auto written = WholeDealShortByATrick(events)) missing = FindMissingTrick(*written);
      if (missing && !missing->also.empty()) {
        run.rejection =
            MissingTrickFinding(*missing, ParentPath(ParentPath(events.front().path.str())));
        return run;
      }
      if (missing) {
        run.findings.push_back(
            MissingTrickFinding(*missing, ParentPath(ParentPath(events.front().path.str()))));
        ReplayDealWith(missing->tricks);
        run.accepted = events.size();
        return run;
      }
      run.rejection = std::move(ruling).error();
      return run;
    }
    ++run.accepted;
    for (Finding& finding : ruling->findings) run.findings.push_back(std::move(finding));
  }
  return run;
}

Ruling TrickMatch::CommitPlay(const PlayEvent& play) {
  std::optional<ClosedTrick> closed = PlayCard(play.card);
  if (!closed || !setup_.announce) return Ruling{};
  return Announced(*closed);
}

Seat TrickMatch::TrickWinner(const std::array<Card, 4>& cards, Seat leader,
                             std::optional<Suit> trump) const {
  size_t best = 0;
  auto beats = [&](Card challenger, Card holder) {
    if (challenger.suit == holder.suit) return challenger.rank > holder.rank;
    return trump && challenger.suit == *trump;
  };
  for (size_t i = 1; i < cards.size(); ++i) {
    if (beats(cards[i], cards[best])) best = i;
  }
  return SeatAt(SeatIndex(leader) + static_cast<int>(best));
}

std::optional<TrickMatch::ClosedTrick> TrickMatch::PlayCard(Card card) {
  PlaceCard(card);
  if (deal_->current_size < 4) return std::nullopt;
  return CloseTrick(DealTrump());
}

TrickMatch::ClosedTrick TrickMatch::CloseTrick(std::optional<Suit> trump) {
  DealInProgress& deal = *deal_;
  CompletedTrick trick{deal.leader, deal.current, TrickWinner(deal.current, deal.leader, trump)};
  deal.current_size = 0;
  deal.leader = NextLeader(trick);
  deal.tricks.push_back(trick);
  ClosedTrick closed{static_cast<int>(deal.tricks.size()), trick.winner, false};
  if (closed.number == deal.hand_size) {
    CloseDeal();
    closed.deal_scored = true;
  }
  return closed;
}

void TrickMatch::CloseDeal() {
  FinishedDeal finished{deal_->number, deal_->dealer, deal_->tricks.span(), {}};
  for (const CompletedTrick& trick : finished.tricks) {
    ++finished.tricks_won[SeatIndex(trick.winner)];
  }
  last_dealer_ = deal_->dealer;
  // Scored while the deal is still under way, as the hooks may ask of it (the caller, the call).
  AddRow(finished.number, deal_->board, ScoreDeal(finished), false);
  deal_.reset();
}

// What a closed trick made public, worded only for a live table (MatchSetup::announce): the
// trick's winner, and after a deal's last trick its score, then the end of the match.
Ruling TrickMatch::Announced(const ClosedTrick& closed) const {
  Ruling ruling = Announcing("trick", [&] {
    return "trick " + std::to_string(closed.number) + " won by " + SeatName(closed.winner);
  });
  if (!closed.deal_scored) return ruling;
  const ScoreSheet::Row& row = sheet_.rows.back();
  std::string text = "deal " + std::to_string(row.deal) + " scored:";
  for (size_t i = 0; i < row.points.size(); ++i) {
    text += " " + sheet_.units[i] + " " + std::to_string(row.points[i]);
  }
  ruling.announcements.push_back({"deal", text});
  if (AcceptsNoMoreDeals()) ruling.announcements.push_back({"end", GetOutcome().summary});
  return ruling;
}

void TrickMatch::AddRow(int number, int board, DealScore score, bool void_deal) {
  if (sheet_.units.empty()) {
    sheet_.units = ScoreUnits();
    sheet_.totals.assign(sheet_.units.size(), 0);
  }
  for (size_t i = 0; i < score.points.size() && i < sheet_.totals.size(); ++i) {
    sheet_.totals[i] += score.points[i];
  }
  sheet_.rows.push_back(ScoreSheet::Row{number, board, std::move(score.label),
                                        std::move(score.points), void_deal,
                                        std::move(score.statistics)});
}

std::vector<int> TricksByUnit(const FinishedDeal& deal, const std::vector<std::string>& units) {
  std::vector<int> tricks;
  tricks.reserve(units.size());
  for (const std::string& unit : units) {
    int taken = 0;
    for (char seat : unit) taken += deal.tricks_won[SeatIndexOf(seat)];
    tricks.push_back(taken);
  }
  return tricks;
}

Outcome TrickMatch::SheetOutcome(bool over, const std::vector<int>& winners, bool draw,
                                 Placing placing, std::string summary) const {
  Outcome outcome;
  outcome.over = over;
  outcome.summary = std::move(summary);
  const std::vector<std::string>& units = ScoreUnits();
  outcome.facts.reserve(units.size() + 1);  // each unit's total, then the winner
  outcome.sides.reserve(units.size());
  for (size_t unit = 0; unit < units.size(); ++unit) {
    int total = unit < sheet_.totals.size() ? sheet_.totals[unit] : 0;
    outcome.facts.push_back({units[unit], FactValue::Number(total)});
    SideResult side;
    side.actors.reserve(units[unit].size());
    for (char seat : units[unit]) side.actors.push_back(SeatIndexOf(seat));
    side.total = total;
    side.won = over && std::find(winners.begin(), winners.end(), unit) != winners.end();
    side.drew = over && draw;
    outcome.sides.push_back(std::move(side));
  }
  if (over) {
    std::vector<std::string> names;
    for (int unit : winners) names.push_back(units[unit]);
    if (draw) names = {"draw"};
    outcome.facts.push_back({"winner", FactValue::Words(std::move(names))});
  }
  for (SideResult& side : outcome.sides) {
    int place = 0;
    for (const SideResult& other : outcome.sides) {
      place += placing == Placing::kByTotal ? other.total > side.total
                                            : (other.won || other.drew) && !side.won && !side.drew;
    }
    side.place = std::min(place, placing == Placing::kByTotal ? place : 1);
  }
  AddSideStatistics(outcome.sides);
  return outcome;
}

void TrickMatch::AddSideStatistics(std::vector<SideResult>& sides) const {
  // Each side's list is sized once, to the statistics a scored deal keeps for it, rather than
  // grown a statistic at a time: every verified record's outcome is made here.
  for (size_t unit = 0; unit < sides.size(); ++unit) {
    size_t kept = sides[unit].statistics.size();
    for (const ScoreSheet::Row& row : sheet_.rows) {
      if (row.void_deal) continue;
      for (size_t s = kept; s < row.statistics.size(); ++s) {
        if (unit < row.statistics[s].size()) kept = s + 1;
      }
    }
    sides[unit].statistics.resize(kept, 0);
  }
  for (const ScoreSheet::Row& row : sheet_.rows) {
    if (row.void_deal) continue;
    for (size_t s = 0; s < row.statistics.size(); ++s) {
      for (size_t unit = 0; unit < sides.size() && unit < row.statistics[s].size(); ++unit) {
        sides[unit].statistics[s] += row.statistics[s][unit];
      }
    }
  }
}

bool TrickMatch::VoidCurrentDeal(const std::optional<std::vector<int>>& stand_in_points) {
  if (AcceptsNoMoreDeals()) return true;  // the event came after the end: nothing to void
  if (!deal_ && rejected_deal_ != 0 && rejected_deal_ <= DealsScored()) {
    return true;  // the rejected event belonged to a deal already scored: nothing to void
  }
  int number = CurrentDealNumber();
  // Whom the deal may have been dealt by: the dealer the record wrote first (the next deal is
  // checked against it), then what the rejected event points to and what the rotation expected.
  std::vector<Seat> possible;
  auto add = [&](Seat seat) {
    if (std::find(possible.begin(), possible.end(), seat) == possible.end()) {
      possible.push_back(seat);
    }
  };
  if (deal_) add(deal_->dealer);
  if (rejected_deal_ == number) {
    for (Seat seat : rejected_dealers_) add(seat);
  }
  if (!deal_) {
    if (std::optional<Seat> expected = ExpectedDealer()) add(*expected);
    for (Seat voided : voided_dealers_) add(NextDealer(voided));
  }
  Seat dealer = possible.empty() ? declared_first_dealer_.value_or(Seat::kNorth) : possible.front();
  size_t units = ScoreUnits().size();
  DealScore score{std::vector<int>(units, 0),
                  "dealer " + SeatName(dealer) + "; not scored: an illegal event stopped its check",
                  {}};
  if (stand_in_points && stand_in_points->size() == units) {
    score.points = *stand_in_points;
    score.label = "dealer " + SeatName(dealer) +
                  "; the claimed points stand in: an illegal event stopped its check";
  }
  int board = deal_ ? deal_->board : number;
  ResetDeal();
  deal_.reset();
  opening_awaited_ = false;
  last_dealer_ = dealer;
  voided_dealers_ = std::move(possible);
  AddRow(number, board, std::move(score), true);
  return true;
}

View TrickMatch::ViewFor(int actor) const {
  View view;
  view.actor = actor;
  view.next = Next();
  view.scores = sheet_;
  TrickView table;
  table.deal = deal_ ? deal_->number : CurrentDealNumber();
  if (deal_) {
    Seat seat = SeatAt(actor);
    table.dealer = deal_->dealer;
    table.hand = deal_->hands[SeatIndex(seat)];
    table.trick_leader = deal_->leader;
    table.trick = deal_->CurrentCards();
    table.played.assign(deal_->played.begin(), deal_->played.end());
    for (const CompletedTrick& trick : deal_->tricks) ++table.tricks_won[SeatIndex(trick.winner)];
    if (const DealOpening* opening = Opening()) {
      for (Seat shown : opening->HandsShownTo(seat)) {
        table.known_hands.emplace_back(shown, deal_->dealt[SeatIndex(shown)]);
      }
      table.extension = opening->ViewExtension(seat);
    }
  }
  view.game = Payload(std::move(table));
  return view;
}

Event TrickMatch::SeededDeal() const {
  ToAct next = Next();
  DealEvent deal;
  deal.dealer = next.actor ? SeatAt(*next.actor) : Seat::kNorth;
  deal.board = next.deal;
  deal.seeded = true;
  return MakeEvent(std::move(deal), next.deal, std::nullopt,
                   ChildPath("/deals", static_cast<size_t>(next.deal - 1)));
}

Event TrickMatch::ShowingCards(Event dealt) const {
  auto* deal = dealt.As<DealEvent>();
  REFEREE_CHECK(deal != nullptr && deal_.has_value(),
                "ShowingCards of an event that dealt nothing");
  std::array<std::vector<Card>, 4> hands;
  for (int seat = 0; seat < 4; ++seat) hands[seat] = deal_->dealt[seat].Cards();
  deal->hands = std::move(hands);
  return dealt;
}

std::string TrickMatch::Describe() const {
  std::ostringstream text;
  text << "deals scored " << DealsScored();
  if (last_dealer_) text << "; last dealer " << SeatName(*last_dealer_);
  if (!voided_dealers_.empty()) {
    text << "; the voided deal's dealer one of";
    for (Seat seat : voided_dealers_) text << " " << SeatName(seat);
  }
  text << "; totals";
  for (int total : sheet_.totals) text << " " << total;
  if (deal_) {
    text << "; deal " << deal_->number << " dealer " << SeatName(deal_->dealer);
    for (Seat seat : kAllSeats)
      text << "; " << SeatName(seat) << ": " << deal_->hands[SeatIndex(seat)].ToString();
    text << "; tricks " << deal_->tricks.size() << "; leader " << SeatName(deal_->leader)
         << "; current";
    for (Card card : deal_->CurrentCards()) text << " " << ToString(card);
  }
  return text.str() + DescribeExtra();
}

}  // namespace referee::games::trick
