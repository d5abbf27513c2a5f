#!/usr/bin/env python3
"""Convert an Android VectorDrawable (res/drawable/*.xml) back to an equivalent SVG, mechanically, to check
what `svgicon render -o icon.xml` / `svgicon batch --format android-vector` writes with an SVG renderer.

usage: vector-drawable-to-svg.py IN.xml [OUT.svg]        (OUT defaults to standard output)
       vector-drawable-to-svg.py --check IN_DIR OUT_DIR   (every .xml in IN_DIR to OUT_DIR/NAME.svg)

It follows the framework's VectorDrawable semantics (android.graphics.drawable.VectorDrawable, API 24+):
  <vector>    android:width/height (dp) -> the SVG's size; viewportWidth/Height -> viewBox, stretched
              (preserveAspectRatio="none"); android:tint with the default tintMode src_in -> every pixel
              takes the tint's colour, its alpha multiplied by the tint's (an feFlood + feComposite in).
  <group>     translate(translateX + pivotX, translateY + pivotY) rotate(rotation) scale(scaleX, scaleY)
              translate(-pivotX, -pivotY), as VectorDrawable.VGroup.updateLocalMatrix builds it.
  <clip-path> clips the siblings after it in its group (several intersect); nonzero.
  <path>      pathData; fillColor/strokeColor (#RGB, #ARGB, #RRGGBB, #AARRGGBB; default none) with
              fillAlpha/strokeAlpha; strokeWidth (default 0), strokeLineCap, strokeLineJoin,
              strokeMiterLimit (default 4), fillType (nonZero | evenOdd); the fill is painted under the
              stroke. A gradient colour comes as <aapt:attr name="android:fillColor"><gradient …> with
              type linear|radial|sweep, start/end/center coordinates in the path's space, gradientRadius,
              tileMode clamp|repeat|mirror, and <item offset color> (or startColor/centerColor/endColor).
Attributes it does not know (trimPath*, sweep gradients, android:alpha on <vector>) make it fail loudly
rather than draw something else.
"""
import math
import os
import sys
import xml.etree.ElementTree as ET

A = "{http://schemas.android.com/apk/res/android}"
AAPT = "{http://schemas.android.com/aapt}"

KNOWN = {
    "vector": {"width", "height", "viewportWidth", "viewportHeight", "tint", "name"},
    "group": {"name", "translateX", "translateY", "rotation", "scaleX", "scaleY", "pivotX", "pivotY"},
    "clip-path": {"name", "pathData"},
    "path": {"name", "pathData", "fillColor", "fillAlpha", "strokeColor", "strokeAlpha", "strokeWidth",
             "strokeLineCap", "strokeLineJoin", "strokeMiterLimit", "fillType"},
    "gradient": {"type", "startX", "startY", "endX", "endY", "centerX", "centerY", "gradientRadius",
                 "tileMode", "startColor", "centerColor", "endColor"},
    "item": {"offset", "color"},
}


class Unsupported(Exception):
    pass


def attrs(el, kind):
    out = {}
    for k, v in el.attrib.items():
        if k.startswith(A):
            name = k[len(A):]
            if name not in KNOWN[kind]:
                raise Unsupported(f"<{kind}> android:{name}")
            out[name] = v
        elif k == "name" and el.tag == AAPT + "attr":
            continue
        elif not k.startswith("{http://www.w3.org/2000/xmlns"):
            raise Unsupported(f"<{kind}> {k}")
    return out


def dp(v):
    v = v.strip()
    for unit in ("dp", "dip", "px"):
        if v.endswith(unit):
            return float(v[: -len(unit)])
    return float(v)


def color(v):
    """(#rrggbb, alpha 0..1) from an Android colour literal."""
    v = v.strip()
    if not v.startswith("#"):
        raise Unsupported(f"colour {v}")
    h = v[1:]
    if len(h) == 3:
        h = "ff" + "".join(c * 2 for c in h)
    elif len(h) == 4:
        h = "".join(c * 2 for c in h)
    elif len(h) == 6:
        h = "ff" + h
    if len(h) != 8:
        raise Unsupported(f"colour {v}")
    return "#" + h[2:], int(h[:2], 16) / 255


def num(x):
    return repr(float(x))


class Converter:
    def __init__(self):
        self.defs = []
        self.ids = 0

    def new_id(self, prefix):
        self.ids += 1
        return f"{prefix}{self.ids}"

    def gradient(self, aapt_attr, prefix):
        grads = [c for c in aapt_attr if c.tag == "gradient"]
        if len(grads) != 1:
            raise Unsupported("aapt:attr without one <gradient>")
        g = grads[0]
        a = attrs(g, "gradient")
        kind = a.get("type", "linear")
        spread = {"clamp": "pad", "repeat": "repeat", "mirror": "reflect"}[a.get("tileMode", "clamp")]
        gid = self.new_id("g")
        stops = []
        items = [c for c in g if c.tag == "item"]
        if items:
            for it in items:
                ia = attrs(it, "item")
                rgb, al = color(ia["color"])
                stops.append((float(ia["offset"]), rgb, al))
        else:
            cols = [a[k] for k in ("startColor", "centerColor", "endColor") if k in a]
            for i, c in enumerate(cols):
                rgb, al = color(c)
                stops.append((i / (len(cols) - 1), rgb, al))
        stop_xml = "".join(f'<stop offset="{num(o)}" stop-color="{c}" stop-opacity="{num(al)}"/>' for o, c, al in stops)
        if kind == "linear":
            self.defs.append(
                f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" spreadMethod="{spread}" '
                f'x1="{a.get("startX", "0")}" y1="{a.get("startY", "0")}" x2="{a.get("endX", "0")}" y2="{a.get("endY", "0")}">'
                f"{stop_xml}</linearGradient>")
        elif kind == "radial":
            self.defs.append(
                f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" spreadMethod="{spread}" '
                f'cx="{a.get("centerX", "0")}" cy="{a.get("centerY", "0")}" r="{a["gradientRadius"]}">'
                f"{stop_xml}</radialGradient>")
        else:
            raise Unsupported(f"gradient type {kind}")
        return f"url(#{gid})"

    def path(self, el):
        a = attrs(el, "path")
        paints = {}
        for child in el:
            if child.tag != AAPT + "attr":
                raise Unsupported(f"<path> child {child.tag}")
            name = child.attrib.get("name", "")
            if name not in ("android:fillColor", "android:strokeColor"):
                raise Unsupported(f"aapt:attr {name}")
            paints[name[len("android:"):]] = (self.gradient(child, name), 1.0)
        for key in ("fillColor", "strokeColor"):
            if key in a and key not in paints:
                paints[key] = color(a[key])
        out = [f'd="{a.get("pathData", "")}"']
        if "fillColor" in paints:
            paint, al = paints["fillColor"]
            out.append(f'fill="{paint}" fill-opacity="{num(al * float(a.get("fillAlpha", 1)))}"')
        else:
            out.append('fill="none"')
        if a.get("fillType", "nonZero") == "evenOdd":
            out.append('fill-rule="evenodd"')
        width = float(a.get("strokeWidth", 0))
        if "strokeColor" in paints and width > 0:
            paint, al = paints["strokeColor"]
            out.append(f'stroke="{paint}" stroke-opacity="{num(al * float(a.get("strokeAlpha", 1)))}" '
                       f'stroke-width="{num(width)}" stroke-linecap="{a.get("strokeLineCap", "butt")}" '
                       f'stroke-linejoin="{a.get("strokeLineJoin", "miter")}" '
                       f'stroke-miterlimit="{num(float(a.get("strokeMiterLimit", 4)))}"')
        return "<path " + " ".join(out) + "/>"

    def children(self, el):
        """The children of a <vector> or <group>; a <clip-path> wraps everything after it."""
        parts = []
        opened = 0
        for child in el:
            if child.tag == "group":
                parts.append(self.group(child))
            elif child.tag == "path":
                parts.append(self.path(child))
            elif child.tag == "clip-path":
                a = attrs(child, "clip-path")
                cid = self.new_id("c")
                self.defs.append(f'<clipPath id="{cid}" clipPathUnits="userSpaceOnUse"><path d="{a["pathData"]}"/></clipPath>')
                parts.append(f'<g clip-path="url(#{cid})">')
                opened += 1
            else:
                raise Unsupported(f"element <{child.tag}>")
        return "".join(parts) + "</g>" * opened

    def group(self, el):
        a = attrs(el, "group")
        f = {k: float(a.get(k, d)) for k, d in (("translateX", 0), ("translateY", 0), ("rotation", 0),
                                                    ("scaleX", 1), ("scaleY", 1), ("pivotX", 0), ("pivotY", 0))}
        t = (f"translate({num(f['translateX'] + f['pivotX'])} {num(f['translateY'] + f['pivotY'])}) "
             f"rotate({num(f['rotation'])}) scale({num(f['scaleX'])} {num(f['scaleY'])}) "
             f"translate({num(-f['pivotX'])} {num(-f['pivotY'])})")
        return f'<g transform="{t}">' + self.children(el) + "</g>"

    def convert(self, text, size=None):
        root = ET.fromstring(text)
        if root.tag != "vector":
            raise Unsupported(f"root <{root.tag}>")
        a = attrs(root, "vector")
        w, h = dp(a["width"]), dp(a["height"])
        if size:
            w, h = size, size * h / w
        body = self.children(root)
        vw, vh = a["viewportWidth"], a["viewportHeight"]
        if "tint" in a:
            rgb, al = color(a["tint"])
            fid = self.new_id("t")
            self.defs.append(
                f'<filter id="{fid}" filterUnits="userSpaceOnUse" x="0" y="0" width="{vw}" height="{vh}" '
                f'color-interpolation-filters="sRGB"><feFlood flood-color="{rgb}" flood-opacity="{num(al)}"/>'
                f'<feComposite in2="SourceGraphic" operator="in"/></filter>')
            body = f'<g filter="url(#{fid})">{body}</g>'
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(w)}" height="{num(h)}" '
                f'viewBox="0 0 {vw} {vh}" preserveAspectRatio="none"><defs>{"".join(self.defs)}</defs>{body}</svg>\n')


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "--check":
        src, dst = args[1], args[2]
        os.makedirs(dst, exist_ok=True)
        failed = 0
        for name in sorted(os.listdir(src)):
            if not name.endswith(".xml"):
                continue
            try:
                svg = Converter().convert(open(os.path.join(src, name)).read())
            except (Unsupported, ET.ParseError, KeyError, ValueError) as e:
                print(f"{name}: {e}", file=sys.stderr)
                failed += 1
                continue
            with open(os.path.join(dst, name[:-4] + ".svg"), "w") as f:
                f.write(svg)
        sys.exit(1 if failed else 0)
    if not 1 <= len(args) <= 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    svg = Converter().convert(open(args[0]).read())
    if len(args) == 2:
        with open(args[1], "w") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg)


if __name__ == "__main__":
    main()
