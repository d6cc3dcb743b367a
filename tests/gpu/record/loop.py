#!/usr/bin/env python3
"""A small PyTorch training loop for `scripts/gpu-check --record`: the same program is run
unrecorded, under the PyTorch profiler and under `syncscope-cli record`, and their traces and
step times are compared.

Each step: forward, backward and an optimizer step of a small MLP, timed the way the article
does it (torch.cpu.synchronize() around the step: a timer that waits for nothing), then the loss
read with .item() every --item-every steps, and one torch.cuda.synchronize() at the end.

  loop.py [--steps N | --seconds S] [--profile TRACE.json] [--truth TRUTH.json]

--truth writes what the program did (steps, the torch-level calls it made, step wall times) as
JSON. Under torchrun (WORLD_SIZE > 1) each rank runs on the one GPU and, after its loop, joins a
gloo all_reduce of a CPU tensor (NCCL refuses two ranks on one device).
"""
import argparse
import json
import os
import statistics
import time

import torch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--item-every", type=int, default=5)
    parser.add_argument("--width", type=int, default=2048)
    parser.add_argument("--profile", default="")
    parser.add_argument("--truth", default="")
    args = parser.parse_args()

    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    if world > 1:
        import torch.distributed as dist

        dist.init_process_group("gloo")
    device = torch.device("cuda", 0)
    model = torch.nn.Sequential(
        torch.nn.Linear(args.width, args.width),
        torch.nn.ReLU(),
        torch.nn.Linear(args.width, args.width),
    ).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    x = torch.randn(256, args.width, device=device)
    y = torch.randn(256, args.width, device=device)
    calls = {"torch.cpu.synchronize": 0, "Tensor.item": 0, "torch.cuda.synchronize": 0}

    def step():
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss

    # Warm-up outside the measured part (cuBLAS handles, the allocator's first blocks).
    for _ in range(3):
        step()
    torch.cuda.synchronize()

    profiler = None
    if args.profile:
        profiler = torch.profiler.profile(
            activities=[torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA],
            with_stack=True,
        )
        profiler.__enter__()
    # The part both recorders keep: the profiler's window, and `record --capture-range
    # nvtx:measured`.
    torch.cuda.nvtx.range_push("measured")

    times = []
    deadline = time.monotonic() + args.seconds if args.seconds > 0 else None
    n = 0
    while (deadline is None and n < args.steps) or (deadline is not None and time.monotonic() < deadline):
        torch.cpu.synchronize()  # the article's "wait for the GPU": it waits for nothing
        calls["torch.cpu.synchronize"] += 1
        t0 = time.perf_counter()
        loss = step()
        torch.cpu.synchronize()
        calls["torch.cpu.synchronize"] += 1
        times.append(time.perf_counter() - t0)
        n += 1
        if n % args.item_every == 0:
            loss.item()
            calls["Tensor.item"] += 1
    torch.cuda.synchronize()
    calls["torch.cuda.synchronize"] += 1
    # Wall time of whole steps, the GPU included: the launch-bound part is what recording costs.
    t0 = time.perf_counter()
    for _ in range(10):
        step()
    torch.cuda.synchronize()
    calls["torch.cuda.synchronize"] += 1
    steps_wall_ms = (time.perf_counter() - t0) * 1000 / 10
    torch.cuda.nvtx.range_pop()

    if profiler is not None:
        profiler.__exit__(None, None, None)
        profiler.export_chrome_trace(args.profile)
    if world > 1:
        import torch.distributed as dist

        t = torch.ones(4)
        dist.all_reduce(t)
        dist.destroy_process_group()
    if args.truth:
        truth = {
            "rank": rank,
            "world_size": world,
            "steps": n,
            "calls": calls,
            "step_ms_median": statistics.median(times) * 1000 if times else 0.0,
            "synced_step_ms": steps_wall_ms,
        }
        path = args.truth if world == 1 else f"{args.truth}.rank{rank}"
        with open(path, "w") as f:
            json.dump(truth, f, indent=1)


if __name__ == "__main__":
    main()
