// Disks for the server's tests (server::StoreDisk): the real one, with its syncs of data (the
// commit log's fdatasync, and the checkpoint's) counted, held at a gate, slowed down or failed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/store.h"

namespace referee::testing {

class TestDisk : public server::PosixDisk {
 public:
  server::DiskDone SyncData(int fd, const std::string& path) override {
    std::unique_lock lock(mutex_);
    ++data_syncs_;
    ++held_;
    changed_.notify_all();
    changed_.wait(lock, [this] { return open_; });
    --held_;
    if (fail_) return referee::Fail(referee::IoError("sync", path, "the disk failed"));
    std::chrono::milliseconds delay = delay_;
    lock.unlock();
    if (delay.count() > 0) std::this_thread::sleep_for(delay);
    return server::PosixDisk::SyncData(fd, path);
  }

  // Syncs wait at the gate until it opens again.
  void Shut() {
    Set([this] { open_ = false; });
  }
  void Open() {
    Set([this] { open_ = true; });
  }
  // Every sync from now on fails.
  void FailSyncs() {
    Set([this] { fail_ = true; });
  }
  // Every sync from now on takes this much longer, as on a slow disk.
  void Delay(std::chrono::milliseconds delay) {
    Set([this, delay] { delay_ = delay; });
  }
  // Whether a sync is held at the gate within a minute (none: the server never asked for one).
  bool WaitForHeldSync() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::minutes(1), [this] { return held_ > 0; });
  }
  int data_syncs() {
    std::lock_guard lock(mutex_);
    return data_syncs_;
  }

 private:
  template <typename Change>
  void Set(Change change) {
    std::lock_guard lock(mutex_);
    change();
    changed_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = true;
  bool fail_ = false;
  std::chrono::milliseconds delay_{0};
  int held_ = 0;
  int data_syncs_ = 0;
};

}  // namespace referee::testing
