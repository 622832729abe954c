// The parameters of the two models as the page shows them: one slider per parameter, in the
// order and with the ranges a person can usefully explore. The engine's own JSON keys are used
// throughout (src/io/params_json.cpp); values are only displayed and passed on, never computed with.

/** How a change of a parameter reaches the engine: live (setParams) or by restarting the flock. */
export const LIVE = 'live';
export const RESTART = 'restart';

/**
 * Slider definitions. `scale` lets a slider show a friendlier quantity than the engine's:
 * dt is shown as steps per simulated second (dt = 1/value), so the default 1/60 is exact.
 */
export const MODELS = {
  steering: {
    label: 'Steering (Flocking Lab)',
    defaultCount: 1500,
    units: 'px',
    groups: [
      {
        title: 'Rules',
        params: [
          { key: 'separation', label: 'Separation weight', min: 0, max: 4, step: 0.05, apply: LIVE },
          { key: 'alignment', label: 'Alignment weight', min: 0, max: 4, step: 0.05, apply: LIVE },
          { key: 'cohesion', label: 'Cohesion weight', min: 0, max: 4, step: 0.05, apply: LIVE },
          { key: 'vision', label: 'Vision radius', unit: 'px', min: 5, max: 200, step: 1, apply: LIVE },
          { key: 'separation_radius', label: 'Separation radius', unit: 'px', min: 2, max: 100, step: 1, apply: LIVE },
          { key: 'fov', label: 'Field of view', unit: '°', min: 10, max: 360, step: 5, apply: LIVE },
          { key: 'max_speed', label: 'Max speed', unit: 'px/s', min: 20, max: 600, step: 5, apply: LIVE },
        ],
      },
      {
        title: 'Pointer, walls and obstacles',
        params: [
          { key: 'food_weight', label: 'Food weight', min: 0, max: 6, step: 0.1, apply: LIVE },
          { key: 'predator_weight', label: 'Predator weight', min: 0, max: 10, step: 0.1, apply: LIVE },
          { key: 'wall_weight', label: 'Wall weight', min: 0, max: 10, step: 0.1, apply: LIVE },
          { key: 'obstacle_weight', label: 'Obstacle weight', min: 0, max: 10, step: 0.1, apply: LIVE },
        ],
      },
      {
        title: 'Time and world',
        note: 'Width and height (↻) restart the flock with the same seed.',
        params: [
          {
            key: 'dt', label: 'Steps per simulated second', unit: '/s', min: 15, max: 240, step: 1,
            apply: LIVE, toSlider: (dt) => 1 / dt, fromSlider: (v) => 1 / v,
            describe: (dt) => `${fmt(1 / dt, 1)}/s (dt ${fmt(dt, 4)} s)`,
          },
          { key: 'width', label: 'World width', unit: 'px', min: 200, max: 1800, step: 10, apply: RESTART },
          { key: 'height', label: 'World height', unit: 'px', min: 200, max: 1200, step: 10, apply: RESTART },
        ],
      },
    ],
  },
  lab: {
    label: 'Lab (reference model)',
    defaultCount: 120,
    units: 'units',
    groups: [
      {
        title: 'Rules',
        params: [
          { key: 'separation', label: 'Separation weight', min: 0, max: 5, step: 0.05, apply: LIVE },
          { key: 'alignment', label: 'Alignment weight', min: 0, max: 5, step: 0.05, apply: LIVE },
          { key: 'cohesion', label: 'Cohesion weight', min: 0, max: 5, step: 0.05, apply: LIVE },
          { key: 'radius', label: 'Perception radius r', unit: 'units', min: 1, max: 50, step: 0.5, apply: LIVE },
          { key: 'max_speed', label: 'Max speed', unit: 'units/step', min: 0.1, max: 5, step: 0.05, apply: LIVE },
        ],
      },
      {
        title: 'World',
        note: 'The world side (↻) restarts the flock with the same seed.',
        params: [{ key: 'world', label: 'World side L', unit: 'units', min: 20, max: 500, step: 5, apply: RESTART }],
      },
    ],
  },
};

/** The keys a preset sets live (its world, edges and obstacles are left as they are). */
export const PRESET_KEYS = ['vision', 'separation_radius', 'fov', 'max_speed', 'separation', 'alignment', 'cohesion'];
export const PRESETS = ['flock', 'school', 'swarm', 'chaos'];

/** Command-line flags of `flocklab run` for each JSON key (see `flocklab run --help`). */
export const CLI_FLAGS = {
  separation: '--separation', alignment: '--alignment', cohesion: '--cohesion', max_speed: '--max-speed',
  radius: '--radius', world: '--world', vision: '--vision', separation_radius: '--separation-radius',
  fov: '--fov', width: '--width', height: '--height', dt: '--dt', food_weight: '--food-weight',
  predator_weight: '--predator-weight', wall_weight: '--wall-weight', obstacle_weight: '--obstacle-weight',
};

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
