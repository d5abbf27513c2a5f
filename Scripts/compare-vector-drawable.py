#!/usr/bin/env python3
"""Round-trip check of svgicon's VectorDrawable output over a folder of icons.

usage: compare-vector-drawable.py ICON_DIR WORK_DIR [--svgicon PATH] [--sizes 24,256]

1. `svgicon batch ICON_DIR --out WORK_DIR/res --format android-vector --size 24` writes the drawables (icons
   refused as inexpressible are listed by svgicon and counted here);
2. Scripts/vector-drawable-to-svg.py turns each drawable back into an SVG;
3. resvg (resvg_py) renders the original SVG and the round-tripped one at each size into
   WORK_DIR/<size>/orig and WORK_DIR/<size>/vd;
4. /work/shared/eval/compare.py (or $SVGICON_COMPARE) reports their agreement per size.
Run it with the eval kit's venv (~/.cache/svgicon-eval-dev/venv/bin/python), which has resvg_py.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

import resvg_py

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("vd2svg", os.path.join(HERE, "vector-drawable-to-svg.py"))
vd2svg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vd2svg)


def resource_name(stem):
    """BatchOutputPlanner.androidResourceName."""
    name = re.sub(r"[^a-z0-9]", "_", stem.lower())
    return name if name[:1].isalpha() else "ic_" + name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("icons")
    ap.add_argument("work")
    ap.add_argument("--svgicon", default=os.path.join(HERE, "..", ".build", "debug", "svgicon"))
    ap.add_argument("--sizes", default="24,256")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    res = os.path.join(args.work, "res")
    batch = subprocess.run([args.svgicon, "batch", args.icons, "--out", res, "--format", "android-vector",
                            "--size", "24", "--no-cache", "-q"], capture_output=True, text=True)
    refused = [l for l in batch.stderr.splitlines() if "error:" in l]
    icons = sorted(f for f in os.listdir(args.icons) if f.endswith(".svg"))
    converted = unreadable = 0
    for size in sizes:
        for sub in ("orig", "vd"):
            os.makedirs(os.path.join(args.work, str(size), sub), exist_ok=True)
    for icon in icons:
        xml = os.path.join(res, "drawable", resource_name(icon[:-4]) + ".xml")
        if not os.path.exists(xml):
            continue
        try:
            svg = vd2svg.Converter().convert(open(xml).read())
        except Exception as e:  # noqa: BLE001 - reported, counted
            print(f"{icon}: cannot convert back: {e}", file=sys.stderr)
            unreadable += 1
            continue
        converted += 1
        original = open(os.path.join(args.icons, icon), encoding="utf-8", errors="replace").read()
        for size in sizes:
            png = os.path.join(args.work, str(size))
            try:
                a = bytes(resvg_py.svg_to_bytes(svg_string=original, width=size, height=size, skip_system_fonts=True))
            except ValueError:
                continue
            b = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size, skip_system_fonts=True))
            open(os.path.join(png, "orig", icon[:-4] + ".png"), "wb").write(a)
            open(os.path.join(png, "vd", icon[:-4] + ".png"), "wb").write(b)
    print(f"{len(icons)} icons: {converted} written and converted back, {len(refused)} refused by svgicon, "
          f"{unreadable} not convertible back")
    for line in refused[:10]:
        print("  " + line)
    compare = os.environ.get("SVGICON_COMPARE", "/work/shared/eval/compare.py")
    for size in sizes:
        print(f"--- {size} px")
        subprocess.run([sys.executable, compare, os.path.join(args.work, str(size), "orig"),
                        os.path.join(args.work, str(size), "vd"), "--worst", "5"])


if __name__ == "__main__":
    main()
