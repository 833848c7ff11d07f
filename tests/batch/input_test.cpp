// Reading many inputs on every core (batch/input.h): documents and input steps come out in input
// order whatever the number of threads, files of one document are read and worked on by the
// worker threads, an input that cannot be read is reported at its place, only a bounded window
// of documents is in flight however many files there are, and a folder's entries are classed
// alike whether or not its listing gives their types.
#include "batch/input.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace referee::batch {
namespace {

namespace fs = std::filesystem;

class ManyInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("referee-inputs-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }

  // `count` files of one document, YAML and JSON in turn, one of them not readable as its
  // format.
  std::vector<std::string> WholeFiles(int count, const std::string& prefix = "f") {
    std::vector<std::string> paths;
    for (int i = 0; i < count; ++i) {
      std::string number = std::to_string(1000 + i);
      paths.push_back(i % 2 == 0 ? Write(prefix + number + ".yaml", "n: " + number + "\n")
                                 : Write(prefix + number + ".json", "{\"n\": " + number + "}"));
    }
    return paths;
  }

  fs::path dir_;
};

// What a run emitted, as text: a line per document and per step that ends an input.
struct Trace {
  std::vector<std::string> lines;
  size_t bytes = 0;
};

std::string Describe(Document& document) {
  std::string name = fs::path(document.source).filename().string();
  if (document.streamed) name += "#" + std::to_string(document.index + 1);
  name += " input " + std::to_string(document.input);
  return name + (document.Node().has_value() ? "" : " (" + document.Node().error().code + ")");
}

Trace TraceRun(const std::vector<std::string>& paths, unsigned threads) {
  Trace trace;
  std::function<std::string(Document&)> work = Describe;
  ForEachDocumentOfInputs<std::string>(
      paths, InputOptions{std::nullopt, {}, threads}, work,
      [&](std::string& line) { trace.lines.push_back(line); },
      [&](const InputStep& step) {
        trace.bytes += step.bytes;
        if (!step.input_ended) return;
        trace.lines.push_back("end " + fs::path(step.path).filename().string() +
                              (step.read.has_value() ? "" : ": failed"));
      });
  return trace;
}

TEST_F(ManyInputs, DocumentsAndEndsComeInInputOrderOnAnyNumberOfThreads) {
  std::vector<std::string> paths = WholeFiles(60);
  std::string lines;
  for (int i = 0; i < 150; ++i) lines += "{\"n\": " + std::to_string(i) + "}\n\n";
  paths.insert(paths.begin() + 20, Write("stream.jsonl", lines));
  paths.insert(paths.begin() + 30, (dir_ / "missing.yaml").string());
  paths.insert(paths.begin() + 40, Write("bad.json", "{\"n\": "));
  paths.push_back(Write("last.yaml", "n: last\n"));

  std::vector<std::string> expected;
  for (size_t input = 0; input < paths.size(); ++input) {
    std::string name = fs::path(paths[input]).filename().string();
    std::string where = " input " + std::to_string(input);
    if (name == "stream.jsonl") {
      for (int i = 1; i <= 150; ++i) expected.push_back(name + "#" + std::to_string(i) + where);
    } else if (name == "bad.json") {
      expected.push_back(name + where + " (json-syntax)");
    } else if (name != "missing.yaml") {
      expected.push_back(name + where);
    }
    expected.push_back("end " + name + (name == "missing.yaml" ? ": failed" : ""));
  }
  size_t bytes = 0;
  for (const std::string& path : paths) {
    if (fs::exists(path)) bytes += fs::file_size(path);
  }
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    Trace trace = TraceRun(paths, threads);
    EXPECT_EQ(trace.lines, expected) << threads << " threads";
    EXPECT_EQ(trace.bytes, bytes) << threads << " threads: every byte of input is counted once";
  }
}

// A stream of many blocks (internal::kBlockBytes), its records of every size and a line over the
// limit among them: every record once, in order, on its line, whatever the number of threads.
TEST_F(ManyInputs, AStreamOfManyBlocksComesOutInOrder) {
  formats::ReadLimits limits{.max_document_bytes = 3000};
  std::string text;
  std::vector<std::string> expected;
  uint32_t line = 0;
  for (int i = 0; i < 2000; ++i) {
    bool too_long = i == 700;
    std::string padding(too_long ? 5000 : static_cast<size_t>(i * 37 % 2500), ' ');
    text += "{\"n\": " + std::to_string(i) + padding + "}\n" + (i % 3 == 0 ? "\n" : "");
    expected.push_back(std::to_string(i) + "@" + std::to_string(++line) +
                       (too_long ? " too-large" : ""));
    if (i % 3 == 0) ++line;
  }
  ASSERT_GT(text.size(), 10 * internal::kBlockBytes);
  std::string path = Write("many.jsonl", text);
  std::function<std::string(Document&)> work = [](Document& document) {
    std::string seen =
        std::to_string(document.index) + "@" + std::to_string(document.text.FirstLine());
    if (!document.Node().has_value()) return seen + " " + document.Node().error().code;
    if (document.Node()->Find("n")->text() != std::to_string(document.index)) return seen + " ?";
    return seen;
  };
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    std::vector<std::string> seen;
    size_t bytes = 0;
    ForEachDocumentOfInputs<std::string>(
        {path}, InputOptions{std::nullopt, limits, threads}, work,
        [&](std::string& record) { seen.push_back(record); },
        [&](const InputStep& step) { bytes += step.bytes; });
    EXPECT_EQ(seen, expected) << threads << " threads";
    EXPECT_EQ(bytes, text.size()) << threads << " threads";
  }
}

// Files of one document are shared out to the working threads, which read them where they work
// on them: two threads are the calling thread and one worker, and both take files.
TEST_F(ManyInputs, FilesOfOneDocumentAreReadAndWorkedOnByEveryWorkingThread) {
  std::vector<std::string> paths = WholeFiles(200);
  std::thread::id caller = std::this_thread::get_id();
  std::mutex mutex;
  std::set<std::thread::id> working;
  std::function<int(Document&)> work = [&](Document& /*document*/) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));  // long enough to share out
    std::lock_guard<std::mutex> lock(mutex);
    working.insert(std::this_thread::get_id());
    return 0;
  };
  size_t emitted = 0;
  ForEachDocumentOfInputs<int>(
      paths, InputOptions{std::nullopt, {}, 2}, work, [&](int& /*output*/) { ++emitted; },
      [](const InputStep& /*step*/) {});
  EXPECT_EQ(emitted, paths.size());
  EXPECT_EQ(working.size(), 2u);
  EXPECT_EQ(working.count(caller), 1u) << "the calling thread only waited";
}

// However many files there are, the documents worked on but not yet emitted stay within the
// window of pieces in flight: memory follows the window, not the inputs.
TEST_F(ManyInputs, OnlyAWindowOfDocumentsIsInFlight) {
  std::vector<std::string> paths = WholeFiles(2000);
  constexpr unsigned kThreads = 3;
  std::atomic<long> in_flight = 0;
  std::atomic<long> most_in_flight = 0;
  std::atomic<int> worked = 0;
  std::function<int(Document&)> work = [&](Document& /*document*/) {
    // The first of every 100 is slow, so that the others pile up behind it if they can.
    if (worked++ % 100 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    long now = ++in_flight;
    long most = most_in_flight.load();
    while (now > most && !most_in_flight.compare_exchange_weak(most, now)) {
    }
    return 0;
  };
  ForEachDocumentOfInputs<int>(
      paths, InputOptions{std::nullopt, {}, kThreads}, work, [&](int& /*output*/) { --in_flight; },
      [](const InputStep& /*step*/) {});
  EXPECT_EQ(worked.load(), 2000);
  EXPECT_GT(most_in_flight.load(), 1) << "the workers never ran side by side";
  EXPECT_LE(most_in_flight.load(),
            static_cast<long>(internal::ChunksInFlight(kThreads) * internal::kFilesPerChunk));
}

// A failure of the work reaches the caller, at its document's turn, and the run stops there.
TEST_F(ManyInputs, AnExceptionFromTheWorkReachesTheCaller) {
  std::vector<std::string> paths = WholeFiles(100);
  std::atomic<size_t> emitted = 0;
  std::function<int(Document&)> work = [](Document& document) {
    if (document.input == 50) throw std::runtime_error("work failed");
    return 0;
  };
  EXPECT_THROW(ForEachDocumentOfInputs<int>(
                   paths, InputOptions{std::nullopt, {}, 2}, work,
                   [&](int& /*output*/) { ++emitted; }, [](const InputStep& /*step*/) {}),
               std::runtime_error);
  EXPECT_EQ(emitted.load(), 50u);
}

// A file system that does not give an entry's type with its listing (DT_UNKNOWN: some network
// and older file systems) has each entry asked with lstat, and the walk decides as it does with
// the type given: every entry of a folder classed the same both ways.
TEST_F(ManyInputs, AnEntryOfUnknownTypeIsClassedAsWithItsTypeGiven) {
  Write("record.json", "{}");
  Write("notes.txt", "not a record");
  fs::create_directory(dir_ / "inner");
  fs::create_symlink(dir_ / "record.json", dir_ / "link.json");
  fs::create_directory_symlink(dir_ / "inner", dir_ / "folder-link.json");
  fs::create_symlink(dir_ / "nowhere.json", dir_ / "dangling.json");
  ASSERT_EQ(::mkfifo((dir_ / "pipe.json").c_str(), 0600), 0);
  struct Classed {
    std::vector<std::string> files, folders;
    std::vector<std::string> problems;
  };
  auto classify = [&](bool type_given) {
    Classed classed;
    std::vector<InputProblem> problems;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_)) {
      fs::file_type type = entry.symlink_status().type();
      unsigned char given = !type_given                        ? DT_UNKNOWN
                            : type == fs::file_type::symlink   ? DT_LNK
                            : type == fs::file_type::directory ? DT_DIR
                            : type == fs::file_type::regular   ? DT_REG
                            : type == fs::file_type::fifo      ? DT_FIFO
                                                               : DT_UNKNOWN;
      internal::AddFolderEntry(entry.path().string(), given, classed.files, classed.folders,
                               problems);
    }
    for (const InputProblem& problem : problems) classed.problems.push_back(problem.error.message);
    std::sort(classed.files.begin(), classed.files.end());
    std::sort(classed.folders.begin(), classed.folders.end());
    std::sort(classed.problems.begin(), classed.problems.end());
    return classed;
  };
  Classed unknown = classify(false);
  Classed given = classify(true);
  EXPECT_EQ(unknown.files, given.files);
  EXPECT_EQ(unknown.folders, given.folders);
  EXPECT_EQ(unknown.problems, given.problems);
  std::string dir = dir_.string();
  EXPECT_EQ(unknown.files, (std::vector<std::string>{dir + "/link.json", dir + "/record.json"}));
  EXPECT_EQ(unknown.folders, (std::vector<std::string>{dir + "/inner"}));
  EXPECT_EQ(
      unknown.problems,
      (std::vector<std::string>{"cannot read " + dir + "/dangling.json: No such file or directory",
                                "cannot read " + dir + "/pipe.json: not a regular file"}));
}

}  // namespace
}  // namespace referee::batch
