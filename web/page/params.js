// The page's reading of the engine's model registry (the package's models(), from src/io/params_json.cpp):
// labels, slider ranges, value texts, command-line flags and presets, worked out from each
// parameter's description, so the page names no model. A few presentation choices are keyed by
// a parameter's key or unit, never by a model: simulated time (`dt`, in s), the canvas tools
// (`pointer`, `obstacle`, `species`, `food`). The world (size, edges, obstacles, unit) is the
// engine's: the package's `space` and `obstacles`.

/** The parameter kinds that get a control of their own (text kinds are set by the canvas tools). */
const CONTROL_KINDS = ['number', 'switch', 'choice'];

/** Short keys that read as abbreviations. */
const ABBREVIATIONS = { fov: 'Field of view' };

/** A parameter's label from its key: 'separation_radius' -> 'Separation radius'. */
export function labelOf(spec) {
  if (ABBREVIATIONS[spec.key]) return ABBREVIATIONS[spec.key];
  const words = spec.key.split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `flocklab run` flag of a parameter key: '--' + key with '_' -> '-'. */
export function cliFlag(key) {
  return `--${key.replaceAll('_', '-')}`;
}

/** Whether a parameter gets a slider, checkbox or select. */
export function hasControl(spec) {
  return CONTROL_KINDS.includes(spec.kind);
}

/** The parameter with `key` of a model description, or undefined. */
export function paramOf(model, key) {
  return model.params.find((p) => p.key === key);
}

/** A number for display: at most `digits` decimals, no trailing zeros. */
export function fmt(value, digits = 2) {
  if (!Number.isFinite(value)) return String(value);
  return Number(value.toFixed(digits)).toString();
}

/** The number of decimals in a slider step, to round what a slider reports. */
export function decimalsOf(step) {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A unit as shown after a value: '°', ' px/s', ' world units' (' world unit' after one). */
function unitText(unit, one) {
  if (unit === 'degrees') return '°';
  if (!unit) return '';
  return one && unit.endsWith(' units') ? ` ${unit.slice(0, -1)}` : ` ${unit}`;
}

/** Is this the simulated time step (shown as steps per simulated second)? */
function isTimeStep(spec) {
  return spec.key === 'dt' && spec.unit === 's';
}

/**
 * A number parameter's slider: {label, min, max, step, toSlider, fromSlider, describe}. The
 * time step is shown as steps per simulated second (dt = 1/value), so the default 1/60 is exact.
 */
export function sliderOf(spec) {
  if (isTimeStep(spec)) {
    return {
      label: 'Steps per simulated second',
      min: Math.round(1 / spec.slider.max), max: Math.round(1 / spec.slider.min), step: 1,
      toSlider: (dt) => 1 / dt, fromSlider: (v) => 1 / v,
      describe: (dt) => `${fmt(1 / dt, 1)}/s (dt ${fmt(dt, 4)} s)`,
    };
  }
  return {
    label: labelOf(spec), min: spec.slider.min, max: spec.slider.max, step: spec.slider.step,
    toSlider: (v) => v, fromSlider: (v) => v,
    describe: (v) => `${fmt(v, 3)}${unitText(spec.unit, fmt(v, 3) === '1')}`,
  };
}

/** A metric's unit in a run: "world units" become the run's own (the engine's space.unit, px for a world in px). */
export function metricUnit(metric, worldUnit) {
  return metric.unit === 'world units' ? worldUnit : metric.unit;
}

/** A metric's value as text, with its digits and unit. */
export function metricText(metric, value, worldUnit) {
  if (value === undefined || value === null) return '–';
  const text = metric.whole ? String(value) : value.toFixed(metric.digits);
  const unit = metricUnit(metric, worldUnit);
  return unit ? `${text} ${unit}` : text;
}

/** The parameters a preset sets and a match compares: those with a control (not pointer, obstacles). */
function presetKeys(model) {
  return model.params.filter(hasControl).map((p) => p.key);
}

/** The preset whose controlled parameters all equal `params`, or ''. */
export function matchingPreset(model, params) {
  const keys = presetKeys(model);
  const match = model.presets.find((p) => keys.every((k) => p.params[k] === params[k]));
  return match ? match.name : '';
}

/**
 * What choosing `preset` changes: {live} the controlled live parameters that differ (set on the
 * running flock) and {restart}: true when a parameter that needs a restart differs.
 */
export function presetChange(model, preset, params) {
  const live = {};
  let restart = false;
  for (const spec of model.params.filter(hasControl)) {
    const value = preset.params[spec.key];
    if (value === params[spec.key]) continue;
    if (spec.live) live[spec.key] = value;
    else restart = true;
  }
  return { live, restart };
}

/** The pointer's text ("food:X,Y", "predator:X,Y" or "") as {mode, x, y}, or null when off. */
export function parsePointer(text) {
  const m = /^(\w+):([-+\d.e]+),([-+\d.e]+)/.exec(text ?? '');
  return m ? { mode: m[1], x: Number(m[2]), y: Number(m[3]) } : null;
}

/** The pointer's text for mode 'off', 'food' or 'predator' at (x, y). */
export function pointerText(mode, x, y) {
  return mode === 'off' ? '' : `${mode}:${x},${y}`;
}
