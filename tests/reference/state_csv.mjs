// The state files the JavaScript references read and write: CSV `x,y,vx,vy` (2D) or
// `x,y,z,vx,vy,vz` (3D, docs/model-lab.md "Three dimensions"), one boid a row, numbers as
// JavaScript prints them (the shortest text that reads back to the same double, which
// flocklab's own CSV reader takes), -0 keeping its sign.
import { readFileSync, writeFileSync } from "node:fs";

const HEADERS = { 2: "x,y,vx,vy", 3: "x,y,z,vx,vy,vz" };

/** Reads a state file into {dims, x, y, vx, vy} arrays (and z, vz when the header is 3D);
 *  throws on a wrong header or row. */
export function readCsv(path) {
  const lines = readFileSync(path, "utf8").split(/\r?\n/).filter((l) => l !== "");
  const dims = lines[0] === HEADERS[2] ? 2 : lines[0] === HEADERS[3] ? 3 : 0;
  if (!dims) throw new Error(`header must be ${HEADERS[2]} or ${HEADERS[3]}`);
  const b = dims === 3 ? { dims, x: [], y: [], z: [], vx: [], vy: [], vz: [] } : { dims, x: [], y: [], vx: [], vy: [] };
  const width = dims * 2;
  for (const line of lines.slice(1)) {
    const f = line.split(",").map(Number);
    if (f.length !== width || f.some((v) => !Number.isFinite(v))) throw new Error(`bad row ${line}`);
    if (dims === 2) {
      b.x.push(f[0]); b.y.push(f[1]); b.vx.push(f[2]); b.vy.push(f[3]);
    } else {
      b.x.push(f[0]); b.y.push(f[1]); b.z.push(f[2]); b.vx.push(f[3]); b.vy.push(f[4]); b.vz.push(f[5]);
    }
  }
  return b;
}

// Default Number-to-string, except that -0 keeps its sign (String(-0) is "0").
const num = (v) => (Object.is(v, -0) ? "-0" : String(v));

/** Writes {x, y, vx, vy} (or, with z and vz, the 3D state) as a state file. */
export function writeCsv(path, b) {
  const three = b.z !== undefined;
  let text = `${HEADERS[three ? 3 : 2]}\n`;
  for (let i = 0; i < b.x.length; i++)
    text += three
      ? `${num(b.x[i])},${num(b.y[i])},${num(b.z[i])},${num(b.vx[i])},${num(b.vy[i])},${num(b.vz[i])}\n`
      : `${num(b.x[i])},${num(b.y[i])},${num(b.vx[i])},${num(b.vy[i])}\n`;
  writeFileSync(path, text);
}
