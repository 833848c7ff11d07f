// The one bounded file reader (io/input_file.h): what a path is, asked before it is opened, and a
// size limit applied while reading. Each error names the path and says what is wrong.
#include "io/input_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tests/support/temporary_files.h"

namespace referee::io {
namespace {

namespace fs = std::filesystem;

// A name of this process's own in the temporary folder.
std::string TemporaryPath(const std::string& name) {
  return (fs::temp_directory_path() / ("referee-io-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// A FIFO made for one test, removed when it ends.
struct Fifo {
  std::string path = TemporaryPath("pipe");
  Fifo() { EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0); }
  ~Fifo() { ::unlink(path.c_str()); }
};

std::string Write(const std::string& name, const std::string& text) {
  return testing::WriteTemporaryFile("referee-io-" + std::to_string(::getpid()) + "-" + name, text);
}

TEST(InputFile, ReadsARegularFileWhole) {
  std::string path = Write("a.txt", "three\nlines\nhere");
  Result<std::string, Error> text = ReadFile(path, 100);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(*text, "three\nlines\nhere");
}

TEST(InputFile, AFileOfExactlyTheLimitIsRead) {
  std::string path = Write("a.txt", std::string(64, 'x'));
  Result<std::string, Error> text = ReadFile(path, 64);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(text->size(), 64u);
}

TEST(InputFile, AFileOverTheLimitIsAnErrorThatNamesIt) {
  std::string path = Write("big.txt", std::string(65, 'x'));
  Result<std::string, Error> text = ReadFile(path, 64);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message, "cannot read " + path + ": larger than 64 bytes");
  EXPECT_EQ(text.error().exit_code(), 4);
}

TEST(InputFile, AMissingFileIsAnErrorThatNamesIt) {
  std::string path = TemporaryPath("missing.txt");
  Result<std::string, Error> text = ReadFile(path, 64);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message, "cannot read " + path + ": No such file or directory");
}

TEST(InputFile, ADirectoryIsRefused) {
  for (Accept accept : {Accept::kRegularFile, Accept::kStreamToo}) {
    std::string folder = fs::temp_directory_path().string();
    Result<std::string, Error> text = ReadFile(folder, 64, accept);
    ASSERT_FALSE(text.has_value());
    EXPECT_EQ(text.error().message, "cannot read " + folder + ": it is a directory");
  }
}

// Refused before it is opened: opening a FIFO to read waits for a writer, so a test that hangs
// here is the failure.
TEST(InputFile, AFifoIsRefusedWithoutWaitingForAWriter) {
  Fifo fifo;
  const std::string& path = fifo.path;
  Result<std::string, Error> text = ReadFile(path, 64);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message, "cannot read " + path + ": not a regular file");
}

TEST(InputFile, DevZeroIsRefusedAsAFile) {
  Result<std::string, Error> text = ReadFile("/dev/zero", 64);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message, "cannot read /dev/zero: not a regular file");
}

// Named by a user as input, an endless stream is read no further than the limit and one byte.
TEST(InputFile, DevZeroAsAUsersInputIsReadToTheLimitAndOneByte) {
  Result<std::string, Error> text = ReadInput("/dev/zero", 1000);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(text->size(), 1001u);
  Result<std::string, Error> refused = ReadFile("/dev/zero", 1000, Accept::kStreamToo);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().message, "cannot read /dev/zero: larger than 1000 bytes");
}

// `verify <(command)`: a FIFO a user names is read once its writer comes.
TEST(InputFile, AFifoAUserNamesIsReadFromItsWriter) {
  Fifo fifo;
  const std::string& path = fifo.path;
  std::thread writer([&] { std::ofstream(path, std::ios::binary) << "from the writer"; });
  Result<std::string, Error> text = ReadInput(path, 100);
  writer.join();
  ASSERT_TRUE(text.has_value()) << text.error().message;
  EXPECT_EQ(*text, "from the writer");
}

TEST(InputFile, ControlBytesInAPathAreEscapedInTheError) {
  std::string path = TemporaryPath("bad\x1b[2Jname");
  Result<std::string, Error> text = ReadFile(path, 64);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().message.find('\x1b'), std::string::npos) << text.error().message;
  EXPECT_NE(text.error().message.find("bad\\x1b[2Jname"), std::string::npos)
      << text.error().message;
}

TEST(InputFile, ReadAtMostStopsAtItsCount) {
  std::string path = Write("a.txt", std::string(10000, 'y'));
  auto file = InputFile::Open(path);
  ASSERT_TRUE(file.has_value()) << file.error().message;
  Result<std::string, Error> start = ReadAtMost(**file, 4097);
  ASSERT_TRUE(start.has_value());
  EXPECT_EQ(start->size(), 4097u);
  EXPECT_EQ((*file)->BytesRead(), 4097u);
}

}  // namespace
}  // namespace referee::io
