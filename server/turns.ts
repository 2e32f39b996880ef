// First come, first served turns: at most `limit` jobs run at once, the others wait in
// arrival order. The server gives React Router's requests their turns here (ADR 0010).

export interface Turn {
  /**
   * Ends the turn: a job that started frees its place for the next one waiting; a job still
   * waiting (its client went away) leaves the queue and never starts. Only the first call counts.
   */
  release(): void;
}

export interface TurnQueue {
  /** Runs `start` now if fewer than `limit` jobs run, else when the jobs before it have released. */
  take(start: () => void): Turn;
  /** Jobs started and not released. */
  readonly running: number;
  /** Jobs waiting for their turn. */
  readonly waiting: number;
}

export function createTurnQueue(limit: number): TurnQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a turn queue needs a limit of at least 1, got ${limit}`);
  let running = 0;
  // A Set keeps insertion order (first in, first out) and forgets a waiting job at once when
  // its client goes away, so the queue never holds more than the jobs really waiting.
  const queue = new Set<() => void>();

  function next(): void {
    while (running < limit && queue.size > 0) {
      const start = queue.values().next().value!;
      queue.delete(start);
      start();
    }
  }

  return {
    take(start) {
      let state: "waiting" | "running" | "released" = "waiting";
      const begin = () => {
        state = "running";
        running++;
        start();
      };
      if (running < limit && queue.size === 0) begin();
      else queue.add(begin);
      return {
        release() {
          const was = state;
          state = "released";
          if (was === "running") {
            running--;
            next();
          } else if (was === "waiting") queue.delete(begin);
        },
      };
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.size;
    },
  };
}
