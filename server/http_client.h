// HttpClient: a small blocking HTTP/1.1 client on one keep-alive connection (Boost.Beast), for
// the bot clients of the tests and the benchmark (docs/serve.md). Not for the server's own use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "referee/core/error.h"
#include "referee/core/result.h"
#include "referee/record/node.h"

namespace referee::server {

struct ClientResponse {
  int status = 0;
  std::string body;
  record::Node json;  // the body parsed (null when it is not JSON)
};

class HttpClient {
 public:
  HttpClient(std::string host, uint16_t port);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // One request; reconnects once when the kept-alive connection was closed. The error: no answer
  // came (an I/O error naming the request).
  Result<ClientResponse, referee::Error> Request(const std::string& method,
                                                 const std::string& target,
                                                 const std::string& token = "",
                                                 const std::string& body = "");

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace referee::server
