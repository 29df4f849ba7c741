// Renders run a few at a time: a render holds its page's data, React's work and the CPU, so a crowd
// of different pages waits its turn in a short queue, and past it is turned away at once (the caller
// sends the page the browser renders) instead of piling up renders that would finish too late anyway.

export interface RenderQueue {
  /**
   * Runs `task` now, or once a running one ends; false (task not run) when `concurrency` run and
   * `maxWaiting` wait already. The task's promise settling frees its place.
   */
  offer(task: () => Promise<unknown>): boolean;
  readonly running: number;
  readonly waiting: number;
}

export function createRenderQueue({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): RenderQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const start = (task: () => Promise<unknown>) => {
    running += 1;
    const done = () => {
      running -= 1;
      waiting.shift()?.();
    };
    // A task that throws before its first await frees its place all the same.
    Promise.resolve()
      .then(task)
      .then(done, done);
  };

  return {
    offer(task) {
      if (running < concurrency) {
        start(task);
        return true;
      }
      if (waiting.length >= maxWaiting) return false;
      waiting.push(() => start(task));
      return true;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
