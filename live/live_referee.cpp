#include "live/live_referee.h"

#include "formats/json_reader.h"
#include "referee/core/printable.h"
#include "referee/record/record_writer.h"

namespace referee::live {
namespace {

using record::Node;

// A reply before any session exists (a header that cannot be read).
Node BareRejection(const Finding& finding) {
  Node reply = Node::Map({});
  reply.AddMember("ok", {}, Node::Scalar(Node::Kind::kBool, "false", {}));
  reply.AddMember("code", {}, record::StringNode(finding.code));
  // Both may quote the line (a value, a key in the pointer): escaped like every diagnostic.
  reply.AddMember("message", {}, record::StringNode(Printable(finding.message)));
  if (!finding.place.path.empty()) {
    reply.AddMember("at", {}, record::StringNode(Printable(finding.place.path)));
  }
  return reply;
}

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r") == std::string_view::npos;
}

}  // namespace

LiveReferee::LiveReferee(JournalDisk* journal, std::optional<Session> resumed)
    : journal_(journal), session_(std::move(resumed)) {}

LiveReferee::Output LiveReferee::Answer(const Node& reply, Stop stop) {
  return Output{JournalLine(reply), "", stop};
}

LiveReferee::Output LiveReferee::OnLine(std::string_view text) {
  if (IsBlank(text)) return Output{};
  auto line = formats::ParseJson(text);
  if (!line.has_value()) return OnUnreadable(line.error());
  if (!header_seen_) return OnHeader(*line);
  return OnEvent(*line);
}

LiveReferee::Output LiveReferee::OnOverlongLine() {
  return OnUnreadable(Malformed("too-large", "",
                                "expected a line of at most " + std::to_string(kMaxLineBytes) +
                                    " bytes, found a longer one (the rest of it was skipped)"));
}

// A line that is not JSON (or too long to read): without a header there is no session to go on.
LiveReferee::Output LiveReferee::OnUnreadable(const Finding& finding) {
  if (!header_seen_) return Answer(BareRejection(finding), Stop::kBadHeader);
  return Answer(session_->Rejection(finding));
}

LiveReferee::Output LiveReferee::OnHeader(const Node& header) {
  header_seen_ = true;
  if (session_) {
    // Resuming: the client repeats the header it started with.
    if (!(session_->header() == header)) {
      Finding mismatch{"journal-mismatch",
                       Severity::kMalformed,
                       {},
                       "expected the header the journal starts with, found another header"};
      return Answer(BareRejection(mismatch), Stop::kBadHeader);
    }
    return Answer(session_->Greeting(session_->events()));
  }
  auto session = Session::Start(header);
  if (!session.has_value()) return Answer(BareRejection(session.error()), Stop::kBadHeader);
  session_.emplace(std::move(*session));
  if (journal_ != nullptr) {
    if (Result<void, Error> written = journal_->Append(JournalLine(session_->header())); !written) {
      return Output{"", written.error().message, Stop::kDisk};
    }
  }
  return Answer(session_->Greeting(0));
}

LiveReferee::Output LiveReferee::OnEvent(const Node& line) {
  Reply reply = session_->Handle(line);
  // The event is durable before its acceptance is written: an acknowledged event is never lost.
  if (reply.accepted && journal_ != nullptr) {
    if (Result<void, Error> written = journal_->Append(JournalLine(*reply.accepted)); !written) {
      return Output{"", written.error().message, Stop::kDisk};
    }
  }
  return Answer(reply.line);
}

verifier::Status LiveReferee::FinalStatus() const {
  if (!session_) return verifier::Status::kMalformed;
  return session_->Verdict().status;
}

}  // namespace referee::live
