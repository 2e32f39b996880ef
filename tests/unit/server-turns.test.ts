import { describe, expect, it } from "vitest";
import { createTurnQueue, type Turn } from "../../server/turns.ts";

describe("turn queue (server/turns.ts)", () => {
  it("runs up to the limit at once and the rest in arrival order", () => {
    const queue = createTurnQueue(2);
    const started: number[] = [];
    const turns: Turn[] = [];
    for (let i = 0; i < 5; i++) turns.push(queue.take(() => started.push(i)));
    expect(started).toEqual([0, 1]);
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(3);

    turns[1]!.release();
    expect(started).toEqual([0, 1, 2]);
    turns[0]!.release();
    expect(started).toEqual([0, 1, 2, 3]);
    turns[2]!.release();
    turns[3]!.release();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    turns[4]!.release();
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("a job whose client went away while waiting leaves the queue and never starts", () => {
    const queue = createTurnQueue(1);
    const started: string[] = [];
    const first = queue.take(() => started.push("first"));
    const gone = queue.take(() => started.push("gone"));
    const third = queue.take(() => started.push("third"));
    expect(queue.waiting).toBe(2);

    gone.release();
    expect(queue.waiting).toBe(1);
    first.release();
    expect(started).toEqual(["first", "third"]);
    third.release();
    expect(queue.running).toBe(0);
  });

  it("only the first release counts, so a place is never freed twice", () => {
    const queue = createTurnQueue(1);
    const started: string[] = [];
    const a = queue.take(() => started.push("a"));
    queue.take(() => started.push("b"));
    queue.take(() => started.push("c"));
    a.release();
    a.release();
    expect(started).toEqual(["a", "b"]);
    expect(queue.running).toBe(1);
  });

  it("a newcomer does not overtake jobs already waiting", () => {
    const queue = createTurnQueue(1);
    const started: string[] = [];
    const a = queue.take(() => started.push("a"));
    const b = queue.take(() => {
      started.push("b");
      // While b starts (inside a's release), c arrives: it must wait behind nobody but b.
      queue.take(() => started.push("c"));
    });
    a.release();
    expect(started).toEqual(["a", "b"]);
    b.release();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("refuses a limit below 1", () => {
    expect(() => createTurnQueue(0)).toThrow(/at least 1/);
  });
});
