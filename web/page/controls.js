// The controls, built from the registry: a slider, checkbox or select per parameter (live ones
// in "Model and rules", those that restart in "World"), the preset and model menus, count and
// seed, run, step and the canvas tools' settings. Design: a control changes the run only through
// run.js (setLive or restart), and the sync* functions show the run's values back, so a refused
// value snaps back to the engine's.
import { advance, setRunning } from './loop.js';
import {
  decimalsOf, fmt, hasControl, labelOf, matchingPreset, presetChange, sliderOf,
} from './params.js';
import { syncCli } from './exports.js';
import { replaying, stopReplay } from './replay.js';
import { paramsForRestart, restart, setLive } from './run.js';
import { render } from './stage.js';
import {
  $, FOLD_QUERY, FOOD_AMOUNT, has, hasTools, in3d, MAX_COUNT, obstacleRadius, S, showMessage, timed,
} from './state.js';

/** The control of one parameter: a slider (number), checkbox (switch) or select (choice). */
function makeControl(spec) {
  const id = `p-${spec.key}`;
  const wrap = document.createElement('div');
  const help = document.createElement('p');
  help.className = 'param-help';
  help.id = `${id}-help`;
  help.textContent = spec.help;  // the World panel says once that its controls restart (↻)
  const label = document.createElement('label');
  label.htmlFor = id;
  let input, output = null, ui = null;
  if (spec.kind === 'number') {
    ui = sliderOf(spec);
    wrap.className = `slider${spec.live ? '' : ' restart'}`;
    const head = document.createElement('div');
    head.className = 'slider-head';
    label.textContent = ui.label;
    output = document.createElement('output');
    output.htmlFor = id;
    output.id = `${id}-out`;
    head.append(label, output);
    input = document.createElement('input');
    Object.assign(input, { type: 'range', id, min: ui.min, max: ui.max, step: ui.step });
    input.setAttribute('aria-describedby', `${output.id} ${help.id}`);
    input.addEventListener('input', () => onControl(spec, false));
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(head, input, help);
  } else if (spec.kind === 'switch') {
    wrap.className = `switch${spec.live ? '' : ' restart'}`;
    input = document.createElement('input');
    Object.assign(input, { type: 'checkbox', id });
    input.setAttribute('aria-describedby', help.id);
    label.className = 'check';
    label.append(input, ` ${labelOf(spec)}`);
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(label, help);
  } else {
    wrap.className = `field choice${spec.live ? '' : ' restart'}`;
    label.textContent = labelOf(spec);
    input = document.createElement('select');
    input.id = id;
    input.setAttribute('aria-describedby', help.id);
    for (const c of spec.choices ?? []) input.append(new Option(c, c));
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(label, input, help);
  }
  S.controls.set(spec.key, { spec, ui, input, output });
  return wrap;
}

/**
 * The model's controls: its live parameters in the "Model and rules" panel, those that restart
 * the flock in a panel of their own; presets in the preset menu; the canvas tools its
 * parameters ask for.
 */
export function buildControls() {
  const d = S.desc;
  S.controls.clear();
  const live = d.params.filter((p) => hasControl(p) && p.live);
  const fixed = d.params.filter((p) => hasControl(p) && !p.live);
  $('rules-sliders').replaceChildren(...live.map(makeControl));
  const panels = [];
  if (fixed.length) {
    const panel = document.createElement('details');
    panel.className = 'panel';
    panel.open = $('restart-panel')?.open ?? !FOLD_QUERY.matches;
    panel.id = 'restart-panel';
    const legend = document.createElement('summary');
    legend.textContent = 'World';
    const note = document.createElement('p');
    note.className = 'help';
    note.textContent = 'These restart the flock (↻) with the same seed.';
    panel.append(legend, note, ...fixed.map(makeControl));
    panels.push(panel);
  }
  $('sliders').replaceChildren(...panels);
  const preset = $('preset');
  preset.replaceChildren(...d.presets.map((p) => {
    const o = new Option(p.name.charAt(0).toUpperCase() + p.name.slice(1), p.name);
    o.title = p.summary;
    return o;
  }));
  const custom = new Option('Custom', '');
  custom.disabled = true;
  preset.append(custom);
  $('preset-field').hidden = d.presets.length === 0;
  $('model-summary').textContent = `${d.title.charAt(0).toUpperCase()}${d.title.slice(1)}: ${d.summary}.`;
  const unit = d.count_unit || 'boids';
  $('count-label').textContent = unit.charAt(0).toUpperCase() + unit.slice(1);
  for (const el of document.querySelectorAll('[data-needs]')) el.hidden = !has(el.dataset.needs);
  const tool = document.querySelector(`input[name="tool"][value="${S.tool}"]`);
  if (!tool || tool.closest('[data-needs]').hidden) {
    const first = [...document.querySelectorAll('input[name="tool"]')].find((r) => !r.closest('[data-needs]').hidden);
    if (first) {
      first.checked = true;
      S.tool = first.value;
    }
  }
  $('obstacle-size-out').textContent = `${$('obstacle-size').value} ${S.space.unit}`;
}

/** The value a control shows now, in engine units. */
function controlValue({ spec, ui, input }) {
  if (spec.kind === 'number') {
    const raw = Number(Number(input.value).toFixed(decimalsOf(ui.step)));
    return ui.fromSlider(raw);
  }
  return spec.kind === 'switch' ? input.checked : input.value;
}

function describe(spec, value) {
  const c = S.controls.get(spec.key);
  if (c && c.ui) return c.ui.describe(value);
  return String(value);
}

async function onControl(spec, committed) {
  await stopReplay();  // a shared run's replay stops where it is, and the change applies there
  const c = S.controls.get(spec.key);
  const value = controlValue(c);
  if (c.output) c.output.textContent = describe(spec, value);
  if (S.params[spec.key] === value) return;
  if (spec.live) {
    setLive({ [spec.key]: value });
  } else if (committed) {
    const label = spec.kind === 'number' ? c.ui.label : labelOf(spec);
    const text = spec.kind === 'switch' ? (value ? 'on' : 'off') : describe(spec, value);
    if (await restart({ params: paramsForRestart({ [spec.key]: value }) })) showMessage(`Restarted with ${label.toLowerCase()} ${text} (same seed).`);
    else syncControlValues();
  }
}

export function syncControlValues() {
  for (const { spec, ui, input, output } of S.controls.values()) {
    const value = S.params[spec.key];
    if (spec.kind === 'number') {
      input.value = String(ui.toSlider(value));
      output.textContent = ui.describe(value);
      input.closest('.slider')?.classList.remove('ramped');
    } else if (spec.kind === 'switch') {
      input.checked = value === true;
    } else {
      input.value = value;
    }
  }
}

export function syncPreset() {
  if (!S.desc.presets.length) return;
  $('preset').value = matchingPreset(S.desc, S.params);
}

export function syncControls() {
  $('model').value = S.model;
  $('count').value = String(S.count);
  const bySpecies = S.look.kinds.length > 0;
  $('count').disabled = bySpecies;
  $('start-help').textContent = bySpecies
    ? 'With species, their counts (Species panel) give the number of boids; the seed applies on Restart (or Enter).'
    : 'The number and the seed apply on Restart (or Enter in the field).';
  $('seed').value = S.seed;
  $('press-panel').hidden = !hasTools();
  $('press-none').hidden = hasTools();
  $('stat-time-item').hidden = !timed();
  syncControlValues();
  syncPreset();
  syncHint();
  syncCli();
}

export function syncHint() {
  const hint = $('press-hint');
  const unit = S.space.unit;
  const reach = 'within 160 px';
  const predator = S.look.kinds.find((k) => k.predator)?.name;
  const spawnHint = predator
    ? `adds a ${predator} there (flying towards the centre)`
    : 'adds a predator there: the first click adds the predator species hawk, which restarts the flock (same seed)';
  const dropHint = `drops food (${FOOD_AMOUNT}) there: prey within ${fmt(S.params.food_reach)} ${unit} fly to it and eat`;
  if (in3d()) {
    const click = S.tool === 'spawn' && has('species') ? `; a click on the box's middle level ${predator ? `adds a ${predator}` : 'adds a predator (the first adds the species hawk and restarts)'}`
      : S.tool === 'drop' && has('food') ? `; a click on the box's middle level drops food (${FOOD_AMOUNT})` : '';
    const turn = S.camera.follow
      ? 'the view turns to show the group\'s shape (a ring face on, a moving group from the side) until you drag it to turn it yourself'
      : 'drag the view to turn it';
    hint.textContent = `A 3D flock: ${turn}, use the wheel to zoom${click}.`;
    $('overlay').style.cursor = 'grab';
    return;
  }
  if (!hasTools()) hint.textContent = `This model has no pointer or obstacles: change its parameters with the sliders.`;
  else if (S.tool === 'obstacle') hint.textContent = `Click the canvas to place an obstacle (radius ${obstacleRadius()} ${unit}).`;
  else if (S.tool === 'spawn') hint.textContent = `A click on the canvas ${spawnHint}.`;
  else if (S.tool === 'drop') hint.textContent = `A click on the canvas ${dropHint}.`;
  else if (S.tool === 'food') hint.textContent = `Press or drag on the canvas to drop food: boids ${reach} gather. Release to take it away.`;
  else hint.textContent = `Press or drag on the canvas to be a predator: boids ${reach} flee. Release to leave.`;
  $('overlay').style.cursor = hasTools() ? 'crosshair' : 'default';
}

function readCountAndSeed() {
  const count = Number($('count').value);
  const seed = $('seed').value.trim();
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    showMessage(`The number of boids must be a whole number from 1 to ${MAX_COUNT.toLocaleString('en-US')}.`, true);
    return null;
  }
  if (!/^\d+$/.test(seed)) {
    showMessage('The seed must be a whole number (0 to 18446744073709551615).', true);
    return null;
  }
  return { count, seed };
}

async function onRestart() {
  await stopReplay();
  if (S.look.kinds.length) $('count').value = String(Math.min(S.count, MAX_COUNT));  // the species count
  const cs = readCountAndSeed();
  if (!cs) return;
  if (await restart({ ...cs, params: paramsForRestart() })) {
    if (cs.count > 5000) showMessage(`${cs.count.toLocaleString('en-US')} boids: each step takes a while in the browser; drawing keeps up.`);
  }
}

/**
 * Chooses a preset: its values of the live parameters apply to the running flock; when it
 * differs in a parameter that needs a restart (a world's size), the flock restarts from it with
 * the preset's count and the same seed.
 */
async function onPreset(name) {
  if (!name) return;
  await stopReplay();
  const preset = S.desc.presets.find((p) => p.name === name);
  const { live, restart: needsRestart } = presetChange(S.desc, preset, S.params);
  const title = $('preset').selectedOptions[0].textContent;
  if (needsRestart) {
    const params = has('pointer') ? { pointer: '' } : {};
    if (await restart({ preset: name, count: preset.count, params })) {
      showMessage(`Preset ${title}: restarted with ${preset.count} ${S.desc.count_unit || 'boids'} (same seed).`);
    } else syncPreset();
    return;
  }
  if (Object.keys(live).length && await setLive(live)) showMessage(`Preset ${title}: its values now apply to this flock.`);
}

export function wireControls() {
  // A shared run's replay stops where it is at Run (which then runs on from there), Step,
  // Restart and the menus (replay.js).
  $('run').addEventListener('click', async () => {
    if (replaying()) {
      await stopReplay();
      setRunning(true);
    } else setRunning(!S.running);
  });
  $('step').addEventListener('click', async () => {
    await stopReplay();
    setRunning(false);
    advance(1, { metrics: true });
  });
  $('restart').addEventListener('click', onRestart);
  $('apply-start').addEventListener('click', onRestart);
  $('spf').addEventListener('change', (e) => { S.spf = Number(e.target.value); });
  $('model').addEventListener('change', async (e) => {
    const model = e.target.value;
    await stopReplay();
    if (!await restart({ model, preset: '', count: S.models.get(model).default_count, params: {} })) e.target.value = S.model;
  });
  $('preset').addEventListener('change', (e) => onPreset(e.target.value));
  for (const id of ['count', 'seed']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') onRestart(); });
  }
  $('seed-random').addEventListener('click', () => {
    const words = crypto.getRandomValues(new Uint32Array(1));
    $('seed').value = String(words[0]);
    onRestart();
  });
  for (const r of document.querySelectorAll('input[name="tool"]')) {
    r.addEventListener('change', () => {
      if (r.checked) S.tool = r.value;
      syncHint();
      render();
    });
  }
  $('obstacle-size').addEventListener('input', (e) => {
    $('obstacle-size-out').textContent = `${e.target.value} ${S.space.unit}`;
    syncHint();
  });
  $('obstacle-undo').addEventListener('click', () => {
    if (S.busy || !S.params.obstacle?.length) return;
    setLive({ obstacle: S.params.obstacle.slice(0, -1) });
  });
  $('obstacle-clear').addEventListener('click', () => {
    if (S.busy || !S.params.obstacle?.length) return;
    setLive({ obstacle: [] });
  });
  $('food-clear').addEventListener('click', async () => {
    if (S.busy || !S.params.food?.length) return;
    if (await setLive({ food: [] })) showMessage('The food sources are gone.');
  });
  $('colour').addEventListener('change', (e) => { S.colour = e.target.checked; render(); });
}
