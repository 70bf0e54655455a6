import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { campaignTrackingEndpoints, providerWebhookBody } from "../../../../contract/campaign-tracking.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { AppError } from "../../../platform/errors.js";
import type { Language } from "../../../platform/language.js";
import { recipientOfMessageId, recordTracking, type TrackedKind } from "./tracking.service.js";
import { isClickSigned, recipientOfToken, trackingSecret } from "./tracking-links.js";

/** A transparent 1×1 GIF. */
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const words = {
  en: {
    title: "Unsubscribe",
    ask: "Do you want to stop receiving these emails?",
    button: "Unsubscribe",
    done: "You are unsubscribed: you will not receive these emails any more.",
  },
  fr: {
    title: "Désinscription",
    ask: "Voulez-vous ne plus recevoir ces e-mails ?",
    button: "Me désinscrire",
    done: "Vous êtes désinscrit : vous ne recevrez plus ces e-mails.",
  },
  es: {
    title: "Darse de baja",
    ask: "¿Desea dejar de recibir estos correos?",
    button: "Darme de baja",
    done: "Se ha dado de baja: ya no recibirá estos correos.",
  },
} satisfies Record<Language, Record<string, string>>;

const page = (language: Language, body: string) => `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${words[language].title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f8;color:#102a43}main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border-radius:8px}
button{font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#1c5dd6;color:#fff;cursor:pointer}button:focus{outline:3px solid #102a43;outline-offset:2px}</style>
</head><body><main><h1>${words[language].title}</h1>${body}</main></body></html>`;

const languageOf = (value: string | undefined): Language => (value === "fr" || value === "es" ? value : "en");

/** The signature of the provider's webhook: hex HMAC-SHA256 of the raw body, `sha256=` prefix optional. */
function isWebhookSigned(secret: string | undefined, body: Buffer, header: string | undefined): boolean {
  if (!secret || !header) return false;
  const given = Buffer.from(header.replace(/^sha256=/, "").trim());
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerCampaignTrackingRoutes(app: FastifyInstance, context: AppContext) {
  // RFC 8058: the one-click POST comes as a form (List-Unsubscribe=One-Click); its content is not needed.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) =>
      done(null, {}),
    );
    registerEndpoints(scope, campaignTrackingEndpoints, {
      async open(request, reply) {
        const recipientId = recipientOfToken(await trackingSecret(context), request.params.token);
        if (recipientId) await recordTracking(context, recipientId, "open");
        // The same pixel for any token: the answer tells nothing about the mail.
        return reply.type("image/gif").header("cache-control", "no-store, max-age=0").send(pixel);
      },

      async click(request, reply) {
        const secret = await trackingSecret(context);
        const { token } = request.params;
        const { u: url, s: signature } = request.query;
        const recipientId = recipientOfToken(secret, token);
        if (!recipientId || !/^https?:\/\//i.test(url) || !isClickSigned(secret, token, url, signature)) {
          throw new AppError(400, "LINK_INVALID");
        }
        await recordTracking(context, recipientId, "click", url.slice(0, 2000));
        return reply.header("cache-control", "no-store").redirect(url, 302);
      },

      async unsubscribePage(request, reply) {
        const recipientId = recipientOfToken(await trackingSecret(context), request.params.token);
        if (!recipientId) throw new AppError(404, "LINK_INVALID");
        const language = languageOf(request.language);
        // A GET changes nothing (mail scanners open links): the button posts.
        const body = `<p>${words[language].ask}</p><form method="post"><button type="submit">${words[language].button}</button></form>`;
        return reply.type("text/html").header("cache-control", "no-store").send(page(language, body));
      },

      async unsubscribe(request, reply) {
        const recipientId = recipientOfToken(await trackingSecret(context), request.params.token);
        if (!recipientId) throw new AppError(404, "LINK_INVALID");
        const tracked = await recordTracking(context, recipientId, "unsubscribe", "unsubscribe link");
        const language = languageOf(tracked?.language ?? request.language);
        return reply
          .type("text/html")
          .header("cache-control", "no-store")
          .send(page(language, `<p role="status">${words[language].done}</p>`));
      },

      async webhook(request) {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ""));
        const signature = request.headers["x-campaign-signature"];
        if (
          !isWebhookSigned(
            context.config.campaigns.webhookSecret,
            raw,
            typeof signature === "string" ? signature : undefined,
          )
        ) {
          throw new AppError(401, "UNAUTHENTICATED");
        }
        let parsed: ReturnType<typeof providerWebhookBody.safeParse>;
        try {
          parsed = providerWebhookBody.safeParse(JSON.parse(raw.toString("utf8")));
        } catch {
          throw new AppError(400, "VALIDATION");
        }
        if (!parsed.success) throw new AppError(400, "VALIDATION");
        const list = "events" in parsed.data ? parsed.data.events : [parsed.data];
        let received = 0;
        for (const event of list) {
          const recipientId = await recipientOfMessageId(context.db, event.messageId);
          if (!recipientId) continue;
          const kind: TrackedKind = event.event;
          await recordTracking(context, recipientId, kind, (event.url ?? event.detail ?? null)?.slice(0, 2000) ?? null);
          received++;
        }
        return { received };
      },
    });
  });
}
