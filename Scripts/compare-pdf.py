#!/usr/bin/env python3
"""Check svgicon's PDFs with independent readers over a folder of icons.

usage: compare-pdf.py ICON_DIR WORK_DIR [--svgicon PATH] [--size 256] [--readers pdftocairo,pdftoppm]
                      [--references svgicon,resvg] [--pdf-strokes native|outline]

1. `svgicon batch --format pdf --size 24 --force-tint` (with `--pdf-strokes` when given) writes one 24 pt
   PDF per icon (refusals are listed and counted by feature); their total size is printed;
2. `qpdf --check` must report no errors for each;
3. each reader renders each PDF at SIZE px (`-r 72·SIZE/24`) on white into WORK_DIR/<reader>: `pdftocairo`
   by default; `pdftoppm` (Splash) on request — it snaps the edges of thin axis-aligned strokes to whole
   pixels whatever the file's /SA says, so it disagrees with every exact renderer on native strokes
   (`--pdf-strokes outline` writes them as filled outlines, which it draws as svgicon does);
4. the references render the same icons at SIZE, composited on white: `svgicon` (`batch --format png
   --force-tint`) into WORK_DIR/svgicon, `resvg` (the eval kit's render_ref.py, currentColor black) into
   WORK_DIR/resvg;
5. /work/shared/eval/compare.py (or $SVGICON_COMPARE) reports each reader's agreement with each reference,
   over the icons that were written as PDF.
Run it with the eval kit's venv (numpy, Pillow, resvg-py).
"""
import argparse
import collections
import os
import re
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.environ.get("SVGICON_EVAL", "/work/shared/eval")


def on_white(path):
    im = Image.open(path).convert("RGBA")
    Image.alpha_composite(Image.new("RGBA", im.size, (255, 255, 255, 255)), im).save(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("icons")
    ap.add_argument("work")
    ap.add_argument("--svgicon", default=os.path.join(HERE, "..", ".build", "debug", "svgicon"))
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--readers", default="pdftocairo")
    ap.add_argument("--references", default="svgicon")
    ap.add_argument("--pdf-strokes", choices=["native", "outline"])
    args = ap.parse_args()
    readers, references = args.readers.split(","), args.references.split(",")
    pdfs = os.path.join(args.work, "pdfs")
    dirs = {name: os.path.join(args.work, name) for name in readers + references}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    batch = subprocess.run([args.svgicon, "batch", args.icons, "--out", pdfs, "--format", "pdf", "--size", "24",
                            "--force-tint", "--no-cache", "-q"]
                           + (["--pdf-strokes", args.pdf_strokes] if args.pdf_strokes else []), capture_output=True, text=True)
    refused = [line for line in batch.stderr.splitlines() if "error:" in line]
    features = collections.Counter(m.group(1) for line in refused
                                   for m in [re.search(r"cannot express (.*?)( yet)?:", line)] if m)
    stems = sorted(name[:-4] for name in os.listdir(pdfs) if name.endswith(".pdf"))
    qpdf_errors = 0
    dpi = str(72 * args.size / 24)
    for stem in stems:
        pdf = os.path.join(pdfs, stem + ".pdf")
        check = subprocess.run(["qpdf", "--check", pdf], capture_output=True, text=True)
        if check.returncode != 0:
            qpdf_errors += 1
            print(f"{stem}.pdf: qpdf --check: {check.stdout.strip()} {check.stderr.strip()}", file=sys.stderr)
        for reader in readers:
            out = os.path.join(dirs[reader], stem)
            subprocess.run([reader, "-png", "-singlefile", "-r", dpi, pdf, out], check=True)
            on_white(out + ".png")
    if "svgicon" in references:
        raw = os.path.join(args.work, "svgicon-raw")
        subprocess.run([args.svgicon, "batch", args.icons, "--out", raw, "--size", str(args.size), "--force-tint",
                        "--no-cache", "-q"], capture_output=True)
        for stem in stems:
            Image.open(os.path.join(raw, stem + ".png")).save(os.path.join(dirs["svgicon"], stem + ".png"))
    if "resvg" in references:
        subprocess.run([sys.executable, os.path.join(EVAL, "render_ref.py"), "resvg", args.icons, dirs["resvg"],
                        "--size", str(args.size), "--quiet"], capture_output=True)
        for name in os.listdir(dirs["resvg"]):
            if name.endswith(".png") and name[:-4] not in stems:
                os.remove(os.path.join(dirs["resvg"], name))
    for reference in references:
        for stem in stems:
            on_white(os.path.join(dirs[reference], stem + ".png"))
    total = sum(os.path.getsize(os.path.join(pdfs, stem + ".pdf")) for stem in stems)
    print(f"{len(stems)} PDFs written ({total} bytes), {len(refused)} icons refused, {qpdf_errors} with qpdf --check errors")
    for feature, count in features.most_common():
        print(f"  refused for {feature}: {count}")
    compare = os.environ.get("SVGICON_COMPARE", os.path.join(EVAL, "compare.py"))
    for reference in references:
        for reader in readers:
            print(f"--- {reader} against {reference}")
            sys.stdout.flush()
            subprocess.run([sys.executable, compare, dirs[reference], dirs[reader], "--worst", "5"])


if __name__ == "__main__":
    main()
