# shellcheck shell=bash
# Shared by scripts/run and scripts/test: install what is missing, configure, build.
# Sourced, not run. Works on a fresh Debian 12 machine as root.
set -euo pipefail

SYNCSCOPE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SYNCSCOPE_PRESET=${SYNCSCOPE_PRESET:-release}
SYNCSCOPE_BUILD_DIR="$SYNCSCOPE_ROOT/build/$SYNCSCOPE_PRESET"

# Debian 12 packages the build, the tests and the window need.
SYNCSCOPE_PACKAGES=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-qpa-plugins libgl-dev
    libqcustomplot-dev nlohmann-json3-dev libsimdjson-dev libsqlite3-dev zlib1g-dev libcli11-dev
    qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-dejavu-core fonts-noto-cjk
    clang-format python3
)

syncscope_install_packages() {
    local missing=()
    for p in "${SYNCSCOPE_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "syncscope: installing Debian packages: ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "syncscope: these packages are missing and installing them needs root: ${missing[*]}" >&2
        exit 2
    fi
    export DEBIAN_FRONTEND=noninteractive
    # Another install may hold the locks (a machine's first boot upgrades itself): wait for them
    # instead of failing. DPkg::Lock::Timeout waits for dpkg's lock; `apt-get update` does not
    # wait for the package lists' lock, so it is tried again for as long.
    local lock_wait=600 waited=0
    until apt-get -o DPkg::Lock::Timeout=$lock_wait update -qq; do
        if [ $waited -ge $lock_wait ]; then
            echo "syncscope: apt-get update failed for ${lock_wait} s; see its message above" >&2
            return 1
        fi
        sleep 10
        waited=$((waited + 10))
    done
    apt-get -o DPkg::Lock::Timeout=$lock_wait install -y -qq --no-install-recommends "${missing[@]}"
}

# syncscope_build [TARGET...]: configures once, then builds the targets (default: all).
syncscope_build() {
    local jobs
    jobs=$(nproc 2>/dev/null || echo 2)
    # The CUDA engine is built when the toolkit is found (nvcc on PATH or in /usr/local/cuda).
    if [ ! -f "$SYNCSCOPE_BUILD_DIR/CMakeCache.txt" ]; then
        cmake --preset "$SYNCSCOPE_PRESET" -S "$SYNCSCOPE_ROOT"
    fi
    local targets=()
    for t in "$@"; do targets+=(--target "$t"); done
    cmake --build "$SYNCSCOPE_BUILD_DIR" --parallel "$jobs" "${targets[@]}"
}
