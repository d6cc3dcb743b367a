#!/usr/bin/env python3
"""Compares `syncscope-cli stats --json` of a recording with that of the PyTorch profiler's trace
of the same program part, and both with what the program says it did (loop.py --truth).

  compare_record.py RECORDED.stats.json PROFILER.stats.json TRUTH.json

Prints one markdown table (quantity, truth, record, profiler) and exits 1 when the recording
disagrees with the truth or the profiler on kernels, copies, memsets, syncs or torch-level calls,
or has an invariant violation.
"""
import json
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    rec, prof, truth = (json.load(open(p)) for p in sys.argv[1:4])
    rows = []
    bad = []

    def row(name, t, r, p, must_match_truth=True, must_match_profiler=True):
        rows.append((name, "" if t is None else t, r, p))
        if must_match_truth and t is not None and r != t:
            bad.append(f"{name}: recorded {r}, the program made {t}")
        if must_match_profiler and r != p:
            bad.append(f"{name}: recorded {r}, the profiler {p}")

    kinds = ("kernel", "memcpy", "memset")
    for kind in kinds:
        row(f"{kind}s", None, rec["events_by_kind"].get(kind, 0), prof["events_by_kind"].get(kind, 0))
    for name, count in truth["calls"].items():
        row(name, count, rec["torch_calls"].get(name, 0), prof["torch_calls"].get(name, 0))
    apis = sorted(set(rec["sync_calls_by_api"]) | set(prof["sync_calls_by_api"]))
    for api in apis:
        row(api, None, rec["sync_calls_by_api"].get(api, 0), prof["sync_calls_by_api"].get(api, 0))
    row("invariant violations", 0, rec["invariants"]["violations"], prof["invariants"]["violations"],
        must_match_profiler=False)

    print("| quantity | the program | record | PyTorch profiler |")
    print("|---|---|---|---|")
    for name, t, r, p in rows:
        print(f"| {name} | {t} | {r} | {p} |")
    for b in bad:
        print(f"MISMATCH {b}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
