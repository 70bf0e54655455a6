const tokenKey = "ep.checkinDevice";

/**
 * The token a phone got by joining a check-in session with its access code. It lives in localStorage so a reload, a
 * closed tab or a restarted phone stays in the session until the organizer revokes the code.
 */
export const deviceTokenStore = {
  get: () => localStorage.getItem(tokenKey),
  set: (token: string) => localStorage.setItem(tokenKey, token),
  clear: () => {
    localStorage.removeItem(tokenKey);
    localStorage.removeItem(sessionKey);
  },
};

const sessionKey = "ep.checkinSession";

/**
 * The last session answer the server gave this phone, so that an offline session's scan page opens with no network
 * even when the service worker never saw that answer (the join page received it, not the scan page).
 */
export const deviceSessionStore = {
  get: <T>(token: string): T | undefined => {
    const kept = localStorage.getItem(sessionKey);
    if (!kept) return undefined;
    const { token: keptFor, answer } = JSON.parse(kept) as { token: string; answer: T };
    return keptFor === token ? answer : undefined;
  },
  set: (token: string, answer: unknown) => localStorage.setItem(sessionKey, JSON.stringify({ token, answer })),
};
