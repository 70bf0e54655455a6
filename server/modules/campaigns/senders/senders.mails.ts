import { senderVerificationHours } from "../../../../contract/senders.js";
import type { Language } from "../../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../../platform/mail-layout.js";

/** The mail that proves an organizer owns a sender address (SPEC §2 "senders"), in fr, en and es. */
export function senderVerificationMail(
  language: Language,
  details: { url: string; accountName: string; email: string },
): { subject: string; content: MailContent } {
  const { accountName, email } = details;
  const text = {
    en: {
      subject: "Confirm your sender address",
      intro: `${accountName} wants to send its event campaigns from ${email}.`,
      expiry: `Confirm that this address is yours with the link below: it works once and for ${senderVerificationHours} hours. If you did not ask for it, ignore this mail.`,
      action: "Confirm this sender address",
    },
    fr: {
      subject: "Confirmez votre adresse d'expéditeur",
      intro: `${accountName} souhaite envoyer ses campagnes d'événements depuis ${email}.`,
      expiry: `Confirmez que cette adresse vous appartient avec le lien ci-dessous : il fonctionne une seule fois, pendant ${senderVerificationHours} heures. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
      action: "Confirmer cette adresse d'expéditeur",
    },
    es: {
      subject: "Confirme su dirección de remitente",
      intro: `${accountName} quiere enviar sus campañas de eventos desde ${email}.`,
      expiry: `Confirme que esta dirección es suya con el enlace siguiente: funciona una sola vez, durante ${senderVerificationHours} horas. Si no lo ha solicitado, ignore este correo.`,
      action: "Confirmar esta dirección de remitente",
    },
  }[language];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.intro, text.expiry],
      action: { label: text.action, url: details.url },
      footer: transactionalFooter(language),
    },
  };
}
