#!/usr/bin/env bash
# Makes a Raspberry Pi (Raspberry Pi OS Bookworm) boot straight into the game:
# a kiosk user, the project in its own venv under /opt/tigris, and
# tigris-kiosk.service running the game under cage on tty1.
# Run it with sudo; run it again after an update (it is idempotent).
# Settings passed once are kept in /etc/tigris-kiosk.conf for later runs.
# kiosk/README.md walks through it.
set -euo pipefail

readonly PREFIX=/opt/tigris
readonly UNIT=tigris-kiosk.service
readonly CONF=/etc/tigris-kiosk.conf
readonly PAM_FILE=/etc/pam.d/tigris-kiosk
readonly UDEV_RULE=/etc/udev/rules.d/99-tigris-touch.rules
readonly WATCHDOG_CONF=/etc/systemd/system.conf.d/tigris-kiosk-watchdog.conf
readonly PACKAGES=(cage xwayland python3-venv libx11-6 libxext6 libxcursor1 libxi6
    libxrandr2 libxss1 wlr-randr)

ROOT=""
# shellcheck disable=SC2034  # read by lib.sh
SCRIPT=install.sh
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KIOSK_USER=tigris
DATA_DIR=""
ROTATE=""
OUTPUT=""
OUTPUT_GIVEN=0
TOUCH_MATRIX=""
SKIP_VENV=0
HW_WATCHDOG=1

usage() {
    cat <<'EOF'
Usage: sudo kiosk/install.sh [OPTIONS]

Sets up this Raspberry Pi to boot into Tigris & Euphrates (see kiosk/README.md).

  --data-dir DIR        where saves go (default /data/tigris; put a data
                        partition there for a read-only root)
  --rotate DEG          0, 90, 180 or 270: screen and touch rotation
  --output NAME         the output to rotate, e.g. HDMI-A-1 (default: all)
  --touch-matrix "A B C D E F"
                        libinput calibration matrix (default: from --rotate)
  --user NAME           the kiosk user (default tigris)
  --source DIR          the project checkout (default: this script's)
  --no-hardware-watchdog
                        leave systemd's hardware watchdog setting alone
  --skip-venv           do not create or update the venv (tests)
  --root DIR            install under DIR instead of /: nothing outside DIR
                        changes, and the commands that would change the
                        running system (users, systemctl, udevadm,
                        raspi-config) are written to DIR/tigris-kiosk-actions.txt
  -h, --help            this text
EOF
}

need_value() {
    [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value (see --help)"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case $1 in
            --data-dir) need_value "$@"; DATA_DIR=$2; shift 2 ;;
            --rotate) need_value "$@"; ROTATE=$2; shift 2 ;;
            --output) [[ $# -ge 2 ]] || die "--output needs a value"; OUTPUT=$2; OUTPUT_GIVEN=1; shift 2 ;;
            --touch-matrix) need_value "$@"; TOUCH_MATRIX=$2; shift 2 ;;
            --user) need_value "$@"; KIOSK_USER=$2; shift 2 ;;
            --source) need_value "$@"; SOURCE=$2; shift 2 ;;
            --root) need_value "$@"; ROOT=$2; shift 2 ;;
            --skip-venv) SKIP_VENV=1; shift ;;
            --no-hardware-watchdog) HW_WATCHDOG=0; shift ;;
            -h | --help) usage; exit 0 ;;
            *) die "unknown option $1 (see --help)" ;;
        esac
    done
}

systemd_running() {
    [[ -z $ROOT && -d /run/systemd/system ]]
}

conf_get() {
    local file value
    file=$(target "$CONF")
    [[ -f $file ]] || { echo "$2"; return; }
    value=$(sed -n "s/^$1=//p" "$file" | tail -n 1)
    if grep -q "^$1=" "$file"; then echo "$value"; else echo "$2"; fi
}

conf_set() {
    local file
    file=$(target "$CONF")
    if grep -q "^$1=" "$file"; then
        sed -i "s|^$1=.*|$1=$2|" "$file"
    else
        echo "$1=$2" >>"$file"
    fi
}

validate() {
    [[ $KIOSK_USER =~ ^[a-z_][a-z0-9_-]{0,30}$ ]] || die "--user $KIOSK_USER is not a valid user name"
    [[ -z $ROTATE || $ROTATE =~ ^(0|90|180|270)$ ]] || die "--rotate takes 0, 90, 180 or 270, not $ROTATE"
    [[ -z $DATA_DIR || $DATA_DIR =~ ^/[A-Za-z0-9._/-]+$ ]] \
        || die "--data-dir must be an absolute path of letters, digits and ._/- (got $DATA_DIR)"
    [[ $OUTPUT =~ ^[A-Za-z0-9._-]*$ ]] || die "--output $OUTPUT is not an output name like HDMI-A-1"
    [[ -z $TOUCH_MATRIX || $TOUCH_MATRIX =~ ^-?[0-9.]+( -?[0-9.]+){5}$ ]] \
        || die "--touch-matrix takes six numbers, e.g. \"0 -1 1 1 0 0\""
    [[ -z $ROOT || $ROOT == /* ]] || die "--root needs an absolute path"
    [[ -f $SOURCE/pyproject.toml && -f $SOURCE/kiosk/launch.py ]] \
        || die "--source $SOURCE is not the project checkout (no pyproject.toml or kiosk/launch.py)"
}

check_system() {
    if [[ -z $ROOT && $EUID -ne 0 ]]; then
        die "run me as root: sudo $0 $*"
    fi
    local os_release codename
    os_release=$(target /etc/os-release)
    [[ -f $os_release ]] || die "$os_release is missing, so this cannot be checked to be Bookworm"
    codename=$(sed -n 's/^VERSION_CODENAME=//p' "$os_release" | tr -d '"')
    [[ $codename == bookworm ]] \
        || die "this is for Raspberry Pi OS Bookworm (Debian 12); this system is '${codename:-unknown}'"
    if [[ -n $ROOT ]]; then
        note "--root: not checking the installed packages of the running system"
        return
    fi
    local missing=() pkg
    for pkg in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -gt 0 ]]; then
        die "missing packages: ${missing[*]}. Install them with:
    sudo apt-get update && sudo apt-get install -y ${PACKAGES[*]}"
    fi
    [[ -x /usr/bin/python3 ]] || die "/usr/bin/python3 is missing: sudo apt-get install -y python3"
    /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "/usr/bin/python3 is older than 3.11; Bookworm's is 3.11"
}

ensure_user() {
    local groups=() group
    for group in input video render; do
        if [[ -n $ROOT ]] || getent group "$group" >/dev/null; then
            groups+=("$group")
        else
            note "there is no '$group' group here; skipping it"
        fi
    done
    if [[ -n $ROOT ]] || ! id -u "$KIOSK_USER" >/dev/null 2>&1; then
        act useradd --system --create-home --home-dir "/var/lib/$KIOSK_USER" \
            --shell /usr/sbin/nologin --comment "Tigris kiosk" "$KIOSK_USER"
    fi
    if [[ ${#groups[@]} -gt 0 ]]; then
        act usermod --append --groups "$(IFS=,; echo "${groups[*]}")" "$KIOSK_USER"
    fi
}

# Copies the checkout (not its venv, caches or git history) to PREFIX/src, replacing the old copy.
install_source() {
    local dest
    dest=$(target "$PREFIX")
    mkdir -p "$dest"
    rm -rf "$dest/src.new" "$dest/src.old"
    mkdir "$dest/src.new"
    tar -C "$SOURCE" --exclude=./.git --exclude=./.venv --exclude=./build --exclude=./dist \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.ruff_cache \
        --exclude=.mypy_cache --exclude=.hypothesis --exclude='*.egg-info' -cf - . \
        | tar -C "$dest/src.new" -xf -
    if [[ -d $dest/src ]]; then
        mv "$dest/src" "$dest/src.old"
    fi
    mv "$dest/src.new" "$dest/src"
    rm -rf "$dest/src.old"
}

install_venv() {
    local venv
    venv=$(target "$PREFIX")/venv
    if [[ $SKIP_VENV -eq 1 ]]; then
        note "--skip-venv: leaving $venv as it is"
        return
    fi
    if ! "$venv/bin/python" -c 'import sys; sys.exit(sys.base_prefix != "/usr")' 2>/dev/null; then
        rm -rf "$venv"
        note "creating the venv $venv from /usr/bin/python3"
        /usr/bin/python3 -m venv "$venv" || die "cannot create the venv: sudo apt-get install -y python3-venv"
    fi
    note "installing the game into $venv (this takes a while the first time)"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet --upgrade "$(target "$PREFIX")/src"
    # Same version number, new code: pip keeps an installed project unless told otherwise.
    "$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$(target "$PREFIX")/src"
}

write_conf() {
    local file
    file=$(target "$CONF")
    mkdir -p "$(dirname "$file")"
    if [[ ! -f $file ]]; then
        cat >"$file" <<'EOF'
# Tigris kiosk settings, read by tigris-kiosk.service (EnvironmentFile=).
# After a change: sudo systemctl restart tigris-kiosk
# Rotation, touch matrix and data folder: change them with kiosk/install.sh,
# which also writes the udev rule and creates the folder.
TIGRIS_DATA_DIR=/data/tigris
TIGRIS_KIOSK_ROTATE=0
TIGRIS_KIOSK_OUTPUT=
TIGRIS_KIOSK_TOUCH_MATRIX=
TIGRIS_KIOSK_TABLETOP=1
TIGRIS_KIOSK_RESUME=1
TIGRIS_KIOSK_HANG_SECONDS=15
TIGRIS_KIOSK_READY_SECONDS=60
# Idle seconds before computer players demo the game (0: never).
TIGRIS_KIOSK_ATTRACT_SECONDS=60
TIGRIS_KIOSK_GAME_ARGS=
SDL_VIDEODRIVER=x11
EOF
        note "wrote $CONF"
    fi
    conf_set TIGRIS_ASSETS "$PREFIX/src/assets"
    [[ -z $DATA_DIR ]] || conf_set TIGRIS_DATA_DIR "$DATA_DIR"
    [[ -z $ROTATE ]] || conf_set TIGRIS_KIOSK_ROTATE "$ROTATE"
    [[ $OUTPUT_GIVEN -eq 0 ]] || conf_set TIGRIS_KIOSK_OUTPUT "$OUTPUT"
    [[ -z $TOUCH_MATRIX ]] || conf_set TIGRIS_KIOSK_TOUCH_MATRIX "$TOUCH_MATRIX"
    DATA_DIR=$(conf_get TIGRIS_DATA_DIR /data/tigris)
    ROTATE=$(conf_get TIGRIS_KIOSK_ROTATE 0)
    TOUCH_MATRIX=$(conf_get TIGRIS_KIOSK_TOUCH_MATRIX "")
    chmod 0644 "$file"
}

ensure_data_dir() {
    mkdir -p "$(target "$DATA_DIR")"
    chmod 0750 "$(target "$DATA_DIR")"
    act chown -R "$KIOSK_USER:$KIOSK_USER" "$DATA_DIR"
}

write_unit() {
    local file
    file=$(target "/etc/systemd/system/$UNIT")
    mkdir -p "$(dirname "$file")"
    cat >"$file" <<EOF
# Written by kiosk/install.sh: the game under the cage kiosk compositor on tty1.
# Settings: $CONF. Logs: journalctl -u ${UNIT%.service}. Docs: $PREFIX/src/kiosk/README.md
[Unit]
Description=Tigris & Euphrates kiosk (the game under cage on tty1)
Documentation=file:$PREFIX/src/kiosk/README.md
After=systemd-user-sessions.service plymouth-quit-wait.service systemd-logind.service
After=getty@tty1.service
Conflicts=getty@tty1.service
ConditionPathExists=/dev/tty1
StartLimitIntervalSec=0

[Service]
# The supervisor (python -m kiosk) is the main process and the only one that
# speaks to systemd: PAMName= moves children into a session scope.
Type=notify
NotifyAccess=main
WatchdogSec=15
User=$KIOSK_USER
# A logind session on seat0 and tty1, so cage may open the screen and the input devices.
PAMName=tigris-kiosk
TTYPath=/dev/tty1
TTYReset=yes
TTYVHangup=yes
TTYVTDisallocate=yes
StandardInput=tty-fail
StandardOutput=journal
StandardError=journal
UtmpIdentifier=tty1
UtmpMode=user
# pam_systemd sets XDG_RUNTIME_DIR=/run/user/UID; this one is used where it does not.
RuntimeDirectory=tigris-kiosk
RuntimeDirectoryMode=0700
Environment=XDG_RUNTIME_DIR=%t/tigris-kiosk
Environment=XDG_SESSION_TYPE=wayland
EnvironmentFile=-$CONF
# As root ("+"), and never fatal ("-"): a freshly mounted data partition gets its folder.
ExecStartPre=-+/usr/bin/install -d -o $KIOSK_USER -g $KIOSK_USER -m 0750 \${TIGRIS_DATA_DIR}
ExecStart=$PREFIX/venv/bin/python -m kiosk run
Restart=always
RestartSec=3
TimeoutStartSec=120
TimeoutStopSec=15

[Install]
WantedBy=multi-user.target
EOF
    chmod 0644 "$file"
}

write_pam() {
    local file
    file=$(target "$PAM_FILE")
    mkdir -p "$(dirname "$file")"
    cat >"$file" <<'EOF'
# Written by kiosk/install.sh for tigris-kiosk.service (PAMName=tigris-kiosk):
# no password is asked; the account is checked and a logind session opened.
@include common-account
@include common-session
EOF
    chmod 0644 "$file"
}

# libinput's calibration matrix for a display rotated clockwise by DEG.
matrix_for() {
    case $1 in
        90) echo "0 -1 1 1 0 0" ;;
        180) echo "-1 0 1 0 -1 1" ;;
        270) echo "0 1 0 -1 0 1" ;;
        *) echo "" ;;
    esac
}

write_udev_rule() {
    local file matrix
    file=$(target "$UDEV_RULE")
    matrix=${TOUCH_MATRIX:-$(matrix_for "$ROTATE")}
    if [[ -z $matrix ]]; then
        if [[ -f $file ]]; then
            rm -f "$file"
            note "removed the touch rotation rule"
            reload_udev
        fi
        return
    fi
    mkdir -p "$(dirname "$file")"
    cat >"$file" <<EOF
# Written by kiosk/install.sh: turn touches with the screen (rotation $ROTATE).
ENV{ID_INPUT_TOUCHSCREEN}=="1", ENV{LIBINPUT_CALIBRATION_MATRIX}="$matrix"
EOF
    chmod 0644 "$file"
    note "touch calibration matrix: $matrix"
    reload_udev
}

reload_udev() {
    if [[ -n $ROOT ]] || command -v udevadm >/dev/null; then
        act udevadm control --reload || note "udevadm could not reload its rules (reboot instead)"
        act udevadm trigger --subsystem-match=input --action=change || true
    fi
}

write_watchdog_conf() {
    local file
    file=$(target "$WATCHDOG_CONF")
    if [[ $HW_WATCHDOG -eq 0 ]]; then
        rm -f "$file"
        return
    fi
    mkdir -p "$(dirname "$file")"
    cat >"$file" <<'EOF'
# Written by kiosk/install.sh: reboot if the whole system hangs. The Raspberry
# Pi's hardware watchdog allows at most 15 s, so stay just below it.
[Manager]
RuntimeWatchdogSec=14s
RebootWatchdogSec=2min
EOF
    chmod 0644 "$file"
}

configure_system() {
    local raspi_config=""
    if [[ -n $ROOT && -x $ROOT/usr/bin/raspi-config ]]; then
        raspi_config=/usr/bin/raspi-config
    elif [[ -z $ROOT ]]; then
        raspi_config=$(command -v raspi-config || true)
    fi
    if [[ -n $raspi_config ]]; then
        act "$raspi_config" nonint do_blanking 1
    else
        note "no raspi-config here: screen blanking left as it is (cage itself never blanks)"
    fi
    if [[ -n $ROOT ]] || systemd_running; then
        act systemctl daemon-reload
        act systemctl enable "$UNIT"
        act systemctl try-restart "$UNIT"
    else
        note "systemd is not running here: run 'systemctl enable $UNIT' on the Pi"
    fi
    if systemd_running && systemctl is-enabled --quiet display-manager.service 2>/dev/null; then
        note "warning: a desktop (display-manager.service) is enabled and will compete for"
        note "the screen; use Raspberry Pi OS Lite, or: sudo raspi-config nonint do_boot_behaviour B1"
    fi
}

main() {
    parse_args "$@"
    validate
    check_system "$@"
    umask 022
    if [[ -n $ROOT ]]; then
        mkdir -p "$ROOT"
        : >"$ROOT/tigris-kiosk-actions.txt"
    fi
    ensure_user
    install_source
    install_venv
    write_conf
    ensure_data_dir
    write_unit
    write_pam
    write_udev_rule
    write_watchdog_conf
    configure_system
    note "installed. If the game is not on screen yet: sudo systemctl start $UNIT (or reboot)"
    note "logs: journalctl -u ${UNIT%.service} -f"
}

main "$@"
