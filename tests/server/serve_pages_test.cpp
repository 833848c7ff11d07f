// The pages of `referee serve` (server/pages.h, docs/organisers.md): served from memory with their
// type and policy, every link of a page to a file the program ships (none to another site), each
// page's first load under 100 KB, and the API's paths untouched.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "server/page_assets.h"
#include "server/pages.h"
#include "tests/server/serve_sockets.h"
#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

struct Reply {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
};

// One request on a connection of its own, read to its end.
Reply Get(uint16_t port, const std::string& target, const std::string& method = "GET") {
  RawSocket socket(port);
  socket.Send(method + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  std::string text = socket.ReadToEnd();
  Reply reply;
  size_t end = text.find("\r\n\r\n");
  if (text.rfind("HTTP/1.1 ", 0) != 0 || end == std::string::npos) return reply;
  reply.status = std::stoi(text.substr(9, 3));
  reply.body = text.substr(end + 4);
  std::string head = text.substr(0, end);
  for (size_t at = head.find("\r\n"); at != std::string::npos;) {
    size_t next = head.find("\r\n", at + 2);
    std::string line =
        head.substr(at + 2, next == std::string::npos ? std::string::npos : next - at - 2);
    size_t colon = line.find(':');
    if (colon != std::string::npos) {
      std::string name = line.substr(0, colon);
      std::transform(name.begin(), name.end(), name.begin(), ::tolower);
      reply.headers[name] = line.substr(colon + 2);
    }
    at = next;
  }
  return reply;
}

// The files a shipped text loads: a <link>'s href, a <script>'s src, a module's import.
std::vector<std::string> Loads(const std::string& text) {
  std::vector<std::string> links;
  static const std::regex kLoad(
      R"re(<link [^>]*href="([^"]*)"|<script [^>]*src="([^"]*)"|from '([^']*)')re");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kLoad);
       it != std::sregex_iterator(); ++it) {
    for (int group = 1; group <= 3; ++group) {
      if ((*it)[group].matched) links.push_back((*it)[group].str());
    }
  }
  return links;
}

// A link as the server's path and query: "/assets/x.js?v=V", or "./x.js?v=V" from an asset.
std::pair<std::string, std::string> PathOf(const std::string& link) {
  std::string path = link.rfind("./", 0) == 0 ? "/assets/" + link.substr(2) : link;
  size_t mark = path.find('?');
  if (mark == std::string::npos) return {path, ""};
  return {path.substr(0, mark), path.substr(mark + 1)};
}

std::optional<server::HttpResponse> Page(const std::string& path, const std::string& query = "") {
  return server::PageResponse("GET", path, query);
}

// Every page's first load: the page and each file it links, followed through the scripts'
// imports, each counted once, under 100 KB. Every link is to a shipped file of this version, and
// nothing is fetched from another site.
TEST(ServePages, EveryPageLoadsOnlyShippedFilesAndLessThan100KB) {
  const std::string version = server::AssetVersion();
  ASSERT_EQ(version.size(), 16u);
  for (const std::string page :
       {"/", "/seat/t1", "/scorer/t1", "/director/e1", "/room/e1", "/nowhere/here"}) {
    std::optional<server::HttpResponse> html =
        page == "/nowhere/here" ? Page("/seat/bad$id") : Page(page);
    ASSERT_TRUE(html.has_value()) << page;
    size_t bytes = html->body.size();
    std::set<std::string> loaded;
    std::vector<std::string> pending = Loads(html->body);
    while (!pending.empty()) {
      std::string link = pending.back();
      pending.pop_back();
      EXPECT_EQ(link.find("//"), std::string::npos) << page << " links " << link;
      EXPECT_NE(link.find("?v=" + version), std::string::npos) << page << " links " << link;
      auto [path, query] = PathOf(link);
      if (!loaded.insert(path).second) continue;
      std::optional<server::HttpResponse> file = Page(path, query);
      ASSERT_TRUE(file.has_value()) << link;
      EXPECT_EQ(file->status, 200) << page << " links " << link << ", which is not shipped";
      EXPECT_NE(file->headers.find("immutable"), std::string::npos) << link;
      bytes += file->body.size();
      for (const std::string& more : Loads(file->body)) pending.push_back(more);
    }
    EXPECT_LT(bytes, 100u * 1024) << page << " loads " << bytes << " bytes at first";
    EXPECT_NE(loaded.count("/assets/style.css"), 0u) << page << ": one style sheet for all";
  }
}

// No shipped file points at another site (a link, a source, a style's url(), a request), and no
// page runs a script or a style of its own inline: the policy allows only the shipped files.
TEST(ServePages, NoShippedFilePointsAtAnotherSiteOrRunsInlineCode) {
  static const std::regex kElsewhere(
      R"re((?:src|href|action)\s*=\s*["']?\s*(?:[a-z]+:)?//|url\(\s*["']?\s*(?:[a-z]+:)?//|fetch\(\s*["'`](?:[a-z]+:)?//)re",
      std::regex::icase);
  for (const server::PageFile& file : server::PageFiles()) {
    std::string text(file.bytes);
    EXPECT_FALSE(std::regex_search(text, kElsewhere)) << file.name;
    EXPECT_EQ(text.find("<script>"), std::string::npos) << file.name;
    EXPECT_EQ(text.find("<style"), std::string::npos) << file.name;
    EXPECT_EQ(text.find(" style=\""), std::string::npos) << file.name;
    EXPECT_EQ(text.find(" onclick="), std::string::npos) << file.name;
  }
}

// Over HTTP: the pages' type, policy and caching; a wrong path or method; the API as it was.
class ServePagesTest : public ::testing::Test {
 protected:
  ServePagesTest() : server_(ServeScratch("pages")) {}
  Reply Fetch(const std::string& target, const std::string& method = "GET") {
    return Get(server_.port(), target, method);
  }
  TestServer server_;
};

TEST_F(ServePagesTest, PagesAreHtmlWithTheirPolicyAndAssetsAreKeptByVersion) {
  const std::string version = server::AssetVersion();
  for (const std::string target : {"/", "/seat/t-1_x", "/scorer/T9", "/director/e-1", "/room/e1"}) {
    Reply page = Fetch(target);
    EXPECT_EQ(page.status, 200) << target;
    EXPECT_EQ(page.headers["content-type"], "text/html; charset=utf-8") << target;
    EXPECT_NE(page.headers["content-security-policy"].find("default-src 'none'"),
              std::string::npos);
    EXPECT_NE(page.headers["content-security-policy"].find("frame-ancestors 'none'"),
              std::string::npos);
    EXPECT_EQ(page.headers["x-content-type-options"], "nosniff");
    EXPECT_EQ(page.headers["referrer-policy"], "no-referrer");
    EXPECT_EQ(page.headers["cache-control"], "no-cache");
    EXPECT_EQ(page.body.rfind("<!doctype html>", 0), 0u) << target;
    EXPECT_EQ(page.body.find("{{version}}"), std::string::npos) << target;
    EXPECT_EQ(std::to_string(page.body.size()), page.headers["content-length"]);
  }
  Reply kept = Fetch("/assets/style.css?v=" + version);
  EXPECT_EQ(kept.status, 200);
  EXPECT_EQ(kept.headers["content-type"], "text/css; charset=utf-8");
  EXPECT_EQ(kept.headers["cache-control"], "public, max-age=31536000, immutable");
  Reply script = Fetch("/assets/seat.js");
  EXPECT_EQ(script.headers["content-type"], "text/javascript; charset=utf-8");
  EXPECT_EQ(script.headers["cache-control"], "no-cache");  // not this version's link
  EXPECT_NE(script.body.find("common.js?v=" + version), std::string::npos);
  EXPECT_EQ(Fetch("/assets/icon.svg?v=" + version).headers["content-type"], "image/svg+xml");
}

TEST_F(ServePagesTest, AWrongPageIsAPageThatSaysSoAndTheApiIsAsItWas) {
  for (const std::string target :
       {"/assets/nothing.js", "/assets/", "/seat/", "/seat", "/scorer/a/b", "/seat/..%2F",
        "/assets/index.html", "/director/a/b", "/room/", "/room"}) {
    Reply missing = Fetch(target);
    EXPECT_EQ(missing.status, 404) << target;
    EXPECT_EQ(missing.headers["content-type"], "text/html; charset=utf-8") << target;
    EXPECT_NE(missing.body.find("No such page"), std::string::npos) << target;
  }
  Reply posted = Fetch("/", "POST");
  EXPECT_EQ(posted.status, 405);
  EXPECT_EQ(posted.headers["allow"], "GET");
  Reply api = Fetch("/nothing");
  EXPECT_EQ(api.status, 404);
  EXPECT_EQ(api.headers["content-type"], "application/json");
  EXPECT_NE(api.body.find("\"not-found\""), std::string::npos);
  Reply tables = Fetch("/tables");
  EXPECT_EQ(tables.status, 200);
  EXPECT_EQ(tables.headers["content-type"], "application/json");
  EXPECT_EQ(tables.headers.count("content-security-policy"), 0u);
}

server::HttpResponse Qr(const std::string& body, const std::string& method = "POST") {
  return server::QrResponse(server::HttpRequest{method, "/qr", "", body});
}

// The QR code of a link: an SVG square of the code's modules and four of quiet zone on each side,
// (a version-V code is 17 + 4V modules wide), the dark modules as one path, the link its title.
TEST(ServePages, AQrCodeIsAnSvgOfTheLinkInTheBody) {
  const std::string link = "http://192.168.1.20:8080/seat/night-r1-t2#0123456789abcdef0123";
  server::HttpResponse reply = Qr(link);
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.content_type, "image/svg+xml");
  EXPECT_NE(reply.headers.find("Cache-Control: no-store"), std::string::npos);
  std::smatch box;
  ASSERT_TRUE(std::regex_search(reply.body, box, std::regex(R"re(viewBox="0 0 (\d+) (\d+)")re")));
  int side = std::stoi(box[1]);
  EXPECT_EQ(side, std::stoi(box[2]));
  EXPECT_EQ((side - 8 - 17) % 4, 0) << side;
  EXPECT_GE(side - 8, 21);
  EXPECT_NE(reply.body.find("<title>" + link + "</title>"), std::string::npos);
  // The finder pattern's top row: seven dark modules from the code's corner, drawn at (4, 4).
  EXPECT_NE(reply.body.find("M4 4h7v1h-7z"), std::string::npos);
  // Another link, another code.
  EXPECT_NE(Qr(link + "0").body, reply.body);
}

TEST(ServePages, AQrCodeIsOnlyOfALinkAndOnlyPosted) {
  for (const std::string& body : {std::string(), std::string("no link"), std::string("/a<b>"),
                                  std::string("/a\"b"), std::string("/a&b"), std::string("ftp://x"),
                                  std::string("/a\x01"), std::string(501, '/')}) {
    server::HttpResponse reply = Qr(body);
    EXPECT_EQ(reply.status, 400) << body;
    EXPECT_NE(reply.body.find("\"bad-link\""), std::string::npos) << body;
  }
  EXPECT_EQ(Qr(std::string(500, '/')).status, 200);
  server::HttpResponse got = Qr("/seat/t1#abc", "GET");
  EXPECT_EQ(got.status, 405);
  EXPECT_EQ(got.allow, "POST");
}

}  // namespace
}  // namespace referee::testing
