#!/usr/bin/env python3
"""A metric over seeds, at every step or at every point of a sweep: mean, spread and a figure.

Design: `flocklab run --metrics-out` writes one run's metrics every K steps; an experiment over
seeds is one such file a seed. This script puts the files of each series side by side (each
series: a label and its files, one a seed, all measured at the same steps) and gives, at every
step, the mean, the sample standard deviation (n - 1), the minimum and the maximum over the
seeds: printed at the steps asked (`--at`, the last step by default), written to a CSV
(`--out`) and drawn as an SVG written by hand (`--plot`: each series' mean as a line over the
band from its lowest to its highest seed). With `--sweep` it reads a `flocklab sweep --out`
CSV instead and prints the same four figures over the seeds of each combination of the swept
parameters (the columns before `seed`), in the file's order: the numbers behind a sweep's
plot. The metric is `segregation` unless `--metric` names another column (`a.polarization`,
`catches`, `last_fifth_catch_rate`, ...). Sums run over each series' files sorted by name and
over a sweep's rows in file order, so the same files give the same bits whatever order the
shell lists them in. Standard library only: any python3 runs it. docs/species-experiments.md
runs it on two prey species that sort themselves and on sweeps of the predators' catches.

    python3 scripts/species_segregation.py --series "own kind" own-*.csv \\
        --series "flocks_with=other" mixed-*.csv --out segregation.csv --plot segregation.svg
    python3 scripts/species_segregation.py --sweep catches.csv --metric last_fifth_catch_rate
"""
import argparse
import csv
import math
import sys

# The chart's colours: those of `flocklab sweep --plot` (Okabe and Ito's palette), in its order.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]


def fail(message):
    sys.exit(f"species_segregation: {message}")


def read_run(path, metric):
    """The (step, value) pairs of one metrics file, in its order."""
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            columns = reader.fieldnames or []
            if "step" not in columns:
                fail(f"{path} has no column step: give the --metrics-out CSV of a flocklab run")
            if metric not in columns:
                fail(f"{path} has no column {metric}: its metrics are {', '.join(c for c in columns if c != 'step')}")
            rows = [(int(row["step"]), float(row[metric])) for row in reader]
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except (ValueError, TypeError):
        fail(f"{path} is not a run's metrics CSV (a row without a number where one belongs)")
    if not rows:
        fail(f"{path} holds no measurement")
    return rows


def read_series(label, paths, metric):
    """Steps and, per step, the values of every file of one series (files sorted by name)."""
    if not paths:
        fail(f"--series {label}: no files")
    steps, columns = None, []
    for path in sorted(paths):  # Reproducible: the sums' order does not follow the shell's glob order.
        rows = read_run(path, metric)
        these = [step for step, _ in rows]
        if steps is None:
            steps, first = these, path
        elif these != steps:
            fail(f"{path} is measured at other steps than {first}: give runs with the same --steps and --every")
        columns.append([value for _, value in rows])
    return steps, [[column[i] for column in columns] for i in range(len(steps))]


def read_sweep(path, metric):
    """The swept parameters' names and, per combination in the file's order, the metric's values."""
    groups = {}
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            columns = reader.fieldnames or []
            if "seed" not in columns:
                fail(f"{path} has no column seed: give the --out CSV of a flocklab sweep")
            params = columns[: columns.index("seed")]
            metrics = [c for c in columns[columns.index("seed") + 1:] if c not in ("sweep", "check")]
            if metric not in metrics:
                fail(f"{path} has no column {metric}: its metrics are {', '.join(metrics)}")
            for row in reader:
                groups.setdefault(tuple(row[name] for name in params), []).append(float(row[metric]))
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except (ValueError, TypeError):
        fail(f"{path} is not a sweep's CSV (a row without a number where one belongs)")
    if not groups:
        fail(f"{path} holds no run")
    return params, groups


def summary(values):
    """(mean, sample standard deviation, min, max) of a list, summed in its order."""
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return mean, sd, min(values), max(values)


def figures(n, values):
    """The seeds, mean, sd, min and max as printed, to 3 places (never -0.000)."""
    def place(x):
        text = f"{x:6.3f}"
        return text.replace("-0.000", " 0.000")
    return f"{n:5d}  " + "  ".join(place(x) for x in summary(values))


HEADING = "seeds   mean     sd      min     max"


def print_sweep(path, metric):
    """One row a combination of the swept parameters: the metric over its seeds."""
    params, groups = read_sweep(path, metric)
    widths = [max(len(name), *(len(key[i]) for key in groups)) for i, name in enumerate(params)]
    print(f"{metric} over seeds, by {', '.join(params) or 'nothing (one combination)'}:")
    print("".join(f"{name:<{w}}  " for name, w in zip(params, widths)) + HEADING)
    for key, values in groups.items():
        print("".join(f"{cell:<{w}}  " for cell, w in zip(key, widths)) + figures(len(values), values))


def nice_step(span, wanted):
    """A round tick spacing (1, 2 or 5 times a power of ten) giving about `wanted` ticks over `span`."""
    raw = span / wanted
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power


def ticks(low, high, wanted):
    """Tick values covering [low, high] at a round spacing; the first and last are the axis' ends."""
    if high <= low:
        high = low + 1
    step = nice_step(high - low, wanted)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    values = [round(k * step, 10) for k in range(first, last + 1)]
    return values, values[0], values[-1]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def plot(path, series, metric, dt, title):
    """An SVG of each series' mean over time with the band from its lowest to its highest seed."""
    width, height = 760, 460
    left, right, top, bottom = 78, 530, 78, 402
    t_end = max(steps[-1] for _, steps, _ in series) * dt
    lows = [min(row) for _, _, stats in series for row in stats]
    highs = [max(row) for _, _, stats in series for row in stats]
    yticks, y0, y1 = ticks(min(0.0, min(lows)), max(highs), 6)
    xticks, x0, x1 = ticks(0.0, t_end, 6)

    def sx(t):
        return left + (t - x0) / (x1 - x0) * (right - left)

    def sy(v):
        return bottom - (v - y0) / (y1 - y0) * (bottom - top)

    seeds = " or ".join(str(n) for n in sorted({len(stats[0]) for _, _, stats in series}))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{left}" y="26" font-size="17" font-weight="bold" fill="#222">{escape(title)}</text>',
        f'<text x="{left}" y="46" font-size="13" fill="#555">{seeds} seeds a series: the mean (line) and the '
        'lowest to highest seed (band)</text>',
        '<g class="grid" stroke="#e4e4e4" stroke-width="1">',
    ]
    out += [f'<line x1="{sx(t):.1f}" y1="{top}" x2="{sx(t):.1f}" y2="{bottom}"/>' for t in xticks]
    out += [f'<line x1="{left}" y1="{sy(v):.1f}" x2="{right}" y2="{sy(v):.1f}"/>' for v in yticks]
    out.append("</g>")
    if y0 < 0 < y1:
        out.append(f'<line x1="{left}" y1="{sy(0):.1f}" x2="{right}" y2="{sy(0):.1f}" stroke="#999" stroke-width="1"/>')
    out.append(f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" fill="none" stroke="#444"/>')
    out.append('<g class="ticks" fill="#333">')
    out += [f'<text x="{sx(t):.1f}" y="{bottom + 18}" text-anchor="middle">{t:g}</text>' for t in xticks]
    out += [f'<text x="{left - 8}" y="{sy(v) + 4:.1f}" text-anchor="end">{v:g}</text>' for v in yticks]
    out.append("</g>")
    out.append(f'<text x="{(left + right) / 2:.1f}" y="{bottom + 42}" text-anchor="middle" fill="#222">'
               'simulated time (s)</text>')
    out.append(f'<text transform="translate(22 {(top + bottom) / 2:.1f}) rotate(-90)" text-anchor="middle" '
               f'fill="#222">{escape(metric)}</text>')
    for k, (label, steps, stats) in enumerate(series):
        colour = PALETTE[k % len(PALETTE)]
        rows = [summary(values) for values in stats]
        upper = [f"{sx(s * dt):.2f},{sy(r[3]):.2f}" for s, r in zip(steps, rows)]
        lower = [f"{sx(s * dt):.2f},{sy(r[2]):.2f}" for s, r in zip(steps, rows)]
        line = [f"{sx(s * dt):.2f},{sy(r[0]):.2f}" for s, r in zip(steps, rows)]
        out.append(f'<g class="series" data-name="{escape(label)}">')
        out.append(f'<polygon points="{" ".join(upper + lower[::-1])}" fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        out.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{colour}" stroke-width="2" '
                   'stroke-linejoin="round"/>')
        out.append("</g>")
        y = top + 12 + 21 * k
        out.append(f'<line x1="{right + 16}" y1="{y - 4}" x2="{right + 36}" y2="{y - 4}" stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{right + 42}" y="{y}" fill="#222">{escape(label)}</text>')
    out.append("</svg>")
    try:
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", nargs="+", action="append", metavar=("LABEL", "FILE"),
                        help="a label and its runs' --metrics-out files, one a seed (repeatable)")
    parser.add_argument("--sweep", metavar="FILE.csv",
                        help="instead of --series: a flocklab sweep's --out, the metric over each combination's seeds")
    parser.add_argument("--metric", default="segregation", help="the column to follow (default segregation)")
    parser.add_argument("--at", type=int, action="append", default=[], metavar="STEP",
                        help="print the spread over seeds at this step (repeatable; default the last step)")
    parser.add_argument("--dt", type=float, default=1 / 60, help="seconds a step, for the times (default 1/60)")
    parser.add_argument("--out", metavar="FILE.csv", help="write series,step,time_s,seeds,mean,sd,min,max")
    parser.add_argument("--plot", metavar="FILE.svg", help="draw each series' mean and its lowest to highest seed")
    parser.add_argument("--title", help="the figure's title (default: the metric over time)")
    args = parser.parse_args()
    if not (args.dt > 0 and math.isfinite(args.dt)):
        fail(f"--dt must be a number > 0 (got {args.dt})")
    if args.sweep:
        if args.series or args.at or args.out or args.plot:
            fail("--sweep takes only --metric: --series, --at, --out and --plot are for runs' metrics files")
        print_sweep(args.sweep, args.metric)
        return
    if not args.series:
        fail("give --series LABEL FILE... (runs' metrics files) or --sweep FILE.csv (a sweep's)")

    series = []
    for item in args.series:
        label, paths = item[0], item[1:]
        if any(label == other for other, _, _ in series):
            fail(f"--series {label} is given twice")
        steps, stats = read_series(label, paths, args.metric)
        series.append((label, steps, stats))

    at = args.at or [series[0][1][-1]]
    for step in at:
        for label, steps, _ in series:
            if step not in steps:
                fail(f"--at {step}: {label}'s runs measure no step {step} (steps {steps[0]} to {steps[-1]})")
    width = max(len("series"), *(len(label) for label, _, _ in series))
    for step in at:
        print(f"{args.metric} at step {step} ({step * args.dt:g} s), over seeds:")
        print(f"{'series':<{width}}  {HEADING}")
        for label, steps, stats in series:
            values = stats[steps.index(step)]
            print(f"{label:<{width}}  {figures(len(values), values)}")

    if args.out:
        try:
            with open(args.out, "w", newline="") as f:
                writer = csv.writer(f, lineterminator="\n")
                writer.writerow(["series", "step", "time_s", "seeds", "mean", "sd", "min", "max"])
                for label, steps, stats in series:
                    for step, values in zip(steps, stats):
                        writer.writerow([label, step, repr(step * args.dt), len(values),
                                         *(repr(x) for x in summary(values))])
        except OSError as e:
            fail(f"cannot write {args.out}: {e.strerror}")
    if args.plot:
        plot(args.plot, series, args.metric, args.dt, args.title or f"{args.metric} over time")


if __name__ == "__main__":
    main()
