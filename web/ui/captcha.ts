import routeTable from "virtual:endpoint-routes";
import { useCallback, useEffect, useRef, useState } from "react";
import { type CaptchaSolution, captchaExpiry } from "../../contract/captcha";
import { call } from "../api/client";
import { solveCaptcha } from "./captcha-solver";

export type CaptchaStatus = "solving" | "ready" | "failed";

/** A solution this close to its expiry would arrive late: a fresh one is solved instead. */
const marginSeconds = 30;
const isFresh = (solution: CaptchaSolution) => (captchaExpiry(solution.salt) ?? 0) - marginSeconds > Date.now() / 1000;

/**
 * The captcha of a public form, solved in the background as soon as the form opens. `take()` hands the solution to
 * send (waiting for it if need be) and starts on the next one, since the server accepts each solution once.
 */
export function useCaptcha() {
  const [status, setStatus] = useState<CaptchaStatus>("solving");
  const pending = useRef<Promise<CaptchaSolution | null> | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStatus("solving");
    const solving = call(routeTable.captchaEndpoints.endpoints.challenge)
      .then((challenge) => solveCaptcha(challenge, current.signal))
      .catch(() => null);
    pending.current = solving;
    void solving.then((solution) => {
      if (!current.signal.aborted) setStatus(solution ? "ready" : "failed");
    });
    return solving;
  }, []);

  useEffect(() => {
    start();
    return () => controller.current?.abort();
  }, [start]);

  const take = useCallback(async () => {
    let solution = await (pending.current ?? start());
    if (!solution || !isFresh(solution)) solution = await start();
    start();
    return solution;
  }, [start]);

  return { status, take, retry: start };
}
