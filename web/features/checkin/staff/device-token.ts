const tokenKey = "ep.checkinDevice";

/**
 * The token a phone got by joining a check-in session with its access code. It lives in localStorage so a reload, a
 * closed tab or a restarted phone stays in the session until the organizer revokes the code.
 */
export const deviceTokenStore = {
  get: () => localStorage.getItem(tokenKey),
  set: (token: string) => localStorage.setItem(tokenKey, token),
  clear: () => localStorage.removeItem(tokenKey),
};
