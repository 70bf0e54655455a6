/**
 * Reads a server-sent-event stream with fetch, because EventSource cannot send an Authorization header. Calls
 * `onMessage` with each event's data (the `data:` lines joined), and connects again after a drop, waiting what the
 * server's `retry:` asks (2 s unless told). Stops for good when `signal` aborts or the server answers 4xx (signed out,
 * gone): reconnecting would only be refused again.
 */
export function readEventStream(
  url: string,
  {
    headers,
    signal,
    onMessage,
    onOpen,
  }: {
    headers: Record<string, string>;
    signal: AbortSignal;
    onMessage(data: string): void;
    /** Each (re)connection: messages may have been missed meanwhile, so the screen reloads what it shows. */
    onOpen?(): void;
  },
) {
  let retryMs = 2000;
  const readOnce = async (): Promise<"again" | "stop"> => {
    const response = await fetch(url, { headers: { ...headers, accept: "text/event-stream" }, signal });
    if (response.status >= 400 && response.status < 500) return "stop";
    if (!response.ok || !response.body) return "again";
    onOpen?.();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "again";
      buffer += value.replace(/\r\n?/g, "\n");
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
          else if (line.startsWith("retry:")) retryMs = Number(line.slice(6)) || retryMs;
        }
        if (data.length > 0) onMessage(data.join("\n"));
        end = buffer.indexOf("\n\n");
      }
    }
  };
  const run = async () => {
    while (!signal.aborted) {
      const next = await readOnce().catch(() => "again" as const);
      if (next === "stop" || signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };
  void run();
}
