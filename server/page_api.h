// What the pages (server/pages.h) need of a table beyond the live protocol, and any client may use
// (docs/serve.md, "For the pages"):
// - the score sheet so far, public: GET /tables/ID/sheet;
// - the scorer: a token of the table that enters the events of every seat, for one device at a
//   table played with real cards. It sees what every seat may see, never a hand;
// - a retry applied once: a POST that names the event number it writes (?event=N) gets, when it
//   comes again with the same body, the first one's reply, however often the reply was lost.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "live/journal.h"
#include "referee/core/result.h"
#include "referee/record/node.h"
#include "server/service.h"
#include "server/table.h"

namespace referee::server {

// Who posted an event, for its retries: a seat or player index, or one of these.
inline constexpr int kOrganiserPoster = -1;
inline constexpr int kScorerPoster = -2;

// GET /tables/ID/sheet: {"ok":true,"id","events","units":[...],"deals":[{"deal","board","label",
// "points":{UNIT: N},"void"}],"totals":{UNIT: N}}, and "result" (the outcome for people) once the
// match is over. Every deal scored so far was announced to the whole table.
record::Node SheetNode(const Table& table);

// What the scorer may know now: the table's state as the organiser's (`next`, `events`, ...), a
// `view` of what every seat may see (the members that all the seats' views share), the `pack` of
// the deal in play (every card of it, whoever holds it) where the seats hold cards, and the
// `legal` events of the seat to act that name no card (a call): the cards it may play would show
// its hand.
record::Node ScorerState(Table& table, const record::Node& referee_moves);

// The seat or player a scorer's line acts for: the one it names, else the one to act. A line that
// names none that the table has is refused (400).
Result<int, HttpResponse> ScorerActor(const Table& table, const record::Node& line);

// The body of POST /tables/ID/tokens asks for the scorer's token: {"scorer": true}. None when the
// body asks for seats' tokens instead; a refusal when "scorer" is there but not alone and true.
Result<bool, HttpResponse> AsksForScorer(const record::Node& body);

// The replies to the last event each poster wrote with ?event=N, for its retries: the same number
// and the same body from the same poster. A retry that comes while its event is still being made
// durable waits for it, as the first request does. Another body with a number the table holds is
// another event, come too late: refused (409 event-taken), never taken for the first.
class Retries {
 public:
  // How a POST that names event `number` goes on.
  struct Step {
    enum Kind {
      kRule,    // the table is at number - 1 events: the event is ruled as any
      kAnswer,  // answered with `reply`: the remembered reply, or a refusal (409)
      kHeld,    // its event is being made durable: `respond` was kept, and Settle answers it
    };
    Kind kind = kRule;
    HttpResponse reply;
  };
  // `line`: the body posted. `durable`: the events of the table made durable so far.
  Step Before(int64_t number, int poster, const record::Node& line, const Table& table, int durable,
              Respond& respond);
  // The accepted reply to event `number`, posted by `poster` as `line` (its sync may be under
  // way).
  void Remember(int number, int poster, const record::Node& line, const HttpResponse& reply);
  // Events up to `durable` are durable, or `written` failed: the retries held, each with its
  // reply.
  std::vector<std::pair<Respond, HttpResponse>> Settle(int durable,
                                                       const Result<void, referee::Error>& written);
  // After a restart: each seat's (or player's) last event of the journal, so that a retry whose
  // first request reached the server before it stopped still gets an acceptance: its `event`, and
  // where the table stands now. `events`: the number of events the journal holds.
  void FromJournal(const live::JournalText& journal, const TableMeta& meta, int events);

 private:
  struct Written {
    int number = 0;
    std::string line;  // the body posted, canonical
    HttpResponse reply;
  };
  std::map<int, Written> last_;  // by poster
  struct Held {
    int number = 0;
    Respond respond;
    HttpResponse reply;
  };
  std::vector<Held> held_;  // retries that came before their event was durable
  struct Journaled {
    int number = 0;
    record::Node event;  // as the acceptance echoed it
  };
  // From the journal after a restart, by the seat or player the event was for (kOrganiserPoster:
  // a deal); who posted it is not journaled.
  std::map<int, Journaled> journaled_;
};

}  // namespace referee::server
