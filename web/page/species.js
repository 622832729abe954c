// The Species panel of the steering model (docs/model-steering.md, "Species, predators and food")
// and the species legend under the canvas. A species is the text NAME:COUNT[:KEY=VALUE,...] of the
// engine's `species` parameter; the panel edits those texts and hands the new list to the page:
// names, counts and roles restart the flock (the engine fixes them for a run); a species' colour
// and sliders change the running flock at once (the engine takes those live), except before the
// first step, where the page restarts instead so the run still has a command line.
import { fmt, sliderOf } from './params.js';

/** The per-species sliders: the model's parameters of the same name give their ranges. */
export const SPECIES_SLIDERS = ['max_speed', 'vision', 'alignment', 'cohesion', 'separation'];
const PREY_NAMES = ['prey', 'starling', 'finch', 'swift', 'martin', 'wren', 'linnet', 'siskin'];
const PREDATOR_NAMES = ['hawk', 'falcon', 'kite', 'owl', 'eagle', 'harrier'];
/** A new species' count: prey join as a small flock, predators as a few. */
const NEW_COUNT = { prey: 300, predator: 3 };

/** `NAME:COUNT[:KEY=VALUE,...]` as {name, count, settings: [[key, value], ...]}. */
export function parseSpecies(text) {
  const [name, count, rest] = splitSpecies(String(text));
  const settings = rest ? rest.split(',').filter(Boolean).map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
  }) : [];
  return { name, count: Number(count), settings };
}

function splitSpecies(text) {
  const first = text.indexOf(':');
  if (first < 0) return [text, '0', ''];
  const second = text.indexOf(':', first + 1);
  return [text.slice(0, first), second < 0 ? text.slice(first + 1) : text.slice(first + 1, second), second < 0 ? '' : text.slice(second + 1)];
}

/** The text of a parsed species. */
export function speciesText({ name, count, settings }) {
  const rest = settings.map(([k, v]) => `${k}=${v}`).join(',');
  return `${name}:${count}${rest ? `:${rest}` : ''}`;
}

/** A species' own value of `key`, or undefined. */
export function settingOf(s, key) {
  const pair = s.settings.find(([k]) => k === key || (key === 'colour' && k === 'color'));
  return pair ? pair[1] : undefined;
}

export function isPredator(s) {
  return settingOf(s, 'role') === 'predator';
}

/** The species with `key` set to `value` (a new object). */
export function withSetting(s, key, value) {
  const settings = s.settings.filter(([k]) => k !== key && !(key === 'colour' && k === 'color'));
  settings.push([key, String(value)]);
  return { ...s, settings };
}

/**
 * The value a species flies with: its own, else the model's (a predator's top speed and vision
 * are 1.5 and 2 times the model's), as the engine's speciesTraits.
 */
export function effectiveValue(s, key, params) {
  const own = settingOf(s, key);
  if (own !== undefined) return Number(own);
  const factor = isPredator(s) ? { max_speed: 1.5, vision: 2 }[key] ?? 1 : 1;
  return factor * params[key];
}

/** A new species of `role` for the list `texts`: the first free name, `count` boids. */
export function newSpecies(texts, role, count = NEW_COUNT[role]) {
  const taken = new Set(texts.map((t) => parseSpecies(t).name));
  const names = role === 'predator' ? PREDATOR_NAMES : PREY_NAMES;
  let name = names.find((n) => !taken.has(n));
  for (let i = 2; !name; i++) if (!taken.has(`${names[0]}${i}`)) name = `${names[0]}${i}`;
  return speciesText({ name, count, settings: role === 'predator' ? [['role', 'predator']] : [] });
}

/**
 * The species list with a species of `role` (of `newCount` boids) added: a run without species
 * becomes `prey:COUNT` first (one species flies exactly as no species).
 */
export function addedSpecies(texts, role, count, newCount = NEW_COUNT[role]) {
  const list = texts.length ? [...texts] : [`prey:${count}`];
  return [...list, newSpecies(list, role, newCount)];
}

const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('aria-') || k === 'role' || k.startsWith('data-')) e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...children);
  return e;
};

/**
 * The panel. `root` is its body; `hooks`: {desc() the model's description, params() the
 * current parameters, kinds() the run's kinds (appearance()), busy(), restart(texts, message),
 * live(texts, message), count() the boids now, message(text, isError)}.
 */
export class SpeciesPanel {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.shape = null;  // names, roles and counts the list was built for
    this.list = el('ol', { class: 'species-list', 'aria-label': 'Species' });
    this.empty = el('p', { class: 'help' },
      'One kind of boid: all fly by the rules above. Add a predator to hunt them, or a second prey species to see whether the kinds sort themselves out.');
    this.note = el('p', { class: 'help' },
      'Counts, adding and removing restart the flock (↻, same seed); colours and sliders apply at once.');
    const addPrey = el('button', { type: 'button', id: 'species-add-prey' }, '+ Prey species');
    const addPredator = el('button', { type: 'button', id: 'species-add-predator' }, '+ Predator');
    addPrey.addEventListener('click', () => this.add('prey'));
    addPredator.addEventListener('click', () => this.add('predator'));
    root.replaceChildren(this.empty, this.list, el('div', { class: 'button-row' }, addPrey, addPredator), this.note);
  }

  texts() {
    return this.hooks.params().species ?? [];
  }

  add(role) {
    if (this.hooks.busy()) return;
    const texts = addedSpecies(this.texts(), role, this.hooks.count());
    const added = parseSpecies(texts.at(-1));
    const total = texts.reduce((n, t) => n + parseSpecies(t).count, 0);
    this.hooks.restart(texts, `Added ${role === 'predator' ? 'the predator' : 'the prey species'} ${added.name} (${added.count}): restarted with ${total.toLocaleString('en-US')} boids (same seed).`);
  }

  remove(index) {
    if (this.hooks.busy()) return;
    const texts = this.texts();
    const gone = parseSpecies(texts[index]);
    const left = texts.filter((_, i) => i !== index);
    this.hooks.restart(left, left.length
      ? `Removed ${gone.name}: restarted (same seed).`
      : `Removed ${gone.name}: one kind of boid again (same seed).`, gone.count);
  }

  setCount(index, input) {
    if (this.hooks.busy()) return;
    const texts = this.texts();
    const s = parseSpecies(texts[index]);
    const count = Number(input.value);
    if (!Number.isInteger(count) || count < 0 || count > 20000) {
      this.hooks.message(`${s.name}: the count must be a whole number from 0 to 20,000.`, true);
      input.value = String(s.count);
      return;
    }
    if (count === s.count) return;
    const next = texts.map((t, i) => (i === index ? speciesText({ ...s, count }) : t));
    this.hooks.restart(next, `${s.name}: ${count.toLocaleString('en-US')}; restarted (same seed).`);
  }

  /** A live change of one species' key (colour or a slider). */
  set(index, key, value, committed) {
    if (this.hooks.busy()) return;
    const texts = this.texts();
    const s = parseSpecies(texts[index]);
    if (settingOf(s, key) === String(value)) return;
    const next = texts.map((t, i) => (i === index ? speciesText(withSetting(s, key, value)) : t));
    this.hooks.live(next, committed);
  }

  /** Brings the panel up to date with the run: rebuilt when the species changed, else the values. */
  sync() {
    const texts = this.texts();
    const species = texts.map(parseSpecies);
    const kinds = this.hooks.kinds();
    const shape = JSON.stringify(species.map((s) => [s.name, isPredator(s)]));
    if (shape !== this.shape) {
      this.shape = shape;
      this.list.replaceChildren(...species.map((s, i) => this.item(s, i)));
    }
    this.empty.hidden = species.length > 0;
    this.note.hidden = species.length === 0;
    const params = this.hooks.params();
    species.forEach((s, i) => {
      const item = this.list.children[i];
      const count = item.querySelector('.species-count');
      if (document.activeElement !== count) count.value = String(s.count);
      const colour = kinds[i]?.colour ?? settingOf(s, 'colour');
      if (colour) item.querySelector('.species-colour').value = colour;
      for (const key of SPECIES_SLIDERS) {
        const input = item.querySelector(`[data-key="${key}"]`);
        if (!input) continue;
        const value = effectiveValue(s, key, params);
        if (document.activeElement !== input) input.value = String(value);
        input.closest('.slider').querySelector('output').textContent =
          `${input.ui.describe(value)}${settingOf(s, key) === undefined ? ' (default)' : ''}`;
      }
    });
  }

  item(s, i) {
    const id = `sp-${s.name}`;  // 'sp-': a species' name never clashes with the panel's own ids
    const predator = isPredator(s);
    const colour = el('input', { type: 'color', class: 'species-colour', id: `${id}-colour`, 'aria-label': `Colour of ${s.name}` });
    colour.addEventListener('input', () => this.set(i, 'colour', colour.value, false));
    colour.addEventListener('change', () => this.set(i, 'colour', colour.value, true));
    const count = el('input', {
      type: 'number', class: 'species-count', id: `${id}-count`, min: 0, max: 20000, step: 1, inputMode: 'numeric',
      'aria-label': `Number of ${s.name} (restarts)`, title: `Number of ${s.name}: a change restarts the flock`,
    });
    count.addEventListener('change', () => this.setCount(i, count));
    count.addEventListener('keydown', (e) => { if (e.key === 'Enter') this.setCount(i, count); });
    const remove = el('button', { type: 'button', class: 'species-remove', title: `Remove ${s.name} (restarts)`, 'aria-label': `Remove ${s.name}` }, '✕');
    remove.addEventListener('click', () => this.remove(i));
    const head = el('div', { class: 'species-head' }, colour,
      el('span', { class: 'species-name' }, s.name),
      el('span', { class: `species-role${predator ? ' predator' : ''}` }, predator ? 'predator' : 'prey'),
      count, remove);
    const sliders = SPECIES_SLIDERS.map((key) => this.slider(s, i, key)).filter(Boolean);
    const more = el('details', { class: 'species-more' }, el('summary', {}, `${s.name}'s own rules`), ...sliders);
    return el('li', { class: 'species-item', id }, head, more);
  }

  slider(s, i, key) {
    const spec = this.hooks.desc().params.find((p) => p.key === key);
    if (!spec || spec.kind !== 'number') return null;
    const ui = sliderOf(spec);
    const id = `sp-${s.name}-${key}`;
    const input = el('input', { type: 'range', id, min: ui.min, max: ui.max, step: ui.step, 'data-key': key });
    input.ui = ui;
    const output = el('output', { htmlFor: id });
    const value = () => Number(Number(input.value).toFixed(decimals(ui.step)));
    input.addEventListener('input', () => {
      output.textContent = ui.describe(value());
      this.set(i, key, fmt(value(), 6), false);
    });
    input.addEventListener('change', () => this.set(i, key, fmt(value(), 6), true));
    return el('div', { class: 'slider' },
      el('div', { class: 'slider-head' }, el('label', { htmlFor: id }, ui.label), output), input);
  }
}

function decimals(step) {
  const t = String(step);
  return t.includes('.') ? t.length - t.indexOf('.') - 1 : 0;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A kind's mark as drawn on the canvas: a triangle in its colour, larger and outlined in white for a predator. */
function kindMark(k) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'kind-mark');
  svg.setAttribute('viewBox', '0 0 20 14');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS(SVG, 'polygon');
  shape.setAttribute('points', k.predator ? '18.5,7 2,1.5 2,12.5' : '16,7 4,2.5 4,11.5');
  shape.setAttribute('fill', k.colour);
  if (k.predator) {
    shape.setAttribute('stroke', '#ffffff');
    shape.setAttribute('stroke-width', '2');
    shape.setAttribute('stroke-linejoin', 'round');
  }
  svg.append(shape);
  return svg;
}

/**
 * The legend under the canvas: each kind (its colour, a predator outlined, name and count now) and
 * the food sources. Rewritten only when what it says changes.
 */
export function drawLegend(box, look) {
  const kinds = look?.kinds ?? [], food = look?.food ?? [];
  const key = JSON.stringify([kinds.map((k) => [k.name, k.colour, k.predator, k.count]), food.length]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = kinds.length === 0 && food.length === 0;
  box.replaceChildren(...kinds.map((k) => el('li', {}, kindMark(k), el('span', { class: 'kind-name' }, k.name),
    el('span', { class: 'kind-count' }, `${k.count.toLocaleString('en-US')}${k.predator ? ' · predator' : ''}`))));
  if (food.length) {
    box.append(el('li', {}, el('span', { class: 'food-mark' }), el('span', { class: 'kind-name' }, 'food'),
      el('span', { class: 'kind-count' }, `${food.length} source${food.length === 1 ? '' : 's'}`)));
  }
}
