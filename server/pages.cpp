#include "server/pages.h"

#include <qrencode.h>

#include <map>
#include <memory>
#include <string_view>

#include "server/page_assets.h"
#include "server/requests.h"
#include "server/tokens.h"

namespace referee::server {
namespace {

// What every page's reply says besides its body. The pages run only their own scripts and style
// sheet (nothing inline, nothing from another site), talk only to this server, and may not be
// framed by another site. No Referer leaves them: a seat's token is in the link's fragment, which
// no Referer holds, but no other site needs to learn which table a page was.
constexpr std::string_view kPageHeaders =
    "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "Referrer-Policy: no-referrer\r\n";

// A page changes with the program: asked again each time (it is small), it links the assets of its
// own version. An asset asked with its version never changes, so it is kept for a year.
constexpr std::string_view kRevalidate = "Cache-Control: no-cache\r\n";
constexpr std::string_view kKeep = "Cache-Control: public, max-age=31536000, immutable\r\n";

constexpr std::string_view kVersionMark = "{{version}}";

constexpr size_t kMaxQrText = 500;

std::string_view Extension(std::string_view name) {
  size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
}

std::string ContentType(std::string_view name) {
  static const std::map<std::string_view, std::string_view> kTypes = {
      {"html", "text/html; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"}};
  auto found = kTypes.find(Extension(name));
  return std::string(found != kTypes.end() ? found->second : "application/octet-stream");
}

HttpResponse FileReply(int status, std::string_view name, std::string body,
                       std::string_view caching) {
  HttpResponse reply{status, std::move(body), "", 0};
  reply.content_type = ContentType(name);
  reply.headers = std::string(kPageHeaders) + std::string(caching);
  return reply;
}

// The shipped files as they are served: the pages and scripts with the version written into their
// links ({{version}}).
struct Shipped {
  std::string version;
  std::map<std::string, HttpResponse, std::less<>> pages;  // *.html, by name
  std::map<std::string, std::string, std::less<>> assets;  // the rest, by name
};

std::string WithVersion(std::string_view text, const std::string& version) {
  std::string out;
  size_t at = 0;
  for (size_t found = text.find(kVersionMark); found != std::string_view::npos;
       found = text.find(kVersionMark, at)) {
    out.append(text.substr(at, found - at)).append(version);
    at = found + kVersionMark.size();
  }
  return out.append(text.substr(at));
}

const Shipped& Files() {
  static const Shipped shipped = [] {
    Shipped files;
    std::string all;
    for (const PageFile& file : PageFiles()) all.append(file.name).append(file.bytes);
    files.version = TokenHash(all).substr(0, 16);
    for (const PageFile& file : PageFiles()) {
      if (Extension(file.name) == "html") {
        int status = file.name == "missing.html" ? 404 : 200;
        files.pages.emplace(
            std::string(file.name),
            FileReply(status, file.name, WithVersion(file.bytes, files.version), kRevalidate));
      } else if (Extension(file.name) == "png") {
        files.assets.emplace(std::string(file.name), std::string(file.bytes));
      } else {  // a script links the others with the version too
        files.assets.emplace(std::string(file.name), WithVersion(file.bytes, files.version));
      }
    }
    return files;
  }();
  return shipped;
}

HttpResponse Page(std::string_view name) { return Files().pages.find(name)->second; }

// `/seat/ID` and `/scorer/ID`: the page, for any well-formed id (the page itself asks the API
// whether the table exists, and says so).
std::optional<HttpResponse> TablePage(std::string_view path, std::string_view prefix,
                                      std::string_view page) {
  if (path.substr(0, prefix.size()) != prefix) return std::nullopt;
  if (!ValidId(std::string(path.substr(prefix.size())))) return Page("missing.html");
  return Page(page);
}

HttpResponse Asset(std::string_view name, const std::string& query) {
  const Shipped& files = Files();
  auto found = files.assets.find(name);
  if (found == files.assets.end()) return Page("missing.html");
  bool versioned = query == "v=" + files.version;
  return FileReply(200, name, found->second, versioned ? kKeep : kRevalidate);
}

bool IsPagePath(std::string_view path) {
  for (std::string_view prefix : {"/seat/", "/scorer/", "/director/", "/room/", "/assets/"}) {
    if (path.substr(0, prefix.size()) == prefix) return true;
  }
  return path == "/" || path == "/seat" || path == "/scorer" || path == "/director" ||
         path == "/room";
}

// A link's QR code as SVG: one path of the dark modules, a rectangle per run of them in a row, four
// modules of quiet zone, the link's text as its title (what a screen reader says).
std::string QrSvg(const QRcode& code, std::string_view text) {
  int size = code.width + 8;
  std::string path;
  auto dark = [&code](int x, int y) { return (code.data[y * code.width + x] & 1) != 0; };
  for (int y = 0; y < code.width; ++y) {
    for (int x = 0; x < code.width;) {
      if (!dark(x, y)) {
        ++x;
        continue;
      }
      int run = 1;  // a row's dark modules side by side make one rectangle
      while (x + run < code.width && dark(x + run, y)) ++run;
      std::string length = std::to_string(run);
      path.append("M" + std::to_string(x + 4) + " " + std::to_string(y + 4) + "h" + length +
                  "v1h-" + length + "z");
      x += run;
    }
  }
  std::string side = std::to_string(size);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + side + " " + side +
         "\" shape-rendering=\"crispEdges\" role=\"img\"><title>" + std::string(text) +
         "</title><rect width=\"" + side + "\" height=\"" + side +
         "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>\n";
}

// A link fit for a QR code: a path of this server (it starts with `/`) or an http(s) address, of
// printable ASCII without the characters SVG text would have to escape.
bool QrText(std::string_view text) {
  if (text.empty() || text.size() > kMaxQrText) return false;
  if (text[0] != '/' && text.rfind("http://", 0) != 0 && text.rfind("https://", 0) != 0)
    return false;
  for (char c : text) {
    if (c <= ' ' || c > '~' || c == '<' || c == '>' || c == '&' || c == '"' || c == '\'') {
      return false;
    }
  }
  return true;
}

}  // namespace

const std::string& AssetVersion() { return Files().version; }

std::optional<HttpResponse> PageResponse(const std::string& method, const std::string& path,
                                         const std::string& query) {
  if (!IsPagePath(path)) return std::nullopt;
  if (method != "GET") return MethodNotAllowed("GET");
  if (path == "/") return Page("index.html");
  constexpr std::string_view kAssets = "/assets/";
  if (path.rfind(kAssets, 0) == 0)
    return Asset(std::string_view(path).substr(kAssets.size()), query);
  if (auto seat = TablePage(path, "/seat/", "seat.html")) return seat;
  if (auto scorer = TablePage(path, "/scorer/", "scorer.html")) return scorer;
  if (auto director = TablePage(path, "/director/", "director.html")) return director;
  if (auto room = TablePage(path, "/room/", "room.html")) return room;
  return Page("missing.html");
}

HttpResponse QrResponse(const HttpRequest& request) {
  if (request.method != "POST") return MethodNotAllowed("POST");
  if (!QrText(request.body)) {
    return Error(
        400, "bad-link",
        "expected the body to be a link (a path from / or an http(s) address) of at most " +
            std::to_string(kMaxQrText) +
            " printable characters, without spaces, quotes, <, > or &");
  }
  std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeString8bit(request.body.c_str(), 0, QR_ECLEVEL_M), &QRcode_free);
  if (code == nullptr) return Error(500, "qr", "the QR code could not be made");
  return FileReply(200, "qr.svg", QrSvg(*code, request.body), "Cache-Control: no-store\r\n");
}

}  // namespace referee::server
