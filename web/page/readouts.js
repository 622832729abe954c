// The readouts beside the stage: step, time and hash, the order meter, the metric figures, and
// the chart with its views (charts.js). Design: they show the samples the run loop recorded and
// the current step's metrics; a step alone redraws only what changed (S.shownStep, S.chartDirty).
import { showChartView } from './charts.js';
import { fmt, metricText } from './params.js';
import { rampNote } from './ramps.js';
import { $, announce, METERS, S, timed } from './state.js';

/** Shows chart view S.view: its tab and its series' legend (charts.js). */
export function syncChartView() {
  if (!S.views.some((v) => v.id === S.view)) S.view = 'flock';
  const view = S.views.find((v) => v.id === S.view) ?? S.views[0];
  S.chartSeries = view.series;
  S.chartY = view.y;
  S.chartAgainst = view.against ?? null;
  showChartView($('chart-views'), $('legend'), S.views, view, (id) => {
    S.view = id;
    syncChartView();
  });
  $('chart').setAttribute('aria-label', `Chart of ${S.chartSeries.map((s) => s.label.toLowerCase()).join(' and ')} ${S.chartAgainst ? `against ${S.chartAgainst}` : 'over time'}`);
  S.chartDirty = true;
}

/** A line of figures for the run's own metrics beyond the schema's (not a species' own): segregation, catches, food eaten. */
export function syncExtraFigures() {
  const extra = S.flock.metricSpecs
    .filter((m) => !m.key.includes('.') && !S.registry.metrics.some((r) => r.key === m.key));
  if (JSON.stringify(extra) === JSON.stringify(S.extraMetrics)) return;
  S.extraMetrics = extra;
  const line = $('run-figures');
  line.hidden = !extra.length;
  line.replaceChildren(...extra.map((m) => {
    const item = document.createElement('span');
    const value = document.createElement('b');
    value.id = `m-${m.key}`;
    value.textContent = '–';
    item.append(`${m.label.charAt(0).toUpperCase()}${m.label.slice(1)} `, value);
    return item;
  }));
  S.shownStep = -1;
}

/** A metric's figure: its label over its value (`m-KEY`). */
export function figure(m) {
  const div = document.createElement('div');
  div.title = m.description;
  const dt = document.createElement('dt');
  dt.textContent = m.label.charAt(0).toUpperCase() + m.label.slice(1);
  const dd = document.createElement('dd');
  dd.id = `m-${m.key}`;
  dd.textContent = '–';
  div.append(dt, dd);
  return div;
}

export function updateReadouts() {
  const f = S.flock;
  const step = f.stepCount;
  if (step !== S.shownStep) {
    S.shownStep = step;
    $('stat-step').textContent = step.toLocaleString('en-US');
    $('stat-time').textContent = timed() ? `${fmt(S.time, 1)} s` : '–';
    $('stat-hash').textContent = f.hash();
    $('ramp-note').hidden = !S.ramps.length;
    $('ramp-note').textContent = rampNote(S.ramps, f.ramped());
    announce('step');
  }
  const m = S.latest;
  // The step the figures are from, where it is not the one shown (the line keeps its place).
  const behind = m && S.latestStep !== step;
  $('measured-at').style.visibility = behind ? 'visible' : 'hidden';
  if (behind) $('measured-at').textContent = `Measured at step ${S.latestStep.toLocaleString('en-US')}`;
  if (m) {
    for (const { key, id } of METERS) {
      const value = m[key];
      $(`${id}-value`).textContent = value.toFixed(3);
      $(`${id}-fill`).style.width = `${(100 * Math.min(1, Math.max(0, value))).toFixed(1)}%`;
      $(`${id}-meter`).setAttribute('aria-valuenow', value.toFixed(3));
    }
    for (const metric of [...S.registry.metrics, ...S.extraMetrics]) {
      if (METERS.some((meter) => meter.key === metric.key)) continue;
      $(`m-${metric.key}`).textContent = metricText(metric, m[metric.key], S.space.unit);
    }
    $('badge').textContent = (S.view === 'species' ? 'Order: ' : '') + S.chartSeries.filter((s) => Number.isFinite(m[s.key])).map((s) => `${s.label} ${S.chartY?.max === 'auto' ? fmt(m[s.key], 2) : m[s.key].toFixed(2)}`).join(' · ');
  }
  if (S.chartDirty) {
    S.chart.fit();
    const xLabel = S.chartAgainst ? `${S.chartAgainst} (ramped; lighter where it falls)` : timed() ? 'simulated time (s)' : 'step';
    S.chart.draw(S.samples, xLabel, S.chartSeries, S.chartY, S.chartAgainst);
    S.chartDirty = false;
  }
}
