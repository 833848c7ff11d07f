// Bots: players that choose an event from what one seat (or player) may see.
//
// A bot plays FROM THE VIEW ONLY (match.h View: its own hand and the public state), so the same
// bot can later drive a match through a server that serves views and nothing else. Bots are pure:
// their only source of chance is the generator they are handed, so a seeded generator makes
// every choice reproducible. Each game's heuristic bot lives in its own folder
// (games/<game>/<game>_bot.h) and is reached through GameDescriptor::heuristic_bot.
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "referee/core/event.h"
#include "referee/core/match.h"

namespace referee {

class Bot {
 public:
  virtual ~Bot();
  virtual std::string Name() const = 0;
  // One of `legal` (never empty): the events the rules allow the viewer now.
  virtual Event Choose(const View& view, const std::vector<Event>& legal, std::mt19937_64& rng) = 0;
};

// Uniformly random over the legal events.
class RandomBot : public Bot {
 public:
  std::string Name() const override { return "random"; }
  Event Choose(const View& view, const std::vector<Event>& legal, std::mt19937_64& rng) override;
};

// A uniform index below n (n > 0) by rejection, so that the same generator state gives the same
// index with every standard library (std::uniform_int_distribution is implementation-defined).
size_t UniformIndex(std::mt19937_64& rng, size_t n);

// One of `candidates` drawn uniformly (UniformIndex); none when there are none.
template <class T>
std::optional<T> Draw(const std::vector<T>& candidates, std::mt19937_64& rng) {
  if (candidates.empty()) return std::nullopt;
  return candidates[UniformIndex(rng, candidates.size())];
}

}  // namespace referee
