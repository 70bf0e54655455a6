import { captchaChallengeSchema } from "./captcha.js";
import { endpointGroup } from "./endpoint.js";

/** The proof of work a public form (and a sign-in after failures) solves before it is sent. */
export const captchaEndpoints = endpointGroup("public", {
  challenge: {
    method: "GET",
    path: "/public/captcha",
    summary: "Get a fresh proof-of-work challenge for a public form",
    access: "anyone",
    answer: captchaChallengeSchema,
  },
});
