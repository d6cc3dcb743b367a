#!/usr/bin/env python3
"""Writes the doctor's fixture traces (PyTorch profiler JSON, as Kineto writes it) and truth.json.

Each fixture shows one rule of docs/doctor.md on a small program. The program is simulated here,
in plain Python, as a profiler would record it: a host thread that launches work, a GPU stream
that runs it in order, syncs that return when the awaited work is done. truth.json holds what a
reader computes from the events written, by the rule's definition, independently of syncscope's
code: the tests compare the doctor with it.

    python3 tests/data/doctor/make_fixtures.py      # rewrites the fixtures beside this script
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PID, TID, STREAM = 100, 100, 7


class Program:
    """One host thread and GPU streams, written as Kineto events (times in µs)."""

    def __init__(self):
        self.events = []
        self.corr = 1
        self.gpu_free = {}  # stream -> when its last op ends
        self.ops = []  # (launch start, start, end) of every GPU op, for the truth

    def span(self, cat, name, ts, dur, args=None, pid=PID, tid=TID):
        e = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid,
             "ts": round(ts, 3), "dur": round(dur, 3)}
        if args:
            e["args"] = args
        self.events.append(e)
        return e

    def enqueue(self, t, api, cat, name, dur, stream=STREAM, call=5.0, extra=None):
        """A launch call at t enqueuing one GPU op; returns when the call returns."""
        c = self.corr
        self.corr += 1
        self.span("cuda_runtime", api, t, call, {"correlation": c})
        start = max(t + call + 3.0, self.gpu_free.get(stream, 0.0))
        args = {"correlation": c, "stream": stream, "device": 0}
        args.update(extra or {})
        self.span(cat, name, start, dur, args, pid=0, tid=stream)
        self.gpu_free[stream] = start + dur
        self.ops.append((t, start, start + dur))
        return t + call

    def kernel(self, t, name, dur, op=None, stream=STREAM):
        """An ATen op that launches one kernel: the op around its cudaLaunchKernel."""
        if op:
            self.span("cpu_op", op, t, 9.0)
        self.enqueue(t + 2.0, "cudaLaunchKernel", "kernel", name, dur, stream)
        return t + 9.0

    def sync_call(self, t, api, until, stream=STREAM):
        """A sync call at t that returns 3 µs after `until` (or at once)."""
        end = max(t + 4.0, until + 3.0)
        self.span("cuda_runtime", api, t, end - t, {"correlation": self.corr})
        self.corr += 1
        return end

    def item(self, t, on_gpu=True):
        """loss.item(): on a CUDA tensor a 4-byte copy to the host and a stream sync; on a CPU
        tensor no CUDA call at all."""
        if not on_gpu:
            self.span("cpu_op", "aten::item", t, 3.0)
            self.span("cpu_op", "aten::_local_scalar_dense", t + 0.5, 2.0)
            return t + 3.0
        inner = t + 1.0
        after_copy = self.enqueue(inner + 1.0, "cudaMemcpyAsync", "gpu_memcpy",
                                  "Memcpy DtoH (Device -> Pageable)", 2.0,
                                  extra={"bytes": 4})
        end = self.sync_call(after_copy + 1.0, "cudaStreamSynchronize", self.gpu_free[STREAM])
        self.span("cpu_op", "aten::item", t, end + 1.0 - t)
        self.span("cpu_op", "aten::_local_scalar_dense", inner, end - inner)
        return end + 1.0

    def trace(self):
        return {"schemaVersion": 1,
                "deviceProperties": [{"id": 0, "name": "NVIDIA H200", "totalGlobalMem": 150 << 30}],
                "traceEvents": sorted(self.events, key=lambda e: (e["ts"], -e["dur"]))}


def resnet_cpu_synchronize_loop():
    """A ResNet-like training loop that times each step with torch.cpu.synchronize(): the host
    launches a step's kernels far ahead of the GPU, the timer call returns at once, and the
    loss.item() after it waits for the whole queue."""
    p = Program()
    truth = {"steps": [], "queued_ns": 0}
    kernels_per_step = [28, 41, 56, 35, 47, 30]
    t = 100.0
    for s, n in enumerate(kernels_per_step):
        step_start = t
        t += 20.0
        for k in range(n):
            t = p.kernel(t, "implicit_convolve_sgemm" if k % 3 else "bn_fw_tr_1C11_kernel",
                         120.0 + 15.0 * (k % 4), op="aten::cudnn_convolution")
        # t0 = time.time() was taken at the step's start; now the "synchronized" timer.
        sync_start = t + 2.0
        p.span("python_function", "torch/cpu/__init__.py(126): synchronize", sync_start, 1.0)
        sync_end = sync_start + 1.0
        queued = [op for op in p.ops if op[0] < sync_start and op[2] > sync_end]
        last_end = max(op[2] for op in p.ops if op[0] < sync_start)
        truth["steps"].append({"queued_ops": len(queued),
                               "queued_ns": round((last_end - sync_end) * 1000)})
        truth["queued_ns"] += round((last_end - sync_end) * 1000)
        t = p.item(sync_end + 5.0)  # loss.item(): waits for everything queued
        t += 150.0  # the data loader's next batch
        p.span("user_annotation", "ProfilerStep#%d" % s, step_start, t - step_start)
        t += 1.0
    truth["calls"] = len(kernels_per_step)
    truth["max_queued_ops"] = max(s["queued_ops"] for s in truth["steps"])
    truth["max_queued_ns"] = max(s["queued_ns"] for s in truth["steps"])
    return p.trace(), truth


def cpu_items_and_pageable_to():
    """A recommender's step (as in DLRM): .item() on CPU tensors (no CUDA call at all), a
    .to("cuda") from pageable memory without non_blocking (a copy, then a stream sync that waits
    for the work queued before it), and a pinned non_blocking copy that syncs nothing."""
    p = Program()
    truth = {"cpu_items": 0, "syncing_to": 0, "pageable_to_blocked_ns": 0}
    t = 100.0
    for s in range(3):
        step_start = t
        for k in range(10):
            t = p.kernel(t, "embedding_bag_kernel", 80.0, op="aten::embedding_bag")
        for k in range(5):  # lengths.item() on CPU tensors, to size the next batch
            t = p.item(t + 4.0, on_gpu=False)
            truth["cpu_items"] += 1
        # indices.to("cuda"): aten::to > aten::_to_copy > aten::copy_ > the copy and the sync.
        to_start = t + 5.0
        copy_call = to_start + 3.0
        after = p.enqueue(copy_call, "cudaMemcpyAsync", "gpu_memcpy",
                          "Memcpy HtoD (Pageable -> Device)", 3.0, extra={"bytes": 2808})
        sync_start = after + 1.0
        sync_end = p.sync_call(sync_start, "cudaStreamSynchronize", p.gpu_free[STREAM])
        p.span("cpu_op", "aten::to", to_start, sync_end + 3.0 - to_start)
        p.span("cpu_op", "aten::_to_copy", to_start + 1.0, sync_end + 1.5 - to_start)
        p.span("cpu_op", "aten::copy_", to_start + 2.0, sync_end + 0.5 - to_start)
        truth["syncing_to"] += 1
        truth["pageable_to_blocked_ns"] += round((sync_end - sync_start) * 1000)
        t = sync_end + 5.0
        # dense.to("cuda", non_blocking=True) from pinned memory: no sync.
        p.span("cpu_op", "aten::to", t, 12.0)
        p.enqueue(t + 3.0, "cudaMemcpyAsync", "gpu_memcpy", "Memcpy HtoD (Pinned -> Device)",
                  4.0, extra={"bytes": 65536})
        t += 14.0
        for k in range(10):
            t = p.kernel(t, "mlp_gemm", 60.0, op="aten::addmm")
        t += 50.0
        p.span("user_annotation", "ProfilerStep#%d" % s, step_start, t - step_start)
        t += 1.0
    return p.trace(), truth


def recorded_idle_causes():
    """A program whose GPU idles for reasons the trace records: a first launch held while CUDA
    loads its modules (the profiler's "Runtime Triggered Module Loading" and "Lazy Function
    Loading" rows), an op held by the profiler's own "Activity Buffer Request", Python between two
    ops, and an unflatten of 400 views that launch nothing. Python frames wrap everything
    ("<string>(1): <module>", "nn.Module: Net_0"), as with_stack writes them."""
    p = Program()
    overhead = lambda name, ts, dur: p.span("overhead", name, ts, dur, pid=-1, tid=0)
    truth = {}
    t = 100.0
    t = p.kernel(t, "gemm_a", 100.0, op="aten::mm")  # runs 110-210
    # The first matmul of a new shape: its launch is held 65 ms while modules load.
    p.span("cpu_op", "aten::mm", 200.0, 65110.0)
    p.span("cuda_runtime", "cudaLaunchKernel", 205.0, 65000.0, {"correlation": p.corr})
    overhead("Runtime Triggered Module Loading", 1000.0, 49000.0)
    overhead("Lazy Function Loading", 50000.0, 1000.0)
    p.span("kernel", "gemm_b", 65210.0, 100.0,
           {"correlation": p.corr, "stream": STREAM, "device": 0}, pid=0, tid=STREAM)
    p.corr += 1
    p.gpu_free[STREAM] = 65310.0
    truth["startup_ns"] = 50000 * 1000  # the two rows, inside the gap 210-65210
    # An op held by the profiler asking CUPTI for a new activity buffer.
    p.span("cpu_op", "aten::fill_", 65300.0, 2610.0)
    overhead("Activity Buffer Request", 65320.0, 2540.0)
    p.enqueue(67900.0, "cudaLaunchKernel", "kernel", "fill_kernel", 100.0)  # runs 67908-68008
    truth["profiler_overhead_ns"] = 2540 * 1000
    # Python with nothing queued: the model's forward between two ops.
    p.span("python_function", "model.py(40): forward", 67950.0, 1040.0)
    gpu_end = p.gpu_free[STREAM]
    p.span("cpu_op", "aten::relu", 68900.0, 9.0)
    p.enqueue(68902.0, "cudaLaunchKernel", "kernel", "relu_kernel", 100.0)  # starts 68910
    truth["python_ns"] = round((68900.0 - gpu_end) * 1000)
    # _unflatten_dense_tensors: 400 views that launch nothing.
    p.span("python_function", "torch/_utils.py(520): _unflatten_dense_tensors", 69000.0, 20000.0)
    views_start = 69012.0
    for k in range(400):
        p.span("cpu_op", "aten::view", views_start + 50.0 * k, 45.0)
    views_end = views_start + 50.0 * 399 + 45.0
    truth["host_compute_ns"] = round((views_end - p.gpu_free[STREAM]) * 1000)
    p.span("cpu_op", "aten::add", 89010.0, 9.0)
    p.enqueue(89012.0, "cudaLaunchKernel", "kernel", "add_kernel", 100.0)
    end = 89200.0
    p.span("python_function", "nn.Module: Net_0", 90.0, end - 90.0)
    p.span("python_function", "<string>(1): <module>", 50.0, end - 50.0 + 20.0)
    return p.trace(), truth


def queued_before_sync():
    """Kernels queued before a sync began, run back to back with the GPU's own 2 µs between them:
    300 launched before the profiler's window (their launches are not in the trace, their
    correlation ids are older than every call in it), then a device sync; 200 launched in the
    window, then a stream sync. The gaps between queued kernels are the GPU's, not the sync's."""
    p = Program()
    truth = {"gpu_latency_ns": 0, "host_sync_ns": 0}
    gap = 2.0
    gpu = 100.0
    for k in range(300):
        p.span("kernel", "decode_step_kernel", gpu, 10.0,
               {"correlation": k + 1, "stream": STREAM, "device": 0}, pid=0, tid=STREAM)
        gpu += 10.0 + gap
    last_end = gpu - gap
    truth["gpu_latency_ns"] += round(299 * gap * 1000)
    p.corr = 1000
    p.gpu_free[STREAM] = last_end
    end = p.sync_call(105.0, "cudaDeviceSynchronize", last_end)
    t = end + 20.0
    truth["host_sync_ns"] += round((end - last_end) * 1000)
    # In the window: 200 launches, 3 µs apart, far ahead of a GPU that takes 12 µs each.
    first = True
    for k in range(200):
        c = p.corr
        p.corr += 1
        p.span("cuda_runtime", "cudaLaunchKernel", t, 2.0, {"correlation": c})
        start = max(t + 8.0, p.gpu_free[STREAM] + (0.0 if first else gap))
        if not first and start == p.gpu_free[STREAM] + gap:
            truth["gpu_latency_ns"] += round(gap * 1000)
        first = False
        p.span("kernel", "decode_step_kernel", start, 10.0,
               {"correlation": c, "stream": STREAM, "device": 0}, pid=0, tid=STREAM)
        p.gpu_free[STREAM] = start + 10.0
        t += 3.0
    last_end = p.gpu_free[STREAM]
    end = p.sync_call(t + 2.0, "cudaStreamSynchronize", last_end)
    truth["host_sync_ns"] += round((end - last_end) * 1000)
    p.enqueue(end + 20.0, "cudaLaunchKernel", "kernel", "sample_kernel", 10.0)
    return p.trace(), truth


def allocator_loop(kind):
    """A six-step training loop and its allocations. "warm-up": PyTorch's caching allocator fills
    up with cudaMalloc in the first two steps and never frees; "empty-cache-after": the same, then
    one torch.cuda.empty_cache() after the loop; "churn": the context is created by the first
    cudaMalloc (300 ms, before any GPU work), then every step allocates and empties the cache."""
    p = Program()
    truth = {"churn_calls": 0, "churn_blocked_ns": 0}
    t = 100.0
    if kind == "churn":
        p.span("cuda_runtime", "cudaMalloc", t, 300000.0, {"correlation": p.corr})
        p.corr += 1
        t += 300010.0
    for s in range(6):
        step_start = t
        for k in range(8):
            if k == 2 and (kind == "churn" or s < 2):
                p.span("cpu_op", "aten::empty", t, 40.0)
                p.span("cuda_runtime", "cudaMalloc", t + 3.0, 30.0, {"correlation": p.corr})
                p.corr += 1
                if kind == "churn" and s > 0:
                    truth["churn_calls"] += 1
                    truth["churn_blocked_ns"] += 30000
                t += 41.0
            t = p.kernel(t, "train_kernel", 200.0, op="aten::mm")
        t = max(t, p.gpu_free[STREAM]) + 20.0
        if kind == "churn":
            p.span("python_function", "torch/cuda/memory.py(222): empty_cache", t, 70.0)
            p.span("cuda_runtime", "cudaFree", t + 5.0, 60.0, {"correlation": p.corr})
            p.corr += 1
            if s > 0:
                truth["churn_calls"] += 1
                truth["churn_blocked_ns"] += 60000
            t += 71.0
        t += 100.0
        p.span("user_annotation", "ProfilerStep#%d" % s, step_start, t - step_start)
        t += 1.0
    if kind == "empty-cache-after":
        p.span("python_function", "torch/cuda/memory.py(222): empty_cache", t, 140.0)
        for k in range(2):
            p.span("cuda_runtime", "cudaFree", t + 5.0 + 65.0 * k, 60.0, {"correlation": p.corr})
            p.corr += 1
    return p.trace(), truth


def event_sync_without_record_link():
    """done = torch.cuda.Event(); done.record(); ...; done.synchronize(), four times, profiled
    without the sync records that would link the sync to its record: the trace still shows the
    record call and the kernels before it, on the stream the thread launched them on."""
    p = Program()
    truth = {"syncs": []}
    t = 100.0
    for s in range(4):
        for k in range(5):
            t = p.kernel(t, "forward_kernel_%d" % k, 300.0, op="aten::linear")
        awaited = p.events[-1]  # the last kernel before the record
        p.span("cuda_runtime", "cudaEventRecord", t + 2.0, 4.0, {"correlation": p.corr})
        p.corr += 1
        t += 8.0
        t = p.kernel(t, "prefetch_kernel", 40.0, op="aten::copy_", stream=9)
        end = p.sync_call(t + 5.0, "cudaEventSynchronize", awaited["ts"] + awaited["dur"] + 12.0)
        truth["syncs"].append({"awaited": awaited["name"],
                               "awaited_end_ns": round((awaited["ts"] + awaited["dur"]) * 1000)})
        t = end + 30.0
    return p.trace(), truth


def kineto_findings(path):
    """What the doctor may say of a PyTorch profiler trace, from its raw events by each rule's
    definition (docs/doctor.md): exact counts and costs where a rule is a count of calls, and the
    GPU idle time no cost may exceed."""
    import gzip
    raw = json.load(gzip.open(path) if path.endswith(".gz") else open(path))
    events = [e for e in raw["traceEvents"] if e.get("ph") == "X" and "dur" in e]
    cat = lambda e: str(e.get("cat", "")).lower()
    gpu = [e for e in events if cat(e) in ("kernel", "gpu_memcpy", "memcpy", "gpu_memset", "memset")
           and e["dur"] > 0]
    runtime = [e for e in events if cat(e) in ("cuda_runtime", "runtime", "cuda_driver")]
    ops = [e for e in events if cat(e) in ("cpu_op", "operator")]
    corr = lambda e: e.get("args", {}).get("correlation")
    launch_of = {corr(r): r["ts"] for r in runtime if corr(r) is not None}
    copy_name = {corr(e): e["name"] for e in gpu if cat(e) in ("gpu_memcpy", "memcpy")}

    # GPU idle: the span of GPU work less the union of it.
    spans = sorted((e["ts"], e["ts"] + e["dur"]) for e in gpu)
    busy, cur = 0.0, None
    for a, b in spans:
        if cur and a <= cur[1]:
            cur[1] = max(cur[1], b)
        else:
            if cur:
                busy += cur[1] - cur[0]
            cur = [a, b]
    if cur:
        busy += cur[1] - cur[0]
    idle = (spans[-1][1] - spans[0][0] - busy) if spans else 0.0

    def inside(outer, pool):
        return [e for e in pool if e["tid"] == outer["tid"] and e["ts"] >= outer["ts"] and
                e["ts"] + e["dur"] <= outer["ts"] + outer["dur"]]

    def outermost(pool):
        # Microsecond times give a call and its inner op the same span: the first one written
        # (the outer, as the profiler writes them) stands for both.
        def encloses(o, j, e, k):
            same = o["ts"] == e["ts"] and o["dur"] == e["dur"]
            return (o["tid"] == e["tid"] and o["ts"] <= e["ts"] and
                    o["ts"] + o["dur"] >= e["ts"] + e["dur"] and (not same or j < k))
        return [e for k, e in enumerate(pool)
                if not any(j != k and encloses(o, j, e, k) for j, o in enumerate(pool))]

    findings = {}
    # cpu-synchronize: the work launched before each call and unfinished at its end.
    cpu = outermost([e for e in events if e["name"] in ("torch.cpu.synchronize",) or
                     (e["name"].startswith("torch/cpu/__init__.py(") and
                      e["name"].endswith("): synchronize"))])
    missed = 0.0
    for c in cpu:
        ends = [e["ts"] + e["dur"] for e in gpu if launch_of.get(corr(e), e["ts"]) < c["ts"]]
        missed += max(0.0, max(ends, default=0.0) - (c["ts"] + c["dur"]))
    if cpu and missed > 0:
        findings["cpu-synchronize"] = {"count": len(cpu), "missed_gpu_ns": round(missed * 1000)}
    # .to("cuda") from pageable memory, then a stream sync: pageable-copy; a pageable
    # cudaMemcpyAsync that held the host (20 µs or more) with no sync after it in its op:
    # non-blocking-pageable.
    tos = outermost([e for e in ops if e["name"] in ("aten::to", "aten::_to_copy", "aten::copy_")])
    synced, unsynced = [], []
    for o in tos:
        calls = inside(o, runtime)
        pageable = [c for c in calls if c["name"].startswith("cudaMemcpyAsync") and
                    "Pageable" in copy_name.get(corr(c), "") and
                    "-> Device" in copy_name.get(corr(c), "")]
        syncs = [c for c in calls if c["name"].startswith("cudaStreamSynchronize")]
        if pageable and syncs:
            synced.append(sum(c["dur"] for c in syncs) +
                          sum(c["dur"] for c in pageable if c["dur"] >= 20.0))
        elif pageable and not syncs:
            unsynced += [c["dur"] for c in pageable if c["dur"] >= 20.0]
    if synced:
        findings["pageable-copy"] = {"count": len(synced),
                                     "host_blocked_ns": round(sum(synced) * 1000)}
    if unsynced:
        findings["non-blocking-pageable"] = {"count": len(unsynced),
                                             "host_blocked_ns": round(sum(unsynced) * 1000)}
    # Tensor.item() calls that synchronized: a copy to the host or a sync inside.
    items = outermost([e for e in ops if e["name"] in ("aten::item", "aten::_local_scalar_dense")])
    syncing_items = sum(1 for i in items if any(
        c["name"].startswith("cudaStreamSynchronize") or
        "DtoH" in copy_name.get(corr(c), "") for c in inside(i, runtime)))
    return {"findings": findings, "gpu_idle_ns": round(idle * 1000),
            "syncing_items": syncing_items}


def real_trace_facts(traces):
    """Facts of the shared real traces (when they are beside the checkout), counted from the raw
    events: which aten::item made a CUDA call, which aten::to copied to the device and synced,
    and what each finding of the doctor may say (kineto_findings)."""
    import glob
    import gzip
    facts = {}
    for path in sorted(glob.glob(os.path.join(traces, "*.json*")) +
                       glob.glob(os.path.join(traces, "*", "*.json.gz"))):
        facts.setdefault(os.path.relpath(path, traces), {}).update(kineto_findings(path))
    for path in sorted(glob.glob(os.path.join(traces, "param-dlrm-ranks", "*.pt.trace.json.gz"))):
        events = [e for e in json.load(gzip.open(path))["traceEvents"] if e.get("ph") == "X"]
        runtime = [e for e in events if e.get("cat") == "cuda_runtime"]
        copies = {e["args"]["correlation"]: e["name"] for e in events
                  if e.get("cat") == "gpu_memcpy"}

        def inside(outer):
            return [e for e in runtime if e["tid"] == outer["tid"] and e["ts"] >= outer["ts"]
                    and e["ts"] + e["dur"] <= outer["ts"] + outer["dur"]]
        items = [e for e in events if e.get("cat") == "cpu_op" and e["name"] == "aten::item"]
        syncing_to = 0
        for e in events:
            if e.get("cat") != "cpu_op" or e["name"] != "aten::to":
                continue
            calls = inside(e)
            to_device = any(c["name"] == "cudaMemcpyAsync" and "-> Device" in
                            copies.get(c["args"].get("correlation"), "") for c in calls)
            synced = any(c["name"] == "cudaStreamSynchronize" for c in calls)
            # aten::to nests (aten::to inside aten::index): count the outermost only.
            outer = any(o is not e and o.get("cat") == "cpu_op" and o["name"] == "aten::to" and
                        o["tid"] == e["tid"] and o["ts"] <= e["ts"] and
                        o["ts"] + o["dur"] >= e["ts"] + e["dur"] for o in events)
            if to_device and synced and not outer:
                syncing_to += 1
        facts["param-dlrm-ranks/" + os.path.basename(path)].update({
            "items": len(items),
            "items_with_cuda_calls": sum(1 for e in items if inside(e)),
            "syncing_to_device": syncing_to,
        })
    nsys = os.path.join(traces, "extra-p__extrap__profile16.sqlite")
    if os.path.exists(nsys):
        import sqlite3
        db = sqlite3.connect("file:%s?mode=ro" % nsys, uri=True)
        counts = {}
        for (name,) in db.execute("SELECT s.value FROM CUPTI_ACTIVITY_KIND_RUNTIME r "
                                  "JOIN StringIds s ON r.nameId = s.id"):
            base = name.split("_v")[0]
            if base in ("cudaMalloc", "cudaFree", "cudaHostAlloc", "cudaFreeHost", "cudaMemcpy"):
                counts[base] = counts.get(base, 0) + 1
        facts["extra-p__extrap__profile16.sqlite"] = {"allocation_calls": counts}
        gpu = sorted(db.execute(
            "SELECT start, end FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE end > start UNION ALL "
            "SELECT start, end FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE end > start UNION ALL "
            "SELECT start, end FROM CUPTI_ACTIVITY_KIND_MEMSET WHERE end > start"))
        busy, cur = 0, None
        for a, b in gpu:
            if cur and a <= cur[1]:
                cur[1] = max(cur[1], b)
            else:
                busy += cur[1] - cur[0] if cur else 0
                cur = [a, b]
        busy += cur[1] - cur[0] if cur else 0
        facts["extra-p__extrap__profile16.sqlite"]["gpu_idle_ns"] = gpu[-1][1] - gpu[0][0] - busy
        facts["extra-p__extrap__profile16.sqlite"]["findings"] = {}
    return facts


FIXTURES = {
    "resnet-cpu-synchronize-loop.json": resnet_cpu_synchronize_loop,
    "cpu-items-and-pageable-to.json": cpu_items_and_pageable_to,
    "recorded-idle-causes.json": recorded_idle_causes,
    "queued-before-sync.json": queued_before_sync,
    "allocator-warm-up.json": lambda: allocator_loop("warm-up"),
    "allocator-empty-cache-after-loop.json": lambda: allocator_loop("empty-cache-after"),
    "allocator-churn.json": lambda: allocator_loop("churn"),
    "event-sync-without-record-link.json": event_sync_without_record_link,
}


def main():
    truth = {}
    for name, make in FIXTURES.items():
        trace, facts = make()
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(trace, f, indent=0, separators=(",", ":"))
            f.write("\n")
        truth[name] = facts
    with open(os.path.join(HERE, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, sort_keys=True)
        f.write("\n")
    traces = os.path.join(HERE, "..", "..", "..", "..", "shared", "data", "traces")
    if os.path.isdir(traces):
        with open(os.path.join(HERE, "real-traces.truth.json"), "w") as f:
            json.dump(real_trace_facts(traces), f, indent=1, sort_keys=True)
            f.write("\n")


if __name__ == "__main__":
    main()
