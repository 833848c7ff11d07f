// OrderedPipeline: work on a stream of items on several threads, results in the order of the
// items.
//
// Verifying a JSON Lines stream is embarrassingly parallel (every record stands alone), but its
// verdicts must come out in the order of the records and the stream may be longer than memory.
// So the calling thread reads items and emits results in order, and at most `window` items are in
// flight at once: memory is bounded by the window, not by the stream. The calling thread works on
// items too, whenever the oldest is not done and an item waits: N threads are the caller and N - 1
// workers, so that they never compete with a reader for N cores. (With a caller that only read
// and waited, two threads were three on two cores, and every block's wake-up of the caller took
// a core from a worker.)
//
// With one thread everything runs on the calling thread, item by item, with no locking: the
// single-threaded run is the plain loop it looks like. An exception thrown by `work` on a worker
// reaches the caller when that item's turn to be emitted comes, as it would without threads.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace referee::verifier {

template <typename Item, typename Output>
class OrderedPipeline {
 public:
  using Next = std::function<std::optional<Item>()>;  // the next item; nullopt at the end
  using WorkOnItem = std::function<Output(Item&)>;    // runs on any thread
  using Emit = std::function<void(Output&)>;          // runs on the calling thread, in order

  OrderedPipeline(unsigned threads, size_t window) : threads_(threads), window_(window) {
    if (window_ < 1) window_ = 1;
  }

  void Run(const Next& next, const WorkOnItem& work, const Emit& emit) {
    if (threads_ <= 1) {
      while (std::optional<Item> item = next()) {
        Output output = work(*item);
        emit(output);
      }
      return;
    }
    work_ = &work;
    std::vector<std::thread> workers;
    struct Joiner {  // stops and joins the workers however Run is left
      OrderedPipeline& pipeline;
      std::vector<std::thread>& workers;
      ~Joiner() {
        {
          std::lock_guard<std::mutex> lock(pipeline.mutex_);
          pipeline.stopping_ = true;
        }
        pipeline.work_ready_.notify_all();
        for (std::thread& worker : workers) worker.join();
      }
    } joiner{*this, workers};
    for (unsigned t = 1; t < threads_; ++t) workers.emplace_back([this] { WorkerLoop(); });
    RunCaller(next, emit);
  }

 private:
  struct Slot {
    Item item;
    std::optional<Output> output;
    std::exception_ptr failure;
  };

  // The calling thread: keeps the window full, emits the oldest item once it is done, and works
  // on the next item no one has taken rather than wait for the oldest.
  void RunCaller(const Next& next, const Emit& emit) {
    bool input_left = true;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      while (input_left && slots_.size() < window_) {
        lock.unlock();
        std::optional<Item> item = next();  // reading needs no lock
        lock.lock();
        if (!item) {
          input_left = false;
          break;
        }
        slots_.push_back(Slot{std::move(*item), std::nullopt, nullptr});
        work_ready_.notify_one();
      }
      if (slots_.empty()) return;
      if (!Done(slots_.front())) {
        if (Untaken()) {
          WorkOnNext(lock);
          continue;
        }
        result_ready_.wait(lock, [this] { return Done(slots_.front()); });
      }
      Slot done = std::move(slots_.front());
      slots_.pop_front();  // references to the other slots stay valid (std::deque)
      ++front_sequence_;
      lock.unlock();
      if (done.failure) std::rethrow_exception(done.failure);
      emit(*done.output);
      lock.lock();
    }
  }

  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [this] { return stopping_ || Untaken(); });
      if (stopping_) return;
      WorkOnNext(lock);
    }
  }

  static bool Done(const Slot& slot) { return slot.output.has_value() || slot.failure != nullptr; }
  // Whether an item in flight waits for a thread to work on it.
  bool Untaken() const { return next_to_take_ < front_sequence_ + slots_.size(); }

  // Takes the next untaken item and works on it with the lock released; on any thread.
  void WorkOnNext(std::unique_lock<std::mutex>& lock) {
    Slot& slot = slots_[next_to_take_ - front_sequence_];
    ++next_to_take_;
    lock.unlock();
    std::optional<Output> output;
    std::exception_ptr failure;
    try {
      output.emplace((*work_)(slot.item));
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    // The slot cannot have been emitted: only the caller emits, and only a done slot.
    slot.output = std::move(output);
    slot.failure = failure;
    // The caller waits only for the oldest item: waking it for a later one would only send it
    // back to sleep, and on two cores every wake-up takes a core from a worker. When the oldest
    // is done, the caller emits it and then every later item already done without waiting.
    if (&slot == &slots_.front()) result_ready_.notify_one();
  }

  unsigned threads_;
  size_t window_;
  const WorkOnItem* work_ = nullptr;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable result_ready_;
  std::deque<Slot> slots_;     // items in flight, oldest first
  size_t front_sequence_ = 0;  // the sequence number of slots_.front()
  size_t next_to_take_ = 0;    // the sequence number of the next item a worker takes
  bool stopping_ = false;
};

}  // namespace referee::verifier
