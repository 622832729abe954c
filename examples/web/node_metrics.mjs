// A flock in node with the flocklab package: 600 steps of the lab model, its metrics every 100
// steps, and the state hash that `flocklab run --count 300 --seed 42 --steps 600 --hash` prints.
import { createFlocklab } from 'flocklab';

const { Simulation, version } = await createFlocklab();
const sim = new Simulation('lab', { count: 300, seed: 42 });
console.log(`flocklab ${version}: the ${sim.model} model, ${sim.count} boids`);
console.log('step  polarization  flocks  largest share');
while (sim.stepCount < 600) {
  sim.step(100);
  const m = sim.metrics();
  console.log(`${String(sim.stepCount).padStart(4)}  ${m.polarization.toFixed(3).padStart(12)}  ` +
    `${String(m.flocks).padStart(6)}  ${m.largest_share.toFixed(3).padStart(13)}`);
}
console.log(`hash ${sim.hash()}`);
sim.dispose();
