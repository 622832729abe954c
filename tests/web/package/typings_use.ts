// The package's typings as a TypeScript user meets them: this file must compile under --strict.
import { createFlocklab, type ModelInfo, type Simulation } from 'flocklab';

const lab = await createFlocklab();
const models: ModelInfo[] = lab.models();
const sim: Simulation = new lab.Simulation('steering', { count: 200, seed: 7n, maxSpeed: 4, obstacle: ['450,280,40'] });
sim.step(10).setPointer('food', 100, 100).setParams({ fov: 270 });
const [x, y]: readonly Float64Array[] = sim.positions;
const polarization: number = sim.metrics().polarization;
const hash: string = sim.hash();
const dims: 2 | 3 = sim.dims;
const memory: number = lab.memoryBytes();
console.log(models.length, x.length + y.length, polarization, hash, dims, lab.version, memory);
sim.dispose();
