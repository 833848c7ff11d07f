// The Conspiracy match: the call and who makes it, the first lead, follow suit and trumps, the
// conference, the end after an even number of deals, findings with their exact place, and
// RapidCheck properties over random legal deals. Rule source: seed 003
// (pagat.com/invented/conspiracy.html) and rules.md section 4.
#include "referee/games/conspiracy/conspiracy.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "referee/games/conspiracy/conspiracy_events.h"
#include "referee/games/trick/trick_events.h"
#include "tests/support/facts.h"

namespace referee::games::conspiracy {
namespace {

using Hands = std::array<std::vector<Card>, 4>;
using Options = std::vector<std::pair<std::string, OptionValue>>;

std::unique_ptr<Match> NewMatch(const Options& options = {}) {
  MatchSetup setup;
  setup.rules = RuleOptions(Descriptor().options);
  for (const auto& [name, value] : options) setup.rules.Set(name, value);
  setup.players = {"ann", "bob", "cat", "dan"};
  return Descriptor().new_match(setup);
}

Card C(const std::string& text) { return ParseCard(text, "").value(); }

std::string DealPath(int deal) { return "/deals/" + std::to_string(deal - 1); }

Event Deal(int deal, Seat dealer, const Hands& hands) {
  return MakeEvent(trick::DealEvent{.dealer = dealer, .hands = hands}, deal, std::nullopt,
                   DealPath(deal));
}

Event Call(int deal, std::optional<Suit> trump, int64_t tricks, std::optional<Seat> by = {}) {
  std::optional<int> actor;
  if (by) actor = SeatIndex(*by);
  return MakeEvent(CallEvent{.trump = trump, .tricks = tricks}, deal, actor,
                   DealPath(deal) + "/call");
}

Event Conference(int deal, int64_t start_ms, int64_t end_ms) {
  return MakeEvent(ConferenceEvent{.start_ms = start_ms, .end_ms = end_ms}, deal, std::nullopt,
                   DealPath(deal) + "/conference");
}

Event Play(int deal, int trick, int position, Card card) {
  std::string path =
      DealPath(deal) + "/tricks/" + std::to_string(trick - 1) + "/" + std::to_string(position);
  return MakeEvent(trick::PlayEvent{.card = card, .trick = trick, .position = position}, deal,
                   std::nullopt, path);
}

// A card played as a live client sends it: no trick or position, the seat left to the rules.
Event LivePlay(int deal, Card card) { return MakeEvent(trick::PlayEvent{.card = card}, deal); }

// The seat the match awaits, if any.
std::optional<Seat> NextSeat(const Match& match) {
  std::optional<int> actor = match.Next().actor;
  if (!actor) return std::nullopt;
  return SeatAt(*actor);
}

CallEvent& CallOf(Event& event) { return *event.As<CallEvent>(); }

const Suit kOneSuit[4] = {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs};

// Every player holds one whole suit of the 32-card pack: N spades, E hearts, S diamonds, W clubs.
// Nobody can follow, so the trump holder wins every trick from the moment they can play one.
Hands OneSuitEach() {
  Hands hands;
  for (Seat seat : kAllSeats) {
    for (Card card : Pack32().OfSuit(kOneSuit[SeatIndex(seat)]).Cards()) {
      hands[SeatIndex(seat)].push_back(card);
    }
  }
  return hands;
}

// OneSuitEach with N's 7S and E's 7H swapped: N can follow a heart lead with 7H.
Hands OneSuitEachSwapped() {
  Hands hands = OneSuitEach();
  std::erase(hands[0], C("7S"));
  std::erase(hands[1], C("7H"));
  hands[0].push_back(C("7H"));
  hands[1].push_back(C("7S"));
  return hands;
}

// Plays trick k of a OneSuitEach deal from whoever leads: everyone plays their rank 15 - k.
void PlayOneSuitTrick(Match& match, int deal, int trick) {
  Seat leader = *NextSeat(match);
  Rank rank = static_cast<Rank>(15 - trick);
  for (int position = 0; position < 4; ++position) {
    Card card{kOneSuit[SeatIndex(SeatAt(SeatIndex(leader) + position))], rank};
    ASSERT_TRUE(match.Apply(Play(deal, trick, position, card)).has_value())
        << "deal " << deal << " trick " << trick << " " << ToString(card);
  }
}

void PlayOneSuitDeal(Match& match, int deal, Seat dealer, Suit trump, int call) {
  ASSERT_TRUE(match.Apply(Deal(deal, dealer, OneSuitEach())).has_value());
  ASSERT_TRUE(match.Apply(Call(deal, trump, call)).has_value());
  for (int trick = 1; trick <= 8; ++trick) PlayOneSuitTrick(match, deal, trick);
}

void ExpectFinding(const Result<Ruling>& result, const std::string& code, const std::string& path,
                   const GamePlace& place, const std::string& message) {
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, code);
  EXPECT_EQ(result.error().severity, Severity::kError);
  EXPECT_EQ(result.error().place.path, path);
  EXPECT_EQ(result.error().place.game, place);
  EXPECT_EQ(result.error().message, message);
}

// Seed 003: A deals, B (dealer's left) calls, and [B leads to the first trick].
TEST(ConspiracyMatchTest, TheDealersLeftCallsAndLeads) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  EXPECT_EQ(match->Next().kind, "call");
  EXPECT_EQ(NextSeat(*match), Seat::kEast);
  std::vector<Event> calls = match->LegalEvents();
  EXPECT_EQ(calls.size(), 4u * 9u);  // four suits x 0..8, no no-trump by default
  for (const Event& event : calls) EXPECT_EQ(event.actor, SeatIndex(Seat::kEast));
  ASSERT_TRUE(match->Apply(Call(1, Suit::kHearts, 8)).has_value());
  EXPECT_EQ(match->Next().kind, "play");
  EXPECT_EQ(NextSeat(*match), Seat::kEast);
}

// Worked by hand. Deal 1, dealer N: E calls 8 hearts, leads AH; nobody else holds a heart, so E
// wins all 8: exact, EW 2 x 8 = 16. Deal 2, dealer E (the deal passes left): S calls for NS, 0
// clubs; S leads AD, W trumps with AC and wins every trick: NS took 0, made, nobody scores.
TEST(ConspiracyMatchTest, TwoDealsWorkedByHand) {
  auto match = NewMatch();
  PlayOneSuitDeal(*match, 1, Seat::kNorth, Suit::kHearts, 8);
  ASSERT_EQ(NextSeat(*match), Seat::kEast);  // the next dealer
  EXPECT_FALSE(match->IsOver());
  EXPECT_EQ(match->GetOutcome().summary,
            "not finished after 1 deals: an odd number, so the sides have not called equally "
            "often; NS 0, EW 16");
  PlayOneSuitDeal(*match, 2, Seat::kEast, Suit::kClubs, 0);
  ScoreSheet sheet = match->Scores();
  ASSERT_EQ(sheet.rows.size(), 2u);
  EXPECT_EQ(sheet.rows[0].points, (std::vector<int>{0, 16}));
  EXPECT_EQ(sheet.rows[0].label.Text(), "dealer N; EW called 8 hearts, took 8: EW +16");
  EXPECT_EQ(sheet.rows[1].points, (std::vector<int>{0, 0}));
  EXPECT_EQ(sheet.rows[1].label.Text(), "dealer E; NS called 0 clubs, took 0: NS +0");
  ASSERT_TRUE(match->IsOver());
  Outcome outcome = match->GetOutcome();
  EXPECT_EQ(test_support::FactTexts(outcome), (std::vector<std::pair<std::string, std::string>>{
                                                  {"NS", "0"}, {"EW", "16"}, {"winner", "EW"}}));
  EXPECT_EQ(outcome.summary, "EW wins 16 to 0 after 2 deals");
  // Any even number may end the match, so a third deal is still accepted, leaving it odd.
  ASSERT_TRUE(match->Apply(Deal(3, Seat::kSouth, OneSuitEach())).has_value());
  EXPECT_FALSE(match->IsOver());
  EXPECT_EQ(match->GetOutcome().summary,
            "not finished after 2 deals, deal 3 under way; NS 0, EW 16");
}

// Seed 003: "they make less or more tricks, the team AC get 5 points".
TEST(ConspiracyMatchTest, MissedCallGivesTheDealersFive) {
  auto match = NewMatch();
  PlayOneSuitDeal(*match, 1, Seat::kNorth, Suit::kHearts, 7);
  EXPECT_EQ(match->Scores().rows[0].points, (std::vector<int>{5, 0}));
  EXPECT_EQ(match->Scores().rows[0].label.Text(), "dealer N; EW called 7 hearts, took 8: NS +5");
}

// rules.md, Conspiracy ambiguity 5: equal totals are a draw, or with tie: two-more two deals
// more. Deal 2: S calls 8 diamonds and wins every trick with them: NS 16 = EW 16.
TEST(ConspiracyMatchTest, EqualTotalsAreADrawOrTwoMoreDeals) {
  for (bool two_more : {false, true}) {
    auto match = NewMatch({{"tie", std::string(two_more ? "two-more" : "draw")}});
    PlayOneSuitDeal(*match, 1, Seat::kNorth, Suit::kHearts, 8);
    PlayOneSuitDeal(*match, 2, Seat::kEast, Suit::kDiamonds, 8);
    EXPECT_EQ(match->Scores().totals, (std::vector<int>{16, 16}));
    Outcome outcome = match->GetOutcome();
    EXPECT_EQ(outcome.over, !two_more);
    if (two_more) {
      EXPECT_EQ(outcome.summary,
                "not finished after 2 deals: a tie is played off with two more deals; NS 16, "
                "EW 16");
    } else {
      EXPECT_EQ(test_support::FactTexts(outcome).back(),
                (std::pair<std::string, std::string>{"winner", "draw"}));
      EXPECT_EQ(outcome.summary, "a draw at 16 each after 2 deals");
    }
  }
}

// A voided deal was dealt, so it counts towards the even number of deals.
TEST(ConspiracyMatchTest, VoidDealsCountAsPlayed) {
  auto match = NewMatch();
  PlayOneSuitDeal(*match, 1, Seat::kNorth, Suit::kHearts, 8);
  ASSERT_TRUE(match->Apply(Deal(2, Seat::kEast, OneSuitEach())).has_value());
  ASSERT_TRUE(match->Apply(Conference(2, 0, 30000)).has_value());
  ASSERT_FALSE(match->Apply(Call(2, Suit::kSpades, 9)).has_value());
  ASSERT_TRUE(match->VoidCurrentDeal(std::nullopt));
  EXPECT_TRUE(match->IsOver());
  EXPECT_EQ(match->GetOutcome().summary, "EW wins 16 to 0 after 2 deals");
  // The void deal's call and conference are gone: deal 3 starts clean.
  ASSERT_TRUE(match->Apply(Deal(3, Seat::kSouth, OneSuitEach())).has_value());
  EXPECT_TRUE(match->Apply(Conference(3, 0, 60000)).has_value());
}

// Rule option `deals`: exactly that many deals, then no more.
TEST(ConspiracyMatchTest, FixedNumberOfDeals) {
  auto match = NewMatch({{"deals", int64_t{2}}});
  PlayOneSuitDeal(*match, 1, Seat::kNorth, Suit::kHearts, 8);
  PlayOneSuitDeal(*match, 2, Seat::kEast, Suit::kHearts, 3);
  ASSERT_TRUE(match->IsOver());
  EXPECT_EQ(match->Next().phase, Phase::kOver);
  ExpectFinding(match->Apply(Deal(3, Seat::kSouth, OneSuitEach())), "deal-after-end", "/deals/2",
                GamePlace{.deal = 3}, "expected no further deal: the match ended after deal 2");
}

// rules.md, Conspiracy ambiguity 6: a call by anyone but the dealer's left-hand opponent.
TEST(ConspiracyMatchTest, WrongCaller) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  ExpectFinding(match->Apply(Call(1, Suit::kHearts, 5, Seat::kSouth)), "wrong-caller",
                "/deals/0/call/by", GamePlace{.deal = 1, .actor = "S"},
                "expected the call by E, the dealer's left-hand opponent (dealer N), found a call "
                "by S");
  EXPECT_TRUE(match->Apply(Call(1, Suit::kHearts, 5, Seat::kEast)).has_value());
}

// rules.md, Conspiracy ambiguities 2 and 9: a trump suit is required; no trump only by option.
TEST(ConspiracyMatchTest, TrumpRequired) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  ExpectFinding(match->Apply(Call(1, std::nullopt, 5)), "missing-trump", "/deals/0/call",
                GamePlace{.deal = 1, .actor = "E"},
                "expected the call to name the trump suit, found no trump named");
  Event no_trump = Call(1, std::nullopt, 5);
  CallOf(no_trump).no_trump = true;
  ExpectFinding(match->Apply(no_trump), "no-trump-not-allowed", "/deals/0/call/trump",
                GamePlace{.deal = 1, .actor = "E"},
                "expected a trump suit (no-trump calls need the rule option no_trump), found no "
                "trump");
  Event both = Call(1, Suit::kClubs, 5);
  CallOf(both).no_trump = true;
  ExpectFinding(match->Apply(both), "bad-call", "/deals/0/call", GamePlace{.deal = 1, .actor = "E"},
                "expected a trump suit or no trump, found both");
}

// Rule option no_trump: the call may be no trump; the highest card of the suit led wins.
TEST(ConspiracyMatchTest, NoTrumpUnderTheOption) {
  auto match = NewMatch({{"no_trump", true}});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  EXPECT_EQ(match->LegalEvents().size(), 5u * 9u);
  Event no_trump = Call(1, std::nullopt, 8);
  CallOf(no_trump).no_trump = true;
  ASSERT_TRUE(match->Apply(no_trump).has_value());
  // E leads AH, nobody follows and nothing trumps: E wins every trick; EW took 8 of 8.
  for (int trick = 1; trick <= 8; ++trick) PlayOneSuitTrick(*match, 1, trick);
  EXPECT_EQ(match->Scores().rows[0].label.Text(), "dealer N; EW called 8 no trump, took 8: EW +16");
}

// Seed 003: "B can call any number from 0 to 8"; rules.md ambiguity 9: 9 is illegal.
TEST(ConspiracyMatchTest, CallOutOfRange) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  ExpectFinding(match->Apply(Call(1, Suit::kSpades, 9)), "call-out-of-range",
                "/deals/0/call/tricks", GamePlace{.deal = 1, .actor = "E"},
                "expected a call of 0 to 8 tricks, found 9");
  EXPECT_FALSE(match->Apply(Call(1, Suit::kSpades, -1)).has_value());
  EXPECT_TRUE(match->Apply(Call(1, Suit::kSpades, 0)).has_value());
}

// Seed 003: "exchange their cards and ideas for exactly one minute". An overlong conference did
// happen and the deal can still be played: it is accepted with a finding, and the deal is scored.
TEST(ConspiracyMatchTest, ConferenceChecks) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  ExpectFinding(match->Apply(Conference(1, 10000, 5000)), "bad-conference",
                "/deals/0/conference/end", GamePlace{.deal = 1, .actor = "E"},
                "expected the conference to end at or after its start (10 s), found an end at 5 s");
  auto overlong = match->Apply(Conference(1, 0, 61500));
  ASSERT_TRUE(overlong.has_value());
  ASSERT_EQ(overlong->findings.size(), 1u);
  const Finding& finding = overlong->findings[0];
  EXPECT_EQ(finding.code, "conference-too-long");
  EXPECT_EQ(finding.severity, Severity::kError);
  EXPECT_EQ(finding.place.path, "/deals/0/conference");
  EXPECT_EQ(finding.place.game, (GamePlace{.deal = 1, .actor = "E"}));
  EXPECT_EQ(finding.message,
            "expected a conference of at most 60 seconds, found 61.5 seconds (from 0 to 61.5)");
  EXPECT_EQ(match->Apply(Conference(1, 0, 1)).error().code, "unexpected-event");
  ASSERT_TRUE(match->Apply(Call(1, Suit::kHearts, 8)).has_value());
  EXPECT_EQ(match->Apply(Conference(1, 0, 1)).error().code, "unexpected-event");
  for (int trick = 1; trick <= 8; ++trick) PlayOneSuitTrick(*match, 1, trick);
  EXPECT_EQ(match->Scores().rows[0].label.Text(),
            "dealer N; EW called 8 hearts, took 8: EW +16; conference 61.5 s");
}

TEST(ConspiracyMatchTest, AConferenceOfExactlyAMinuteIsFine) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  auto minute = match->Apply(Conference(1, 5000, 65000));
  ASSERT_TRUE(minute.has_value());
  EXPECT_TRUE(minute->findings.empty());
}

TEST(ConspiracyMatchTest, ConferenceLimitIsAnOption) {
  auto match = NewMatch({{"conference_seconds", int64_t{90}}});
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  auto ninety = match->Apply(Conference(1, 0, 90000));
  ASSERT_TRUE(ninety.has_value());
  EXPECT_TRUE(ninety->findings.empty());
}

// rules.md, Conspiracy ambiguity 7: a revoke is an illegal event.
TEST(ConspiracyMatchTest, Revoke) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEachSwapped())).has_value());
  ASSERT_TRUE(match->Apply(Call(1, Suit::kHearts, 3)).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 0, C("AH"))).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 1, C("AD"))).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 2, C("AC"))).has_value());
  ExpectFinding(
      match->Apply(Play(1, 1, 3, C("AS"))), "revoke", "/deals/0/tricks/0/3",
      GamePlace{.deal = 1, .step = games::trick::TrickStep(1), .actor = "N", .card = "AS"},
      "expected N to follow suit with hearts (holding 7H), found AS");
  EXPECT_TRUE(match->Apply(Play(1, 1, 3, C("7H"))).has_value());
}

// A trump beats the suit led: E leads 7S (E's only spade), S AD, W AC, N AS with clubs trumps.
TEST(ConspiracyMatchTest, TrumpWins) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEachSwapped())).has_value());
  ASSERT_TRUE(match->Apply(Call(1, Suit::kClubs, 3)).has_value());
  for (const char* card : {"7S", "AD", "AC", "AS"}) {
    ASSERT_TRUE(match->Apply(LivePlay(1, C(card))).has_value()) << card;
  }
  EXPECT_EQ(NextSeat(*match), Seat::kWest);
}

// rules.md, Conspiracy ambiguity 6: the dealer leading instead of the caller.
TEST(ConspiracyMatchTest, DealerLeadingIsWrongLeader) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEach())).has_value());
  ASSERT_TRUE(match->Apply(Call(1, Suit::kHearts, 4)).has_value());
  ExpectFinding(
      match->Apply(Play(1, 1, 0, C("AS"))), "wrong-leader", "/deals/0/tricks/0/0",
      GamePlace{.deal = 1, .step = games::trick::TrickStep(1), .actor = "E", .card = "AS"},
      "expected E to lead to trick 1 (the caller, E, at the dealer's left, leads to the "
      "first trick), found AS from N's hand");
}

TEST(ConspiracyMatchTest, CardsBelowSevenAreNotInThePack) {
  auto match = NewMatch();
  Hands hands = OneSuitEach();
  hands[0][0] = C("6S");
  auto result = match->Apply(Deal(1, Seat::kNorth, hands));
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, "card-not-in-pack");
  EXPECT_EQ(result.error().place.path, "/deals/0/hands/N/0");
}

TEST(ConspiracyMatchTest, RejectedEventLeavesTheStateUnchanged) {
  auto match = NewMatch();
  ASSERT_TRUE(match->Apply(Deal(1, Seat::kNorth, OneSuitEachSwapped())).has_value());
  std::string before_call = match->Describe();
  EXPECT_FALSE(match->Apply(Call(1, Suit::kHearts, 9)).has_value());
  EXPECT_FALSE(match->Apply(Call(1, Suit::kHearts, 2, Seat::kWest)).has_value());
  EXPECT_FALSE(match->Apply(Conference(1, 70000, 0)).has_value());  // ends before it starts
  EXPECT_FALSE(match->Apply(Play(1, 1, 0, C("AH"))).has_value());   // no call yet
  EXPECT_EQ(match->Describe(), before_call);
  ASSERT_TRUE(match->Apply(Call(1, Suit::kHearts, 3)).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 0, C("AH"))).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 1, C("AD"))).has_value());
  ASSERT_TRUE(match->Apply(Play(1, 1, 2, C("AC"))).has_value());
  std::string before_revoke = match->Describe();
  EXPECT_FALSE(match->Apply(Play(1, 1, 3, C("AS"))).has_value());
  EXPECT_FALSE(match->Apply(Call(1, Suit::kHearts, 3)).has_value());
  EXPECT_EQ(match->Describe(), before_revoke);
}

// ---------------------------------------------------------------------------------------------
// Properties over random legal deals.

Event RandomDeal(int deal, Seat dealer) {
  std::vector<Card> pack = Pack32().Cards();
  for (size_t i = pack.size() - 1; i > 0; --i) {
    std::swap(pack[i], pack[*rc::gen::inRange<size_t>(0, i + 1)]);
  }
  Hands hands;
  for (size_t i = 0; i < pack.size(); ++i) {
    hands[SeatIndex(SeatAt(SeatIndex(dealer) + 1 + static_cast<int>(i)))].push_back(pack[i]);
  }
  return Deal(deal, dealer, hands);
}

// The trick winner, computed here independently of the engine.
int WinnerPosition(const std::vector<Card>& trick, std::optional<Suit> trump) {
  int best = 0;
  for (int i = 1; i < 4; ++i) {
    Card a = trick[i];
    Card b = trick[best];
    bool beats = a.suit == b.suit ? a.rank > b.rank : (trump && a.suit == *trump);
    if (beats) best = i;
  }
  return best;
}

// Follow suit: where the player holds the suit led, a card of another suit is refused and the
// state is unchanged.
void CheckRevokeRefused(Match& match, const std::vector<Card>& hand, std::optional<Suit> led) {
  if (!led) return;
  bool holds_led = std::any_of(hand.begin(), hand.end(), [&](Card c) { return c.suit == *led; });
  for (Card card : hand) {
    if (!holds_led || card.suit == *led) continue;
    std::string before = match.Describe();
    auto result = match.Apply(LivePlay(1, card));
    RC_ASSERT(!result.has_value());
    RC_ASSERT(result.error().code == "revoke");
    RC_ASSERT(match.Describe() == before);
    return;
  }
}

// Plays one random legal trick; returns the winner.
Seat PlayRandomTrick(Match& match, Hands& hands, std::optional<Suit> trump) {
  Seat leader = *NextSeat(match);
  std::vector<Card> trick;
  for (int position = 0; position < 4; ++position) {
    std::vector<Card>& hand = hands[SeatIndex(SeatAt(SeatIndex(leader) + position))];
    std::optional<Suit> led = trick.empty() ? std::nullopt : std::optional(trick[0].suit);
    CheckRevokeRefused(match, hand, led);
    std::vector<Event> legal = match.LegalEvents();
    RC_ASSERT(!legal.empty());
    Event event = legal[*rc::gen::inRange<size_t>(0, legal.size())];
    RC_ASSERT(match.Apply(event).has_value());
    trick.push_back(event.As<trick::PlayEvent>()->card);
    std::erase(hand, trick.back());
  }
  return SeatAt(SeatIndex(leader) + WinnerPosition(trick, trump));
}

// Seed 003: 8 tricks; "team AC makes either 0 or 5 whilst team BD may make either 0 or any even
// number between 0 and 16"; never both.
RC_GTEST_PROP(ConspiracyProperties, DealInvariants, ()) {
  Seat dealer = *rc::gen::element(Seat::kNorth, Seat::kEast, Seat::kSouth, Seat::kWest);
  bool no_trump = *rc::gen::arbitrary<bool>();
  auto match = NewMatch({{"no_trump", no_trump}});
  Event deal = RandomDeal(1, dealer);
  Hands hands = *deal.As<trick::DealEvent>()->hands;
  RC_ASSERT(match->Apply(deal).has_value());
  std::vector<Event> calls = match->LegalEvents();
  RC_ASSERT(calls.size() == (no_trump ? 45u : 36u));
  Event call_event = calls[*rc::gen::inRange<size_t>(0, calls.size())];
  CallEvent call = CallOf(call_event);
  RC_ASSERT(call_event.actor == SeatIndex(LeftOf(dealer)));
  RC_ASSERT(match->Apply(call_event).has_value());
  RC_ASSERT(NextSeat(*match) == LeftOf(dealer));  // the caller leads
  int taken = 0;
  int tricks = 0;
  while (match->Next().kind == "play") {
    Seat winner = PlayRandomTrick(*match, hands, call.trump);
    taken += PartnershipOf(winner) == PartnershipOf(LeftOf(dealer)) ? 1 : 0;
    ++tricks;
    if (tricks < 8) RC_ASSERT(NextSeat(*match) == winner);
  }
  RC_ASSERT(tricks == 8);
  std::vector<int> points = match->Scores().rows.at(0).points;
  int calling = points[static_cast<int>(PartnershipOf(LeftOf(dealer)))];
  int dealing = points[static_cast<int>(PartnershipOf(dealer))];
  RC_ASSERT(calling >= 0 && calling <= 16 && calling % 2 == 0);
  RC_ASSERT(dealing == 0 || dealing == 5);
  RC_ASSERT(calling == 0 || dealing == 0);
  RC_ASSERT(calling == (taken == call.tricks ? 2 * taken : 0));
  RC_ASSERT(dealing == (taken == call.tricks ? 0 : 5));
}

}  // namespace
}  // namespace referee::games::conspiracy
