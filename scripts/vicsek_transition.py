#!/usr/bin/env python3
"""The critical noise and the exponent beta of a `flocklab sweep` over the noise (the Vicsek figures).

Design: as Vicsek et al. (1995) do, the order va of the ordered side is fitted to
va = A * ((eta_c - eta) / eta_c) ** beta, a straight line in log-log coordinates. eta_c is the
value above the window (and below the noise after the first one where the order has gone,
mean va < 0.1)
whose straight-line fit leaves the least squared residual in log va;
beta is that line's slope. The spread comes from resampling the seeds at every noise (a
bootstrap with a fixed seed, so the same CSV always prints the same figures). Standard library
only: any python3 runs it.

    python3 scripts/vicsek_transition.py fig2a.csv --where world=31.6227766
"""
import argparse
import csv
import math
import random
import sys


def fail(message):
    sys.exit(f"vicsek_transition: {message}")


def read_means(path, where):
    """Per noise, the list of last_fifth_polarization values of the rows matching `where`."""
    by_noise = {}
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            columns = reader.fieldnames or []
            for needed in ("noise", "seed", "last_fifth_polarization"):
                if needed not in columns:
                    fail(f"{path} has no column {needed}: give the --out of a sweep over the noise")
            # The swept parameters are the columns before seed; all but the noise must be fixed.
            others = [c for c in columns[: columns.index("seed")] if c != "noise"]
            for name in where:
                if name not in others:
                    fail(f"--where {name}: {path} sweeps no {name} (it sweeps {', '.join(others) or 'only the noise'})")
            seen = {}
            for row in reader:
                if any(float(row[key]) != value for key, value in where.items()):
                    continue
                for name in others:
                    seen.setdefault(name, set()).add(row[name])
                by_noise.setdefault(float(row["noise"]), []).append(float(row["last_fifth_polarization"]))
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except (ValueError, KeyError):
        fail(f"{path} is not a sweep's CSV (a row without a number where one belongs)")
    for name, values in seen.items():
        if len(values) > 1:
            fail(f"{path} sweeps {name} too ({len(values)} values): choose one with --where {name}=VALUE")
    if not by_noise:
        fail(f"no rows of {path} match {where or 'anything'}")
    return dict(sorted(by_noise.items()))


def mean(values):
    return sum(values) / len(values)


def line_fit(xs, ys):
    """Least squares y = a + b x: (a, b, residual sum of squares)."""
    mx, my = mean(xs), mean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    a = my - b * mx
    return a, b, sum((y - a - b * x) ** 2 for x, y in zip(xs, ys))


def fit(window, ceiling):
    """(eta_c, beta, A) for the (eta, va) points of `window`: eta_c scanned in steps of 0.001
    above the window, up to `ceiling`."""
    top = max(eta for eta, _ in window)
    best = None
    for k in range(1, max(2, round((ceiling - top) / 0.001) + 1)):
        eta_c = top + 0.001 * k
        xs = [math.log((eta_c - eta) / eta_c) for eta, _ in window]
        ys = [math.log(va) for _, va in window]
        a, b, rss = line_fit(xs, ys)
        if best is None or rss < best[0]:
            best = (rss, eta_c, b, math.exp(a))
    return best[1:]


def disordered_from(means, level):
    """The noise after the first one whose mean order is below `level`: the order is gone there,
    so eta_c lies below it."""
    noises = list(means)
    for i, eta in enumerate(noises):
        if means[eta] < level:
            return noises[i + 1] if i + 1 < len(noises) else eta + 1.0
    return noises[-1] + 1.0


def window_of(means, lowest, floor):
    """The points from noise `lowest` up to the last one whose mean order is at least `floor`."""
    points = []
    for eta, va in means.items():
        if eta < lowest:
            continue
        if va < floor:
            break
        points.append((eta, va))
    return points


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="the sweep's --out: columns noise, seed, last_fifth_polarization")
    parser.add_argument("--where", action="append", default=[], metavar="NAME=VALUE",
                        help="keep the rows with this value of another swept parameter (repeatable)")
    parser.add_argument("--from", dest="lowest", type=float, default=1.0,
                        help="the window's lowest noise (default 1)")
    parser.add_argument("--floor", type=float, default=0.3,
                        help="the window ends before the first noise whose mean order is below this (default 0.3)")
    parser.add_argument("--disordered", type=float, default=0.1,
                        help="eta_c lies below the noise after the first one whose mean order is below this (default 0.1)")
    parser.add_argument("--resamples", type=int, default=200, help="bootstrap resamples (default 200)")
    args = parser.parse_args()
    if args.resamples < 1:
        fail(f"--resamples must be at least 1 (got {args.resamples})")
    where = {}
    for item in args.where:
        name, _, value = item.partition("=")
        try:
            where[name] = float(value)
        except ValueError:
            fail(f"--where takes NAME=NUMBER (got {item})")

    runs = read_means(args.csv, where)
    means = {eta: mean(values) for eta, values in runs.items()}
    print("noise  order (mean +- sd over seeds)")
    for eta, values in runs.items():
        sd = math.sqrt(sum((v - means[eta]) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
        print(f"{eta:5g}  {means[eta]:.3f} +- {sd:.3f}  ({len(values)} seeds)")

    window = window_of(means, args.lowest, args.floor)
    if len(window) < 3:
        fail("fewer than 3 noises in the window; lower --from or --floor")
    ceiling = disordered_from(means, args.disordered)
    eta_c, beta, amplitude = fit(window, ceiling)
    rng = random.Random(1)
    betas, etas = [], []
    for _ in range(args.resamples):
        resampled = {eta: mean([rng.choice(values) for _ in values]) for eta, values in runs.items()}
        points = [(eta, resampled[eta]) for eta, _ in window]
        if min(va for _, va in points) <= 0:
            continue
        e, b, _ = fit(points, ceiling)
        etas.append(e)
        betas.append(b)
    betas.sort()
    etas.sort()
    print(f"window: noise {window[0][0]:g} to {window[-1][0]:g} ({len(window)} points); eta_c searched up to {ceiling:g}")
    if min(len(values) for values in runs.values()) < 2:
        print(f"eta_c = {eta_c:.3f}  (one seed: no spread to give)")
        print(f"beta  = {beta:.3f}")
    else:
        print(f"eta_c = {eta_c:.3f}  (16-84% of {len(etas)} resamples: {percentile(etas, 0.16):.3f} to {percentile(etas, 0.84):.3f})")
        print(f"beta  = {beta:.3f}  (16-84%: {percentile(betas, 0.16):.3f} to {percentile(betas, 0.84):.3f})")
    print(f"A     = {amplitude:.3f}")


if __name__ == "__main__":
    main()
