#include "server/http_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "formats/json_reader.h"

namespace referee::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

struct HttpClient::Impl {
  std::string host;
  uint16_t port = 0;
  net::io_context io;
  std::optional<tcp::socket> socket;
  beast::flat_buffer buffer;

  beast::error_code Connect() {
    beast::error_code error;
    socket.emplace(io);
    tcp::endpoint endpoint(net::ip::make_address(host, error), port);
    if (!error) socket->connect(endpoint, error);
    if (!error) socket->set_option(tcp::no_delay(true), error);
    buffer.clear();
    return error;
  }

  beast::error_code Exchange(const http::request<http::string_body>& request,
                             http::response<http::string_body>& response) {
    beast::error_code error;
    http::write(*socket, request, error);
    if (!error) {
      http::response_parser<http::string_body> parser;
      parser.body_limit(64 << 20);
      http::read(*socket, buffer, parser, error);
      if (!error) response = parser.release();
    }
    return error;
  }
};

HttpClient::HttpClient(std::string host, uint16_t port) : impl_(std::make_unique<Impl>()) {
  impl_->host = std::move(host);
  impl_->port = port;
}

HttpClient::~HttpClient() = default;

Result<ClientResponse, referee::Error> HttpClient::Request(const std::string& method,
                                                           const std::string& target,
                                                           const std::string& token,
                                                           const std::string& body) {
  http::request<http::string_body> request(http::string_to_verb(method), target, 11);
  request.set(http::field::host, impl_->host);
  if (!token.empty()) request.set(http::field::authorization, "Bearer " + token);
  if (!body.empty()) request.set(http::field::content_type, "application/json");
  request.body() = body;
  request.prepare_payload();
  http::response<http::string_body> response;
  beast::error_code error;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!impl_->socket || error) error = impl_->Connect();
    if (!error) error = impl_->Exchange(request, response);
    if (!error) break;
    impl_->socket.reset();
  }
  if (error) return referee::Fail(referee::IoError(method, target, error.message()));
  ClientResponse answer{static_cast<int>(response.result_int()), std::move(response.body()), {}};
  auto json = formats::ParseJson(answer.body);
  if (json.has_value()) answer.json = std::move(*json);
  if (!response.keep_alive()) impl_->socket.reset();
  return answer;
}

}  // namespace referee::server
