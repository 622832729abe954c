// The downloadable picture (Picture (PNG)): the flock drawn afresh at a fixed width in the
// world's own orientation (never turned, whatever the screen), under a caption band that says
// what it shows, as a `flocklab run --picture` caption does: model and preset, count, seed and
// step on the first line; the settings that differ from the preset, live changes and the state
// hash on the lines below, wrapped to the width; a ring of heading colours on the right when the
// boids are coloured by heading, or, with species, each species' mark, name and count. Every line
// is measured, so no text runs out of the picture.
import { Canvas2DRenderer, drawOverlay, SECTOR_COLOURS } from './draw.js';
import { viewOf } from './view.js';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const TITLE_PX = 20, DETAIL_PX = 15, LINE_GAP = 6, MARGIN = 16, LEGEND = 76, KINDS_LEGEND = 180, KIND_ROW = 20;

/** `text` split into lines no wider than `width` px in the context's font (at word boundaries). */
function wrap(ctx, text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The font size (px, at most `px`) at which `text` fits in `width`: a single long word shrinks. */
function fitting(ctx, text, px, weight, width) {
  let size = px;
  for (; size > 8; size--) {
    ctx.font = `${weight} ${size}px ${FONT}`;
    if (ctx.measureText(text).width <= width) break;
  }
  return size;
}

/** Twelve small triangles around a point, one per heading sector in its colour, and a label. */
function drawLegend(ctx, cx, cy) {
  for (let k = 0; k < SECTOR_COLOURS.length; k++) {
    const a = (k * Math.PI) / 6, ux = Math.cos(a), uy = -Math.sin(a);
    const px = cx + 20 * ux, py = cy + 20 * uy, t = 6, h = 3.5;
    ctx.beginPath();
    ctx.moveTo(px + ux * t, py + uy * t);
    ctx.lineTo(px - ux * t * 0.6 - uy * h, py - uy * t * 0.6 + ux * h);
    ctx.lineTo(px - ux * t * 0.6 + uy * h, py - uy * t * 0.6 - ux * h);
    ctx.closePath();
    ctx.fillStyle = SECTOR_COLOURS[k];
    ctx.fill();
  }
  ctx.fillStyle = '#c6d4e8';
  ctx.font = `12px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.fillText('heading', cx, cy + 42);
  ctx.textAlign = 'left';
}

/** The species' marks (a triangle in its colour, a predator outlined), names and counts, one a row from `top`; then the food sources'. */
function drawKinds(ctx, left, top, kinds, food) {
  ctx.font = `13px ${FONT}`;
  ctx.textBaseline = 'middle';
  kinds.forEach((k, i) => {
    const cy = top + i * KIND_ROW + KIND_ROW / 2, cx = left + 8, t = k.predator ? 9 : 7, h = k.predator ? 5.5 : 4.5;
    ctx.beginPath();
    ctx.moveTo(cx + t, cy);
    ctx.lineTo(cx - t * 0.8, cy - h);
    ctx.lineTo(cx - t * 0.8, cy + h);
    ctx.closePath();
    if (k.predator) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    ctx.fillStyle = k.colour;
    ctx.fill();
    ctx.fillStyle = '#eef3fa';
    const text = `${k.name} ${k.count.toLocaleString('en-US')}${k.predator ? ' (predator)' : ''}`;
    ctx.fillText(text, left + 24, cy, KINDS_LEGEND - 28);
  });
  if (food) {
    const cy = top + kinds.length * KIND_ROW + KIND_ROW / 2;
    ctx.beginPath();
    ctx.arc(left + 8, cy, 5.5, 0, 2 * Math.PI);
    ctx.fillStyle = '#6edc8c';
    ctx.fill();
    ctx.fillStyle = '#eef3fa';
    ctx.fillText(`food (${food} source${food === 1 ? '' : 's'})`, left + 24, cy, KINDS_LEGEND - 28);
  }
  ctx.textBaseline = 'alphabetic';
}

/**
 * The picture as a canvas: `width` px wide, a caption band of `title` and `details` (a list of
 * short texts, joined and wrapped) over the world. `frameOf(view, size)` gives the renderer's
 * frame for a view; `size` is the boids' length in px; `overlay` what drawOverlay takes besides
 * world and view (walls, obstacles, pointer), or `drawMarks(canvas)` draws the marks itself (the
 * 3D view's box). Returns {canvas, band, lines}.
 */
export function renderPicture({ world, frameOf, size, overlay, drawMarks, title, details, colour, kinds = [], food = 0, width = 900 }) {
  const frameH = Math.round((width * world.h) / world.w);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const textWidth = width - 2 * MARGIN - (kinds.length ? KINDS_LEGEND : colour ? LEGEND : 0);
  const titlePx = fitting(ctx, title, TITLE_PX, 'bold', textWidth);
  ctx.font = `${DETAIL_PX}px ${FONT}`;
  const lines = details.length ? wrap(ctx, details.join(' · '), textWidth) : [];
  const detailPx = lines.map((l) => fitting(ctx, l, DETAIL_PX, 'normal', textWidth));
  const band = Math.max(colour ? 96 : 0, kinds.length ? (kinds.length + (food ? 1 : 0)) * KIND_ROW + 2 * MARGIN - 4 : 0,
    MARGIN + titlePx + lines.length * (DETAIL_PX + LINE_GAP) + MARGIN);
  canvas.width = width;
  canvas.height = band + frameH;

  ctx.fillStyle = '#0f2138';
  ctx.fillRect(0, 0, width, band);
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#eef3fa';
  ctx.font = `bold ${titlePx}px ${FONT}`;
  ctx.fillText(title, MARGIN, MARGIN);
  ctx.fillStyle = '#c6d4e8';
  lines.forEach((line, i) => {
    ctx.font = `${detailPx[i]}px ${FONT}`;
    ctx.fillText(line, MARGIN, MARGIN + titlePx + LINE_GAP + i * (DETAIL_PX + LINE_GAP));
  });
  ctx.textBaseline = 'alphabetic';
  if (kinds.length) drawKinds(ctx, width - MARGIN - KINDS_LEGEND, MARGIN - 2, kinds, food);
  else if (colour) drawLegend(ctx, width - MARGIN - LEGEND / 2, 38);

  const flock = document.createElement('canvas');
  flock.width = width;
  flock.height = frameH;
  const view = viewOf(world, flock);
  new Canvas2DRenderer(flock).draw(frameOf(view, size));
  const marks = document.createElement('canvas');
  marks.width = width;
  marks.height = frameH;
  if (drawMarks) drawMarks(marks);
  else drawOverlay(marks, { ...overlay, world, view, dpr: 1, cursor: null, cursorRadius: 0 });
  ctx.drawImage(flock, 0, band);
  ctx.drawImage(marks, 0, band);
  return { canvas, band, lines: [title, ...lines] };
}
