#!/usr/bin/env bash
# `make bundle`: a one-folder PyInstaller build of the game in dist/tigris/,
# then one headless run of the built program to prove that it starts.
# PyInstaller does not cross-compile: build a Raspberry Pi bundle on the Pi.
# PYTHON (default .venv/bin/python) is the interpreter whose packages go in.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
readonly PYTHON=${PYTHON:-.venv/bin/python}
readonly DIST=dist/tigris
readonly SMOKE_SECONDS=5

die() {
    echo "bundle.sh: error: $*" >&2
    exit 1
}

note() {
    echo "bundle.sh: $*"
}

ensure_pyinstaller() {
    [[ -x $PYTHON ]] || die "$PYTHON is missing: run 'make test' or 'make play' first, or set PYTHON"
    if ! "$PYTHON" -m PyInstaller --version >/dev/null 2>&1; then
        note "installing PyInstaller into $("$PYTHON" -c 'import sys; print(sys.prefix)')"
        "$PYTHON" -m pip install --quiet "pyinstaller>=6" || die "cannot install PyInstaller"
    fi
}

# The client finds its fonts beside the game package (assets/) and its
# translations inside it (game/locales), and imports scenes and players
# lazily: every project package goes in whole.
build() {
    local package args=()
    for package in game engine ai net kiosk; do
        if [[ -d $package ]]; then
            args+=(--collect-submodules "$package" --collect-data "$package")
        fi
    done
    "$PYTHON" -m PyInstaller --noconfirm --clean --onedir --name tigris --log-level WARN \
        --distpath dist --workpath build/pyinstaller --specpath build \
        --paths "$PWD" --add-data "$PWD/assets:assets" "${args[@]}" game/__main__.py
}

# Draws frames on SDL's dummy drivers with a throwaway data folder. With the
# client's --frames it must exit 0; without it, it must still be running
# after SMOKE_SECONDS and must not have printed a traceback.
smoke_run() {
    local data log pid
    data=$(mktemp -d)
    log=$(mktemp)
    export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy TIGRIS_DATA_DIR=$data
    if "$DIST/tigris" --help | grep -q -- "--frames"; then
        "$DIST/tigris" --size 1280x800 --frames 3 >"$log" 2>&1 \
            || { cat "$log" >&2; die "the bundle failed to draw its first frames"; }
    else
        note "the client has no --frames option: checking that it runs for ${SMOKE_SECONDS} s"
        "$DIST/tigris" --size 1280x800 >"$log" 2>&1 &
        pid=$!
        sleep "$SMOKE_SECONDS"
        if ! kill -0 "$pid" 2>/dev/null; then
            cat "$log" >&2
            die "the bundle exited within ${SMOKE_SECONDS} s"
        fi
        kill "$pid"
        wait "$pid" 2>/dev/null || true
    fi
    if grep -q "Traceback" "$log"; then
        cat "$log" >&2
        die "the bundle printed a traceback"
    fi
    rm -rf "$data" "$log"
}

main() {
    local started built
    ensure_pyinstaller
    started=$(date +%s)
    build
    built=$(date +%s)
    note "built $DIST in $((built - started)) s, $(du -sh "$DIST" | cut -f1)"
    smoke_run
    note "the bundle starts headless: run it with $DIST/tigris"
}

main "$@"
