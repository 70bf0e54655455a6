/**
 * Calls made while a run is under way wait for the next run, which takes them all at once: under load many inputs
 * share one statement (one round trip, one commit) instead of queueing for one each; a call made alone runs at once.
 * `run` answers one output per input, in order. A run that fails is tried again one input at a time, so that one bad
 * input fails alone and takes no other call with it.
 */
export function gatheredCalls<Input, Output>(
  run: (inputs: Input[]) => Promise<Output[]>,
  maxInputs = 200,
): (input: Input) => Promise<Output> {
  type Call = { input: Input; resolve(output: Output): void; reject(error: unknown): void };
  let waiting: Call[] = [];
  let running = false;

  const settle = async (calls: Call[]) => {
    try {
      const outputs = await run(calls.map((call) => call.input));
      for (const [index, call] of calls.entries()) call.resolve(outputs[index] as Output);
    } catch (error) {
      if (calls.length === 1) calls[0]?.reject(error);
      else for (const call of calls) await settle([call]);
    }
  };

  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const calls = waiting.slice(0, maxInputs);
      waiting = waiting.slice(maxInputs);
      await settle(calls);
    }
    running = false;
  };

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!running) void drain();
    });
}
