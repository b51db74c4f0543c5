"""The touchscreen kiosk: boot a Raspberry Pi straight into the game and keep it there.

`python -m kiosk` is what `tigris-kiosk.service` runs: a supervisor that starts
the game fullscreen under the cage compositor, resumes the autosaved game,
restarts a game that crashed or stopped sending heartbeats, and keeps
systemd's watchdog fed. `kiosk.watchdog.Heartbeat` is the one piece the
client uses. Nothing here imports pygame or the game itself, so the kiosk
keeps working whatever state the client is in; install.sh, uninstall.sh and
bundle.sh beside this file set up the Pi and build a PyInstaller bundle.
"""
