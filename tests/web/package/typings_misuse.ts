// Misuses the typings must catch: tsc --strict fails on each line below (the test counts them).
import { createFlocklab } from 'flocklab';

const lab = await createFlocklab();
const sim = new lab.Simulation('lab', { count: '300' });
sim.step('10');
const steps: string = sim.stepCount;
sim.positions = [];
sim.setPointer('bird', 1, 2);
