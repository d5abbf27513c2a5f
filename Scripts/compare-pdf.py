#!/usr/bin/env python3
"""Check svgicon's PDFs with independent readers over a folder of icons.

usage: compare-pdf.py ICON_DIR WORK_DIR [--svgicon PATH] [--size 256]

1. `svgicon batch --format pdf --size 24` writes one PDF per icon (refusals are listed and counted);
2. `qpdf --check` must report no errors for each;
3. poppler renders each (on white) at SIZE with `pdftocairo -png` into WORK_DIR/pdftocairo and `pdftoppm -png`
   into WORK_DIR/pdftoppm (Splash snaps the edges of thin axis-aligned strokes to whole pixels, whatever
   the file's /SA says, so it disagrees with every exact renderer on such strokes);
4. `svgicon batch --format png --size SIZE` renders the same icons, composited on white into WORK_DIR/png;
5. /work/shared/eval/compare.py (or $SVGICON_COMPARE) reports their agreement.
Run it with the eval kit's venv (numpy, Pillow).
"""
import argparse
import os
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("icons")
    ap.add_argument("work")
    ap.add_argument("--svgicon", default=os.path.join(HERE, "..", ".build", "debug", "svgicon"))
    ap.add_argument("--size", type=int, default=256)
    args = ap.parse_args()
    pdfs, pngs = os.path.join(args.work, "pdfs"), os.path.join(args.work, "raw")
    a_dir = os.path.join(args.work, "png")
    readers = {"pdftocairo": os.path.join(args.work, "pdftocairo"), "pdftoppm": os.path.join(args.work, "pdftoppm")}
    for d in [a_dir] + list(readers.values()):
        os.makedirs(d, exist_ok=True)
    batch = subprocess.run([args.svgicon, "batch", args.icons, "--out", pdfs, "--format", "pdf", "--size", "24",
                            "--no-cache", "-q"], capture_output=True, text=True)
    refused = [l for l in batch.stderr.splitlines() if "error:" in l]
    subprocess.run([args.svgicon, "batch", args.icons, "--out", pngs, "--size", str(args.size), "--no-cache", "-q"],
                   capture_output=True)
    qpdf_errors = rendered = 0
    for name in sorted(os.listdir(pdfs)):
        if not name.endswith(".pdf"):
            continue
        stem = name[:-4]
        pdf = os.path.join(pdfs, name)
        check = subprocess.run(["qpdf", "--check", pdf], capture_output=True, text=True)
        if check.returncode != 0:
            qpdf_errors += 1
            print(f"{name}: qpdf --check: {check.stdout.strip()} {check.stderr.strip()}", file=sys.stderr)
        for reader, folder in readers.items():
            out = os.path.join(folder, stem)
            subprocess.run([reader, "-png", "-singlefile", "-scale-to", str(args.size), pdf, out], check=True)
            im = Image.open(out + ".png").convert("RGBA")
            Image.alpha_composite(Image.new("RGBA", im.size, (255, 255, 255, 255)), im).save(out + ".png")
        png = Image.open(os.path.join(pngs, stem + ".png")).convert("RGBA")
        white = Image.new("RGBA", png.size, (255, 255, 255, 255))
        Image.alpha_composite(white, png).save(os.path.join(a_dir, stem + ".png"))
        rendered += 1
    print(f"{rendered} PDFs written and rendered by pdftocairo and pdftoppm, {len(refused)} icons refused, "
          f"{qpdf_errors} with qpdf --check errors")
    for line in refused[:10]:
        print("  " + line)
    compare = os.environ.get("SVGICON_COMPARE", "/work/shared/eval/compare.py")
    for reader, folder in readers.items():
        print(f"--- {reader}")
        sys.stdout.flush()
        subprocess.run([sys.executable, compare, a_dir, folder, "--worst", "5"])


if __name__ == "__main__":
    main()
