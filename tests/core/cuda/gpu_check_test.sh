#!/usr/bin/env bash
# scripts/gpu-check without a GPU: a stand-in syncscope-cli records how it is called, so the
# table, the calibrated ε/L passed to `check`, the exit status and --package are checked.
set -euo pipefail
root=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/scenarios"
echo '{}' > "$work/scenarios/alpha.json"
echo '{}' > "$work/scenarios/beta.json"
cat > "$work/fake-cli" <<'FAKE'
#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/calls.log"
case "$1" in
    run)
        out=""; engine=""
        while [ $# -gt 0 ]; do
            case "$1" in --out) out=$2; shift ;; --engine) engine=$2; shift ;; esac; shift
        done
        if [ "$engine" = cuda ] && [ "${FAIL_CUDA:-}" = 1 ]; then echo "CUDA engine unavailable: no usable CUDA device" >&2; exit 1; fi
        echo '{"format":"syncscope-trace","trace":{"device":{"clock_tolerance_ns":3000,"wake_latency_ns":[1000,25000,-1,-1]}}}' > "$out" ;;
    check)
        # The real CLI's summary lines: violations, then the lesson's own claims.
        echo "$2: 12 events, ${VIOLATIONS:-0} violations"
        echo "expect: 2 claims, ${CLAIMS_FAILED:-0} failed"
        [ "${VIOLATIONS:-0}" = 0 ] && [ "${CLAIMS_FAILED:-0}" = 0 ] ;;
    compare) echo "makespan: real 1.20 ms vs sim 1.10 ms"; echo "order of kernel completions: same"; exit 0 ;;
esac
FAKE
chmod +x "$work/fake-cli"

fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. Everything agrees: exit 0, ε from the trace, L = 10 x the largest wake-up (250 µs).
SYNCSCOPE_CLI="$work/fake-cli" "$root/scripts/gpu-check" --scenarios "$work/scenarios" --out "$work/out" > "$work/table.txt" \
    || fail "gpu-check failed although every scenario agreed: $(cat "$work/table.txt")"
grep -q "^alpha .* ok .* 0 .* 0 of 2 failed .*real 1.20 ms vs sim 1.10 ms.*agree" "$work/table.txt" || fail "row for alpha: $(cat "$work/table.txt")"
grep -q "^beta " "$work/table.txt" || fail "no row for beta"
grep -q "check $work/out/alpha.real.json --epsilon-ns 3000 --wake-bound-ns 250000" "$work/calls.log" \
    || fail "check not called with the calibrated tolerance: $(grep check "$work/calls.log")"
grep -q "run $work/scenarios/alpha.json --engine sim --out $work/out/alpha.sim.json" "$work/calls.log" || fail "no sim run"

# 2. No GPU: every row failed, exit status 1, the reason shown.
if FAIL_CUDA=1 SYNCSCOPE_CLI="$work/fake-cli" "$root/scripts/gpu-check" --scenarios "$work/scenarios" > "$work/table2.txt"; then
    fail "gpu-check succeeded although the CUDA runs failed"
fi
grep -q "no usable CUDA device" "$work/table2.txt" || fail "reason missing: $(cat "$work/table2.txt")"

# 3. Violations make it fail, and so does a lesson's claim that does not hold on the GPU.
if VIOLATIONS=3 SYNCSCOPE_CLI="$work/fake-cli" "$root/scripts/gpu-check" --scenarios "$work/scenarios" > "$work/table4.txt"; then
    fail "gpu-check succeeded although check found violations"
fi
grep -q "^alpha .* ok .* 3 " "$work/table4.txt" || fail "violation count missing: $(cat "$work/table4.txt")"
if CLAIMS_FAILED=1 SYNCSCOPE_CLI="$work/fake-cli" "$root/scripts/gpu-check" --scenarios "$work/scenarios" > "$work/table5.txt"; then
    fail "gpu-check succeeded although a claim failed"
fi
grep -q "^alpha .* 1 of 2 failed " "$work/table5.txt" || fail "failed claims missing: $(cat "$work/table5.txt")"

# 4. --package: binary, scenarios, scripts; run.sh works from the package alone.
SYNCSCOPE_CLI="$work/fake-cli" "$root/scripts/gpu-check" --scenarios "$work/scenarios" --package "$work/pkg" > /dev/null
for f in bin/syncscope-cli run.sh gpu-check scenarios/alpha.json scenarios/beta.json probes/waves.json; do
    [ -e "$work/pkg/$f" ] || fail "package lacks $f"
done
compgen -G "$work/pkg/lib/libcuda.so*" > /dev/null && fail "package must not contain the driver"
(cd "$work/pkg" && ./run.sh > "$work/table3.txt") || fail "packaged run failed: $(cat "$work/table3.txt")"
grep -q "^alpha " "$work/table3.txt" || fail "packaged run printed no table"

# 5. --probes: the probe table after the built-ins, and the cancellation test (exit status 3).
(cd "$work/pkg" && CANCEL_AFTER_S=0 ./run.sh --probes > "$work/table6.txt") || fail "probes run failed: $(cat "$work/table6.txt")"
grep -q "^Probes" "$work/table6.txt" || fail "no probe table: $(cat "$work/table6.txt")"
grep -q "^waves " "$work/table6.txt" || fail "no row for the waves probe"
grep -q "^cancel: " "$work/table6.txt" || fail "no cancellation line"
echo "gpu-check test: ok"
