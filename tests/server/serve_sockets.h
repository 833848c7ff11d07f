// A raw TCP connection to the server on loopback, for what a well-behaved client would never send
// and for holding connections open; from a chosen loopback address (every 127.x.y.z is this
// machine), so that a test can be several clients.
#pragma once

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace referee::testing {

class RawSocket {
 public:
  explicit RawSocket(uint16_t port, const char* from = "127.0.0.1") {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in source{};
    source.sin_family = AF_INET;
    ::inet_pton(AF_INET, from, &source.sin_addr);
    EXPECT_EQ(::bind(fd_, reinterpret_cast<sockaddr*>(&source), sizeof(source)), 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
    EXPECT_TRUE(connected_);
    timeval timeout{5, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
  }
  ~RawSocket() { ::close(fd_); }
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;

  bool connected() const { return connected_; }
  int fd() const { return fd_; }
  void Send(const std::string& bytes) {
    EXPECT_EQ(::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(bytes.size()));
  }
  // Everything up to and including `marker` (or all until the server closes, or 5 s pass).
  std::string ReadUntil(const std::string& marker) {
    std::string text;
    char byte = 0;
    while (text.find(marker) == std::string::npos && ::recv(fd_, &byte, 1, 0) == 1) text += byte;
    return text;
  }
  // Everything until the server closes the connection (or 5 s pass).
  std::string ReadToEnd() {
    std::string text;
    char buffer[4096];
    while (true) {
      ssize_t got = ::recv(fd_, buffer, sizeof(buffer), 0);
      if (got <= 0) break;
      text.append(buffer, static_cast<size_t>(got));
    }
    return text;
  }
  // A GET of `target`, kept alive; returns the status line's code (0: no answer).
  int Get(const std::string& target) {
    Send("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
    std::string head = ReadUntil("\r\n\r\n");
    if (head.size() < 12 || head.rfind("HTTP/1.1 ", 0) != 0) return 0;
    std::string length = "Content-Length: ";
    size_t at = head.find(length);
    size_t size = at == std::string::npos ? 0 : std::stoul(head.substr(at + length.size()));
    std::string body;
    char byte = 0;
    while (body.size() < size && ::recv(fd_, &byte, 1, 0) == 1) body += byte;
    return std::stoi(head.substr(9, 3));
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

}  // namespace referee::testing
