import type { Language } from "../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../platform/mail-layout.js";

/** The member area's sign-in link, in the guest's language, naming the event so the guest knows why it came. */
export function memberLinkMail(
  language: Language,
  details: { url: string; event: { name: string; whiteLabel: { mails: boolean } }; minutes: number },
): { subject: string; content: MailContent } {
  const { minutes } = details;
  const eventName = details.event.name;
  const text = {
    en: {
      subject: `Your link to the member area of ${eventName}`,
      intro: `You asked to open your member area of ${eventName}: your registration, your companions and your answers.`,
      expiry: `The link below works once and for ${minutes} minutes. If you did not ask for it, ignore this mail.`,
      action: "Open my member area",
    },
    fr: {
      subject: `Votre lien vers l'espace membre de ${eventName}`,
      intro: `Vous avez demandé à ouvrir votre espace membre de ${eventName} : votre inscription, vos accompagnants et vos réponses.`,
      expiry: `Le lien ci-dessous fonctionne une seule fois, pendant ${minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
      action: "Ouvrir mon espace membre",
    },
    es: {
      subject: `Su enlace al área de miembro de ${eventName}`,
      intro: `Ha solicitado abrir su área de miembro de ${eventName}: su inscripción, sus acompañantes y sus respuestas.`,
      expiry: `El enlace siguiente funciona una sola vez, durante ${minutes} minutos. Si no lo ha solicitado, ignore este correo.`,
      action: "Abrir mi área de miembro",
    },
  }[language];
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.intro, text.expiry],
      action: { label: text.action, url: details.url },
      footer: transactionalFooter(language, details.event),
    },
  };
}
