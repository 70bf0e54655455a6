import type { CaptchaChallenge } from "../../contract/captcha";
import { request } from "./client";

/** The proof-of-work challenge every public form solves before it is sent. */
export const captchaApi = {
  challenge: () => request<CaptchaChallenge>("GET", "/public/captcha", { anonymous: true }),
};
