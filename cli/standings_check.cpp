#include "cli/standings_check.h"

#include <optional>

#include "batch/input.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "formats/json_reader.h"
#include "formats/read_limits.h"
#include "formats/text_checks.h"
#include "referee/core/error.h"
#include "referee/core/printable.h"
#include "verifier/sha256.h"

namespace referee::cli {
namespace {

// A published file is read with a record's limits: a huge one (or /dev/zero) is compared by its
// digest or is `too-large`, never read whole.
const formats::ReadLimits kLimits;

// A stream's bytes counted and hashed as they are written, never kept.
class DigestBuffer : public std::streambuf {
 public:
  batch::FileDigest Finish() { return {sha256_.Finish(), size_}; }

 protected:
  std::streamsize xsputn(const char* bytes, std::streamsize count) override {
    sha256_.Add(std::string_view(bytes, static_cast<size_t>(count)));
    size_ += static_cast<size_t>(count);
    return count;
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    char byte = traits_type::to_char_type(c);
    return xsputn(&byte, 1) == 1 ? c : traits_type::eof();
  }

 private:
  verifier::Sha256Stream sha256_;
  size_t size_ = 0;
};

// Whether a published file is JSON (else CSV): it starts with `{`.
bool LooksLikeJson(const std::string& text) {
  size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '{';
}

// The size and SHA-256 of the computed report in `format`, made as it is hashed.
batch::FileDigest Computed(const Published& published_as, std::string_view format) {
  DigestBuffer buffer;
  std::ostream stream(&buffer);
  published_as.render(format, stream);
  return buffer.Finish();
}

// A published file too large to read item by item (the JSON of a league of 100,000 records is
// hundreds of megabytes) still matches when it is the very bytes of the computed report: compared
// by size and SHA-256, read a block at a time and no further than the computed report's size.
int CheckWhole(const Published& published_as, const std::string& path, std::string_view format,
               const batch::FileDigest& computed, const batch::FileDigest& published,
               std::ostream& out, std::ostream& err) {
  if (published.size == computed.size && published.sha256 == computed.sha256) {
    out << Printable(path) << ": the published " << published_as.what
        << " match: the same bytes as computed (" << computed.size << " bytes of " << format
        << ", too many to compare item by item)\n";
    return kExitValid;
  }
  std::string found =
      published.size > computed.size
          ? "more bytes than that"
          : std::to_string(published.size) + " bytes, sha256 " + HexDigest(published.sha256);
  Finding finding = formats::DocumentTooLarge(kLimits.max_document_bytes);
  finding.message = "expected a document of at most " + std::to_string(kLimits.max_document_bytes) +
                    " bytes to compare item by item, or the very bytes of the " +
                    published_as.what + " computed (" + std::string(format) + ", " +
                    std::to_string(computed.size) + " bytes, sha256 " + HexDigest(computed.sha256) +
                    "), found " + found;
  return ReportLeagueFinding(std::move(finding), nullptr, path, "", err);
}

}  // namespace

int CheckPublished(const Published& published_as, const std::string& path, std::ostream& out,
                   std::ostream& err) {
  std::string format;
  batch::FileDigest computed;
  auto bound = [&](const std::string& start) -> std::optional<size_t> {
    if (!published_as.render) return std::nullopt;
    format = LooksLikeJson(start) ? "json" : "csv";
    computed = Computed(published_as, format);
    return computed.size;
  };
  Result<batch::TextOrDigest, Error> read =
      batch::ReadTextOrDigest(path, kLimits.max_document_bytes, bound);
  if (!read.has_value()) {
    err << "referee: " << read.error().message << "\n";
    return read.error().exit_code();
  }
  if (read->digest)
    return CheckWhole(published_as, path, format, computed, *read->digest, out, err);
  const std::string& text = read->text;
  if (text.size() > kLimits.max_document_bytes) {
    return ReportLeagueFinding(formats::DocumentTooLarge(kLimits.max_document_bytes), nullptr, path,
                               "", err);
  }
  Result<record::Node> published =
      LooksLikeJson(text) ? formats::ParseJson(text, kLimits) : published_as.parse_csv(text);
  if (!published) return ReportLeagueFinding(published.error(), nullptr, path, text, err);
  std::vector<std::string> differences = published_as.compare(*published);
  for (const std::string& note : published_as.notes(*published)) {
    out << Printable(path) << ": note: " << Printable(note) << "\n";
  }
  for (const std::string& difference : differences) {
    out << Printable(path) << ": " << Printable(difference) << "\n";
  }
  if (differences.empty()) {
    out << Printable(path) << ": the published " << published_as.what << " match\n";
  }
  return differences.empty() ? kExitValid : kExitInvalid;
}

}  // namespace referee::cli
