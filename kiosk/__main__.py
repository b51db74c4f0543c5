"""`python -m kiosk`: see kiosk.launch."""

from kiosk.launch import main

raise SystemExit(main())
