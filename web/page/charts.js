// The live chart: metrics in [0, 1] (the page charts polarization, milling and the largest group's share)
// over time, on one pair of labelled axes. Drawn on a 2D canvas at the device's pixel ratio.
// With species the chart has views (chartViews): the flock's order and groups, each species'
// order in its colour, and the catches so far (a count: its axis grows with it). With ramps, a
// view each ramped parameter charts the flock against that parameter's value instead of time:
// a hysteresis loop, drawn in the order of the steps, the stretches where the value falls lighter.

/** The metric keys charted, with their line styles; their labels come from the metric schema. */
export const SERIES = [
  { key: 'polarization', colour: '#2f6fdf', dash: [] },
  { key: 'milling', colour: '#d9822b', dash: [2, 3] },
  { key: 'largest_share', colour: '#1f9a56', dash: [6, 4] },
];

/** A "nice" tick step (1, 2 or 5 times a power of ten) giving about `count` ticks over `span`. */
function niceStep(span, count) {
  const raw = span / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

function tickLabel(v) {
  if (v >= 10000) return `${Number((v / 1000).toFixed(1))}k`;
  return Number(v.toFixed(3)).toString();
}

export class Chart {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
  }

  /** Matches the canvas's backing store to its CSS size. Returns true when it changed. */
  fit() {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width === w && this.canvas.height === h) return false;
    this.canvas.width = w;
    this.canvas.height = h;
    return true;
  }

  /**
   * samples: [{x, ramped, ...metrics}] in order of x; xLabel: the x axis' title; series: those of
   * SERIES to draw ({key, colour, dash}); y: the y axis, {label, max} ('auto': a round number above
   * the largest value; default 0 to 1); against: a ramped parameter's key to chart against
   * (sample.ramped[against]) instead of x.
   */
  draw(samples, xLabel, series = SERIES, y = {}, against = null) {
    const { ctx, canvas } = this;
    const dpr = window.devicePixelRatio || 1;
    const W = canvas.width, H = canvas.height;
    ctx.clearRect(0, 0, W, H);
    ctx.save();
    ctx.scale(dpr, dpr);
    const w = W / dpr, h = H / dpr;
    const styles = getComputedStyle(canvas);
    const ink = styles.getPropertyValue('--chart-ink').trim() || '#333';
    const grid = styles.getPropertyValue('--chart-grid').trim() || '#ddd';
    const font = '12px system-ui, sans-serif';
    ctx.font = font;
    const left = 50, right = 16, top = 8, bottom = 34;
    const pw = Math.max(10, w - left - right), ph = Math.max(10, h - top - bottom);

    const xOf = against ? (p) => p.ramped?.[against] : (p) => p.x;
    const xs = samples.map(xOf).filter(Number.isFinite);
    const x0 = xs.length ? Math.min(...xs) : 0;
    let x1 = xs.length ? Math.max(...xs) : 1;
    if (x1 <= x0) x1 = x0 + 1;
    const X = (v) => left + ((v - x0) / (x1 - x0)) * pw;
    let yMax = 1, yTicks = [0, 0.25, 0.5, 0.75, 1];
    if (y.max === 'auto') {
      let most = 0;
      for (const p of samples) for (const s of series) if (Number.isFinite(p[s.key])) most = Math.max(most, p[s.key]);
      const yStep = Math.max(1, niceStep(Math.max(most, 4), 4));
      yMax = Math.max(yStep, Math.ceil(most / yStep) * yStep);
      yTicks = [];
      for (let v = 0; v <= yMax + 1e-9; v += yStep) yTicks.push(v);
    }
    const Y = (v) => top + (1 - v / yMax) * ph;

    // grid and y ticks
    ctx.strokeStyle = grid;
    ctx.fillStyle = ink;
    ctx.lineWidth = 1;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const v of yTicks) {
      ctx.beginPath();
      ctx.moveTo(left, Math.round(Y(v)) + 0.5);
      ctx.lineTo(left + pw, Math.round(Y(v)) + 0.5);
      ctx.stroke();
      ctx.fillText(v.toString(), left - 5, Y(v));
    }
    // x ticks
    const step = niceStep(x1 - x0, Math.max(2, Math.floor(pw / 70)));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let v = Math.ceil(x0 / step) * step; v <= x1 + 1e-9; v += step) {
      const px = Math.round(X(v)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(px, top + ph);
      ctx.lineTo(px, top + ph + 4);
      ctx.strokeStyle = ink;
      ctx.stroke();
      ctx.fillText(tickLabel(v), px, top + ph + 5);
    }
    // axes
    ctx.strokeStyle = ink;
    ctx.beginPath();
    ctx.moveTo(left + 0.5, top);
    ctx.lineTo(left + 0.5, top + ph + 0.5);
    ctx.lineTo(left + pw, top + ph + 0.5);
    ctx.stroke();
    // axis titles
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.fillText(xLabel, left + pw / 2, h - 1);
    ctx.save();
    ctx.translate(9, top + ph / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textBaseline = 'middle';
    ctx.fillText(y.label ?? 'value (0–1)', 0, 0);
    ctx.restore();

    // curves: at most about one point per device pixel column (keep each column's last sample)
    ctx.beginPath();
    ctx.rect(left, top - 2, pw + 1, ph + 4);
    ctx.clip();
    const stride = Math.max(1, Math.floor(samples.length / (pw * dpr)));
    for (const s of series) {
      ctx.strokeStyle = s.colour;
      ctx.lineWidth = 2;
      ctx.setLineDash(s.dash);
      ctx.beginPath();
      let last = null, falling = false;
      const point = (p) => {
        const v = p[s.key], x = xOf(p);
        if (!Number.isFinite(v) || !Number.isFinite(x)) return;  // a species added by a click has no earlier samples
        if (last && against && (x < last.x) !== falling) {  // a stretch the other way: its own stroke
          ctx.stroke();
          falling = x < last.x;
          ctx.globalAlpha = falling ? 0.45 : 1;
          ctx.beginPath();
          ctx.moveTo(X(last.x), Y(last.v));
        }
        if (last) ctx.lineTo(X(x), Y(v));
        else ctx.moveTo(X(x), Y(v));
        last = { x, v };
      };
      for (let i = 0; i < samples.length; i += stride) point(samples[i]);
      if (samples.length > 1 && (samples.length - 1) % stride !== 0) point(samples[samples.length - 1]);
      ctx.stroke();
      ctx.globalAlpha = 1;
      if (against && last) {  // where the run is now
        ctx.fillStyle = s.colour;
        ctx.beginPath();
        ctx.arc(X(last.x), Y(last.v), 3.5, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    ctx.restore();
  }
}

/**
 * The chart's views for a run: `flock` (SERIES, labelled by `labels`: key -> label), and with
 * species (`kinds` of appearance()) `species`, each one's order (polarization) in its colour
 * (predators dashed), and with a predator species `catches`, the prey caught so far; for each of
 * `ramped` (the ramped parameters' keys) the flock's series against that parameter.
 */
export function chartViews(labels, kinds, ramped = []) {
  const flock = SERIES.filter((s) => labels.has(s.key)).map((s) => ({ ...s, label: labels.get(s.key) }));
  const views = [{ id: 'flock', title: 'Flock', series: flock, y: {} }];
  for (const key of ramped) views.push({ id: `against-${key}`, title: `Against ${key}`, series: flock, y: {}, against: key });
  if (!kinds.length) return views;
  views.push({
    id: 'species', title: 'Order by species', y: { label: 'order (0–1)' },
    series: kinds.map((k) => ({ key: `${k.name}.polarization`, label: k.name, colour: k.colour, dash: k.predator ? [5, 3] : [] })),
  });
  if (kinds.some((k) => k.predator)) {
    views.push({ id: 'catches', title: 'Catches', y: { label: 'catches', max: 'auto' },
      series: [{ key: 'catches', label: 'Catches so far', colour: '#d62728', dash: [] }] });
  }
  return views;
}

/**
 * Shows `view` of `views`: a radio button each in `tabs` (hidden with one view; rebuilt only when
 * the views change, so keyboard focus stays), and its series' swatches and labels in `legend`.
 * `pick(id)` is called when the user picks another view.
 */
export function showChartView(tabs, legend, views, view, pick) {
  tabs.hidden = views.length < 2;
  const ids = views.map((v) => v.id).join(' ');
  if (tabs.dataset.ids !== ids) {
    tabs.dataset.ids = ids;
    tabs.replaceChildren(...views.map((v) => {
      const input = document.createElement('input');
      Object.assign(input, { type: 'radio', name: 'chart-view', value: v.id });
      input.addEventListener('change', () => { if (input.checked) pick(v.id); });
      const label = document.createElement('label');
      label.append(input, v.title);
      return label;
    }));
  }
  for (const input of tabs.querySelectorAll('input')) input.checked = input.value === view.id;
  legend.replaceChildren(...view.series.map((s) => {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `swatch${s.dash.length ? ' dashed' : ''}`;
    swatch.style.setProperty('--c', s.colour);
    li.append(swatch, s.label);
    return li;
  }));
}
