#include "server/store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/json_reader.h"
#include "referee/record/record_writer.h"

namespace referee::server {
namespace {

std::string Describe(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

std::optional<std::string> WriteAll(int fd, const std::string& text, const std::string& path) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) return Describe("cannot write", path);
    done += static_cast<size_t>(wrote);
  }
  if (::fsync(fd) != 0) return Describe("cannot sync", path);
  return std::nullopt;
}

std::optional<std::string> SyncFolder(const std::string& path) {
  std::string folder = std::filesystem::path(path).parent_path().string();
  if (folder.empty()) folder = ".";
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Describe("cannot open the folder", folder);
  std::optional<std::string> error;
  if (::fsync(fd) != 0) error = Describe("cannot sync the folder", folder);
  ::close(fd);
  return error;
}

std::optional<std::string> Text(const record::Node& map, const char* key) {
  const record::Node* node = map.Find(key);
  if (node == nullptr || !node->IsScalar()) return std::nullopt;
  return node->text();
}

std::optional<int64_t> Integer(const record::Node& map, const char* key) {
  std::optional<std::string> text = Text(map, key);
  int64_t value = 0;
  if (!text) return std::nullopt;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size()) return std::nullopt;
  return value;
}

}  // namespace

record::Node MetaNode(const TableMeta& meta) {
  record::Node node = record::Node::Map({});
  node.AddMember("id", {}, record::StringNode(meta.id));
  node.AddMember("game", {}, record::StringNode(meta.game));
  node.AddMember("created_ms", {}, record::IntegerNode(meta.created_ms));
  node.AddMember("move_ms", {}, record::IntegerNode(meta.move_ms));
  node.AddMember("actor_key", {}, record::StringNode(meta.actor_key));
  record::Node actors = record::Node::List({});
  for (size_t i = 0; i < meta.actors.size(); ++i) {
    record::Node actor = record::Node::Map({});
    actor.AddMember("name", {}, record::StringNode(meta.actors[i]));
    actor.AddMember("token_sha256", {}, record::StringNode(meta.token_hashes[i]));
    actors.Append(std::move(actor));
  }
  node.AddMember("actors", {}, std::move(actors));
  return node;
}

Result<TableMeta, std::string> ReadMeta(const std::string& text) {
  auto node = formats::ParseJson(text);
  if (!node.has_value()) return Unexpected<std::string>("not JSON: " + node.error().message);
  TableMeta meta;
  std::optional<std::string> id = Text(*node, "id");
  std::optional<std::string> game = Text(*node, "game");
  std::optional<std::string> key = Text(*node, "actor_key");
  std::optional<int64_t> created = Integer(*node, "created_ms");
  std::optional<int64_t> move = Integer(*node, "move_ms");
  const record::Node* actors = node->Find("actors");
  if (!id || !game || !key || !created || !move || actors == nullptr || !actors->IsList()) {
    return Unexpected<std::string>("expected id, game, actor_key, created_ms, move_ms, actors");
  }
  meta = TableMeta{*id, *game, *created, *move, *key, {}, {}};
  for (const record::Node& actor : actors->items()) {
    std::optional<std::string> name = Text(actor, "name");
    std::optional<std::string> hash = Text(actor, "token_sha256");
    if (!name || !hash) return Unexpected<std::string>("expected name and token_sha256");
    meta.actors.push_back(*name);
    meta.token_hashes.push_back(*hash);
  }
  return meta;
}

std::optional<std::string> WriteFileAtomically(const std::string& path, const std::string& text,
                                               unsigned mode) {
  std::string temporary = path + ".tmp";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) return Describe("cannot create", temporary);
  std::optional<std::string> error = WriteAll(fd, text, temporary);
  ::close(fd);
  if (error) return error;
  if (::rename(temporary.c_str(), path.c_str()) != 0) return Describe("cannot rename to", path);
  return SyncFolder(path);
}

Result<std::string, std::string> ReadWholeFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Unexpected<std::string>(Describe("cannot open", path));
  std::stringstream text;
  text << file.rdbuf();
  if (file.bad()) return Unexpected<std::string>(Describe("cannot read", path));
  return text.str();
}

}  // namespace referee::server
