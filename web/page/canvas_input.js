// Input on the canvas: mouse, touch and keyboard. In 2D a press holds the pointer (food or
// predator) and a click places with the current tool (obstacle, spawn, food); the arrows move a
// keyboard cursor and Enter or Space press. In 3D a drag turns the camera, the wheel zooms and
// a click places on the box's middle level. Design: places are rounded world coordinates, so a
// Share link's replay sets exactly the same values.
import { CLICK_TOOLS, clickTool, setPointer } from './run.js';
import { lens3d, render, stageView } from './stage.js';
import { $, has, in3d, S, showMessage, worldSize } from './state.js';
import { toWorld, worldMove } from './view.js';
import { orbit, pickMiddle, zoom } from './view3d.js';
import { syncHint } from './controls.js';

/** The world point under a click in the 3D view, on the box's middle level (rounded), or null off the box. */
function worldPoint3d(e) {
  const overlay = $('overlay'), rect = overlay.getBoundingClientRect();
  const u = ((e.clientX - rect.left) / rect.width) * overlay.width, v = ((e.clientY - rect.top) / rect.height) * overlay.height;
  return pickMiddle(lens3d(), u, v);
}

/** Canvas coordinates of a pointer event, in world units, rounded so a replay is exact. */
function worldPoint(e) {
  const overlay = $('overlay');
  const rect = overlay.getBoundingClientRect();
  const { w, h } = worldSize();
  const u = ((e.clientX - rect.left) / rect.width) * overlay.width, v = ((e.clientY - rect.top) / rect.height) * overlay.height;
  const p = toWorld(stageView(), u, v);
  const x = Math.round(p.x), y = Math.round(p.y);
  return { x: Math.min(Math.max(x, 0), Math.ceil(w) - 1), y: Math.min(Math.max(y, 0), Math.ceil(h) - 1) };
}

/** Whether the current tool can be used: the model has its parameter (and the run is 2D, but for spawning and food). */
function toolUsable() {
  const needs = { obstacle: 'obstacle', spawn: 'species', drop: 'food' }[S.tool] ?? 'pointer';
  return has(needs) && (!in3d() || S.tool === 'spawn' || S.tool === 'drop');
}

/** A 3D run: dragging turns the camera, the wheel zooms, a click places. */
function wire3d(overlay) {
  overlay.addEventListener('pointerdown', (e) => {
    if (!in3d() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    overlay.setPointerCapture(e.pointerId);
    S.turning = { id: e.pointerId, u: e.clientX, v: e.clientY, u0: e.clientX, v0: e.clientY };
  });
  overlay.addEventListener('pointermove', (e) => {
    if (!S.turning || S.turning.id !== e.pointerId) return;
    orbit(S.camera, e.clientX - S.turning.u, e.clientY - S.turning.v);
    if (S.camera.follow) {  // the user takes the camera over
      S.camera.follow = false;
      syncHint();
    }
    S.turning.u = e.clientX;
    S.turning.v = e.clientY;
    render();
  });
  const stopTurning = (e) => {
    if (S.turning && S.turning.id === e.pointerId) S.turning = null;
  };
  // A click (a press that did not turn the view) spawns or drops food on the box's middle level.
  overlay.addEventListener('pointerup', (e) => {
    const t = S.turning;
    if (!t || t.id !== e.pointerId || S.busy || !toolUsable() || Math.hypot(e.clientX - t.u0, e.clientY - t.v0) > 4) return;
    const at = worldPoint3d(e);
    if (at) clickTool(at.x, at.y, at.z);
    else showMessage('Click inside the box: things are placed on its middle level.');
    render();
  });
  overlay.addEventListener('pointerup', stopTurning);
  overlay.addEventListener('pointercancel', stopTurning);
  overlay.addEventListener('wheel', (e) => {
    if (!in3d()) return;
    e.preventDefault();
    zoom(S.camera, e.deltaY);
    render();
  }, { passive: false });
}

/** A 2D run: a press holds the pointer where it is dragged; a click places with the current tool. */
function wirePress(overlay) {
  overlay.addEventListener('pointerdown', (e) => {
    if (S.busy || in3d() || !toolUsable() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const { x, y } = worldPoint(e);
    if (CLICK_TOOLS.includes(S.tool)) {
      clickTool(x, y);
      render();
      return;
    }
    e.preventDefault();
    overlay.setPointerCapture(e.pointerId);
    S.drag = e.pointerId;
    setPointer(S.tool, x, y);
    render();
  });
  overlay.addEventListener('pointermove', (e) => {
    if (S.drag !== e.pointerId || !S.pointer) return;
    const { x, y } = worldPoint(e);
    if (x !== S.pointer.x || y !== S.pointer.y) setPointer(S.pointer.mode, x, y);
  });
  const release = (e) => {
    if (S.drag !== e.pointerId) return;
    S.drag = null;
    if (S.pointer) setPointer('off', 0, 0);
    render();
  };
  overlay.addEventListener('pointerup', release);
  overlay.addEventListener('pointercancel', release);
  overlay.addEventListener('lostpointercapture', release);
}

/** Keyboard: arrows move a cursor, Enter/Space press and release (or place with a click tool). */
function wireKeys(overlay) {
  overlay.addEventListener('keydown', (e) => {
    if (S.busy || in3d() || !toolUsable()) return;
    const { w, h } = worldSize();
    if (!S.cursor) S.cursor = { x: Math.round(w / 2), y: Math.round(h / 2) };
    const d = e.shiftKey ? 50 : 10;
    const moves = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, -d], ArrowDown: [0, d] };
    if (moves[e.key]) {
      e.preventDefault();
      const { dx, dy } = worldMove(stageView(), ...moves[e.key]);  // arrows move the cursor on the screen
      S.cursor.x = Math.min(Math.max(S.cursor.x + dx, 0), Math.ceil(w) - 1);
      S.cursor.y = Math.min(Math.max(S.cursor.y + dy, 0), Math.ceil(h) - 1);
      if (S.keyPressed) setPointer(S.pointer.mode, S.cursor.x, S.cursor.y);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (CLICK_TOOLS.includes(S.tool)) clickTool(S.cursor.x, S.cursor.y);
      else if (S.keyPressed) {
        S.keyPressed = false;
        setPointer('off', 0, 0);
      } else if (setPointer(S.tool, S.cursor.x, S.cursor.y)) S.keyPressed = true;
    } else if (e.key === 'Escape' && S.keyPressed) {
      S.keyPressed = false;
      setPointer('off', 0, 0);
    } else return;
    render();
  });
  overlay.addEventListener('focus', () => {
    const { w, h } = worldSize();
    if (!S.cursor) S.cursor = { x: Math.round(w / 2), y: Math.round(h / 2) };
    render();
  });
  overlay.addEventListener('blur', () => {
    if (S.keyPressed) {
      S.keyPressed = false;
      setPointer('off', 0, 0);
    }
    render();
  });
}

export function wireCanvas() {
  const overlay = $('overlay');
  // Each set returns at once where it does not apply (a 3D run, a 2D run, a busy replay).
  wire3d(overlay);
  wirePress(overlay);
  wireKeys(overlay);
}
