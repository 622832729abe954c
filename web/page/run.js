// The run: restarts, live changes and what the canvas tools add, each recorded so that a Share
// link replays it exactly (S.events). Design: every change of the flock's parameters goes
// through setLive() and every new flock through restart(); both then take the world from the
// engine (refreshWorld) and announce what changed (state.js's announce), which the panels, the
// command line and the share box follow.
// Species, predators and food (models with the parameters `species` and `food`; the panel is
// species.js's): the species' names, counts and roles are fixed for a run (a change restarts
// it); their colours and rules change live. A click spawns a predator (spawn(), recorded as a
// 'spawn' event) or drops food (a new `food` list, a parameter event).
import { addedSpecies, drawLegend } from './species.js';
import { fmt, parsePointer, pointerText } from './params.js';
import { syncChartView, syncExtraFigures } from './readouts.js';
import { rampedKeys } from './ramps.js';
import { withdrawOffer } from './replay.js';
import { layoutStage, render } from './stage.js';
import { chartViews } from './charts.js';
import {
  $, announce, counted, errorText, FOOD_AMOUNT, has, in3d, MAX_COUNT, obstacleRadius, refreshLook, S, showMessage,
} from './state.js';

/** The world as the engine reports it now: its space and obstacles. */
function refreshWorld() {
  S.space = S.flock.space;
  S.obstacles = S.flock.obstacles;
}

/** The current parameters for a restart: the pointer (a press) is let go. */
export function paramsForRestart(extra = {}) {
  const p = { ...S.params, ...extra };
  if (has('pointer')) p.pointer = '';
  return p;
}

/**
 * Starts a new flock of `model` from `preset` ('' for its default) with `params` set over the
 * preset's, in the engine worker. Resolves to false (and says why) when the engine refuses the
 * settings; the flock before stays.
 */
export async function restart({ model = S.model, preset = S.preset, count = S.count, seed = S.seed, params = S.params,
  ramps = model === S.model ? S.ramps : [] } = {}) {
  try {
    await S.engine.start(model, { ...params, preset, seed: String(seed), count: params.species?.length ? undefined : count,
      ramp: ramps });
  } catch (e) {
    showMessage(`Cannot start: ${errorText(e)}.`, true);
    return false;
  }
  withdrawOffer();  // a new run: a link's question of a long replay is moot
  const flock = S.engine.flock;
  const modelChanged = model !== S.model || !S.flock;
  const hadSpecies = S.look.kinds.length > 0;
  S.flock = flock;
  S.model = model;
  S.desc = S.models.get(model);
  refreshWorld();
  S.preset = preset;
  S.seed = String(seed);
  S.params = flock.params;
  // With species the engine counts the boids (theirs add up), whatever `count` says.
  S.count = S.params.species?.length ? flock.count : count;
  S.startParams = flock.params;
  S.ramps = ramps;
  S.end = null;
  S.events = [];
  S.samples = [];
  S.time = 0;
  S.pointer = parsePointer(S.params.pointer);
  S.drag = null;
  S.keyPressed = false;
  S.latest = flock.metrics();
  S.latestStep = flock.stepCount;
  S.samples.push({ step: 0, x: 0, ramped: flock.ramped(), ...S.latest });
  S.shownStep = -1;
  // A new model's 3D run in open space starts with the camera following the group's shape.
  if (modelChanged) S.camera.follow = S.space.open && in3d();
  if (modelChanged) announce('model');
  syncSpecies();
  // Species just set up: show their orders; none: the flock's chart.
  if (S.look.kinds.length && !hadSpecies) S.view = 'species';
  syncChartView();
  announce('restarted');
  layoutStage();
  S.chartDirty = true;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  showMessage('');
  announce('run');
  render();
  return true;
}

/** Records a live change at the step it applied, so a Share link can replay it; changes at one step are merged. */
function record(step, delta) {
  const last = S.events[S.events.length - 1];
  if (last && last[0] === step && last[1] === 'p') Object.assign(last[2], JSON.parse(JSON.stringify(delta)));
  else S.events.push([step, 'p', JSON.parse(JSON.stringify(delta))]);
}

/**
 * Changes parameters live: the worker applies the change after the steps asked for before it,
 * and it is recorded at that step. Resolves to false (and says why) when the engine refuses it.
 */
export async function setLive(delta, { quiet = false } = {}) {
  // The controls show the change at once (the preset menu turns Custom); the engine's answer follows.
  S.params = { ...S.params, ...structuredClone(delta) };
  announce('preset');
  let state;
  try {
    state = await S.engine.setParams(delta);
  } catch (e) {
    showMessage(errorText(e), true);
    S.params = S.flock.params;
    S.pointer = parsePointer(S.params.pointer);
    announce('params');
    return false;
  }
  S.params = S.flock.params;
  refreshWorld();
  record(state.step, delta);
  S.pointer = parsePointer(S.params.pointer);
  S.dirty = true;
  if (!quiet) showMessage('');
  if ('species' in delta || 'food' in delta) syncSpecies();
  announce('params');
  announce('run');
  return true;
}

/**
 * Sets the pointer (models with a `pointer` parameter): mode 'off', 'food' or 'predator' at world
 * (x, y). The page shows it at once; the engine takes it at the next step it computes.
 */
export function setPointer(mode, x, y) {
  const text = pointerText(mode, x, y);
  S.pointer = parsePointer(text);
  return setLive({ pointer: text }, { quiet: true });
}

/** After the species or food changed: the panel, the legend, the chart's views, the heading colours' switch. */
export function syncSpecies() {
  refreshLook();
  $('species-panel').hidden = !has('species');
  if (has('species')) S.species.sync();
  drawLegend($('kinds-legend'), S.look);
  const kinds = S.look.kinds.length > 0;
  $('colour').disabled = kinds;
  $('colour-help').hidden = !kinds;
  syncExtraFigures();
  const views = chartViews(S.seriesLabels, S.look.kinds, rampedKeys(S.ramps));
  if (JSON.stringify(views) !== JSON.stringify(S.views)) {
    S.views = views;
    syncChartView();
  }
}

/** Restarts with the species `texts` (none: `countIfNone` boids of one kind); says `message`. */
export async function restartWithSpecies(texts, message, countIfNone = S.count) {
  const count = texts.length ? S.count : Math.max(1, Math.min(MAX_COUNT, countIfNone || S.desc.default_count));
  if (await restart({ count, params: paramsForRestart({ species: texts }) })) {
    if (message) showMessage(message);
    return true;
  }
  S.species.sync();
  return false;
}

/**
 * A species' colour or rules changed in the panel: live, except before the first step of a run
 * with no change yet, where a restart gives the same picture and keeps the run's command line.
 */
export function setSpeciesLive(texts) {
  if (S.flock.stepCount === 0 && !S.events.length) return restartWithSpecies(texts);
  return setLive({ species: texts }, { quiet: true });
}

/** Adds a boid of species `species` at (x, y, z), recorded for the Share link at the step it joined. */
export async function spawnBoid({ species, x, y, z }) {
  const k = S.look.kinds.findIndex((q) => q.name === species);
  let state;
  try {
    if (k < 0) throw new Error(`there is no species ${species} in this run`);
    state = await S.engine.spawn(k, x, y, z);
  } catch (e) {
    showMessage(`Cannot add a ${species}: ${errorText(e)}.`, true);
    return false;
  }
  S.events.push([state.step, 'spawn', { species, x, y, z }]);
  S.params = S.flock.params;
  S.dirty = true;
  syncSpecies();
  announce('run');
  return true;
}

/** A click that spawns a predator: the first predator species, added (hawk, 0 boids, a restart) when there is none. */
async function spawnPredator(x, y, z) {
  let k = S.look.kinds.findIndex((q) => q.predator);
  const added = k < 0;
  if (added) {
    if (!await restartWithSpecies(addedSpecies(S.params.species ?? [], 'predator', S.count, 0))) return;
    k = S.look.kinds.findIndex((q) => q.predator);
  }
  const { name } = S.look.kinds[k];
  if (!await spawnBoid({ species: name, x, y, z })) return;
  const where = in3d() ? `(${x}, ${y}, ${z})` : `(${x}, ${y})`;
  showMessage(`${added ? `Added the predator species ${name}, which restarted the flock (same seed); ` : ''}a ${name} joined at ${where}: ${counted(S.look.kinds[k].count, `${name}s`)} now.`);
}

/** A click that drops a food source of FOOD_AMOUNT at (x, y, z). */
async function dropFood(x, y, z) {
  const text = in3d() ? `${x},${y},${z}:${FOOD_AMOUNT}` : `${x},${y}:${FOOD_AMOUNT}`;
  if (await setLive({ food: [...(S.params.food ?? []), text] }, { quiet: true })) {
    showMessage(`Food (${FOOD_AMOUNT}) dropped at (${text.split(':')[0].replaceAll(',', ', ')}): prey within ${fmt(S.params.food_reach)} ${S.space.unit} fly to it and eat; used up, it comes back elsewhere.`);
  }
}

async function placeObstacle(x, y) {
  const obstacle = [...S.params.obstacle, `${x},${y},${obstacleRadius()}`];
  if (await setLive({ obstacle })) showMessage(`Obstacle ${obstacle.length} placed at (${x}, ${y}).`);
}

/** The tools used by a click (not a press held): obstacles, spawning, food. */
export const CLICK_TOOLS = ['obstacle', 'spawn', 'drop'];

/** A click with the current tool at world (x, y), z in 3D. */
export function clickTool(x, y, z = 0) {
  if (S.tool === 'obstacle') placeObstacle(x, y);
  else if (S.tool === 'spawn') spawnPredator(x, y, z);
  else if (S.tool === 'drop') dropFood(x, y, z);
}
