// Every finding code the source can produce is documented in docs/findings.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::set<std::string> CodesInSource() {
  // Findings are built by Illegal(code, ...), Malformed(code, ...), Note(code, ...) or
  // MalformedAt(code, ...), the code a string literal, possibly on the next line.
  const std::regex call(R"((Illegal|Malformed|MalformedAt|Note)\(\s*"([a-z0-9-]+)\")");
  std::set<std::string> codes;
  const fs::path root = REFEREE_SOURCE_DIR;
  for (const char* folder : {"referee", "formats", "verifier"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
      std::string text = ReadAll(entry.path());
      for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it) {
        codes.insert((*it)[2]);
      }
    }
  }
  return codes;
}

TEST(FindingsDoc, EveryCodeIsDocumented) {
  std::string doc = ReadAll(fs::path(REFEREE_SOURCE_DIR) / "docs/findings.md");
  std::set<std::string> codes = CodesInSource();
  EXPECT_GT(codes.size(), 40u);
  for (const std::string& code : codes) {
    EXPECT_NE(doc.find("`" + code + "`"), std::string::npos)
        << code << " is not in docs/findings.md";
  }
}

}  // namespace
