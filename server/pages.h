// The pages of `referee serve` for people (docs/organisers.md): plain HTML, CSS and JavaScript from
// server/assets/, compiled into the program, that use the table API as any client does.
//   /             what this server is and where to go
//   /seat/ID      a seat's page: the seat's token is in the link's fragment (#TOKEN), which a
//                 browser sends to no server and puts in no Referer
//   /scorer/ID    a scorer's page: one device entering every card of a table (#TOKEN, the scorer's)
//   /director/ID  the director's page of event ID (#TOKEN, the director's): its tables, calls and
//                 acts, and the sheet of seat links with their QR codes
//   /room/ID      the room's screen of event ID: its live standings in large type, for anyone
//   POST /qr      the QR code of a link (the body) as SVG: the links hold tokens, so they come in
//                 a body, which no log keeps, never in a path or query
//   /assets/NAME  the style sheet and the scripts; with ?v=VERSION (as the pages link them) they
//                 are cached for a year, since a new version has a new link
// Nothing here reads the disk: every reply is made once, from memory, and served from then on.
#pragma once

#include <optional>
#include <string>

#include "server/service.h"

namespace referee::server {

// The reply to a request for a page's path, or none for any other path (the API's). A page path
// asked with another method than GET is 405.
std::optional<HttpResponse> PageResponse(const std::string& method, const std::string& path,
                                         const std::string& query);

// POST /qr: the QR code (libqrencode) of the link in the body, as SVG; 400 for a body that is not a
// link.
HttpResponse QrResponse(const HttpRequest& request);

// The version of the shipped files: 16 hex digits of the SHA-256 of all of them, which the pages
// put in their links to the assets.
const std::string& AssetVersion();

}  // namespace referee::server
