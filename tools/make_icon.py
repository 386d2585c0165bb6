"""Write the application icon files from the drawing in ``swoop_desktop/ui/icon.py``.

    python tools/make_icon.py [--out swoop_desktop/assets]

writes ``icon.png`` (256 px, used by Linux and the window), ``icon.ico``
(Windows: PNG images of 16-256 px in one file) and ``icon.icns`` (macOS:
PNG images of 16-1024 px). Both containers are written here with the
standard library, holding PNGs that pygame encodes, so neither Pillow nor a
platform tool is needed, and a build on any platform finds its icon ready.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from swoop_desktop.ui.icon import render_icon  # noqa: E402

PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Apple's icon types that hold PNG data, and the pixel size of each.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def png_bytes(size: int) -> bytes:
    """The icon at ``size`` px, encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(render_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (supported since Windows Vista)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    data = b""
    for size in sizes:
        blob = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        data += blob
    return header + entries + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns: a big-endian header and one (type, length, PNG) block per entry."""
    body = b""
    for kind, size in ICNS_TYPES:
        blob = images[size]
        body += kind + struct.pack(">I", 8 + len(blob)) + blob
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    """Write icon.png, icon.ico and icon.icns into ``out``; returns the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    sizes = set(ICO_SIZES) | {size for _, size in ICNS_TYPES} | {PNG_SIZE}
    images = {size: png_bytes(size) for size in sorted(sizes)}
    written = []
    for name, blob in (
        ("icon.png", images[PNG_SIZE]),
        ("icon.ico", ico_bytes({s: images[s] for s in ICO_SIZES})),
        ("icon.icns", icns_bytes(images)),
    ):
        path = out / name
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(blob)
        tmp.replace(path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "swoop_desktop" / "assets",
        help="folder to write the icon files into (default: swoop_desktop/assets/)",
    )
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
