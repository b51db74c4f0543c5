# shellcheck shell=bash
# Helpers shared by install.sh and uninstall.sh. The caller sets SCRIPT (its
# name, for messages) and ROOT (empty, or the fake root of --root).

die() {
    echo "$SCRIPT: error: $*" >&2
    exit 1
}

note() {
    echo "$SCRIPT: $*"
}

# A path on the system being changed: under --root, inside that folder.
target() {
    echo "$ROOT$1"
}

# Runs a command that changes the running system, or under --root records it.
act() {
    if [[ -n $ROOT ]]; then
        printf '%q ' "$@" >>"$ROOT/tigris-kiosk-actions.txt"
        printf '\n' >>"$ROOT/tigris-kiosk-actions.txt"
    else
        "$@"
    fi
}
