// What the parts of the event desk share (event_desk.cpp, event_desk_create.cpp,
// event_desk_views.cpp, event_desk_acts.cpp): the desk's private state per event, and the small
// readers and builders every part uses. Not part of the server's interface.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "server/event.h"
#include "server/event_desk.h"
#include "server/event_journal.h"

namespace referee::server {

struct EventDesk::Slot {
  explicit Slot(boost::asio::io_context&) {}
  struct Waiter {
    std::shared_ptr<boost::asio::steady_timer> timer;
    Respond respond;
    int64_t after = 0;
    std::chrono::steady_clock::time_point deadline;
  };
  std::mutex mutex;  // guards everything below
  std::optional<Event> event;
  std::shared_ptr<TableJournal> journal;
  uint64_t journal_bytes = 0;  // taken by the commit log so far
  std::string text;            // every line, as the journal holds them
  std::string prev;            // the last line's sha256
  int seq = 0;                 // lines so far
  int durable = 0;             // lines acknowledged
  std::string staged;
  std::string creation;  // the metadata of a new event, until its first lines are taken
  std::map<int, HttpResponse> replies;  // the reply to each line a client asked for, for retries
  std::map<uint64_t, Waiter> waiters;
  uint64_t next_waiter = 0;
  // The standings, as last computed, and what they were computed at.
  std::string standings_key;
  std::string standings_json;
  std::optional<referee::Error> standings_error;  // of the standings last computed
  bool provisional = true;
};

struct EventDesk::Caller {
  bool organiser = false;
  bool director = false;
  std::optional<std::string> player;
};

namespace desk {

inline constexpr size_t kMostText = 500;  // a reason, a message or an answer
// Event ids leave room for "-rRRRR-tTTTT" within a table id's 64 characters.
inline constexpr size_t kMostEventId = 48;
// The keys of a table's header that the event sets itself.
extern const std::set<std::string> kHeaderKeysSet;

record::Node Text(const std::string& text);
record::Node Integer(int64_t value);
// The text of a scalar member of a map; empty when absent or not a scalar.
std::string TextOf(const record::Node& map, std::string_view key);
HttpResponse Refused(const std::string& code, const std::string& message);
// A string member of at most kMostText bytes, one line of printable text (free text: line breaks
// allowed); none when absent.
Result<std::optional<std::string>, HttpResponse> ReadNote(const record::Node& body,
                                                          std::string_view key, bool required);
std::optional<int64_t> IntegerMember(const record::Node& body, std::string_view key, int64_t min,
                                     int64_t max);
// A player's seat link for a round: the seat page of the table the player sits at (the token in the
// fragment, docs/organisers.md), and that table; a player who sits the round out has no link (the
// same token serves at the tables of later rounds).
record::Node PlayerLink(const Event& event, int round, const std::string& player,
                        const std::string& token);
std::string DirectorLink(const std::string& event, const std::string& token);
// Stages one line of the event's journal (its chain continued) and applies it to the event.
Result<int, referee::Error> StageLine(EventDesk::Slot& slot, const record::Node& act);
// The act as journaled: who, when (event seconds) and what, in that order.
record::Node Stamped(const std::string& kind, const std::string& by, int64_t at_ms,
                     const record::Node& rest);

}  // namespace desk
}  // namespace referee::server
