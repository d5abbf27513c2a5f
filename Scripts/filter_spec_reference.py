"""An independent float64 NumPy reading of the Filter Effects / Compositing specs for the fixtures where
resvg departs from them (its IIR blur below σ 2 and edge-replicating box blur above, feComposite lighter
drawn as over, its saturation/luminosity blends, its feDisplacementMap), and for feMorphology (the spec's
2r-wide window, x − r … x + r − 1, placed as resvg places it). Used by render-filter-references to write
Tests/Fixtures/filters/spec/NAME.png.
Written as plain array code (shifted sums, explicit windows), not as a port of the Swift engine."""
import math
import numpy as np

def source(scale=1):
    s = 40 * scale
    im = np.zeros((s, s, 4))
    def fill(x, y, w, h, c, a):
        c = np.array(c) / 255.0
        sl = im[y * scale:(y + h) * scale, x * scale:(x + w) * scale]
        sl[..., :3] = c * a + sl[..., :3] * (1 - a)
        sl[..., 3] = a + sl[..., 3] * (1 - a)
    fill(6, 6, 18, 18, (0xe0, 0x40, 0x20), 1)
    fill(14, 14, 20, 20, (0x20, 0x60, 0xd0), 0.6)
    return im

def _to_lin(c): return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
def _to_srgb(c): return np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(np.maximum(c, 0), 1 / 2.4) - 0.055)

def _convert(im, f):
    a = im[..., 3:4]
    s = np.clip(np.where(a > 0, im[..., :3] / np.maximum(a, 1e-12), 0), 0, 1)
    return np.concatenate([f(s) * a, a], axis=-1)

def lin(im): return _convert(im, _to_lin)
def srgb(im): return _convert(im, _to_srgb)

def _gauss(im, s, axis):
    r = int(math.ceil(3 * s))
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * s * s)); k /= k.sum()
    n = im.shape[axis]
    pad = np.pad(im, [(r, r) if ax == axis else (0, 0) for ax in range(3)])
    return sum(w * pad.take(range(i, i + n), axis=axis) for i, w in enumerate(k))

def _box(im, left, right, axis):
    n = im.shape[axis]; p = left + right + 1
    pad = np.pad(im, [(p, p) if ax == axis else (0, 0) for ax in range(3)])
    return sum(pad.take(range(p + o, p + o + n), axis=axis) for o in range(-left, right + 1)) / p

def blur1d(im, s, axis):
    if s <= 0: return im
    if s < 2: return _gauss(im, s, axis)
    d = int(math.floor(s * 3 * math.sqrt(2 * math.pi) / 4 + 0.5))
    windows = [((d - 1) // 2, (d - 1) // 2)] * 3 if d % 2 else [(d // 2, d // 2 - 1), (d // 2 - 1, d // 2), (d // 2, d // 2)]
    for l, r in windows: im = _box(im, l, r, axis)
    return im

def blur(im, sx, sy): return blur1d(blur1d(im, sx, 1), sy, 0)

def offset(im, dx, dy):
    out = np.zeros_like(im); h, w = im.shape[:2]
    for y in range(h):
        for x in range(w):
            sx, sy = x - dx, y - dy
            if 0 <= sx < w and 0 <= sy < h: out[y, x] = im[sy, sx]
    return out

def clip(im, x, y, w, h):
    out = np.zeros_like(im); out[y:y + h, x:x + w] = im[y:y + h, x:x + w]; return out

def over(a, b): return a + b * (1 - a[..., 3:4])

def alpha_only(im): out = np.zeros_like(im); out[..., 3] = im[..., 3]; return out

def flood(c, a, rect, size=40):
    im = np.zeros((size, size, 4)); x, y, w, h = rect
    im[y:y + h, x:x + w, :3] = np.array(c) / 255.0 * a; im[y:y + h, x:x + w, 3] = a
    return im

def morph(im, rx, ry, op):
    h, w = im.shape[:2]; out = np.zeros_like(im)
    for y in range(h):
        for x in range(w):
            win = im[max(0, y - ry):min(h, y + ry), max(0, x - rx):min(w, x + rx)].reshape(-1, 4)
            out[y, x] = win.min(0) if op == "erode" else win.max(0)
    return out

def _lum(c): return 0.3 * c[..., 0] + 0.59 * c[..., 1] + 0.11 * c[..., 2]
def _clipc(c):
    l = _lum(c)[..., None]; n = c.min(-1, keepdims=True); x = c.max(-1, keepdims=True)
    c = np.where(n < 0, l + (c - l) * l / np.where(l - n == 0, 1, l - n), c)
    return np.where(x > 1, l + (c - l) * (1 - l) / np.where(x - l == 0, 1, x - l), c)
def _setlum(c, l): return _clipc(c + (l - _lum(c))[..., None])
def _sat(c): return c.max(-1) - c.min(-1)
def _setsat(c, s):
    x = c.max(-1, keepdims=True); n = c.min(-1, keepdims=True)
    return np.where(x > n, (c - n) * s[..., None] / np.where(x > n, x - n, 1), 0)

def _hard(b, s): return np.where(s <= 0.5, b * 2 * s, b + (2 * s - 1) - b * (2 * s - 1))
def _soft(b, s):
    d = np.where(b <= 0.25, ((16 * b - 12) * b + 4) * b, np.sqrt(b))
    return np.where(s <= 0.5, b - (1 - 2 * s) * b * (1 - b), b + (2 * s - 1) * (d - b))
def _dodge(b, s): return np.where(b == 0, 0, np.where(s >= 1, 1, np.minimum(1, b / np.maximum(1 - s, 1e-12))))
def _burn(b, s): return np.where(b >= 1, 1, np.where(s <= 0, 0, 1 - np.minimum(1, (1 - b) / np.maximum(s, 1e-12))))

BLEND = {
    "normal": lambda b, s: s, "multiply": lambda b, s: b * s, "screen": lambda b, s: b + s - b * s,
    "overlay": lambda b, s: _hard(s, b), "darken": np.minimum, "lighten": np.maximum,
    "color-dodge": _dodge, "color-burn": _burn, "hard-light": _hard, "soft-light": _soft,
    "difference": lambda b, s: np.abs(b - s), "exclusion": lambda b, s: b + s - 2 * b * s,
    "hue": lambda b, s: _setlum(_setsat(s, _sat(b)), _lum(b)),
    "saturation": lambda b, s: _setlum(_setsat(b, _sat(s)), _lum(b)),
    "color": lambda b, s: _setlum(s, _lum(b)), "luminosity": lambda b, s: _setlum(b, _lum(s)),
}

def blend(a, b, mode):
    sa = a[..., 3:4]; da = b[..., 3:4]
    cs = np.where(sa > 0, a[..., :3] / np.maximum(sa, 1e-12), 0)
    cb = np.where(da > 0, b[..., :3] / np.maximum(da, 1e-12), 0)
    c = a[..., :3] * (1 - da) + b[..., :3] * (1 - sa) + sa * da * BLEND[mode](cb, cs)
    al = sa + da - sa * da
    return np.concatenate([np.minimum(c, al), al], -1)

def composite(a, b, op, k=(0, 0, 0, 0)):
    sa = a[..., 3:4]; da = b[..., 3:4]
    if op == "over": return a + b * (1 - sa)
    if op == "in": return a * da
    if op == "out": return a * (1 - da)
    if op == "atop": return a * da + b * (1 - sa)
    if op == "xor": return a * (1 - da) + b * (1 - sa)
    if op == "lighter": r = np.clip(a + b, 0, 1)
    else: r = np.clip(k[0] * a * b + k[1] * a + k[2] * b + k[3], 0, 1)
    return np.concatenate([np.minimum(r[..., :3], r[..., 3:4]), r[..., 3:4]], -1)

def displace(im, mp, scale):
    h, w = im.shape[:2]; out = np.zeros_like(im)
    a = mp[..., 3]
    straight = np.where(a[..., None] > 0, mp / np.maximum(a[..., None], 1e-12), 0); straight[..., 3] = a
    for y in range(h):
        for x in range(w):
            sx = math.floor(x + 0.5 + scale * (straight[y, x, 0] - 0.5))
            sy = math.floor(y + 0.5 + scale * (straight[y, x, 1] - 0.5))
            if 0 <= sx < w and 0 <= sy < h: out[y, x] = im[sy, sx]
    return out

FLOOD_IN2 = ((0x30, 0xb0, 0x50), 0.7, (4, 16, 32, 16))

def references():
    """name -> premultiplied sRGB float image (the whole 40×40 or 80×80 canvas)."""
    S = source(); L = lin(S)
    refs = {}
    for name, s in [("blur-1", 1), ("blur-1.5", 1.5), ("blur-2.5", 2.5), ("blur-3", 3), ("blur-8", 8)]:
        refs[name] = srgb(blur(L, s, s))
    refs["blur-4-srgb"] = blur(S, 4, 4)
    refs["blur-5-0"] = srgb(blur(L, 5, 0))
    refs["blur-subregion"] = clip(srgb(blur(L, 3, 3)), 8, 4, 20, 30)
    region = np.zeros_like(S); region[3:31, 4:34] = srgb(blur(L[3:31, 4:34], 2, 2)); refs["region"] = region
    refs["scale-2-blur-3"] = srgb(offset(blur(lin(source(2)), 6, 6), 4, 2))
    shadow = offset(blur(alpha_only(L), 2, 2), 3, 2)
    c = _to_lin(np.array([0x10, 0x20, 0x40]) / 255.0); a = shadow[..., 3:4] * 0.6
    refs["drop-shadow"] = srgb(over(L, np.concatenate([c * a, a], -1)))
    refs["source-alpha-blur-composite"] = srgb(over(L, offset(blur(alpha_only(S), 3, 3), 2, 3)))
    refs["erode"] = srgb(morph(L, 2, 2, "erode"))
    refs["dilate"] = srgb(morph(L, 3, 1, "dilate"))
    F = lin(flood(*FLOOD_IN2))
    for mode in BLEND: refs["blend-" + mode] = srgb(blend(L, F, mode))
    for op in ["over", "in", "out", "atop", "xor", "lighter"]: refs["composite-" + op] = srgb(composite(L, F, op))
    refs["composite-arithmetic"] = srgb(composite(L, F, "arithmetic", (0.5, 0.6, 0.4, 0.05)))
    refs["displacement"] = srgb(displace(L, flood((255, 0, 255), 1, (0, 0, 20, 40)), 8))
    return refs

def to_straight_rgba8(im):
    a = im[..., 3:4]
    s = np.where(a > 0, im[..., :3] / np.maximum(a, 1e-12), 0)
    out = np.concatenate([s, a], -1)
    return np.floor(np.clip(out, 0, 1) * 255 + 0.5).astype(np.uint8)
