#!/usr/bin/env bash
# Undoes kiosk/install.sh: stops and removes tigris-kiosk.service, its files,
# /opt/tigris and the kiosk user, and gives tty1 back to the login prompt.
# The saved games stay unless --purge is given. Safe to run more than once.
set -euo pipefail

readonly PREFIX=/opt/tigris
readonly UNIT=tigris-kiosk.service
readonly CONF=/etc/tigris-kiosk.conf
readonly FILES=(/etc/pam.d/tigris-kiosk /etc/udev/rules.d/99-tigris-touch.rules
    /etc/systemd/system.conf.d/tigris-kiosk-watchdog.conf)

ROOT=""
# shellcheck disable=SC2034  # read by lib.sh
SCRIPT=uninstall.sh
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
KIOSK_USER=""
PURGE=0

usage() {
    cat <<'EOF'
Usage: sudo kiosk/uninstall.sh [OPTIONS]

Removes the Tigris kiosk set up by kiosk/install.sh.

  --purge        also delete the saved games (the data folder)
  --user NAME    the kiosk user (default: the one the service runs as, or tigris)
  --root DIR     uninstall from a fake root made by install.sh --root; the
                 commands that would change the running system are written
                 to DIR/tigris-kiosk-actions.txt instead of run
  -h, --help     this text
EOF
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case $1 in
            --purge) PURGE=1; shift ;;
            --user) [[ $# -ge 2 && -n $2 ]] || die "--user needs a value"; KIOSK_USER=$2; shift 2 ;;
            --root) [[ $# -ge 2 && $2 == /* ]] || die "--root needs an absolute path"; ROOT=$2; shift 2 ;;
            -h | --help) usage; exit 0 ;;
            *) die "unknown option $1 (see --help)" ;;
        esac
    done
}

use_systemctl() {
    [[ -n $ROOT || -d /run/systemd/system ]]
}

# A KEY=value from an installed file, or the default when the file or key is missing.
setting() {
    local file=$1 key=$2 default=$3 value=""
    if [[ -f $file ]]; then
        value=$(sed -n "s/^$key=//p" "$file" | tail -n 1)
    fi
    echo "${value:-$default}"
}

stop_service() {
    local unit_file
    unit_file=$(target "/etc/systemd/system/$UNIT")
    if [[ ! -f $unit_file ]]; then
        note "$UNIT is not installed"
        return
    fi
    if use_systemctl; then
        act systemctl disable --now "$UNIT" || note "could not stop $UNIT cleanly; removing it anyway"
    fi
    rm -f "$unit_file"
    note "removed $UNIT"
}

remove_files() {
    local file removed_rule=0
    for file in "${FILES[@]}"; do
        if [[ -e $(target "$file") ]]; then
            rm -f "$(target "$file")"
            note "removed $file"
            [[ $file != */udev/* ]] || removed_rule=1
        fi
    done
    if [[ $removed_rule -eq 1 ]] && { [[ -n $ROOT ]] || command -v udevadm >/dev/null; }; then
        act udevadm control --reload || true
        act udevadm trigger --subsystem-match=input --action=change || true
    fi
    rm -f "$(target "$CONF")"
    if [[ -d $(target "$PREFIX") ]]; then
        rm -rf "$(target "$PREFIX")"
        note "removed $PREFIX (the game and its venv)"
    fi
}

remove_user() {
    if [[ -n $ROOT ]]; then
        act userdel --remove "$KIOSK_USER"
    elif id -u "$KIOSK_USER" >/dev/null 2>&1; then
        end_user_session
        userdel --remove "$KIOSK_USER" 2>/dev/null || userdel "$KIOSK_USER"
        note "removed the user $KIOSK_USER"
    fi
}

# userdel refuses while the user still runs something; the service is stopped by now,
# so what is left belongs to its ended session.
end_user_session() {
    local uid
    uid=$(id -u "$KIOSK_USER")
    if [[ $uid -ne 0 ]] && command -v loginctl >/dev/null && use_systemctl; then
        loginctl terminate-user "$KIOSK_USER" 2>/dev/null || true
    fi
}

main() {
    parse_args "$@"
    if [[ -z $ROOT && $EUID -ne 0 ]]; then
        die "run me as root: sudo $0 $*"
    fi
    if [[ -n $ROOT ]]; then
        [[ -d $ROOT ]] || die "--root $ROOT does not exist"
        : >"$ROOT/tigris-kiosk-actions.txt"
    fi
    local unit_file data_dir
    unit_file=$(target "/etc/systemd/system/$UNIT")
    KIOSK_USER=${KIOSK_USER:-$(setting "$unit_file" User tigris)}
    data_dir=$(setting "$(target "$CONF")" TIGRIS_DATA_DIR /data/tigris)
    stop_service
    remove_files
    if use_systemctl; then
        act systemctl daemon-reload
        act systemctl start getty@tty1.service || true
    fi
    remove_user
    if [[ $PURGE -eq 1 && ! $data_dir =~ ^/[A-Za-z0-9._-]+/[A-Za-z0-9._/-]+$ ]]; then
        note "not deleting '$data_dir' (it looks too broad): delete the saved games by hand"
    elif [[ $PURGE -eq 1 ]]; then
        rm -rf "$(target "$data_dir")"
        note "deleted the saved games in $data_dir"
    else
        note "kept the saved games in $data_dir (delete them with --purge)"
    fi
    note "screen blanking stays off; to turn it back on: sudo raspi-config nonint do_blanking 0"
}

main "$@"
