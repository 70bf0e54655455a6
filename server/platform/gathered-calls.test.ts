import { describe, expect, it } from "vitest";
import { gatheredCalls } from "./gathered-calls.js";

describe("gatheredCalls", () => {
  it("runs a lone call at once and gathers the calls made meanwhile into the next run, each answered its own", async () => {
    const runs: number[][] = [];
    const double = gatheredCalls(async (inputs: number[]) => {
      runs.push(inputs);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return inputs.map((input) => input * 2);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((input) => double(input)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
    expect(await double(5)).toBe(10);
  });

  it("fails only the call whose input fails a gathered run", async () => {
    const runs: number[][] = [];
    const checked = gatheredCalls(async (inputs: number[]) => {
      runs.push(inputs);
      if (inputs.includes(13)) throw new Error("unlucky");
      return inputs;
    });
    const answers = await Promise.allSettled([1, 2, 13, 4].map((input) => checked(input)));
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(runs).toEqual([[1], [2, 13, 4], [2], [13], [4]]);
  });

  it("takes at most maxInputs inputs a run", async () => {
    const sizes: number[] = [];
    const echo = gatheredCalls(async (inputs: number[]) => {
      sizes.push(inputs.length);
      return inputs;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, index) => echo(index)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
