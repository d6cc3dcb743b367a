#include "inject/program_recorder.h"

#include <cuda.h>
#include <cupti.h>
#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "core/cuda/cupti_activity_kinds.h"
#include "core/cuda/cupti_session.h"
#include "core/cuda/host_clock.h"

namespace syncscope {

namespace {

constexpr auto kWriteInterval = std::chrono::milliseconds(250);
constexpr int kFatalSignals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTERM};

void complain(const std::string& what) {
    std::fprintf(stderr, "syncscope record: %s\n", what.c_str());
}

// Why this process records nothing, left where record reads (<pid>.ssfail, best effort): without
// it record could only say "the program made no CUDA call" of a program that made many.
void leaveFailure(const char* dir, const std::string& why) {
    const std::string path = std::string(dir) + "/" + std::to_string(getpid()) + ".ssfail";
    if (FILE* f = std::fopen(path.c_str(), "wx")) {
        std::fputs(why.c_str(), f);
        std::fclose(f);
    }
}

std::int64_t envInt(const char* name, std::int64_t fallback) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0')
        return fallback;
    char* end = nullptr;
    const long long n = std::strtoll(v, &end, 10);
    return end != nullptr && *end == '\0' ? n : fallback;
}

std::string commandLine() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!text.empty() && text.back() == '\0')
        text.pop_back();
    for (char& c : text)
        if (c == '\0')
            c = ' ';
    return text;
}

// A fatal signal: write what we have, then let the signal do what it would have done (the
// handler is installed over SIG_DFL with SA_RESETHAND, so the default is back already).
void onFatalSignal(int sig) {
    char reason[32];
    std::snprintf(reason, sizeof reason, "signal %d", sig);
    ProgramRecorder::instance().stop(reason);
    raise(sig);
}

}  // namespace

ProgramRecorder& ProgramRecorder::instance() {
    // Never destroyed: stop() may run from an exit handler after static destructors.
    static ProgramRecorder* recorder = new ProgramRecorder;
    return *recorder;
}

void ProgramRecorder::start() {
    if (started_.exchange(true))
        return;
    const char* dir = std::getenv("SYNCSCOPE_RECORD_DIR");
    if (dir == nullptr || *dir == '\0')
        return;
    CuptiSession& session = CuptiSession::instance();
    if (std::string err = session.initialize(); !err.empty()) {
        complain(err + "; the program runs unrecorded");
        leaveFailure(dir, err);
        return;
    }
    const std::string path = std::string(dir) + "/" + std::to_string(getpid()) + ".ssrec";
    if (std::string err = writer_.open(path); !err.empty()) {
        complain("cannot write the recording: " + err);
        leaveFailure(dir, "cannot write the recording: " + err);
        return;
    }
    writer_.setMaxBytes(static_cast<std::uint64_t>(envInt("SYNCSCOPE_RECORD_MAX_BYTES", 0)));
    start_ns_ = steadyNowNs();
    delay_ns_ = static_cast<std::uint64_t>(
        std::max<std::int64_t>(0, envInt("SYNCSCOPE_RECORD_DELAY_NS", 0)));
    duration_ns_ = static_cast<std::uint64_t>(
        std::max<std::int64_t>(0, envInt("SYNCSCOPE_RECORD_DURATION_NS", 0)));
    ProcessInfo info;
    info.pid = static_cast<std::uint32_t>(getpid());
    info.parent_pid = static_cast<std::uint32_t>(getppid());
    info.rank = envInt("RANK", -1);
    info.local_rank = envInt("LOCAL_RANK", -1);
    info.world_size = envInt("WORLD_SIZE", -1);
    info.start_ns = start_ns_;
    info.record_offset_ns = session.recordOffsetNs();
    info.command = commandLine();
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    info.host = host;
    writer_.writeProcess(info);
    if (delay_ns_ == 0) {
        std::string warnings;
        if (std::string err = session.enable(warnings, programActivityKinds()); !err.empty()) {
            complain(err + "; the program runs unrecorded");
            leaveFailure(dir, err);
            writer_.writeEnd({steadyNowNs(), 0, "CUPTI refused"});
            return;
        }
        recording_ = true;
    }
    installExitPaths();
    thread_ = std::thread([this] { writerLoop(); });
}

void ProgramRecorder::installExitPaths() {
    std::atexit([] { ProgramRecorder::instance().stop("exit"); });
    // A forked child (a DataLoader worker) shares the parent's file but not its writer thread: it
    // writes nothing. A child that execs and uses CUDA is recorded on its own (the environment
    // carries CUDA_INJECTION64_PATH).
    pthread_atfork(nullptr, nullptr, [] { ProgramRecorder::instance().abandonInChild(); });
    for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
        struct sigaction current {};
        sigaction(kFatalSignals[i], nullptr, &current);
        // A program that handles the signal itself (Python's SIGINT, a framework's SIGTERM) keeps
        // its handler: it will exit through atexit.
        if (current.sa_handler != SIG_DFL)
            continue;
        struct sigaction action {};
        action.sa_handler = onFatalSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(kFatalSignals[i], &action, nullptr);
    }
}

void ProgramRecorder::writerLoop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, kWriteInterval, [this] { return stopping_.load(); });
        if (stopping_)
            break;
        const std::uint64_t now = steadyNowNs();
        CuptiSession& session = CuptiSession::instance();
        // --delay and --duration: turn the kinds on and off in the program itself, so the time
        // outside the window costs nothing.
        if (!recording_ && delay_ns_ > 0 && now >= start_ns_ + delay_ns_ &&
            (duration_ns_ == 0 || now < start_ns_ + delay_ns_ + duration_ns_)) {
            std::string warnings;
            recording_ = session.enable(warnings, programActivityKinds()).empty();
        } else if (recording_ && duration_ns_ > 0 && now >= start_ns_ + delay_ns_ + duration_ns_) {
            session.disable();
            session.flush(true);
            recording_ = false;
        }
        lock.unlock();
        session.flush(false);
        lock.lock();
        writeBatch(false);
    }
}

void ProgramRecorder::writeNewNames(const CuptiRecordBatch& batch) {
    auto names = [](const std::vector<ApiRecord>& calls, CUpti_CallbackDomain domain,
                    std::set<std::uint32_t>& named) {
        std::map<std::uint32_t, std::string> fresh;
        for (const ApiRecord& a : calls) {
            if (named.contains(a.cbid))
                continue;
            named.insert(a.cbid);
            const char* name = nullptr;
            if (cuptiGetCallbackName(domain, a.cbid, &name) == CUPTI_SUCCESS && name != nullptr)
                fresh[a.cbid] = name;
        }
        return fresh;
    };
    if (auto fresh = names(batch.api, CUPTI_CB_DOMAIN_RUNTIME_API, runtime_named_); !fresh.empty())
        writer_.writeNames(0, fresh);
    if (auto fresh = names(batch.driver, CUPTI_CB_DOMAIN_DRIVER_API, driver_named_); !fresh.empty())
        writer_.writeNames(1, fresh);
}

void ProgramRecorder::writeDevices() {
    // Asked once the program has made CUDA calls (never from inside cuInit, which loaded us).
    int count = 0;
    if (cuDeviceGetCount(&count) != CUDA_SUCCESS)
        return;
    for (int i = 0; i < count; ++i) {
        CUdevice device = 0;
        if (cuDeviceGet(&device, i) != CUDA_SUCCESS)
            continue;
        RecordedDevice d;
        d.id = static_cast<std::uint32_t>(i);
        char name[256] = {};
        if (cuDeviceGetName(name, sizeof name - 1, device) == CUDA_SUCCESS)
            d.name = name;
        std::size_t bytes = 0;
        if (cuDeviceTotalMem(&bytes, device) == CUDA_SUCCESS)
            d.memory_bytes = bytes;
        int sms = 0;
        if (cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device) ==
            CUDA_SUCCESS)
            d.sm_count = static_cast<std::uint32_t>(sms);
        writer_.writeDevice(d);
    }
    devices_written_ = true;
}

void ProgramRecorder::writeBatch(bool forced_flush) {
    CuptiSession& session = CuptiSession::instance();
    if (forced_flush)
        session.flush(true);
    CuptiRecordBatch batch = session.take();
    if (batch.empty() && batch.dropped == 0)
        return;
    if (!devices_written_ && (!batch.api.empty() || !batch.gpu.empty()))
        writeDevices();
    writeNewNames(batch);
    writer_.writeRecords(batch);
}

void ProgramRecorder::stop(const char* reason) {
    // A fault on the writer thread itself: it may hold the lock; leave the file as it is (its
    // chunks so far are whole).
    if (thread_.joinable() && thread_.get_id() == std::this_thread::get_id())
        return;
    if (!started_ || stopping_.exchange(true))
        return;
    wake_.notify_all();
    // The writer thread may be gone already (a fatal signal on it, or exit after a fork): join
    // only a thread of this process that is not us.
    if (thread_.joinable())
        thread_.join();
    const std::lock_guard lock(mutex_);
    if (stopped_ || !writer_.isOpen())
        return;
    stopped_ = true;
    writeBatch(true);
    writer_.writeEnd({steadyNowNs(), 0, reason});
    if (!writer_.error().empty())
        complain("the recording is incomplete: " + writer_.error());
}

}  // namespace syncscope
