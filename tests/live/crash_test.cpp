// The journal survives being killed anywhere (docs/live.md, "Crash recovery"): the real referee
// binary plays a random legal match of each game over a pipe with --journal, and is killed with
// SIGKILL at ten random points: right after an event was sent (mid-processing), after its reply,
// or with half a line written to the journal by hand (a torn write). Each time it is started
// again on the journal and told the header; it says how many events it replayed, and the client
// carries on from there. At the end the match is over, the journal holds every event exactly once
// (so no acknowledged event was lost), and `referee verify` says it is valid.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "live/journal.h"
#include "tests/live/live_test_util.h"
#include "tests/shared/game_param.h"
#include "tests/support/shell.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;
using games::GameDescriptor;

std::string ReadFile(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// A tmpfs when there is one, so a thousand fdatasyncs stay fast; the disk otherwise.
fs::path ScratchDirectory(const std::string& name) {
  fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  fs::path directory = base / ("referee-live-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

// `referee live --journal FILE` on two pipes; standard error goes to a file.
class Referee {
 public:
  Referee(const fs::path& journal, const fs::path& errors) {
    int to_child[2];
    int from_child[2];
    EXPECT_EQ(::pipe2(to_child, O_CLOEXEC), 0);
    EXPECT_EQ(::pipe2(from_child, O_CLOEXEC), 0);
    pid_ = ::fork();
    if (pid_ == 0) {
      int err = ::open(errors.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      ::dup2(err, 2);
      ::execl(REFEREE_BINARY, "referee", "live", "--journal", journal.c_str(), nullptr);
      ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    in_ = ::fdopen(to_child[1], "w");
    out_ = ::fdopen(from_child[0], "r");
  }
  ~Referee() {
    if (in_ != nullptr) std::fclose(in_);
    std::fclose(out_);
    if (pid_ > 0) Wait();
  }

  void Send(const std::string& line) {
    std::fputs((line + "\n").c_str(), in_);
    std::fflush(in_);
  }
  record::Node Receive() {
    char* buffer = nullptr;
    size_t size = 0;
    ssize_t got = ::getline(&buffer, &size, out_);
    std::string line = got > 0 ? std::string(buffer, static_cast<size_t>(got)) : "";
    std::free(buffer);
    EXPECT_FALSE(line.empty()) << "the referee gave no reply";
    return line.empty() ? record::Node() : ParseLine(line);
  }
  void Kill() {
    ::kill(pid_, SIGKILL);
    Wait();
  }
  // Closes standard input and returns the exit code.
  int Finish() {
    std::fclose(in_);
    in_ = nullptr;
    return Wait();
  }

 private:
  int Wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

int Resumed(const record::Node& greeting) {
  const record::Node* resumed = greeting.Find("resumed");
  return resumed == nullptr ? 0 : std::stoi(resumed->text());
}

// The journal's event lines so far: each must be the script's line at its place.
size_t CheckJournal(const fs::path& journal, const ScriptedMatch& match) {
  std::string text = ReadFile(journal);
  live::JournalText lines = live::SplitJournal(text);
  if (lines.lines.empty()) return 0;
  EXPECT_EQ(lines.lines[0], Json(match.script.header));
  for (size_t i = 1; i < lines.lines.size(); ++i) {
    EXPECT_EQ(lines.lines[i], Json(match.script.events.at(i - 1))) << "journal line " << i + 1;
  }
  return lines.lines.size() - 1;
}

class LiveCrash : public ::testing::TestWithParam<const GameDescriptor*> {};

TEST_P(LiveCrash, TheJournalSurvivesSigkillAnywhereAndVerifiesValid) {
  ::signal(SIGPIPE, SIG_IGN);
  const GameDescriptor& game = *GetParam();
  ScriptedMatch match = RandomScript(game, 7);
  const std::vector<record::Node>& events = match.script.events;
  ASSERT_GT(events.size(), 20u);
  fs::path directory = ScratchDirectory(game.name);
  fs::path journal = directory / "match.journal";
  fs::path errors = directory / "stderr.txt";
  std::mt19937 rng(7);
  std::vector<size_t> kills;
  for (int i = 0; i < 10; ++i) kills.push_back(rng() % events.size());
  std::sort(kills.begin(), kills.end());
  size_t acknowledged = 0;
  int torn_writes = 0;
  for (size_t kill_at : kills) {
    Referee referee(journal, errors);
    referee.Send(Json(match.script.header));
    size_t next = static_cast<size_t>(Resumed(referee.Receive()));
    EXPECT_GE(next, acknowledged) << "an acknowledged event was lost";
    for (; next < kill_at; acknowledged = ++next) {
      referee.Send(Json(events[next]));
      ASSERT_TRUE(IsOk(referee.Receive()));
    }
    int mode = static_cast<int>(rng() % 3);
    if (next < events.size()) referee.Send(Json(events[next]));
    if (mode == 1 && next < events.size()) acknowledged += IsOk(referee.Receive()) ? 1 : 0;
    if (mode == 0) std::this_thread::sleep_for(std::chrono::microseconds(rng() % 300));
    referee.Kill();
    EXPECT_GE(CheckJournal(journal, match), acknowledged);
    if (mode == 2) {
      std::string half = Json(events[std::min(next + 1, events.size() - 1)]);
      std::ofstream(journal, std::ios::app) << half.substr(0, half.size() / 2);
      ++torn_writes;
    }
  }
  Referee referee(journal, errors);
  referee.Send(Json(match.script.header));
  size_t next = static_cast<size_t>(Resumed(referee.Receive()));
  EXPECT_GE(next, acknowledged);
  record::Node last;
  for (; next < events.size(); ++next) {
    referee.Send(Json(events[next]));
    last = referee.Receive();
    ASSERT_TRUE(IsOk(last)) << Json(last);
  }
  ASSERT_NE(last.Find("verdict"), nullptr);
  EXPECT_EQ(last.Find("verdict")->Find("status")->text(), "valid");
  EXPECT_EQ(referee.Finish(), 0);
  EXPECT_EQ(CheckJournal(journal, match), events.size());
  if (torn_writes > 0) {
    EXPECT_NE(ReadFile(errors).find("dropped a torn last line"), std::string::npos);
  }
  referee::testing::ShellResult verify = referee::testing::RunShell(
      referee::testing::RefereeCommand() + " verify --quiet '" + journal.string() + "'");
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_NE(verify.output.find("1 record: 1 valid"), std::string::npos) << verify.output;
  fs::remove_all(directory);
}

INSTANTIATE_TEST_SUITE_P(AllGames, LiveCrash, ::testing::ValuesIn(games::BuiltInGames()), GameName);

}  // namespace
}  // namespace referee::testing
