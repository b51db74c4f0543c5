"""Reading "host:port" as a player types it, for the manual join and the CLI."""

from __future__ import annotations

DEFAULT_PORT = 47390


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """"host:port", "host", "[v6]:port" → (host, port); ValueError says what is wrong."""
    text = text.strip()
    if not text:
        raise ValueError("an address is needed, like 192.168.1.20:47390")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"{text!r} has no host name before the port")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"{port_text!r} is not a port number (1-65535)")
    return host, int(port_text)


def endpoint(host: str, port: int) -> str:
    """The ZeroMQ endpoint for a TCP address (IPv6 hosts in brackets)."""
    return f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"
