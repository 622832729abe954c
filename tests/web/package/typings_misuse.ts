// Misuses the typings must catch: tsc --strict fails on each of lines 7 to 12 (the test counts them).
import { createFlocklab, Simulation as Bare } from 'flocklab';

const lab = await createFlocklab();
const sim = new lab.Simulation('lab', { count: 300 });
// each line below is an error
new Bare('lab');
new lab.Simulation('lab', { count: '300' });
sim.step('10');
const steps: string = sim.stepCount;
sim.positions = [];
sim.setPointer('bird', 1, 2);
