// What the page hands out: the metrics as CSV (the columns of `flocklab run --metrics-out`), the
// Picture (PNG, picture.js) with its caption, and the `flocklab run` command line that repeats
// the run. Design: each is worked out from the run as started (S.startParams) and its live
// changes (S.events); where the command line cannot replay them, it says so instead of a line.
import { measureShown } from './loop.js';
import { cliFlag, labelOf, sliderOf } from './params.js';
import { renderPicture } from './picture.js';
import { parseSpecies } from './species.js';
import { frameOf, kindsOf, render, triangleSize } from './stage.js';
import { $, counted, in3d, refreshLook, S, worldSize, worldSize3d } from './state.js';
import { drawBox, foodMarks, project } from './view3d.js';
import { drawFood } from './draw.js';

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function fileStem() {
  return `flocklab-${S.model}-n${S.count}-seed${S.seed}-step${S.flock.stepCount}`;
}

/** The metrics so far as CSV, with the columns of `flocklab run --metrics-out` (step, the schema's, then the run's own: species, catches, ...). */
export async function metricsCsv() {
  const columns = ['step', ...S.flock.metricSpecs.map((m) => m.key)];
  const rows = S.samples.map((s) => s);
  const step = S.flock.stepCount;
  if (!rows.length || rows[rows.length - 1].step !== step) rows.push({ step, ...await measureShown() });
  return `${columns.join(',')}\n${rows.map((r) => columns.map((c) => String(r[c])).join(',')).join('\n')}\n`;
}

/** The canvas as the user sees it (boids and overlay) on one 2D canvas. */
export function composedCanvas() {
  render();  // WebGL keeps no drawing buffer between frames: draw and copy in one go
  const boids = $('boids'), overlay = $('overlay');
  const c = document.createElement('canvas');
  c.width = boids.width;
  c.height = boids.height;
  const ctx = c.getContext('2d');
  ctx.drawImage(boids, 0, 0);
  ctx.drawImage(overlay, 0, 0);
  return c;
}

/** A parameter's value as the picture's caption says it: 'field of view 270°', 'edges walls', '2 obstacles'. */
function settingText(spec, value) {
  if (spec.kind === 'number') {
    const ui = sliderOf(spec);
    return `${ui.label.toLowerCase()} ${ui.describe(value)}`;
  }
  if (spec.kind === 'switch') return `${labelOf(spec).toLowerCase()} ${value ? 'on' : 'off'}`;
  if (spec.key === 'species') return `species ${value.map((t) => { const s = parseSpecies(t); return `${s.name} ${s.count}`; }).join(', ')}`;
  if (spec.key === 'food') return counted(value.length, 'food sources');
  if (spec.kind === 'text_list') return counted(value.length, `${spec.key.replaceAll('_', ' ')}s`);
  return `${labelOf(spec).toLowerCase()} ${value}`;
}

/** The registry's values of a preset ('' for the model's defaults). */
function presetValues(desc, preset) {
  const p = desc.presets.find((x) => x.name === preset);
  return p ? p.params : Object.fromEntries(desc.params.map((s) => [s.key, s.default]));
}

/**
 * The picture's caption: {title, details}. The title as `flocklab run --picture` has it (model
 * and preset, count, seed, step); the details: each setting that differs from the preset now,
 * whether it changed during the run, and the state hash.
 */
function pictureCaption() {
  const d = S.desc;
  const preset = S.preset || d.presets[0]?.name || '';
  const unit = d.count_unit || 'boids';
  const title = `${S.model}${preset ? ` (preset ${preset})` : ''} - ${counted(S.count, unit)} - seed ${S.seed} - step ${S.flock.stepCount}`;
  const base = presetValues(d, preset);
  const details = d.params
    .filter((spec) => JSON.stringify(S.params[spec.key]) !== JSON.stringify(base[spec.key]) && S.params[spec.key] !== '')
    .map((spec) => settingText(spec, S.params[spec.key]));
  if (!details.length) details.push(`the preset's settings`);
  if (S.events.length) details.push(`changed during the run (${counted(S.events.length, 'changes')}; the Share link replays them)`);
  details.push(`state hash ${S.flock.hash()}`);
  return { title, details };
}

/** The Picture (PNG) download: the flock under its caption (picture.js). */
export function picture() {
  const world = worldSize();
  const look = refreshLook();
  // With species, boids take their species' colours and the caption band shows them instead of headings.
  const colouring = { colour: S.colour && !look.kinds.length, kinds: look.kinds, food: look.food.length };
  if (in3d()) {
    // The 3D view as the stage shows it, redrawn at the picture's size.
    let corners = [], lens = null;
    return renderPicture({
      world,
      frameOf: (view, size) => {
        const kinds = kindsOf(look);
        const projected = project(S.flock, worldSize3d(), S.camera, 900, Math.round((900 * world.h) / world.w), size,
          S.colour, {});
        ({ corners, lens } = projected);
        return { ...projected.frame, ...kinds };
      },
      drawMarks: (marks) => {
        drawBox(marks, corners, 1);
        drawFood(marks.getContext('2d'), foodMarks(lens, look.food), 1);
      },
      size: triangleSize(S.flock.count, 900, 1),
      ...pictureCaption(),
      ...colouring,
    });
  }
  return renderPicture({
    world,
    frameOf: (view, size) => {
      const kinds = kindsOf(look);
      return { ...frameOf(S.flock, view, size), ...kinds };
    },
    size: triangleSize(S.flock.count, 900, 1),
    overlay: { walls: !S.space.wrap, obstacles: S.obstacles, pointer: S.pointer, food: look.food },
    ...pictureCaption(),
    ...colouring,
  });
}

/** The picture as a PNG blob. */
function picturePng() {
  const { canvas } = picture();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/**
 * A single press of the pointer held in one place, as `--pointer MODE:X,Y@FROM-TO`, or null
 * when the live changes are anything else.
 */
function pointerFlag(events, steps) {
  if (!events.length || events.length > 2) return null;
  if (events.some((e) => Object.keys(e[2]).length !== 1 || !('pointer' in e[2]))) return null;
  const [[from, , { pointer }], off] = events;
  if (!pointer || pointer.includes('@') || (off && off[2].pointer !== '')) return null;
  return `${pointer}@${from}-${off ? off[0] : Math.max(steps, from + 1)}`;
}

/** A text with its numbers in exponent form (the engine writes 600 as 6e+02) written plainly: same values. */
function plainNumbers(text) {
  // Not inside a word: a colour #12e4ff is no number.
  return text.replace(/(?<![\w#.])[-+]?\d+(\.\d+)?e[-+]?\d+(?!\w)/g, (n) => String(Number(n)));
}

/**
 * `flocklab run` arguments that reproduce the current run, or null when it had live changes
 * the command line cannot replay (anything but one press of the pointer held in one place).
 * Each parameter that differs from the run's preset becomes its flag (`--` + key, '_' -> '-').
 */
export function cliArgs(steps = S.flock.stepCount) {
  const args = ['run', '--model', S.model];
  if (S.preset) args.push('--preset', S.preset);
  // With species their counts are the count (the command line refuses --count with --species).
  if (!S.startParams.species?.length) args.push('--count', String(S.count));
  args.push('--seed', S.seed, '--steps', String(steps));
  const base = presetValues(S.desc, S.preset);
  for (const spec of S.desc.params) {
    const value = S.startParams[spec.key];
    if (JSON.stringify(value) === JSON.stringify(base[spec.key])) continue;
    const flag = cliFlag(spec.key);
    if (spec.kind === 'switch') args.push(value ? flag : `${flag}=false`);
    else if (spec.kind === 'text_list') for (const item of value) args.push(flag, plainNumbers(String(item)));
    else args.push(flag, plainNumbers(String(value)));
  }
  for (const ramp of S.ramps) args.push('--ramp', ramp);
  if (S.events.length) {
    const pointer = pointerFlag(S.events, steps);
    if (!pointer || S.startParams.pointer) return null;
    args.push('--pointer', pointer);
  }
  args.push('--hash');
  return args;
}

export function syncCli() {
  if (!S.flock) return;
  const args = cliArgs();
  $('cli').textContent = args
    ? `flocklab ${args.join(' ')}`
    : `This run has live changes (sliders, presets, obstacles, pointer moves, spawned boids or dropped food) that the command line cannot replay; the Share link replays them. Restart to get a command again.`;
}

/** The CSV and Picture buttons, and the command line's panel. */
export function wireExports() {
  $('cli').closest('details').addEventListener('toggle', syncCli);
  $('csv').addEventListener('click', async () => {
    const name = `${fileStem()}.csv`;
    download(new Blob([await metricsCsv()], { type: 'text/csv' }), name);
  });
  $('png').addEventListener('click', async () => download(await picturePng(), `${fileStem()}.png`));
}
