/**
 * Flat vector illustrations for the demo stories and donation pools.
 * Every function returns a standalone 1200×800 SVG document (no text, no external references)
 * that the seed script rasterises with sharp. Output is deterministic (seeded randomness).
 */

// ───────────────────────────── primitives ─────────────────────────────

type Rng = () => number;
type Pt = [number, number];
type Stop = [offset: number, color: string, opacity?: number];

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (r: Rng, lo: number, hi: number) => lo + r() * (hi - lo);
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** Number formatting: at most one decimal. */
const f = (v: number) => String(Math.round(v * 10) / 10);
/** Opacity formatting: two decimals. */
const op2 = (v: number) => String(Math.round(v * 100) / 100);
const pts = (ps: Pt[]) => ps.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");

const stopsXml = (stops: Stop[]) =>
  stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");
const lg = (id: string, stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`;
const rg = (id: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`;
const blur = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

const doc = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${defs}</defs>${body}</svg>`;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = "") =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const poly = (ps: Pt[], fill: string, extra = "") =>
  `<polygon points="${pts(ps)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const path = (d: string, fill: string, extra = "") =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const line = (d: string, stroke: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
const g = (content: string, attrs = "") => `<g${attrs ? ` ${attrs}` : ""}>${content}</g>`;
const at = (x: number, y: number, s = 1, flip = false) =>
  `transform="translate(${f(x)},${f(y)}) scale(${flip ? -s : s},${s})"`;

/** Smooth open path through points (quadratic midpoints). */
function smooth(ps: Pt[]): string {
  const [first] = ps as [Pt];
  let d = `M${f(first[0])},${f(first[1])}`;
  for (let i = 1; i < ps.length - 1; i++) {
    const [x, y] = ps[i] as Pt;
    const [nx, ny] = ps[i + 1] as Pt;
    d += ` Q${f(x)},${f(y)} ${f((x + nx) / 2)},${f((y + ny) / 2)}`;
  }
  const last = ps[ps.length - 1] as Pt;
  return `${d} L${f(last[0])},${f(last[1])}`;
}

/** Rolling hill band: sum of sines above `base`, filled down to `bottom`. */
function hill(
  base: number,
  waves: [amp: number, len: number, phase: number][],
  fill: string,
  bottom = 820,
  extra = "",
) {
  const ps: Pt[] = [];
  for (let x = -60; x <= 1260; x += 40) {
    let y = base;
    for (const [a, l, p] of waves) y += a * Math.sin((x / l) * Math.PI * 2 + p);
    ps.push([x, y]);
  }
  return path(`${smooth(ps)} L1260,${bottom} L-60,${bottom} Z`, fill, extra);
}

/** Height of a hill band at x (same formula as `hill`). */
const hillY = (base: number, waves: [number, number, number][], x: number) =>
  waves.reduce((y, [a, l, p]) => y + a * Math.sin((x / l) * Math.PI * 2 + p), base);

interface Peak {
  x: number;
  base: number;
  h: number;
  w: number;
  rw?: number;
}
/** Flat two-tone mountains with optional snow caps. */
function mountains(
  peaks: Peak[],
  lit: string,
  shade: string,
  snow?: { lit: string; shade: string; depth: number },
  seed = 1,
) {
  const r = rng(seed);
  let out = "";
  for (const p of peaks) {
    const top: Pt = [p.x, p.base - p.h];
    const lf: Pt = [p.x - p.w, p.base];
    const rf: Pt = [p.x + (p.rw ?? p.w), p.base];
    const mid: Pt = [p.x + p.w * 0.22, p.base];
    out += poly([lf, top, mid], lit) + poly([top, rf, mid], shade);
    if (snow) {
      const t = snow.depth;
      const L: Pt = [top[0] + (lf[0] - top[0]) * t, top[1] + (lf[1] - top[1]) * t];
      const R: Pt = [top[0] + (rf[0] - top[0]) * t * 0.9, top[1] + (rf[1] - top[1]) * t * 0.9];
      const M: Pt = [top[0] + (mid[0] - top[0]) * t * 1.15, top[1] + (mid[1] - top[1]) * t * 1.15];
      const zig = (a: Pt, b: Pt, n: number) => {
        const res: Pt[] = [];
        for (let i = 1; i < n; i++) {
          const k = i / n;
          res.push([
            a[0] + (b[0] - a[0]) * k,
            a[1] + (b[1] - a[1]) * k + (i % 2 ? -1 : 1) * between(r, 4, 12),
          ]);
        }
        return res;
      };
      out +=
        poly([top, L, ...zig(L, M, 4), M], snow.lit) +
        poly([top, M, ...zig(M, R, 3), R], snow.shade);
    }
  }
  return out;
}

/** Conifer with lit/shaded halves; (x, y) is the foot of the trunk. */
function pine(x: number, y: number, h: number, c1: string, c2: string, snow?: string) {
  const w = h * 0.36;
  let out = rect(x - h * 0.03, y - h * 0.14, h * 0.06, h * 0.14, "#5b3b2a");
  for (let i = 0; i < 3; i++) {
    const ty = y - h + i * h * 0.26;
    const by = ty + h * 0.42;
    const tw = w * (0.55 + i * 0.25);
    out +=
      poly(
        [
          [x - tw, by],
          [x, ty],
          [x, by],
        ],
        c1,
      ) +
      poly(
        [
          [x, ty],
          [x + tw, by],
          [x, by],
        ],
        c2,
      );
    if (snow)
      out += poly(
        [
          [x - tw * 0.45, ty + h * 0.2],
          [x, ty],
          [x + tw * 0.45, ty + h * 0.2],
          [x + tw * 0.15, ty + h * 0.16],
          [x, ty + h * 0.21],
          [x - tw * 0.2, ty + h * 0.15],
        ],
        snow,
      );
  }
  return out;
}

/** Round deciduous tree; (x, y) is the foot of the trunk. */
function tree(x: number, y: number, s: number, c1: string, c2: string, trunk = "#6b4a32") {
  return (
    path(
      `M${f(x - 5 * s)},${f(y)} L${f(x - 3 * s)},${f(y - 45 * s)} L${f(x + 3 * s)},${f(y - 45 * s)} L${f(x + 5 * s)},${f(y)} Z`,
      trunk,
    ) +
    circle(x - 16 * s, y - 52 * s, 22 * s, c1) +
    circle(x + 14 * s, y - 56 * s, 24 * s, c2) +
    circle(x - 2 * s, y - 76 * s, 26 * s, c1) +
    path(
      `M${f(x + 2 * s)},${f(y - 100 * s)} A${f(26 * s)},${f(26 * s)} 0 0 1 ${f(x + 36 * s)},${f(y - 60 * s)} A${f(24 * s)},${f(24 * s)} 0 0 1 ${f(x + 2 * s)},${f(y - 36 * s)} Z`,
      c2,
    )
  );
}

/** Fluffy cloud centred at (x, y). */
function cloud(x: number, y: number, s: number, fill: string, opacity = 1) {
  return g(
    ellipse(0, 0, 90, 22, fill) +
      circle(-40, -12, 30, fill) +
      circle(2, -28, 40, fill) +
      circle(44, -10, 28, fill),
    `${at(x, y, s)} opacity="${opacity}"`,
  );
}

/** Scattered dots (stars, snow). */
function dots(
  r: Rng,
  n: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rMin: number,
  rMax: number,
  fill: string,
  opMin = 0.5,
  opMax = 1,
) {
  let out = "";
  for (let i = 0; i < n; i++)
    out += circle(
      between(r, x0, x1),
      between(r, y0, y1),
      between(r, rMin, rMax),
      fill,
      `opacity="${op2(between(r, opMin, opMax))}"`,
    );
  return out;
}

interface GerOpts {
  felt?: string;
  shade?: string;
  roof?: string;
  band?: string;
  door?: string;
  trim?: string;
  lit?: boolean;
  snow?: boolean;
  smoke?: string;
}
/** A ger (yurt) whose wall is w wide, standing on y, centred on x. */
function ger(x: number, y: number, w: number, o: GerOpts = {}) {
  const felt = o.felt ?? "#f5efe2";
  const shade = o.shade ?? "#dcd2bf";
  const roof = o.snow ? "#ffffff" : (o.roof ?? "#ece3d1");
  const h = w * 0.36;
  const top = y - h;
  const ov = w * 0.06;
  const crown = w * 0.13;
  const peak = top - w * 0.24;
  let out = ellipse(x, y + 2, w * 0.62, w * 0.05, "#000", `opacity="0.18"`);
  if (o.smoke) {
    const sh = Math.min(170, Math.max(45, w * 0.85));
    const sx = x + crown * 0.4;
    const sy = peak - w * 0.1;
    out += line(
      `M${f(sx)},${f(sy)} C${f(sx + w * 0.06)},${f(sy - sh * 0.3)} ${f(sx - w * 0.1)},${f(sy - sh * 0.5)} ${f(sx + w * 0.02)},${f(sy - sh * 0.72)} S${f(sx + w * 0.16)},${f(sy - sh * 0.95)} ${f(sx + w * 0.1)},${f(sy - sh)}`,
      o.smoke,
      Math.max(2.5, w * 0.035),
      `opacity="0.4"`,
    );
  }
  out += rect(x - w / 2, top, w, h, felt);
  out += rect(x + w * 0.12, top, w * 0.38, h, shade);
  out += rect(x - w / 2, y - h * 0.14, w, h * 0.14, o.band ?? "#b9a88c", `opacity="0.55"`);
  for (const k of [0.3, 0.62])
    out += rect(x - w / 2, top + h * k, w, Math.max(1.5, w * 0.012), "#8c7b62", `opacity="0.6"`);
  out += path(
    `M${f(x - w / 2 - ov)},${f(top + 2)} Q${f(x - w * 0.3)},${f(peak + w * 0.06)} ${f(x - crown)},${f(peak)} L${f(x + crown)},${f(peak)} Q${f(x + w * 0.3)},${f(peak + w * 0.06)} ${f(x + w / 2 + ov)},${f(top + 2)} Z`,
    roof,
  );
  out += path(
    `M${f(x + w * 0.12)},${f(top + 2)} L${f(x + crown * 0.6)},${f(peak)} L${f(x + crown)},${f(peak)} Q${f(x + w * 0.3)},${f(peak + w * 0.06)} ${f(x + w / 2 + ov)},${f(top + 2)} Z`,
    o.snow ? "#dbe6f3" : "#000",
    o.snow ? "" : `opacity="0.08"`,
  );
  out += rect(x - w / 2 - ov, top - w * 0.012, w + ov * 2, w * 0.03, o.trim ?? "#2f5f9e");
  out += rect(x - crown, peak - w * 0.025, crown * 2, w * 0.03, "#7a5a3c");
  out += rect(x + crown * 0.25, peak - w * 0.1, w * 0.035, w * 0.08, "#555", `opacity="0.85"`);
  const dw = w * 0.17;
  const dh = h * 0.78;
  if (o.lit) out += ellipse(x, y + w * 0.06, w * 0.5, w * 0.09, "#ffd66b", `opacity="0.35"`);
  out += rect(
    x - dw / 2 - w * 0.015,
    y - dh - w * 0.015,
    dw + w * 0.03,
    dh + w * 0.015,
    o.trim ?? "#2f5f9e",
  );
  out += rect(x - dw / 2, y - dh, dw, dh, o.lit ? "#ffd66b" : (o.door ?? "#d9572b"));
  if (!o.lit)
    out += rect(
      x - dw / 2 + dw * 0.16,
      y - dh + dh * 0.1,
      dw * 0.68,
      dh * 0.8,
      "none",
      `stroke="#f2b543" stroke-width="${f(w * 0.012)}"`,
    );
  return out;
}

interface PersonOpts {
  body: string;
  legs?: string;
  skin?: string;
  hair?: string;
  hat?: string;
  deel?: boolean;
  sash?: string;
  arms?: "down" | "up" | "forward" | "shovel";
}
/** Simple standing figure, feet at (x, y), about 100·s tall. */
function person(x: number, y: number, s: number, o: PersonOpts) {
  const skin = o.skin ?? "#e0a878";
  const legs = o.legs ?? "#34405a";
  let out = ellipse(0, 0, 22, 4, "#000", `opacity="0.15"`);
  if (o.deel) {
    out += rect(-11, -14, 9, 14, "#3a2a22") + rect(2, -14, 9, 14, "#3a2a22");
    out += path("M-16,-64 Q-17,-40 -20,-12 L20,-12 Q17,-40 16,-64 Q0,-70 -16,-64 Z", o.body);
    out += rect(-17, -44, 34, 6, o.sash ?? "#f2a93b");
  } else {
    out += rect(-11, -36, 9, 36, legs, `rx="3"`) + rect(2, -36, 9, 36, legs, `rx="3"`);
    out += path("M-15,-66 Q0,-71 15,-66 L16,-34 L-16,-34 Z", o.body);
  }
  const arm = o.arms ?? "down";
  const armD =
    arm === "up"
      ? ["M-13,-60 L-24,-84", "M13,-60 L24,-84"]
      : arm === "forward"
        ? ["M-12,-60 L6,-48 L22,-52", "M12,-60 L26,-50 L34,-54"]
        : arm === "shovel"
          ? ["M-12,-60 L8,-42", "M12,-60 L22,-40"]
          : ["M-14,-62 L-20,-36", "M14,-62 L20,-36"];
  for (const d of armD) out += line(d, o.body, 8);
  out += rect(-4, -74, 8, 8, skin);
  out += circle(0, -82, 11, skin);
  out += path(
    "M-11,-83 Q-11,-95 0,-95 Q11,-95 11,-83 Q6,-89 0,-88 Q-6,-89 -11,-83 Z",
    o.hair ?? "#2b1d16",
  );
  if (o.hat)
    out +=
      path("M-13,-86 Q-12,-100 0,-101 Q12,-100 13,-86 Z", o.hat) +
      rect(-15, -88, 30, 4, o.hat, `rx="2"`);
  return g(out, at(x, y, s));
}

/** Galloping horse facing right, body centred at (x, y); optional child jockey. */
function horse(
  x: number,
  y: number,
  s: number,
  coat: string,
  dark: string,
  rider?: { shirt: string; hat: string },
  flip = false,
) {
  let o = "";
  o += line("M-48,-10 C-66,-14 -82,-2 -98,16", dark, 10);
  o += line("M-40,6 L-60,24 L-86,28", dark, 9) + circle(-88, 28, 5, "#222");
  o += line("M36,6 L60,16 L86,8", dark, 9) + circle(88, 8, 5, "#222");
  o += path("M26,-14 C38,-30 50,-44 60,-56 L80,-44 C70,-30 60,-12 52,4 Z", coat);
  o += ellipse(0, 0, 54, 21, coat) + ellipse(34, 2, 24, 20, coat) + ellipse(-36, -1, 24, 21, coat);
  o += path("M-60,6 Q0,28 58,8 Q0,40 -60,6 Z", dark, `opacity="0.25"`);
  o += path(
    "M60,-58 C67,-64 75,-62 81,-55 L99,-35 C102,-30 98,-25 93,-27 L73,-36 C67,-39 61,-47 60,-58 Z",
    coat,
  );
  o += path("M64,-58 L67,-70 L71,-58 Z", coat);
  o += line("M58,-58 C48,-46 38,-32 26,-18", dark, 7);
  o += circle(76, -50, 2.2, "#111");
  o += line("M-30,10 L-46,32 L-70,44", coat, 9) + circle(-72, 45, 5, "#222");
  o += line("M42,10 L66,28 L92,26", coat, 9) + circle(94, 26, 5, "#222");
  if (rider) {
    o += path("M-8,-22 L14,-22 L16,-14 L-10,-14 Z", rider.hat);
    o += line("M4,-24 L18,-10 L10,2", "#3b3f5c", 7);
    o += line("M0,-26 L22,-46", rider.shirt, 15);
    o += line("M18,-42 L40,-36 L58,-44", rider.shirt, 5);
    o += line("M6,-34 L-16,-52", "#5a3a22", 2);
    o += circle(29, -54, 8.5, "#e3aa7c");
    o += path("M20,-56 Q22,-68 32,-66 Q40,-62 38,-54 Z", rider.hat);
    o += line("M22,-62 L10,-72", rider.hat, 3);
  }
  return g(o, at(x, y, s, flip));
}

/** Bactrian camel facing right, body centred at (x, y). */
function camel(
  x: number,
  y: number,
  s: number,
  coat: string,
  dark: string,
  flip = false,
  saddle?: string,
) {
  let o = "";
  o += line("M-38,10 L-44,72", dark, 11) + line("M30,10 L26,72", dark, 11);
  o += line("M-58,-6 C-64,4 -64,16 -60,26", dark, 5);
  o += line("M50,-4 C66,8 76,10 82,-6 C86,-18 88,-30 94,-38", coat, 19);
  o += ellipse(0, 0, 62, 27, coat);
  o += ellipse(-22, -24, 17, 21, coat) + ellipse(20, -24, 17, 21, coat);
  o +=
    ellipse(-22, -40, 11, 7, dark, `opacity="0.55"`) +
    ellipse(20, -40, 11, 7, dark, `opacity="0.55"`);
  o += line("M56,8 C68,18 78,14 84,2", dark, 7, `opacity="0.6"`);
  o += ellipse(102, -38, 16, 9, coat, `transform="rotate(12 102 -38)"`);
  o += path("M93,-46 L95,-54 L99,-46 Z", coat) + circle(104, -41, 1.8, "#111");
  if (saddle) o += path("M-34,-10 Q0,-2 34,-10 L30,12 Q0,18 -30,12 Z", saddle);
  o += line("M-30,12 L-24,72", coat, 11) + line("M38,12 L46,72", coat, 11);
  o += path("M-70,8 Q0,40 66,6 Q0,34 -70,8 Z", dark, `opacity="0.2"`);
  return g(o, at(x, y, s, flip));
}

/** Sheep facing right, feet at (x, y). */
function sheep(x: number, y: number, s: number, wool = "#f3eee4", head = "#3a302a", flip = false) {
  const o =
    line("M-12,-12 L-12,0", head, 4) +
    line("M12,-12 L12,0", head, 4) +
    ellipse(0, -20, 22, 14, wool) +
    circle(-12, -28, 8, wool) +
    circle(6, -31, 9, wool) +
    ellipse(22, -24, 7, 9, head, `transform="rotate(30 22 -24)"`);
  return g(o, at(x, y, s, flip));
}

/** Steam or smoke wisp. */
const wisp = (x: number, y: number, h: number, color: string, w = 6, op = 0.6) =>
  line(
    `M${f(x)},${f(y)} C${f(x - 14)},${f(y - h * 0.3)} ${f(x + 14)},${f(y - h * 0.55)} ${f(x)},${f(y - h * 0.75)} S${f(x - 6)},${f(y - h)} ${f(x + 4)},${f(y - h)}`,
    color,
    w,
    `opacity="${op}"`,
  );

/** A few V-shaped birds. */
function birds(r: Rng, n: number, x0: number, y0: number, x1: number, y1: number, color: string) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = between(r, x0, x1);
    const y = between(r, y0, y1);
    const s = between(r, 6, 11);
    out += line(
      `M${f(x - s)},${f(y - s * 0.4)} Q${f(x - s * 0.4)},${f(y - s * 0.5)} ${f(x)},${f(y)} Q${f(x + s * 0.4)},${f(y - s * 0.5)} ${f(x + s)},${f(y - s * 0.4)}`,
      color,
      2.2,
    );
  }
  return out;
}

/** Grass tufts along a band. */
function tufts(r: Rng, n: number, y0: number, y1: number, color: string, size = 10) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = between(r, 0, 1200);
    const y = between(r, y0, y1);
    const s = size * (0.6 + ((y - y0) / Math.max(1, y1 - y0)) * 0.8);
    out += line(
      `M${f(x - s * 0.6)},${f(y - s)} L${f(x)},${f(y)} L${f(x + s * 0.1)},${f(y - s * 1.3)} M${f(x)},${f(y)} L${f(x + s * 0.7)},${f(y - s * 0.9)}`,
      color,
      2,
    );
  }
  return out;
}

/** Mongolian flag on a pole (no soyombo detail at this size). */
const flag = (x: number, y: number, h: number, wave = 0) =>
  rect(x - 2, y - h, 4, h, "#d9d2c5") +
  g(
    rect(0, 0, 18, 30, "#c4272f") +
      rect(18, 0, 18, 30, "#015197") +
      rect(36, 0, 18, 30, "#c4272f") +
      rect(5, 6, 7, 15, "#f9cf02", `rx="2"`),
    `transform="translate(${f(x + 2)},${f(y - h)}) skewY(${wave})"`,
  );

// ───────────────────────────── scenes ─────────────────────────────

function steppeSunset(): string {
  const r = rng(11);
  const defs =
    lg("sky", [
      [0, "#2d2a5e"],
      [0.42, "#7b4a86"],
      [0.7, "#ec7f6a"],
      [0.9, "#ffc27e"],
      [1, "#ffe1a6"],
    ]) +
    rg("sun", [
      [0, "#fff4cf"],
      [0.25, "#ffe3a0", 0.9],
      [1, "#ffb36b", 0],
    ]) +
    lg("ground", [
      [0, "#c98a55"],
      [0.5, "#8f5b44"],
      [1, "#4b2f3a"],
    ]) +
    lg("river", [
      [0, "#ffe0ae"],
      [0.5, "#e99a9a"],
      [1, "#9c6aa6"],
    ]);
  const w1: [number, number, number][] = [
    [18, 500, 0.4],
    [10, 230, 1.2],
  ];
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b += dots(r, 40, 0, 0, 1200, 220, 0.8, 1.8, "#fff", 0.3, 0.8);
  b += circle(800, 470, 320, "url(#sun)") + circle(800, 470, 62, "#fff1c7");
  for (const [x, y, w] of [
    [150, 250, 260],
    [480, 200, 200],
    [980, 300, 300],
    [700, 340, 180],
  ] as const)
    b +=
      rect(x, y, w, 10, "#ffb39a", `rx="5" opacity="0.55"`) +
      rect(x + 40, y + 16, w * 0.6, 7, "#ffcfae", `rx="4" opacity="0.5"`);
  b += birds(r, 5, 560, 280, 740, 360, "#4a2f4f");
  b += mountains(
    [
      { x: 120, base: 520, h: 150, w: 220 },
      { x: 380, base: 520, h: 110, w: 200 },
      { x: 1000, base: 520, h: 170, w: 260 },
      { x: 1180, base: 520, h: 120, w: 160 },
    ],
    "#9c6a94",
    "#87598a",
  );
  b += hill(520, w1, "#7b4f7d");
  b += hill(
    560,
    [
      [14, 420, 2.1],
      [8, 180, 0.3],
    ],
    "#5f3d68",
  );
  b += hill(
    610,
    [
      [16, 700, 0.8],
      [6, 150, 2],
    ],
    "url(#ground)",
    820,
  );
  const riverL: Pt[] = [
    [884, 604],
    [874, 628],
    [884, 652],
    [846, 690],
    [870, 730],
    [812, 772],
    [770, 830],
  ];
  const riverR: Pt[] = [
    [1010, 830],
    [944, 772],
    [952, 730],
    [908, 690],
    [920, 652],
    [894, 628],
    [890, 604],
  ];
  b += path(
    `${smooth(riverL)} ${smooth(riverR).replace("M", "L")} Z`,
    "url(#river)",
    `opacity="0.92"`,
  );
  b += line(
    "M878,640 L900,640 M880,690 L930,690 M850,740 L920,740 M880,780 L960,780 M846,712 L870,712",
    "#fff4dc",
    3,
    `opacity="0.75"`,
  );
  b += ger(600, 558, 54, { lit: true, smoke: "#f4d3c0" });
  b += ger(330, 640, 190, {
    felt: "#f6e6d3",
    shade: "#d9b9a2",
    roof: "#f1dcc6",
    lit: true,
    smoke: "#f7d9c6",
    trim: "#3b5b94",
  });
  b +=
    rect(510, 600, 4, 44, "#3b2430") +
    rect(590, 600, 4, 44, "#3b2430") +
    rect(506, 606, 92, 4, "#3b2430");
  for (let i = 0; i < 12; i++) {
    const x = i < 7 ? between(r, 620, 790) : between(r, 1010, 1160);
    const y = between(r, 640, 700);
    b += sheep(x, y, 0.6 + (y - 640) / 140, "#f1d8c4", "#3d2632", r() > 0.5);
  }
  b += tufts(r, 70, 660, 800, "#3d2530", 14);
  return doc(defs, b);
}

function nightSky(): string {
  const r = rng(23);
  const defs =
    lg("sky", [
      [0, "#050a22"],
      [0.55, "#13285a"],
      [1, "#2f5288"],
    ]) +
    rg("mw", [
      [0, "#d9d6ff", 0.55],
      [0.5, "#8f9be0", 0.22],
      [1, "#5a6bc0", 0],
    ]) +
    rg("glow", [
      [0, "#ffd977", 0.8],
      [1, "#ffb347", 0],
    ]) +
    lg(
      "shoot",
      [
        [0, "#ffffff", 0],
        [1, "#ffffff", 0.95],
      ],
      0,
      0,
      1,
      0,
    ) +
    blur("soft", 18);
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b += g(
    ellipse(0, 0, 760, 120, "url(#mw)") +
      ellipse(-120, 10, 420, 50, "#c8c4ff", `opacity="0.25" filter="url(#soft)"`) +
      ellipse(200, -16, 300, 36, "#ffffff", `opacity="0.18" filter="url(#soft)"`),
    `transform="translate(620,260) rotate(-24)"`,
  );
  b += dots(r, 260, 0, 0, 1200, 560, 0.6, 1.6, "#ffffff", 0.3, 0.95);
  for (let i = 0; i < 14; i++) {
    const x = between(r, 40, 1160);
    const y = between(r, 30, 420);
    b += circle(x, y, 6, "#cfe0ff", `opacity="0.25"`) + circle(x, y, 2.2, "#fff");
  }
  b += line("M930,110 L1090,60", "url(#shoot)", 3);
  b += hill(
    560,
    [
      [30, 640, 0.2],
      [12, 260, 1.7],
    ],
    "#16254d",
  );
  b += hill(
    610,
    [
      [22, 520, 2.4],
      [8, 200, 0.6],
    ],
    "#0e1a3a",
  );
  b += hill(
    650,
    [
      [10, 800, 1.1],
      [5, 170, 2.8],
    ],
    "#0a1330",
  );
  b += ellipse(960, 596, 6, 4, "#ffd98a") + circle(960, 596, 14, "url(#glow)");
  b += ellipse(520, 720, 220, 40, "url(#glow)", `opacity="0.7"`);
  b += ger(520, 700, 200, {
    felt: "#b9c3dc",
    shade: "#8d99ba",
    roof: "#a9b4d0",
    trim: "#253a6e",
    lit: true,
    smoke: "#8fa0c8",
  });
  b += person(700, 712, 0.85, {
    body: "#1d2747",
    legs: "#141c36",
    skin: "#3c4569",
    hair: "#111833",
    deel: true,
    sash: "#2c3a66",
    arms: "down",
  });
  b += tufts(r, 60, 680, 800, "#050b22", 14);
  return doc(defs, b);
}

function winterCamp(): string {
  const r = rng(37);
  const defs =
    lg("sky", [
      [0, "#8fb8e3"],
      [0.7, "#d6e5f4"],
      [1, "#eef4fa"],
    ]) +
    lg("snow", [
      [0, "#f7fafd"],
      [1, "#d4e1ef"],
    ]) +
    rg("sun", [
      [0, "#ffffff"],
      [0.3, "#fff6dc", 0.8],
      [1, "#fff6dc", 0],
    ]);
  let b =
    rect(0, 0, 1200, 800, "url(#sky)") +
    circle(250, 160, 160, "url(#sun)") +
    circle(250, 160, 40, "#fffaf0");
  b += mountains(
    [
      { x: 180, base: 470, h: 230, w: 260 },
      { x: 470, base: 470, h: 300, w: 280 },
      { x: 760, base: 470, h: 220, w: 240 },
      { x: 1020, base: 470, h: 280, w: 280 },
      { x: 1240, base: 470, h: 190, w: 200 },
    ],
    "#8ea7c8",
    "#6e88ad",
    { lit: "#ffffff", shade: "#d2deee", depth: 0.45 },
    3,
  );
  b += hill(
    470,
    [
      [14, 520, 1],
      [6, 160, 0.2],
    ],
    "#e5edf6",
  );
  for (let i = 0; i < 34; i++) {
    const x = between(r, 640, 1200);
    b += pine(
      x,
      hillY(
        470,
        [
          [14, 520, 1],
          [6, 160, 0.2],
        ],
        x,
      ) + between(r, 6, 40),
      between(r, 40, 80),
      "#3f6b62",
      "#2e5550",
      "#ffffff",
    );
  }
  b += hill(
    540,
    [
      [10, 600, 2],
      [5, 200, 1],
    ],
    "url(#snow)",
  );
  b += path(
    "M0,660 C200,630 420,690 650,650 C860,615 1020,660 1200,640 L1200,800 L0,800 Z",
    "#e9f0f8",
  );
  b +=
    rect(700, 520, 300, 12, "#7b5a40") +
    poly(
      [
        [690, 528],
        [1010, 528],
        [1000, 500],
        [700, 500],
      ],
      "#ffffff",
    );
  for (let x = 706; x <= 1000; x += 58) b += rect(x, 528, 8, 60, "#6b4a34");
  for (let i = 0; i < 11; i++)
    b += sheep(
      between(r, 720, 980),
      between(r, 590, 605),
      0.8,
      pick(r, ["#f4efe6", "#e8dfd2", "#d9cfc2"]),
      "#4a3a32",
      r() > 0.4,
    );
  for (let x = 660; x <= 1060; x += 26) b += rect(x, 574, 6, 48, "#7d5b42");
  b += rect(650, 584, 420, 6, "#8a6a4e") + rect(650, 604, 420, 6, "#8a6a4e");
  b +=
    path("M1080,620 Q1110,560 1150,620 Z", "#d9b36a") +
    path("M1090,598 Q1112,566 1140,598 Q1114,588 1090,598 Z", "#ffffff");
  b += ger(390, 640, 230, { snow: true, smoke: "#c5d3e4", trim: "#2d5a94" });
  b += ger(140, 610, 120, { snow: true, smoke: "#c5d3e4", door: "#2d7fb0", trim: "#b8402c" });
  b += person(570, 676, 0.9, {
    body: "#2f5aa0",
    deel: true,
    sash: "#f0a63a",
    hat: "#8a3b2a",
    arms: "down",
  });
  b += dots(r, 160, 0, 0, 1200, 800, 1.5, 4, "#ffffff", 0.5, 0.95);
  return doc(defs, b);
}

function ubNight(): string {
  const r = rng(41);
  const defs =
    lg("sky", [
      [0, "#0a0e2e"],
      [0.55, "#2a2159"],
      [0.85, "#6f3d73"],
      [1, "#a05a78"],
    ]) +
    lg(
      "tower",
      [
        [0, "#5fb4f0"],
        [1, "#1b4c8c"],
      ],
      0,
      0,
      1,
      1,
    ) +
    rg("haze", [
      [0, "#ff9a7a", 0.45],
      [1, "#ff9a7a", 0],
    ]) +
    blur("glow", 4);
  let b =
    rect(0, 0, 1200, 800, "url(#sky)") + dots(r, 90, 0, 0, 1200, 320, 0.6, 1.5, "#fff", 0.3, 0.9);
  b += circle(980, 120, 36, "#fff4d8") + circle(996, 110, 32, "#2a2159");
  b += path(
    "M-20,470 C120,380 260,340 420,360 C560,376 640,330 780,340 C940,352 1060,400 1220,430 L1220,800 L-20,800 Z",
    "#1c1640",
  );
  b += ellipse(600, 560, 700, 160, "url(#haze)");
  let back = "";
  let x = 0;
  while (x < 1200) {
    const w = between(r, 40, 90);
    const h = between(r, 90, 220);
    back += rect(x, 600 - h, w - 4, h + 200, "#2b2a5e");
    for (let wy = 600 - h + 12; wy < 590; wy += 16)
      for (let wx = x + 8; wx < x + w - 14; wx += 14)
        if (r() > 0.72) back += rect(wx, wy, 6, 8, "#f3c97a", `opacity="0.55"`);
    x += w;
  }
  b += back;
  b +=
    path("M560,640 L560,300 C520,360 500,470 500,640 Z", "url(#tower)") +
    path("M560,300 L574,316 L574,640 L560,640 Z", "#173a6a");
  for (let y = 330; y < 640; y += 18)
    b += rect(
      512 + Math.max(0, (330 - y) * 0.1),
      y,
      58,
      2,
      "#bfe6ff",
      `opacity="${y % 36 === 0 ? 0.8 : 0.35}"`,
    );
  let front = "";
  x = -10;
  const palette = ["#181a40", "#1d1f4b", "#15173a"];
  while (x < 1220) {
    const w = between(r, 50, 110);
    const h = between(r, 60, 200);
    if (x > 470 && x < 600) {
      x += w;
      continue;
    }
    front += rect(x, 650 - h, w - 6, h + 200, pick(r, palette));
    if (r() > 0.7)
      front +=
        rect(x + w * 0.4, 650 - h - 24, 3, 24, "#3a3d70") +
        circle(x + w * 0.4 + 1.5, 650 - h - 24, 2.5, "#ff5c5c");
    for (let wy = 650 - h + 14; wy < 640; wy += 18)
      for (let wx = x + 8; wx < x + w - 16; wx += 16)
        if (r() > 0.55)
          front += rect(
            wx,
            wy,
            8,
            10,
            pick(r, ["#ffd88a", "#ffe9b8", "#9fd4ff"]),
            `opacity="${op2(between(r, 0.6, 1))}"`,
          );
    x += w;
  }
  b += front;
  b += path("M-20,800 L-20,600 C80,590 200,640 340,680 C420,705 470,760 480,800 Z", "#120f2c");
  for (const [gx, gy, gw] of [
    [60, 640, 46],
    [150, 660, 40],
    [250, 690, 44],
    [340, 722, 36],
    [100, 720, 42],
    [210, 760, 40],
  ] as const) {
    b += ger(gx, gy, gw, {
      felt: "#3c3a66",
      shade: "#2e2c55",
      roof: "#34325c",
      trim: "#221f45",
      lit: true,
    });
    b += rect(gx + gw * 0.6, gy - 4, gw * 0.9, 3, "#2a2650");
  }
  b += rect(0, 740, 1200, 60, "#0d0b22");
  b += g(
    line("M480,778 C700,770 900,760 1220,752", "#ff5a5a", 5) +
      line("M480,792 C700,786 900,778 1220,772", "#ffe28a", 5),
    `filter="url(#glow)" opacity="0.95"`,
  );
  b +=
    line("M480,778 C700,770 900,760 1220,752", "#ffb0a0", 1.5) +
    line("M480,792 C700,786 900,778 1220,772", "#fff6d0", 1.5);
  return doc(defs, b);
}

function naadamRace(): string {
  const r = rng(53);
  const defs =
    lg("sky", [
      [0, "#4fa3e0"],
      [0.7, "#bfe2f6"],
      [1, "#e8f5fb"],
    ]) +
    lg("plain", [
      [0, "#c9d98d"],
      [0.5, "#a9c46b"],
      [1, "#7fa24d"],
    ]) +
    rg("dust", [
      [0, "#e8d6b0", 0.85],
      [1, "#e8d6b0", 0],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b +=
    cloud(220, 140, 1.1, "#ffffff", 0.95) +
    cloud(760, 100, 0.8, "#ffffff", 0.9) +
    cloud(1050, 190, 1.2, "#ffffff", 0.85);
  b += hill(
    420,
    [
      [26, 560, 0.5],
      [10, 210, 2],
    ],
    "#9cbfd0",
  );
  b += hill(
    450,
    [
      [20, 480, 2.2],
      [8, 160, 0.4],
    ],
    "#86b08a",
  );
  b += rect(0, 470, 1200, 330, "url(#plain)");
  b += hill(470, [[6, 300, 1]], "#b4cc7c");
  for (let i = 0; i < 26; i++) {
    const x = 40 + i * 16 + between(r, -3, 3);
    b += person(x, 478, 0.22, {
      body: pick(r, ["#c0392b", "#2e6fb5", "#f0b429", "#3c8d5a", "#8e44ad", "#e67e22"]),
      arms: r() > 0.7 ? "up" : "down",
    });
  }
  b += rect(10, 458, 60, 16, "#e6e1d6", `rx="4"`) + rect(440, 456, 56, 18, "#f2f2f2", `rx="4"`);
  b += flag(500, 478, 70, -4) + flag(560, 478, 70, 3);
  for (const [x, y, s] of [
    [330, 560, 2.8],
    [620, 610, 3.4],
    [900, 660, 3.6],
    [200, 680, 3.2],
  ] as const)
    b += ellipse(x, y, 150 * s * 0.4, 40 * s * 0.4, "url(#dust)");
  const riders: [number, number, number, string, string, string, string][] = [
    [430, 520, 0.75, "#2e2623", "#17120f", "#f0b429", "#c0392b"],
    [640, 545, 0.85, "#b9b2a8", "#8a8278", "#2e6fb5", "#f0b429"],
    [300, 590, 1.05, "#a0522d", "#6e3519", "#e67e22", "#2e6fb5"],
    [790, 610, 1.2, "#7a4a2a", "#4a2a16", "#c0392b", "#f6e05e"],
    [500, 680, 1.45, "#ece6da", "#bdb3a2", "#3c8d5a", "#c0392b"],
  ];
  for (const [x, y, s, c, d, shirt, hat] of riders)
    b +=
      ellipse(x - 20 * s, y + 50 * s, 80 * s, 8 * s, "#000", `opacity="0.12"`) +
      horse(x, y, s, c, d, { shirt, hat });
  b += tufts(r, 90, 560, 800, "#5f8a3a", 12);
  for (let i = 0; i < 14; i++)
    b += circle(
      between(r, 0, 1200),
      between(r, 700, 790),
      between(r, 3, 5),
      pick(r, ["#f7e35c", "#ffffff", "#e9a0c8"]),
    );
  return doc(defs, b);
}

/** One steamed dumpling, base centred at (x, y). */
function dumpling(x: number, y: number, s: number) {
  let o = ellipse(0, 4, 54, 12, "#b9895a", `opacity="0.35"`);
  o += path("M-52,0 C-56,-30 -30,-62 0,-64 C30,-62 56,-30 52,0 C30,10 -30,10 -52,0 Z", "#fbf3e4");
  o += path("M8,-62 C34,-56 56,-28 52,0 C40,6 26,8 14,9 C30,-14 26,-44 8,-62 Z", "#ecdcc2");
  for (const k of [-36, -20, -6, 8, 22, 36])
    o += line(`M${k},${-6 + Math.abs(k) * 0.12} Q${k * 0.5},-44 0,-62`, "#d9c4a0", 2.4);
  o += ellipse(0, -62, 8, 4, "#c79b6c");
  return g(o, at(x, y, s));
}

function buuz(): string {
  const r = rng(61);
  const defs =
    lg("wall", [
      [0, "#f0b36d"],
      [1, "#d9844a"],
    ]) +
    lg("table", [
      [0, "#9b5a32"],
      [1, "#6e3a1f"],
    ]) +
    rg("plate", [
      [0, "#ffffff"],
      [0.85, "#f2efe8"],
      [1, "#dcd6ca"],
    ]) +
    rg("tea", [
      [0, "#e8cfa6"],
      [1, "#c9a477"],
    ]) +
    rg("warm", [
      [0, "#fff3d6", 0.7],
      [1, "#fff3d6", 0],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#wall)");
  let lattice = "";
  for (let k = -800; k < 1400; k += 60)
    lattice += `M${k},0 L${k + 420},420 M${k},420 L${k + 420},0 `;
  b += line(lattice, "#b86a35", 5, `opacity="0.45"`);
  b += rect(0, 0, 1200, 60, "#c4552b") + rect(0, 52, 1200, 6, "#2f5f9e");
  for (let x = 0; x < 1200; x += 40)
    b += path(`M${x},14 L${x + 20},34 L${x + 40},14`, "none", `stroke="#f5c34b" stroke-width="4"`);
  b += circle(980, 200, 240, "url(#warm)");
  b += rect(0, 420, 1200, 380, "url(#table)") + rect(0, 420, 1200, 10, "#b8713f");
  for (let i = 0; i < 7; i++)
    b += line(
      `M0,${470 + i * 48} C400,${460 + i * 50} 800,${480 + i * 46} 1200,${470 + i * 48}`,
      "#5e3119",
      2,
      `opacity="0.3"`,
    );
  b += ellipse(560, 610, 340, 118, "#000", `opacity="0.2"`);
  b += ellipse(560, 596, 330, 116, "#2f5f9e") + ellipse(560, 592, 308, 104, "url(#plate)");
  b += ellipse(
    560,
    592,
    292,
    96,
    "none",
    `stroke="#2f5f9e" stroke-width="3" stroke-dasharray="14 10" opacity="0.6"`,
  );
  const spots: Pt[] = [
    [400, 560],
    [510, 545],
    [620, 545],
    [725, 560],
    [350, 620],
    [460, 615],
    [575, 612],
    [690, 615],
    [795, 622],
    [470, 670],
    [600, 668],
    [720, 670],
  ];
  spots.sort((a, z) => a[1] - z[1]);
  for (const [x, y] of spots) b += dumpling(x, y, 0.9 + (y - 540) / 600);
  for (const [x, y, h] of [
    [420, 470, 170],
    [560, 450, 200],
    [700, 470, 160],
    [620, 500, 140],
  ] as const)
    b += wisp(x, y, h, "#ffffff", 7, 0.5);
  b +=
    ellipse(1010, 560, 120, 40, "#1f4f86") +
    path("M890,560 C896,640 940,680 1010,682 C1080,680 1124,640 1130,560 Z", "#2f6fb5");
  b += path(
    "M900,600 C930,610 960,596 990,610 C1020,624 1060,604 1120,610",
    "none",
    `stroke="#f2c14e" stroke-width="5"`,
  );
  b += ellipse(1010, 560, 108, 32, "url(#tea)");
  b += wisp(990, 530, 110, "#ffffff", 6, 0.45) + wisp(1040, 530, 90, "#ffffff", 5, 0.4);
  b += ellipse(150, 660, 120, 40, "#e7e1d6") + ellipse(150, 654, 104, 32, "#fdfbf6");
  for (let i = 0; i < 26; i++)
    b += ellipse(
      between(r, 90, 210),
      between(r, 640, 668),
      between(r, 6, 12),
      3,
      pick(r, ["#e14b3b", "#f2a93b", "#5aa04a", "#f7e06a"]),
      `transform="rotate(${f(between(r, -40, 40))} ${f(150)} ${f(654)})"`,
    );
  b +=
    rect(120, 470, 70, 130, "#c0392b", `rx="10"`) +
    rect(130, 448, 50, 26, "#8e2a20", `rx="6"`) +
    rect(120, 510, 70, 12, "#f2c14e");
  return doc(defs, b);
}

function tsagaanSar(): string {
  const r = rng(71);
  const defs =
    lg("wall", [
      [0, "#c94a2b"],
      [1, "#9c3320"],
    ]) +
    lg("table", [
      [0, "#e1862f"],
      [1, "#b35f1c"],
    ]) +
    lg(
      "khadag",
      [
        [0, "#8ec5f2"],
        [1, "#3f8fd6"],
      ],
      0,
      0,
      1,
      0,
    ) +
    rg("glow", [
      [0, "#ffe6a8", 0.55],
      [1, "#ffe6a8", 0],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#wall)");
  let lattice = "";
  for (let k = -800; k < 1400; k += 70)
    lattice += `M${k},0 L${k + 480},480 M${k},480 L${k + 480},0 `;
  b += line(lattice, "#7e2616", 6, `opacity="0.35"`);
  b += circle(600, 260, 420, "url(#glow)");
  const medallion = (x: number, y: number, rr: number) => {
    let m =
      circle(x, y, rr, "#f2b53c") +
      circle(x, y, rr * 0.82, "#2f5f9e") +
      circle(x, y, rr * 0.62, "#f2b53c");
    for (let i = 0; i < 8; i++)
      m += ellipse(
        x,
        y - rr * 0.4,
        rr * 0.12,
        rr * 0.3,
        "#c94a2b",
        `transform="rotate(${i * 45} ${f(x)} ${f(y)})"`,
      );
    return m + circle(x, y, rr * 0.14, "#2f5f9e");
  };
  b += medallion(160, 180, 80) + medallion(1040, 180, 80);
  b += rect(0, 380, 1200, 20, "#2f5f9e") + rect(0, 400, 1200, 14, "#f2b53c");
  b += rect(0, 470, 1200, 330, "url(#table)") + rect(0, 470, 1200, 14, "#f2b53c");
  for (let x = 20; x < 1200; x += 80)
    b += path(
      `M${x},530 q20,-22 40,0 q20,22 40,0`,
      "none",
      `stroke="#2f5f9e" stroke-width="5" opacity="0.7"`,
    );
  b +=
    ellipse(600, 590, 250, 50, "#000", `opacity="0.2"`) +
    ellipse(600, 580, 240, 46, "#e9e4da") +
    ellipse(600, 576, 222, 38, "#f8f5ef");
  const colors = ["#f6ead2", "#efdcb8", "#f6ead2", "#e8d1a6"];
  for (let i = 0; i < 9; i++) {
    const y = 560 - i * 28;
    const w = 360 - i * 26;
    const c = colors[i % 4] as string;
    const n = Math.max(2, Math.round(w / 80));
    const pw = (w - (n - 1) * 4) / n;
    for (let k = 0; k < n; k++) {
      const px = 600 - w / 2 + k * (pw + 4);
      b += rect(px, y - 26, pw, 28, (k + i) % 2 ? c : (colors[(i + 1) % 4] as string), `rx="12"`);
      b += rect(px + 8, y - 8, pw - 16, 4, "#c9a56e", `rx="2" opacity="0.5"`);
      b += rect(
        px + pw / 2 - 10,
        y - 20,
        20,
        8,
        "none",
        `rx="3" stroke="#c9a56e" stroke-width="2" opacity="0.8"`,
      );
    }
  }
  const topY = 560 - 9 * 28;
  for (let i = 0; i < 14; i++)
    b += rect(
      between(r, 530, 650),
      topY - between(r, 8, 40),
      18,
      12,
      pick(r, ["#e74c3c", "#f1c40f", "#2ecc71", "#9b59b6", "#ffffff", "#e67e22"]),
      `rx="4" transform="rotate(${f(between(r, -30, 30))} 600 ${topY})"`,
    );
  for (let i = 0; i < 6; i++)
    b += rect(between(r, 545, 640), topY - between(r, 0, 14), 20, 14, "#fbf6e8", `rx="3"`);
  b += ellipse(240, 620, 150, 40, "#d8d2c6") + ellipse(240, 614, 136, 32, "#f4f1ea");
  b +=
    path("M120,612 C120,540 200,506 260,512 C330,518 370,560 364,612 Z", "#f3e3cc") +
    path("M150,600 C160,560 200,540 250,542 C300,546 330,570 336,600 Z", "#e7c8a5");
  b +=
    line("M170,580 C210,560 280,558 320,580", "#fff7ea", 6) +
    line("M360,600 C390,596 396,580 386,566", "#f3e3cc", 18);
  b +=
    ellipse(960, 630, 120, 30, "#b7b9c2") +
    path("M850,630 C860,690 900,712 960,714 C1020,712 1060,690 1070,630 Z", "#cfd2da") +
    ellipse(960, 630, 108, 24, "#f6f1e2");
  b += path("M880,660 C920,672 1000,672 1040,660", "none", `stroke="#9a9ea9" stroke-width="4"`);
  for (let i = 0; i < 16; i++)
    b += circle(
      between(r, 880, 1040),
      between(r, 616, 636),
      between(r, 8, 12),
      pick(r, ["#f4d03f", "#e74c3c", "#f39c12", "#fefefe"]),
    );
  b += path(
    "M0,700 C200,660 420,740 620,700 C820,660 1000,740 1200,690 L1200,760 C1000,800 820,730 620,770 C420,800 200,730 0,770 Z",
    "url(#khadag)",
    `opacity="0.92"`,
  );
  b += path(
    "M0,722 C200,690 420,760 620,728 C820,696 1000,760 1200,716",
    "none",
    `stroke="#d8ecfc" stroke-width="4" stroke-dasharray="2 10" opacity="0.9"`,
  );
  return doc(defs, b);
}

function bogdKhan(): string {
  const r = rng(83);
  const defs =
    lg("sky", [
      [0, "#a9d8ef"],
      [0.6, "#e6f2ec"],
      [1, "#fdf1d6"],
    ]) +
    lg("mist", [
      [0, "#ffffff", 0],
      [0.5, "#ffffff", 0.7],
      [1, "#ffffff", 0],
    ]) +
    rg("sun", [
      [0, "#fffbe8"],
      [0.3, "#fff2c0", 0.7],
      [1, "#fff2c0", 0],
    ]);
  let b =
    rect(0, 0, 1200, 800, "url(#sky)") +
    circle(900, 170, 200, "url(#sun)") +
    circle(900, 170, 46, "#fffbea");
  b += cloud(260, 120, 0.9, "#ffffff", 0.8);
  const layers: [number, [number, number, number][], string, string, string, number][] = [
    [
      300,
      [
        [60, 900, 0.8],
        [20, 300, 2],
      ],
      "#9cc4c4",
      "#8db8b8",
      "#7fadb0",
      0.5,
    ],
    [
      390,
      [
        [50, 700, 2.4],
        [18, 260, 0.4],
      ],
      "#73a597",
      "#5f9485",
      "#558a7c",
      0.7,
    ],
    [
      480,
      [
        [40, 600, 1.2],
        [14, 220, 2.6],
      ],
      "#467f68",
      "#3a7360",
      "#316652",
      0.9,
    ],
  ];
  for (const [base, waves, fill, c1, c2, sc] of layers) {
    b += hill(base, waves, fill);
    for (let x = -20; x < 1220; x += 14 / sc) {
      const y = hillY(base, waves, x);
      b += pine(x + between(r, -4, 4), y + between(r, 4, 16), between(r, 28, 44) * sc, c1, c2);
    }
    b += rect(0, base + 40, 1200, 80, "url(#mist)", `opacity="0.8"`);
  }
  b += hill(
    600,
    [
      [22, 500, 0.5],
      [8, 180, 1],
    ],
    "#2a5c45",
  );
  b += path(
    "M640,800 C700,720 760,690 860,660 C940,636 1020,630 1100,600 L1200,600 L1200,800 Z",
    "#8a8f84",
  );
  b += path("M660,800 C720,730 780,700 870,676 C950,656 1040,646 1200,628 L1200,800 Z", "#a3a89c");
  b +=
    path("M1010,600 L1070,500 L1130,600 Z", "#7a7f76") +
    path("M1070,500 L1130,600 L1084,600 Z", "#666b62");
  for (let i = 0; i < 10; i++)
    b += circle(
      1030 + between(r, 0, 90),
      590 - between(r, 0, 60),
      between(r, 6, 12),
      pick(r, ["#8c918a", "#9ea39a", "#767b72"]),
    );
  b += rect(1068, 440, 5, 80, "#6b4a32");
  for (let i = 0; i < 6; i++)
    b += line(
      `M1072,${450 + i * 8} q24,${6 + i * 3} 48,${-4 + i * 4}`,
      pick(r, ["#3f8fd6", "#6fb1ec", "#2f6fb5"]),
      4,
    );
  b += person(860, 668, 1.1, { body: "#e4572e", legs: "#34405a", hat: "#2e4057", arms: "down" });
  b += rect(870, 598, 18, 32, "#f2b53c", `rx="5"`);
  for (let i = 0; i < 5; i++)
    b += pine(
      between(r, -20, 560),
      800 - between(r, 0, 60),
      between(r, 160, 240),
      "#1f4a37",
      "#173c2c",
    );
  b += tufts(r, 40, 700, 800, "#173c2c", 14);
  return doc(defs, b);
}

/** The classic UAZ-452 van ("purgon"), wheels on y, facing right. */
function purgon(x: number, y: number, s: number) {
  let o = ellipse(70, 2, 90, 8, "#000", `opacity="0.2"`);
  o += path(
    "M0,-16 L0,-70 Q0,-82 14,-82 L118,-82 Q136,-82 142,-64 L150,-40 Q154,-30 154,-16 Z",
    "#7f9a86",
  );
  o += path("M0,-44 L154,-44 L154,-16 L0,-16 Z", "#6b8572");
  o += path("M116,-76 L132,-76 Q138,-74 140,-66 L144,-50 L116,-50 Z", "#cfe8f0");
  for (const wx of [14, 46, 80]) o += rect(wx, -74, 26, 22, "#cfe8f0", `rx="3"`);
  o +=
    rect(4, -98, 110, 8, "#4a4a4a") +
    rect(16, -114, 60, 16, "#d8773a", `rx="4"`) +
    rect(78, -110, 30, 12, "#3f6e9c", `rx="3"`);
  o += circle(150, -34, 5, "#fff4c2") + rect(60, -40, 20, 3, "#4d6353");
  for (const wx of [32, 122]) o += circle(wx, -14, 16, "#2b2b2b") + circle(wx, -14, 7, "#9a9a9a");
  return g(o, at(x, y, s));
}

function gobiCamel(): string {
  const r = rng(97);
  const defs =
    lg("sky", [
      [0, "#5aa6d6"],
      [0.55, "#f3d9a4"],
      [1, "#f5b871"],
    ]) +
    rg("sun", [
      [0, "#fffbe6"],
      [0.25, "#ffeab0", 0.8],
      [1, "#ffd27a", 0],
    ]) +
    lg("d1", [
      [0, "#f3c489"],
      [1, "#e5a766"],
    ]) +
    lg("d2", [
      [0, "#f0b068"],
      [1, "#d8894a"],
    ]) +
    lg("d3", [
      [0, "#eea55a"],
      [1, "#c7733a"],
    ]) +
    blur("dust", 8);
  let b =
    rect(0, 0, 1200, 800, "url(#sky)") +
    circle(300, 330, 260, "url(#sun)") +
    circle(300, 330, 58, "#fff6d8");
  b += birds(r, 3, 720, 160, 900, 230, "#7a5a4a");
  b += path(
    "M-20,460 C140,400 300,380 460,420 C620,460 780,380 980,390 C1080,395 1160,420 1220,430 L1220,800 L-20,800 Z",
    "#e9c394",
  );
  b += path(
    "M-20,520 C160,440 340,430 520,470 C700,510 820,440 1000,450 C1100,455 1180,480 1220,490 L1220,800 L-20,800 Z",
    "url(#d1)",
  );
  b += path(
    "M520,470 C700,510 820,440 1000,450 C900,480 760,540 620,520 Z",
    "#d9945a",
    `opacity="0.55"`,
  );
  const cx = [560, 640, 720, 800];
  cx.forEach((x, i) => {
    b += camel(x, 452 - i * 3, 0.38, "#6b4330", "#4a2c1e");
  });
  b += person(900, 452, 0.34, { body: "#c0392b", deel: true, sash: "#f2b53c", arms: "down" });
  b += path(
    "M-20,600 C120,540 260,520 420,556 C560,588 700,560 860,540 C1000,522 1120,540 1220,560 L1220,800 L-20,800 Z",
    "url(#d2)",
  );
  b += path(
    "M420,556 C560,588 700,560 860,540 C760,590 600,630 470,610 Z",
    "#c17038",
    `opacity="0.5"`,
  );
  b += path(
    "M-20,700 C160,650 360,640 560,672 C760,704 980,660 1220,650 L1220,800 L-20,800 Z",
    "url(#d3)",
  );
  b += path(
    "M-20,760 C200,720 360,700 520,712 C700,726 900,748 1220,730 L1220,800 L-20,800 Z",
    "#b8652f",
    `opacity="0.6"`,
  );
  b += line("M-20,740 C300,690 700,700 1220,690", "#d08b52", 26, `opacity="0.7"`);
  for (const [dx, dy, rr, op] of [
    [-10, -20, 30, 0.6],
    [-50, -28, 38, 0.45],
    [-100, -34, 46, 0.3],
    [-160, -40, 52, 0.18],
  ] as const)
    b += circle(700 + dx, 720 + dy, rr, "#f8e2bd", `opacity="${op}" filter="url(#dust)"`);
  b += purgon(700, 720, 1.2);
  b += camel(240, 660, 1.25, "#a8744c", "#7a4f31", false, "#b03a2e");
  for (let i = 0; i < 8; i++) {
    const x = between(r, 0, 1200);
    const y = between(r, 610, 790);
    b += line(
      `M${f(x)},${f(y)} l-8,-14 M${f(x)},${f(y)} l0,-18 M${f(x)},${f(y)} l9,-13`,
      "#7b6a3a",
      3,
    );
  }
  return doc(defs, b);
}

function khuvsgulIce(): string {
  const r = rng(101);
  const defs =
    lg("sky", [
      [0, "#6fa9dc"],
      [0.7, "#cfe3f3"],
      [1, "#eef6fb"],
    ]) +
    lg("ice", [
      [0, "#bfeaf0"],
      [0.35, "#6fcbd6"],
      [1, "#1f7fa6"],
    ]) +
    lg(
      "shine",
      [
        [0, "#ffffff", 0],
        [0.5, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      0,
    );
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b += cloud(900, 110, 1, "#ffffff", 0.85) + cloud(300, 80, 0.7, "#ffffff", 0.7);
  b += mountains(
    [
      { x: 80, base: 400, h: 200, w: 220 },
      { x: 330, base: 400, h: 250, w: 240 },
      { x: 620, base: 400, h: 180, w: 220 },
      { x: 880, base: 400, h: 240, w: 260 },
      { x: 1150, base: 400, h: 200, w: 220 },
    ],
    "#8fa9c9",
    "#6f8bb0",
    { lit: "#ffffff", shade: "#d6e2f0", depth: 0.5 },
    7,
  );
  const shore: [number, number, number][] = [
    [10, 400, 0.5],
    [5, 140, 1],
  ];
  b += hill(400, shore, "#2f5a54");
  for (let x = -10; x < 1220; x += 11)
    b += pine(
      x,
      hillY(400, shore, x) + between(r, 10, 30),
      between(r, 30, 56),
      "#2f6358",
      "#234b45",
      "#ffffff",
    );
  b += rect(0, 440, 1200, 360, "url(#ice)");
  b += rect(0, 436, 1200, 10, "#f3fafd");
  for (let i = 0; i < 6; i++)
    b += path(
      `M${f(between(r, -100, 1100))},${f(between(r, 470, 760))} l260,-20 l40,10 l-260,20 Z`,
      "url(#shine)",
      `opacity="0.5"`,
    );
  let cracks = "";
  for (let i = 0; i < 16; i++) {
    let x = between(r, 0, 1200);
    let y = between(r, 470, 800);
    cracks += `M${f(x)},${f(y)}`;
    for (let k = 0; k < 6; k++) {
      x += between(r, -70, 70);
      y += between(r, -18, 18);
      cracks += ` L${f(x)},${f(y)}`;
    }
    cracks += " ";
  }
  b += line(cracks, "#e9fbff", 2.2, `opacity="0.8"`);
  for (let i = 0; i < 40; i++)
    b += circle(
      between(r, 0, 1200),
      between(r, 480, 790),
      between(r, 2, 6),
      "#ffffff",
      `opacity="0.35"`,
    );
  b +=
    path("M-20,800 C100,720 240,700 420,740 C520,762 560,790 600,800 Z", "#f2f8fc") +
    path("M900,800 C980,740 1100,730 1220,740 L1220,800 Z", "#f2f8fc");
  b += ellipse(720, 640, 40, 12, "#0e4f6e") + ellipse(720, 638, 34, 9, "#175f80");
  b +=
    path("M780,640 L830,540 L900,640 Z", "#e2542f") +
    path("M830,540 L900,640 L856,640 Z", "#b63f22") +
    path("M820,640 L834,600 L846,640 Z", "#6b1f10");
  b += person(680, 650, 1.1, { body: "#2f5aa0", legs: "#263a5c", hat: "#c0392b", arms: "forward" });
  b += line("M712,586 L760,560", "#5a3a22", 3) + line("M760,560 L756,640", "#dddddd", 1);
  b += g(
    horse(0, 0, 1, "#5b3a29", "#3a2418") +
      line("M-40,10 L-150,30", "#3a2418", 3) +
      rect(-230, 24, 90, 22, "#8b5a36", `rx="6"`) +
      person(-190, 24, 0.55, { body: "#c0392b", deel: true, arms: "forward" }),
    `${at(320, 520, 0.5)}`,
  );
  return doc(defs, b);
}

function khovdCafe(): string {
  const defs =
    lg("sky", [
      [0, "#f6c7a0"],
      [0.6, "#fbe0c2"],
      [1, "#fde9d2"],
    ]) +
    lg("inside", [
      [0, "#ffd98e"],
      [1, "#f5a95b"],
    ]) +
    rg("lamp", [
      [0, "#fff4c8", 0.9],
      [1, "#ffd27a", 0],
    ]) +
    lg("wall", [
      [0, "#2f6b73"],
      [1, "#245860"],
    ]) +
    lg("street", [
      [0, "#cbbfb0"],
      [1, "#a8998a"],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b += mountains(
    [
      { x: 100, base: 330, h: 170, w: 240 },
      { x: 420, base: 330, h: 210, w: 260 },
      { x: 780, base: 330, h: 160, w: 240 },
      { x: 1080, base: 330, h: 200, w: 260 },
    ],
    "#d9a6a6",
    "#c48e96",
    { lit: "#fff6f0", shade: "#f1dadc", depth: 0.35 },
    5,
  );
  b += rect(0, 320, 1200, 40, "#c9a08e");
  b += rect(0, 330, 150, 330, "#d98e5f") + rect(1050, 300, 150, 360, "#c7a15a");
  for (let y = 360; y < 620; y += 70)
    b +=
      rect(30, y, 40, 46, "#f6d9a8") +
      rect(80, y, 40, 46, "#f6d9a8") +
      rect(1080, y - 20, 40, 50, "#8fc2d6") +
      rect(1140, y - 20, 40, 50, "#8fc2d6");
  b += rect(150, 250, 900, 420, "url(#wall)");
  b += rect(150, 250, 900, 22, "#1d4a50");
  b += rect(360, 282, 480, 92, "#f7ead3", `rx="10"`) + rect(370, 292, 460, 72, "#3a2a20", `rx="6"`);
  b +=
    path("M560,312 L640,312 L634,352 Q600,362 566,352 Z", "#f7ead3") +
    path("M640,320 q22,4 16,18 q-6,10 -20,6", "none", `stroke="#f7ead3" stroke-width="6"`);
  b += wisp(584, 306, 36, "#f7ead3", 4, 1) + wisp(610, 306, 40, "#f7ead3", 4, 1);
  let awn = "";
  for (let i = 0; i < 15; i++)
    awn += rect(190 + i * 55, 392, 55, 60, i % 2 ? "#f7ead3" : "#d6453d");
  b += awn;
  let scallop = "M190,452";
  for (let i = 0; i < 15; i++) scallop += ` q27.5,26 55,0`;
  b += path(`${scallop} Z`, "#d6453d") + rect(186, 386, 833, 10, "#a8302a", `rx="4"`);
  b += rect(200, 478, 560, 180, "#1d4a50") + rect(212, 490, 536, 160, "url(#inside)");
  for (const x of [300, 480, 660])
    b +=
      line(`M${x},490 L${x},520`, "#3a2a20", 2) +
      circle(x, 530, 16, "url(#lamp)") +
      path(`M${x - 12},520 L${x + 12},520 L${x + 8},532 L${x - 8},532 Z`, "#3a2a20");
  b += rect(212, 600, 536, 50, "#b06a3a", `opacity="0.9"`);
  const sil = (x: number, c: string) =>
    circle(x, 566, 13, c) +
    path(`M${x - 20},650 L${x - 18},590 Q${x},578 ${x + 18},590 L${x + 20},650 Z`, c);
  b += sil(290, "#6b3b2a") + sil(350, "#8a4b36") + sil(560, "#6b3b2a") + sil(680, "#7a4030");
  b +=
    rect(440, 596, 60, 8, "#5a3020") +
    rect(420, 560, 14, 36, "#f7ead3", `rx="3"`) +
    rect(500, 566, 12, 30, "#f7ead3", `rx="3"`);
  b +=
    rect(212, 568, 536, 4, "#3a2a20", `opacity="0.25"`) +
    line("M212,490 L330,650", "#ffffff", 10, `opacity="0.12"`) +
    line("M560,490 L680,650", "#ffffff", 14, `opacity="0.1"`);
  b +=
    rect(790, 470, 200, 200, "#1d4a50") +
    rect(804, 484, 172, 186, "url(#inside)") +
    rect(804, 484, 172, 6, "#1d4a50") +
    rect(886, 484, 8, 186, "#1d4a50") +
    circle(874, 580, 5, "#f2b53c");
  b += rect(0, 660, 1200, 140, "url(#street)") + rect(0, 660, 1200, 12, "#8e7e6e");
  b += rect(150, 640, 900, 22, "#7a6a5c");
  for (const x of [170, 1010])
    b +=
      path(`M${x},660 L${x + 6},610 L${x + 54},610 L${x + 60},660 Z`, "#b86a3a") +
      circle(x + 30, 590, 34, "#4f8a4b") +
      circle(x + 16, 570, 20, "#6aa860") +
      circle(x + 44, 566, 22, "#5a9a54");
  b += rect(700, 640, 90, 40, "#8b5a36", `rx="4"`);
  for (let i = 0; i < 5; i++)
    b +=
      circle(716 + i * 15 + (i % 2) * 4, 636 - (i % 2) * 10, 13, "#3f8a3a") +
      path(
        `M${716 + i * 15 + (i % 2) * 4},${623 - (i % 2) * 10} l0,26`,
        "none",
        `stroke="#2a6a2a" stroke-width="3"`,
      );
  b += g(
    circle(0, 0, 34, "none", `stroke="#2b2b2b" stroke-width="6"`) +
      circle(110, 0, 34, "none", `stroke="#2b2b2b" stroke-width="6"`) +
      line(
        "M0,0 L40,-48 L96,-48 L110,0 M40,-48 L56,0 L96,-48 M56,0 L0,0 M40,-48 L36,-62 M28,-62 L46,-62 M96,-48 L92,-66 L108,-70",
        "#e0863a",
        6,
      ),
    `transform="translate(300,730)"`,
  );
  b +=
    rect(880, 690, 220, 12, "#7b5135", `rx="4"`) +
    rect(890, 702, 10, 40, "#4e3425") +
    rect(1080, 702, 10, 40, "#4e3425") +
    rect(880, 660, 220, 10, "#7b5135", `rx="4"`);
  return doc(defs, b);
}

function soumSchool(): string {
  const r = rng(127);
  const defs =
    lg("sky", [
      [0, "#7cc8f0"],
      [1, "#e6f6fb"],
    ]) +
    lg("grass", [
      [0, "#a8d66b"],
      [1, "#6fae45"],
    ]) +
    lg("wall", [
      [0, "#f7dc8f"],
      [1, "#eec46a"],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  let rays = "";
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    rays += `M${f(1040 + Math.cos(a) * 70)},${f(120 + Math.sin(a) * 70)} L${f(1040 + Math.cos(a) * 100)},${f(120 + Math.sin(a) * 100)} `;
  }
  b +=
    line(rays, "#ffcf3f", 8) +
    circle(1040, 120, 56, "#ffd84d") +
    circle(1020, 110, 6, "#b8860b") +
    circle(1060, 110, 6, "#b8860b") +
    line("M1018,134 Q1040,150 1062,134", "#b8860b", 5);
  b += cloud(200, 120, 1, "#ffffff") + cloud(600, 80, 0.7, "#ffffff", 0.9);
  b +=
    hill(
      380,
      [
        [30, 600, 0.3],
        [12, 240, 1.4],
      ],
      "#8cc6a0",
    ) +
    hill(
      420,
      [
        [20, 500, 2],
        [8, 200, 0.5],
      ],
      "#7dbb6a",
    );
  b += rect(0, 450, 1200, 350, "url(#grass)");
  b += ger(1080, 470, 110, { smoke: "#ffffff" }) + ger(960, 462, 80, {});
  b += rect(230, 250, 640, 230, "url(#wall)");
  b +=
    poly(
      [
        [210, 256],
        [550, 170],
        [890, 256],
      ],
      "#3b6fb6",
    ) +
    poly(
      [
        [550, 170],
        [890, 256],
        [700, 256],
      ],
      "#2e5a99",
    );
  b +=
    rect(430, 214, 240, 40, "url(#wall)") +
    poly(
      [
        [420, 218],
        [550, 150],
        [680, 218],
      ],
      "#d64a3a",
    );
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 8; col++) {
      if (col === 3 || col === 4) continue;
      const wx = 262 + col * 74;
      const wy = 280 + row * 92;
      b +=
        rect(wx, wy, 50, 60, "#ffffff") +
        rect(wx + 4, wy + 4, 42, 52, "#9fd3ef") +
        rect(wx + 23, wy + 4, 4, 52, "#ffffff") +
        rect(wx + 4, wy + 26, 42, 4, "#ffffff");
    }
  b +=
    rect(500, 360, 100, 120, "#ffffff") +
    rect(510, 370, 80, 110, "#2e5a99") +
    rect(548, 370, 4, 110, "#ffffff");
  b +=
    rect(488, 350, 124, 12, "#d64a3a") +
    rect(470, 480, 160, 10, "#cfc6b8") +
    rect(456, 490, 188, 10, "#bdb3a3");
  b +=
    circle(550, 300, 30, "#ffffff") +
    circle(550, 300, 24, "#3b6fb6") +
    path(
      "M550,282 L556,298 L572,300 L558,308 L562,322 L550,314 L538,322 L542,308 L528,300 L544,298 Z",
      "#ffd84d",
    );
  b += flag(160, 490, 190, -3);
  b += line("M40,560 L1160,560", "#8a6a4e", 4);
  for (let x = 40; x <= 1160; x += 56) b += rect(x - 3, 530, 6, 60, "#8a6a4e");
  const drawing = (x: number, y: number, kind: number, rot: number) => {
    let d =
      rect(-32, -26, 64, 52, "#ffffff") +
      rect(-32, -26, 64, 52, "none", `stroke="#d0c8ba" stroke-width="2"`);
    if (kind === 0)
      d +=
        circle(12, -8, 10, "#ffcc33") +
        path("M-26,20 L-6,-4 L14,20 Z", "#5aa04a") +
        path("M-4,20 L14,2 L30,20 Z", "#3f8a3a");
    else if (kind === 1)
      d +=
        path("M-18,14 L-18,0 L18,0 L18,14 Z", "#f3efe6") +
        path("M-22,0 L0,-16 L22,0 Z", "#d64a3a") +
        rect(-4, 2, 8, 12, "#3b6fb6");
    else if (kind === 2)
      d +=
        path("M-24,16 Q-10,-4 6,4 Q18,-14 26,-4 L26,16 Z", "#a8744c") +
        circle(-2, -14, 6, "#ffcc33");
    else
      d +=
        path("M-20,14 L-14,-10 L2,-10 L8,14 Z", "#3b6fb6") +
        circle(-6, -16, 6, "#e0a878") +
        path("M10,4 L24,-18", "none", `stroke="#e74c3c" stroke-width="4"`);
    return g(
      line("M-20,-26 L-20,-34 M20,-26 L20,-34", "#888", 2) + d,
      `transform="translate(${x},${y}) rotate(${rot})"`,
    );
  };
  for (let i = 0; i < 9; i++) b += drawing(110 + i * 118, 596, i % 4, between(r, -6, 6));
  const kids: [number, number, string, string, PersonOpts["arms"]][] = [
    [300, 720, "#e74c3c", "#2e4057", "up"],
    [400, 700, "#f39c12", "#34405a", "down"],
    [640, 730, "#8e44ad", "#2e4057", "forward"],
    [760, 705, "#27ae60", "#34405a", "up"],
    [900, 740, "#3498db", "#2e4057", "down"],
  ];
  for (const [x, y, c, l, arms] of kids) b += person(x, y, 0.9, { body: c, legs: l, arms });
  b +=
    line("M280,645 Q350,760 420,627", "#f4d03f", 3) +
    circle(540, 690, 16, "#e74c3c") +
    path("M526,690 L554,690 M540,676 L540,704", "none", `stroke="#ffffff" stroke-width="3"`);
  b += rect(872, 664, 40, 30, "#c0392b", `rx="3"`) + rect(876, 668, 32, 22, "#f8f1e4");
  b += tufts(r, 60, 620, 800, "#4f8a35", 12);
  return doc(defs, b);
}

function libraryShelf(): string {
  const r = rng(131);
  const defs =
    lg("wall", [
      [0, "#f6e8d0"],
      [1, "#ecd6b4"],
    ]) +
    lg("view", [
      [0, "#8fd0f2"],
      [1, "#dff3fb"],
    ]) +
    lg(
      "wood",
      [
        [0, "#b4743f"],
        [1, "#8e5629"],
      ],
      0,
      0,
      1,
      0,
    ) +
    rg("light", [
      [0, "#fff5d8", 0.8],
      [1, "#fff5d8", 0],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#wall)");
  b += rect(80, 120, 300, 340, "#ffffff") + rect(96, 136, 268, 308, "url(#view)");
  b += hill(380, [[18, 300, 0.5]], "#8cc68a", 444) + hill(410, [[10, 200, 2]], "#6fb35e", 444);
  b += g(ger(0, 0, 60, {}), `transform="translate(230,402)"`);
  b += cloud(190, 200, 0.45, "#ffffff");
  b +=
    rect(80, 120, 300, 340, "none", `stroke="#e3d2b6" stroke-width="16"`) +
    rect(224, 120, 12, 340, "#ffffff") +
    rect(80, 282, 300, 12, "#ffffff");
  b += rect(60, 456, 340, 18, "#d9c19b");
  b += circle(230, 290, 300, "url(#light)");
  b += path("M0,640 L1200,640 L1200,800 L0,800 Z", "#c58d5a");
  for (let i = 0; i < 8; i++) b += rect(0, 650 + i * 20, 1200, 2, "#a8713f", `opacity="0.4"`);
  const sx = 470;
  const sw = 640;
  b += rect(sx - 20, 60, sw + 40, 600, "#7a4520") + rect(sx, 80, sw, 560, "#5c3418");
  const colors = [
    "#d64a3a",
    "#3b6fb6",
    "#f2b53c",
    "#3f8a5a",
    "#8e44ad",
    "#e67e22",
    "#16a085",
    "#c0392b",
    "#2c3e50",
    "#f39c12",
    "#e8dcc6",
  ];
  for (let s = 0; s < 4; s++) {
    const floorY = 80 + (s + 1) * 140;
    b += rect(sx - 20, floorY - 8, sw + 40, 16, "url(#wood)");
    let x = sx + 10;
    while (x < sx + sw - 30) {
      if (r() < 0.08) {
        let y = floorY - 8;
        for (let k = 0; k < 4; k++) {
          const bw = between(r, 70, 100);
          b +=
            rect(x, y - 16, bw, 16, pick(r, colors), `rx="2"`) +
            rect(x + 6, y - 10, bw - 12, 3, "#ffffff", `opacity="0.4"`);
          y -= 16;
        }
        x += 110;
        continue;
      }
      const w = between(r, 18, 34);
      const h = between(r, 80, 118);
      const c = pick(r, colors);
      const lean = r() < 0.07;
      const bk =
        rect(0, -h, w, h, c, `rx="3"`) +
        rect(3, -h + 14, w - 6, 4, "#ffffff", `opacity="0.45"`) +
        rect(3, -22, w - 6, 4, "#ffffff", `opacity="0.45"`) +
        rect(w - 5, -h, 5, h, "#000", `opacity="0.12"`);
      b += lean
        ? g(bk, `transform="translate(${f(x + 10)},${floorY - 8}) rotate(14)"`)
        : g(bk, `transform="translate(${f(x)},${floorY - 8})"`);
      x += w + (lean ? 22 : 2);
    }
  }
  b += path("M560,60 L580,10 L600,60 Z", "#3f8a5a") + rect(556, 40, 48, 24, "#d64a3a", `rx="4"`);
  for (let i = 0; i < 5; i++)
    b += ellipse(
      580 + (i - 2) * 14,
      24 - Math.abs(i - 2) * 6,
      8,
      22,
      "#4f9a5a",
      `transform="rotate(${(i - 2) * 20} ${580 + (i - 2) * 14} 40)"`,
    );
  b +=
    circle(1000, 30, 26, "#6fb1ec") +
    path("M980,22 Q992,10 1004,20 Q1016,34 1008,48 Q996,44 986,36 Z", "#5aa04a") +
    rect(990, 56, 20, 6, "#7a4520");
  b +=
    ellipse(600, 740, 420, 50, "#c0392b") +
    ellipse(600, 740, 380, 40, "#e0643c") +
    ellipse(
      600,
      740,
      330,
      30,
      "none",
      `stroke="#f2c14e" stroke-width="5" stroke-dasharray="16 10"`,
    );
  b += ellipse(300, 730, 80, 40, "#3b6fb6") + ellipse(300, 718, 70, 30, "#4f86cc");
  b += g(
    path("M-40,0 Q-20,-60 0,-70 Q24,-60 30,-10 L24,0 Z", "#f39c12") +
      circle(0, -88, 20, "#e0a878") +
      path(
        "M-20,-90 Q-20,-112 0,-112 Q20,-112 20,-90 Q10,-100 0,-98 Q-10,-100 -20,-90 Z",
        "#2b1d16",
      ) +
      path("M-30,-44 L8,-60 L46,-44 L8,-30 Z", "#ffffff") +
      path("M8,-60 L8,-30", "none", `stroke="#cccccc" stroke-width="2"`) +
      path("M-32,-44 L8,-30 L48,-44 L48,-40 L8,-26 L-32,-40 Z", "#3b6fb6") +
      circle(-16, -54, 7, "#e0a878") +
      circle(34, -52, 7, "#e0a878"),
    `transform="translate(300,716)"`,
  );
  b +=
    rect(860, 700, 120, 20, "#3f8a5a", `rx="4"`) +
    rect(870, 682, 100, 18, "#f2b53c", `rx="4"`) +
    rect(880, 666, 84, 16, "#d64a3a", `rx="4"`);
  return doc(defs, b);
}

function heartHospital(): string {
  const r = rng(139);
  const defs =
    lg(
      "bg",
      [
        [0, "#fde2e4"],
        [1, "#dff1f5"],
      ],
      0,
      0,
      1,
      1,
    ) +
    lg(
      "heart",
      [
        [0, "#ff8a98"],
        [1, "#e0435c"],
      ],
      0,
      0,
      1,
      1,
    ) +
    rg("halo", [
      [0, "#ffffff", 0.9],
      [1, "#ffffff", 0],
    ]) +
    blur("soft", 6);
  let b = rect(0, 0, 1200, 800, "url(#bg)");
  b +=
    circle(180, 160, 140, "#ffffff", `opacity="0.45"`) +
    circle(1060, 640, 180, "#ffffff", `opacity="0.4"`) +
    circle(1040, 140, 80, "#ffd6dc", `opacity="0.6"`) +
    circle(140, 660, 90, "#c9ecf2", `opacity="0.7"`);
  b += circle(600, 400, 330, "url(#halo)");
  const heart = (x: number, y: number, s: number, fill: string, extra = "") =>
    path(
      "M0,30 C-10,10 -60,-10 -60,-50 C-60,-80 -30,-98 -6,-84 C-2,-82 0,-78 0,-76 C0,-78 2,-82 6,-84 C30,-98 60,-80 60,-50 C60,-10 10,10 0,30 Z",
      fill,
      `transform="translate(${f(x)},${f(y)}) scale(${s})" ${extra}`,
    );
  b += heart(606, 470, 3.4, "#c23850", `opacity="0.25" filter="url(#soft)"`);
  b += heart(600, 450, 3.4, "url(#heart)");
  b += path(
    "M420,260 C450,220 500,215 530,238",
    "none",
    `stroke="#ffffff" stroke-width="18" stroke-linecap="round" opacity="0.45"`,
  );
  b += g(
    rect(-90, -26, 180, 52, "#f7d3b0", `rx="26"`) +
      rect(-34, -26, 68, 52, "#efc19a") +
      dots(r, 10, -28, -18, 28, 18, 2, 3, "#d9a57a", 1, 1),
    `transform="translate(720,330) rotate(-35)"`,
  );
  b += line(
    "M80,460 L430,460 L470,380 L520,560 L570,300 L620,520 L650,460 L1120,460",
    "#ffffff",
    20,
    `opacity="0.35" filter="url(#soft)"`,
  );
  b += line(
    "M80,460 L430,460 L470,380 L520,560 L570,300 L620,520 L650,460 L1120,460",
    "#ffffff",
    8,
  );
  b +=
    line("M300,140 C220,200 220,420 330,520 C380,566 430,600 440,680", "#2a7f8f", 12) +
    line("M390,140 C340,210 330,380 380,480", "#2a7f8f", 12);
  b += circle(300, 140, 12, "#9aa7b0") + circle(390, 140, 12, "#9aa7b0");
  b +=
    circle(450, 700, 44, "#9aa7b0") +
    circle(450, 700, 32, "#dbe3e8") +
    circle(450, 700, 14, "#ffffff");
  for (const [x, y, s, c] of [
    [900, 200, 0.5, "#ff9aa8"],
    [980, 300, 0.3, "#f7b2bd"],
    [220, 320, 0.35, "#ff9aa8"],
    [860, 620, 0.4, "#f58a9a"],
    [1000, 520, 0.25, "#ffb8c2"],
  ] as const)
    b += heart(x, y, s, c);
  for (const [x, y, s] of [
    [160, 520, 1],
    [1080, 260, 0.8],
    [760, 690, 0.7],
  ] as const)
    b += g(
      circle(0, 0, 28, "#ffffff") +
        rect(-6, -18, 12, 36, "#5bbfcf", `rx="3"`) +
        rect(-18, -6, 36, 12, "#5bbfcf", `rx="3"`),
      at(x, y, s),
    );
  const bx = 900;
  const by = 700;
  b += ellipse(bx, by + 44, 80, 12, "#000", `opacity="0.08"`);
  b +=
    circle(bx - 44, by - 96, 18, "#c98b5a") +
    circle(bx + 44, by - 96, 18, "#c98b5a") +
    circle(bx - 44, by - 96, 9, "#e9b88c") +
    circle(bx + 44, by - 96, 9, "#e9b88c");
  b += ellipse(bx, by, 62, 52, "#c98b5a") + ellipse(bx, by + 6, 34, 30, "#e9b88c");
  b += circle(bx - 56, by + 34, 20, "#c98b5a") + circle(bx + 56, by + 34, 20, "#c98b5a");
  b +=
    circle(bx, by - 70, 52, "#c98b5a") +
    ellipse(bx, by - 56, 22, 16, "#e9b88c") +
    circle(bx - 18, by - 80, 5, "#3a2418") +
    circle(bx + 18, by - 80, 5, "#3a2418") +
    ellipse(bx, by - 62, 7, 5, "#3a2418");
  b += heart(bx, by + 4, 0.3, "#e0435c");
  return doc(defs, b);
}

function riverTrees(): string {
  const r = rng(149);
  const defs =
    lg("sky", [
      [0, "#9fd6ef"],
      [1, "#eff8f0"],
    ]) +
    lg("water", [
      [0, "#8fd3e6"],
      [1, "#2f8fbf"],
    ]) +
    lg("bank", [
      [0, "#a6d77a"],
      [1, "#6fb34f"],
    ]);
  let b =
    rect(0, 0, 1200, 800, "url(#sky)") +
    circle(980, 130, 54, "#fff6c8") +
    circle(980, 130, 90, "#fff6c8", `opacity="0.3"`);
  b += cloud(300, 110, 0.9, "#ffffff", 0.9) + cloud(700, 160, 0.6, "#ffffff", 0.8);
  b += path(
    "M-20,360 C120,260 300,220 460,250 C620,280 720,220 900,230 C1040,238 1140,280 1220,300 L1220,420 L-20,420 Z",
    "#9ebfb4",
  );
  let city = "";
  for (let i = 0; i < 18; i++) {
    const w = between(r, 18, 40);
    const h = between(r, 20, 70);
    city += rect(60 + i * 30, 360 - h, w, h + 20, "#b7cbd4");
  }
  b += city + rect(240, 250, 16, 110, "#b7cbd4");
  b += hill(
    370,
    [
      [12, 500, 0.6],
      [6, 200, 1],
    ],
    "#8ec67a",
  );
  b += path(
    "M560,372 C540,420 620,450 560,500 C480,560 600,620 420,700 C330,740 300,780 280,820 L820,820 C760,760 700,720 760,660 C840,580 700,540 780,480 C840,430 640,410 640,372 Z",
    "url(#water)",
  );
  let ripples = "";
  for (let i = 0; i < 18; i++) {
    const y = between(r, 420, 790);
    const x = 560 + (y - 400) * 0.1 + between(r, -60, 60);
    const w = 20 + (y - 400) * 0.12;
    ripples += `M${f(x - w)},${f(y)} L${f(x + w)},${f(y)} `;
  }
  b += line(ripples, "#e8f8ff", 3, `opacity="0.7"`);
  b += path(
    "M-20,420 C120,400 300,410 480,400 C540,460 470,560 420,700 C380,760 320,790 300,820 L-20,820 Z",
    "url(#bank)",
  );
  b += path(
    "M1220,420 C1060,410 860,400 680,396 C700,440 800,500 760,580 C720,660 760,740 840,820 L1220,820 Z",
    "url(#bank)",
  );
  for (const [x, y, s] of [
    [80, 440, 0.9],
    [200, 430, 0.7],
    [980, 440, 0.9],
    [1120, 446, 1.1],
    [880, 430, 0.6],
  ] as const)
    b += tree(x, y, s, "#4f9a4a", "#3f8a3a");
  for (let i = 0; i < 8; i++) {
    const x = 100 + i * 40;
    const y = 560 + (i % 2) * 30;
    b +=
      rect(x + 8, y - 60, 3, 60, "#a07a52") +
      line(`M${x},${y} L${x},${y - 30}`, "#6b4a32", 3) +
      circle(x - 6, y - 32, 8, "#6fc05a") +
      circle(x + 6, y - 36, 9, "#5aa04a") +
      circle(x, y - 44, 8, "#7fd06a") +
      ellipse(x, y, 14, 4, "#7a5a3a");
  }
  for (let i = 0; i < 6; i++) {
    const x = 880 + i * 50;
    const y = 580 + (i % 3) * 26;
    b +=
      rect(x + 8, y - 60, 3, 60, "#a07a52") +
      line(`M${x},${y} L${x},${y - 30}`, "#6b4a32", 3) +
      circle(x - 6, y - 32, 8, "#6fc05a") +
      circle(x + 6, y - 36, 9, "#5aa04a") +
      circle(x, y - 44, 8, "#7fd06a") +
      ellipse(x, y, 14, 4, "#7a5a3a");
  }
  b += person(260, 700, 1.1, { body: "#f2b53c", legs: "#2e4057", hat: "#3f8a5a", arms: "shovel" });
  b +=
    line("M270,640 L320,740", "#7a5a3a", 6) +
    path("M310,728 L336,740 L326,766 L304,752 Z", "#9aa7b0");
  b += person(150, 740, 1.15, { body: "#3f8a5a", legs: "#34405a", arms: "forward" });
  b += path("M168,690 L186,660 L200,690 Z", "#5aa04a") + rect(176, 690, 14, 16, "#8b5a36");
  b += person(1000, 720, 1.1, {
    body: "#d64a3a",
    legs: "#2e4057",
    hair: "#3a2418",
    arms: "forward",
  });
  b +=
    path("M1020,662 L1050,662 L1052,690 L1018,690 Z", "#3b6fb6") +
    line("M1052,668 L1078,660", "#3b6fb6", 5);
  for (let i = 0; i < 4; i++) b += line(`M${1080 + i * 4},${664 + i * 3} l10,16`, "#8fd3e6", 2);
  b += person(1110, 760, 1.15, { body: "#8e44ad", legs: "#34405a", arms: "down" });
  for (const [x, y] of [
    [380, 620],
    [410, 628],
    [394, 600],
  ] as const)
    b += path(
      `M${x - 22},${y} Q${x - 26},${y - 36} ${x - 6},${y - 40} L${x},${y - 48} L${x + 6},${y - 40} Q${x + 26},${y - 36} ${x + 22},${y} Z`,
      "#2f4f3a",
    );
  b += birds(r, 4, 500, 160, 760, 260, "#4a6a7a");
  b += tufts(r, 40, 620, 800, "#4f8a35", 12);
  return doc(defs, b);
}

/** Flatbed truck facing left, wheels on y. */
function truck(x: number, y: number, s: number) {
  let o = ellipse(150, 4, 200, 12, "#000", `opacity="0.15"`);
  o += path(
    "M0,-20 L0,-90 Q0,-110 20,-112 L70,-112 Q84,-112 90,-98 L100,-70 L100,-20 Z",
    "#c8433a",
  );
  o += path("M16,-100 L64,-100 Q72,-100 76,-92 L86,-70 L16,-70 Z", "#cfe6f3");
  o +=
    rect(0, -40, 100, 6, "#9c2f27") +
    rect(-6, -30, 14, 10, "#ffeaa0", `rx="2"`) +
    rect(-4, -24, 104, 10, "#555");
  o += rect(100, -40, 230, 22, "#5a5a5a") + rect(100, -50, 230, 12, "#7a6a5a");
  for (const wx of [40, 220, 290])
    o += circle(wx, -14, 22, "#262626") + circle(wx, -14, 9, "#9a9a9a");
  return g(o, at(x, y, s));
}

function winterAid(): string {
  const r = rng(157);
  const defs =
    lg("sky", [
      [0, "#9db4cf"],
      [0.7, "#dce6f1"],
      [1, "#eef3f8"],
    ]) +
    lg("snow", [
      [0, "#f7fafd"],
      [1, "#d8e3ef"],
    ]) +
    rg("warm", [
      [0, "#ffd27a", 0.7],
      [1, "#ffd27a", 0],
    ]);
  let b = rect(0, 0, 1200, 800, "url(#sky)");
  b += mountains(
    [
      { x: 120, base: 420, h: 170, w: 240 },
      { x: 420, base: 420, h: 220, w: 260 },
      { x: 760, base: 420, h: 160, w: 240 },
      { x: 1060, base: 420, h: 210, w: 260 },
    ],
    "#a5b7cf",
    "#8ea3c0",
    { lit: "#ffffff", shade: "#dde6f1", depth: 0.55 },
    9,
  );
  b += hill(
    440,
    [
      [14, 600, 1],
      [6, 220, 0.4],
    ],
    "#e6edf5",
  );
  b += hill(
    500,
    [
      [10, 700, 2.2],
      [5, 180, 1],
    ],
    "url(#snow)",
  );
  b +=
    line("M-20,720 C300,640 700,640 1220,600", "#c7d4e3", 40, `opacity="0.6"`) +
    line("M-20,700 C300,624 700,622 1220,584", "#b3c3d6", 3, `opacity="0.6"`) +
    line("M-20,742 C300,660 700,660 1220,620", "#b3c3d6", 3, `opacity="0.6"`);
  b += ellipse(280, 560, 200, 60, "url(#warm)");
  b += ger(250, 550, 220, { snow: true, smoke: "#c9d4e2", lit: true });
  b += ger(70, 520, 110, { snow: true, smoke: "#c9d4e2" });
  const sack = (x: number, y: number, s: number, c: string, tie: string) =>
    g(
      path("M-24,0 Q-30,-40 -14,-52 L-8,-58 L8,-58 L14,-52 Q30,-40 24,0 Z", c) +
        rect(-12, -56, 24, 5, tie) +
        path("M-20,-6 Q0,0 20,-6", "none", `stroke="#000" stroke-opacity="0.15" stroke-width="3"`),
      at(x, y, s),
    );
  const coal = (x: number, y: number, s: number) =>
    sack(x, y, s, "#3a3d44", "#e0a43a") +
    dots(
      rng(Math.round(x)),
      4,
      x - 14 * s,
      y - 62 * s,
      x + 14 * s,
      y - 56 * s,
      4 * s,
      6 * s,
      "#1b1c20",
      1,
      1,
    );
  const box = (x: number, y: number, s: number) =>
    g(
      rect(-30, -44, 60, 44, "#d6a262") +
        rect(-30, -44, 60, 8, "#c08a4c") +
        path(
          "M0,-10 C-3,-14 -12,-18 -12,-25 C-12,-30 -6,-33 -2,-30 L0,-28 L2,-30 C6,-33 12,-30 12,-25 C12,-18 3,-14 0,-10 Z",
          "#d94b4b",
        ),
      at(x, y, s),
    );
  b += truck(700, 650, 1.3);
  const bedY = 650 - 50 * 1.3;
  for (let i = 0; i < 5; i++) b += coal(850 + i * 52, bedY, 1);
  for (let i = 0; i < 4; i++) b += sack(876 + i * 56, bedY - 52, 0.95, "#e8dcc4", "#3b6fb6");
  b += box(1000, bedY - 100, 1) + box(940, bedY - 100, 0.9);
  b += person(620, 660, 1.1, { body: "#2f5aa0", legs: "#263a5c", hat: "#c0392b", arms: "forward" });
  b += sack(648, 586, 0.8, "#e8dcc4", "#3b6fb6");
  b += person(470, 640, 1.05, {
    body: "#6a3d7a",
    deel: true,
    sash: "#f2a93b",
    hat: "#7a3a2a",
    arms: "forward",
  });
  b += box(500, 580, 0.7);
  b += person(540, 700, 0.75, {
    body: "#d64a3a",
    deel: true,
    sash: "#3b6fb6",
    hat: "#3b6fb6",
    arms: "down",
  });
  for (let i = 0; i < 4; i++) b += coal(360 + (i % 2) * 40, 620 - Math.floor(i / 2) * 44, 0.8);
  b += g(
    ellipse(0, -20, 26, 14, "#6b4a32") +
      circle(24, -32, 11, "#6b4a32") +
      path("M28,-42 L34,-50 L36,-40 Z", "#4a3222") +
      line("M-24,-24 Q-36,-34 -30,-44", "#6b4a32", 5) +
      line("M-14,-10 L-14,2 M12,-10 L12,2", "#4a3222", 5),
    at(780, 720, 1),
  );
  b += dots(r, 180, 0, 0, 1200, 800, 1.5, 4.5, "#ffffff", 0.55, 0.95);
  return doc(defs, b);
}

// ───────────────────────────── registry ─────────────────────────────

/**
 * A paper receipt on a wooden table, for the demo campaign update's receipt picture: lines for
 * the items and a bold total, no text (the picture needs no font).
 */
function receiptSlip(): string {
  const defs =
    lg("table", [
      [0, "#8a5a3b"],
      [1, "#6d4329"],
    ]) + blur("shadow", 12);
  const left = 420;
  const width = 360;
  const top = 90;
  const bottom = 700;
  // The torn bottom edge: small teeth across the width.
  const teeth = Array.from({ length: 12 }, (_, i) => {
    const x = left + (i * width) / 12;
    return `L${x + width / 24} ${bottom + 14} L${x + width / 12} ${bottom}`;
  }).join(" ");
  const lines = Array.from({ length: 9 }, (_, i) => {
    const y = top + 140 + i * 44;
    const itemWidth = 120 + ((i * 53) % 90);
    return (
      rect(left + 36, y, itemWidth, 12, "#c9c4ba", 'rx="6"') +
      rect(left + width - 36 - 70, y, 70, 12, "#b5afa3", 'rx="6"')
    );
  }).join("");
  const body =
    rect(0, 0, 1200, 800, "url(#table)") +
    rect(
      left + 14,
      top + 18,
      width,
      bottom - top + 14,
      "#000",
      'opacity="0.35" filter="url(#shadow)"',
    ) +
    `<path d="M${left} ${top} H${left + width} V${bottom} H${left} Z" fill="#fbfaf6"/>` +
    `<path d="M${left} ${bottom} ${teeth} V${bottom} Z" fill="#fbfaf6"/>` +
    rect(left + width / 2 - 80, top + 40, 160, 22, "#8f897d", 'rx="8"') +
    rect(left + width / 2 - 110, top + 78, 220, 10, "#c9c4ba", 'rx="5"') +
    lines +
    rect(left + 36, bottom - 100, width - 72, 3, "#8f897d") +
    rect(left + 36, bottom - 76, 110, 20, "#4a4640", 'rx="6"') +
    rect(left + width - 36 - 120, bottom - 76, 120, 20, "#4a4640", 'rx="6"');
  return doc(defs, body);
}

export const illustrations: Record<string, () => string> = {
  "steppe-sunset": steppeSunset,
  "night-sky": nightSky,
  "winter-camp": winterCamp,
  "ub-night": ubNight,
  "naadam-race": naadamRace,
  buuz,
  "tsagaan-sar": tsagaanSar,
  "bogd-khan": bogdKhan,
  "gobi-camel": gobiCamel,
  "khuvsgul-ice": khuvsgulIce,
  "khovd-cafe": khovdCafe,
  "soum-school": soumSchool,
  "library-shelf": libraryShelf,
  "heart-hospital": heartHospital,
  "river-trees": riverTrees,
  "winter-aid": winterAid,
  "receipt-slip": receiptSlip,
};
