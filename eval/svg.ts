// The ratchet chart, as hand-written SVG: approval rate per level over recorded runs (left axis,
// percent) and misses (bars, right axis).

export interface ChartSeries {
  name: string;
  color: string;
  /** One value per run, percent; null where the run has no figure. */
  values: (number | null)[];
}

export interface ChartInput {
  title: string;
  labels: string[];
  series: ChartSeries[];
  misses: number[];
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function chartSvg(input: ChartInput): string {
  const W = 760,
    H = 340,
    L = 56,
    R = 56,
    T = 40,
    B = 70;
  const pw = W - L - R,
    ph = H - T - B;
  const n = Math.max(1, input.labels.length);
  const x = (i: number) => L + (n === 1 ? pw / 2 : (i * pw) / (n - 1));
  const y = (v: number) => T + ph - (v / 100) * ph;
  const maxMiss = Math.max(1, ...input.misses);
  const yMiss = (v: number) => T + ph - (v / maxMiss) * ph;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="${W / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${esc(input.title)}</text>`);
  for (let v = 0; v <= 100; v += 20) {
    out.push(`<line x1="${L}" y1="${y(v)}" x2="${L + pw}" y2="${y(v)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end">${v}%</text>`);
  }
  out.push(`<text x="${W - 8}" y="${T - 8}" text-anchor="end" fill="#c0392b">misses</text>`);
  out.push(`<text x="${W - R + 6}" y="${T + 4}" fill="#c0392b">${maxMiss}</text>`);
  out.push(`<text x="${W - R + 6}" y="${T + ph + 4}" fill="#c0392b">0</text>`);
  const bw = Math.max(2, Math.min(18, pw / n / 2));
  input.misses.forEach((m, i) => {
    if (m > 0) out.push(`<rect x="${x(i) - bw / 2}" y="${yMiss(m)}" width="${bw}" height="${T + ph - yMiss(m)}" fill="#c0392b" opacity="0.6"><title>${m} misses</title></rect>`);
  });
  for (const s of input.series) {
    const pts = s.values.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`));
    const path = pts.filter((p): p is string => p !== null).join(" ");
    if (path) out.push(`<polyline points="${path}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    s.values.forEach((v, i) => {
      if (v !== null) out.push(`<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${s.color}"><title>${esc(s.name)} ${v.toFixed(1)}%</title></circle>`);
    });
  }
  out.push(`<line x1="${L}" y1="${T + ph}" x2="${L + pw}" y2="${T + ph}" stroke="#333"/>`);
  const every = Math.ceil(n / 12);
  input.labels.forEach((lab, i) => {
    if (i % every === 0 || i === n - 1) out.push(`<text x="${x(i)}" y="${T + ph + 16}" text-anchor="middle">${esc(lab)}</text>`);
  });
  input.series.forEach((s, i) => {
    const lx = L + i * 170;
    out.push(`<rect x="${lx}" y="${H - 24}" width="12" height="4" fill="${s.color}"/><text x="${lx + 16}" y="${H - 19}">${esc(s.name)}</text>`);
  });
  out.push(`<rect x="${L + input.series.length * 170}" y="${H - 28}" width="8" height="10" fill="#c0392b" opacity="0.6"/><text x="${L + input.series.length * 170 + 12}" y="${H - 19}">misses (all sets)</text>`);
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
