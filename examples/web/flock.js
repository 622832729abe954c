// A flock on a canvas with the flocklab package: the steering model (the tutorial's rules), the
// boids drawn as triangles along their velocity, and the pointer as food.
import { createFlocklab } from 'flocklab';

const canvas = document.getElementById('sky');
const ctx = canvas.getContext('2d');
const { Simulation } = await createFlocklab();
const sim = new Simulation('steering', { count: 300, seed: 42 });  // a 900 x 560 world
window.sim = sim;  // try sim.setParams({ maxSpeed: 360 }) in the console (px/s; the default is 180)

canvas.addEventListener('pointermove', (e) => {
  const scale = canvas.width / canvas.clientWidth;
  sim.setPointer('food', e.offsetX * scale, e.offsetY * scale);
});
canvas.addEventListener('pointerleave', () => sim.setPointer('off'));

function frame() {
  sim.step(1);
  const [x, y] = sim.positions, [vx, vy] = sim.velocities;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#e8eef7';
  ctx.beginPath();
  for (let i = 0; i < sim.count; i++) {
    const s = Math.hypot(vx[i], vy[i]) || 1, ux = vx[i] / s, uy = vy[i] / s;
    ctx.moveTo(x[i] + 7 * ux, y[i] + 7 * uy);
    ctx.lineTo(x[i] - 4 * ux + 3 * uy, y[i] - 4 * uy - 3 * ux);
    ctx.lineTo(x[i] - 4 * ux - 3 * uy, y[i] - 4 * uy + 3 * ux);
  }
  ctx.fill();
  document.title = `A flock with flocklab: step ${sim.stepCount}`;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
