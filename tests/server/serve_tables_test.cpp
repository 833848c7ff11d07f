// The life of a table beyond its moves (docs/serve.md, "Endpoints"): the reply to the card that
// ends a seeded deal, the organiser's re-issue of a table's tokens and its cancellation.
#include <gtest/gtest.h>

#include "tests/server/serve_test_util.h"

namespace referee::testing {
namespace {

namespace fs = std::filesystem;

class ServeTablesTest : public ::testing::Test {
 protected:
  ServeTablesTest() : data_(ServeScratch("tables")), client_("127.0.0.1", server_->port()) {}

  server::ClientResponse Call(const std::string& method, const std::string& target,
                              const std::string& token = "", const std::string& body = "") {
    auto response = client_.Request(method, target, token, body);
    EXPECT_TRUE(response.has_value()) << response.error();
    return response.has_value() ? *response : server::ClientResponse{};
  }
  // The seat whose move it is plays its first legal event; returns the reply.
  server::ClientResponse PlayFirstLegal(const CreatedTable& table) {
    server::ClientResponse info = Call("GET", "/tables/" + table.id);
    size_t seat = std::string("NESW").find(Text(*info.json.Find("next"), "seat"));
    EXPECT_NE(seat, std::string::npos) << info.body;
    if (seat == std::string::npos) return info;
    server::ClientResponse legal =
        Call("GET", "/tables/" + table.id + "/legal", table.tokens.at(seat));
    std::string line = formats::WriteJson(legal.json.Find("legal")->items().at(0), false);
    return Call("POST", "/tables/" + table.id + "/events", table.tokens[seat], line);
  }

  fs::path data_;
  std::unique_ptr<TestServer> server_ = std::make_unique<TestServer>(data_);
  server::HttpClient client_;
};

// The referee deals a seeded deal as soon as it is due, so the reply to the last card of a deal
// must say what is next after that deal: a call of deal 2, not "deal" (which the referee has done
// already).
TEST_F(ServeTablesTest, TheReplyToTheLastCardOfASeededDealSaysWhatFollowsTheDeal) {
  CreatedTable table = CreateTable(client_, SmallHeader("conspiracy", "next"));
  for (int move = 0; move < 100; ++move) {
    server::ClientResponse reply = PlayFirstLegal(table);
    ASSERT_EQ(reply.status, 200) << reply.body;
    const record::Node& next = *reply.json.Find("next");
    if (Text(next, "deal") == "1") continue;
    EXPECT_EQ(Text(next, "deal"), "2") << reply.body;
    EXPECT_EQ(Text(next, "phase"), "call") << reply.body;
    server::ClientResponse info = Call("GET", "/tables/" + table.id);
    EXPECT_EQ(formats::WriteJson(*info.json.Find("next"), false), formats::WriteJson(next, false));
    return;
  }
  FAIL() << "the first deal never ended";
}

}  // namespace
}  // namespace referee::testing
