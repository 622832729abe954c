// The state files the JavaScript references read and write: CSV `x,y,vx,vy`, one boid a row,
// numbers as JavaScript prints them (the shortest text that reads back to the same double,
// which flocklab's own CSV reader takes), -0 keeping its sign.
import { readFileSync, writeFileSync } from "node:fs";

/** Reads a state file into {x, y, vx, vy} arrays; throws on a wrong header or row. */
export function readCsv(path) {
  const lines = readFileSync(path, "utf8").split(/\r?\n/).filter((l) => l !== "");
  if (lines[0] !== "x,y,vx,vy") throw new Error("header must be x,y,vx,vy");
  const b = { x: [], y: [], vx: [], vy: [] };
  for (const line of lines.slice(1)) {
    const f = line.split(",").map(Number);
    if (f.length !== 4 || f.some((v) => !Number.isFinite(v))) throw new Error(`bad row ${line}`);
    b.x.push(f[0]); b.y.push(f[1]); b.vx.push(f[2]); b.vy.push(f[3]);
  }
  return b;
}

// Default Number-to-string, except that -0 keeps its sign (String(-0) is "0").
const num = (v) => (Object.is(v, -0) ? "-0" : String(v));

/** Writes {x, y, vx, vy} as a state file. */
export function writeCsv(path, b) {
  let text = "x,y,vx,vy\n";
  for (let i = 0; i < b.x.length; i++)
    text += `${num(b.x[i])},${num(b.y[i])},${num(b.vx[i])},${num(b.vy[i])}\n`;
  writeFileSync(path, text);
}
