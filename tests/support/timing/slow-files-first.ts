import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, first in their project: started last, one of them would keep a worker
 * busy after every other file had ended. Vitest orders files by their last run's time when it has one,
 * and a fresh clone (CI) has none. The rest keep vitest's order.
 */
const SLOWEST = ['tests/api/fuzz-routes.test.ts', 'tests/nodes/two-nodes.test.ts', 'crash'];

const rank = (spec: TestSpecification): number => {
  const found = SLOWEST.findIndex((part) => spec.moduleId.includes(part));
  return found === -1 ? SLOWEST.length : found;
};

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = new Map<string, number>();
    sorted.forEach((spec, index) => projectOrder.set(spec.project.name, projectOrder.get(spec.project.name) ?? index));
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort(
      (a, b) =>
        (projectOrder.get(a.project.name) ?? 0) - (projectOrder.get(b.project.name) ?? 0) ||
        rank(a) - rank(b) ||
        (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }
}
