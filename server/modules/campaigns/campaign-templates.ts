import type {
  CampaignBlock,
  CampaignContent,
  CampaignLanguageContent,
  CampaignType,
} from "../../../contract/campaigns.js";
import { type CampaignTemplateId, campaignTemplateIds } from "../../../contract/campaigns-editor.js";
import type { Language } from "../../../contract/common.js";

/** What a campaign of a type says by default in a language; `%e` stands for the event's name. */
type Words = { subject: string; previewText: string; title: string; text: string; button: string };

const words: Record<CampaignType, Record<Language, Words>> = {
  save_the_date: {
    en: {
      subject: "Save the date: %e",
      previewText: "Keep the date free, the invitation follows.",
      title: "Save the date",
      text: "Hello {{first_name}},\nWe are delighted to let you know about %e. Keep the date free in your diary: your invitation follows soon.",
      button: "See the event",
    },
    fr: {
      subject: "Réservez la date : %e",
      previewText: "Gardez la date libre, l'invitation suit.",
      title: "Réservez la date",
      text: "Bonjour {{first_name}},\nNous avons le plaisir de vous annoncer %e. Réservez dès maintenant la date dans votre agenda : votre invitation suivra bientôt.",
      button: "Voir l'événement",
    },
    es: {
      subject: "Reserve la fecha: %e",
      previewText: "Guarde la fecha, la invitación llegará pronto.",
      title: "Reserve la fecha",
      text: "Hola {{first_name}}:\nNos complace anunciarle %e. Reserve ya la fecha en su agenda: su invitación llegará pronto.",
      button: "Ver el evento",
    },
  },
  invitation: {
    en: {
      subject: "You are invited: %e",
      previewText: "Reply to the invitation in one click.",
      title: "You are invited",
      text: "Hello {{first_name}} {{last_name}},\nWe would be delighted to welcome you to %e. Tell us whether you can come with the button below.",
      button: "Reply to the invitation",
    },
    fr: {
      subject: "Vous êtes invité(e) : %e",
      previewText: "Répondez à l'invitation en un clic.",
      title: "Vous êtes invité(e)",
      text: "Bonjour {{first_name}} {{last_name}},\nNous serions ravis de vous accueillir à %e. Dites-nous si vous venez avec le bouton ci-dessous.",
      button: "Répondre à l'invitation",
    },
    es: {
      subject: "Está invitado/a: %e",
      previewText: "Responda a la invitación con un clic.",
      title: "Está invitado/a",
      text: "Hola {{first_name}} {{last_name}}:\nNos encantaría recibirle en %e. Díganos si puede venir con el botón de abajo.",
      button: "Responder a la invitación",
    },
  },
  reflate: {
    en: {
      subject: "Have you replied? %e",
      previewText: "There is still time to reply.",
      title: "There is still time to reply",
      text: "Hello {{first_name}},\nWe have not had your answer to our invitation to %e yet. Places are limited: reply now.",
      button: "Reply now",
    },
    fr: {
      subject: "Avez-vous répondu ? %e",
      previewText: "Il est encore temps de répondre.",
      title: "Il est encore temps de répondre",
      text: "Bonjour {{first_name}},\nNous n'avons pas encore reçu votre réponse à notre invitation à %e. Les places sont limitées : répondez dès maintenant.",
      button: "Répondre maintenant",
    },
    es: {
      subject: "¿Ha respondido? %e",
      previewText: "Todavía está a tiempo de responder.",
      title: "Todavía está a tiempo de responder",
      text: "Hola {{first_name}}:\nAún no hemos recibido su respuesta a nuestra invitación a %e. Las plazas son limitadas: responda ahora.",
      button: "Responder ahora",
    },
  },
  reminder: {
    en: {
      subject: "See you soon at %e",
      previewText: "A reminder of your registration.",
      title: "See you soon",
      text: "Hello {{first_name}},\nThank you for registering for %e. Here is a reminder before the day: your details are on your personal page.",
      button: "My registration",
    },
    fr: {
      subject: "À bientôt à %e",
      previewText: "Un rappel de votre inscription.",
      title: "À très bientôt",
      text: "Bonjour {{first_name}},\nMerci de votre inscription à %e. Voici un rappel avant le jour J : vos informations sont sur votre page personnelle.",
      button: "Mon inscription",
    },
    es: {
      subject: "Hasta pronto en %e",
      previewText: "Un recordatorio de su inscripción.",
      title: "Hasta muy pronto",
      text: "Hola {{first_name}}:\nGracias por inscribirse en %e. Le recordamos antes del día: sus datos están en su página personal.",
      button: "Mi inscripción",
    },
  },
  thank_you: {
    en: {
      subject: "Thank you for coming to %e",
      previewText: "Thank you for being there.",
      title: "Thank you",
      text: "Hello {{first_name}},\nThank you for attending %e. We hope you enjoyed it and look forward to seeing you again.",
      button: "See the event",
    },
    fr: {
      subject: "Merci de votre venue à %e",
      previewText: "Merci d'avoir été présent(e).",
      title: "Merci",
      text: "Bonjour {{first_name}},\nMerci d'avoir participé à %e. Nous espérons que vous l'avez apprécié et serons heureux de vous revoir.",
      button: "Voir l'événement",
    },
    es: {
      subject: "Gracias por venir a %e",
      previewText: "Gracias por estar ahí.",
      title: "Gracias",
      text: "Hola {{first_name}}:\nGracias por asistir a %e. Esperamos que lo haya disfrutado y nos alegrará volver a verle.",
      button: "Ver el evento",
    },
  },
};

const footers: Record<Language, string> = {
  en: "You receive this email as a guest of %e.\nUnsubscribe: {{unsubscribe_link}}",
  fr: "Vous recevez cet e-mail en tant qu'invité(e) de %e.\nSe désinscrire : {{unsubscribe_link}}",
  es: "Recibe este correo como invitado/a de %e.\nDarse de baja: {{unsubscribe_link}}",
};
const columnTexts: Record<Language, string> = {
  en: "All the practical details (date, place, programme) are on the event's page.",
  fr: "Toutes les informations pratiques (date, lieu, programme) sont sur la page de l'événement.",
  es: "Toda la información práctica (fecha, lugar, programa) está en la página del evento.",
};

/** The blocks of each template, from the words of a type and language. */
const layouts: Record<CampaignTemplateId, (w: Words, footer: string, column: string) => CampaignBlock[]> = {
  classic: (w, footer) => [
    { type: "title", text: w.title },
    { type: "text", text: w.text },
    { type: "button", label: w.button, url: "{{registration_link}}" },
    { type: "divider" },
    { type: "footer", text: footer },
  ],
  minimal: (w, footer) => [
    { type: "text", text: w.text },
    { type: "button", label: w.button, url: "{{registration_link}}" },
    { type: "footer", text: footer },
  ],
  bold: (w, footer) => [
    { type: "spacer", height: 32 },
    { type: "title", text: w.title.toUpperCase() },
    { type: "spacer", height: 16 },
    { type: "text", text: w.text },
    { type: "button", label: w.button, url: "{{registration_link}}" },
    { type: "spacer", height: 32 },
    { type: "divider" },
    { type: "footer", text: footer },
  ],
  two_columns: (w, footer, column) => [
    { type: "title", text: w.title },
    { type: "text", text: w.text },
    {
      type: "columns",
      columns: [[{ type: "text", text: column }], [{ type: "button", label: w.button, url: "{{registration_link}}" }]],
    },
    { type: "divider" },
    { type: "footer", text: footer },
  ],
};

/** Replaces `%e` with the event's name (a function, so a `$` in the name is taken as it is). */
const withEvent = (text: string, eventName: string) => text.replaceAll("%e", () => eventName);

/** A template's starter content in one language: subject, preview text and blocks, with merge tags and a footer. */
export function templateContent(
  template: CampaignTemplateId,
  type: CampaignType,
  language: Language,
  eventName: string,
): CampaignLanguageContent {
  const w = words[type][language];
  const named: Words = {
    subject: withEvent(w.subject, eventName).slice(0, 80),
    previewText: withEvent(w.previewText, eventName),
    title: withEvent(w.title, eventName),
    text: withEvent(w.text, eventName),
    button: w.button,
  };
  return {
    subject: named.subject,
    previewText: named.previewText,
    blocks: layouts[template](named, withEvent(footers[language], eventName), columnTexts[language]),
  };
}

/** A template's content in each of `languages` (a new campaign, a template change). */
export function templateContents(
  template: CampaignTemplateId,
  type: CampaignType,
  languages: readonly Language[],
  eventName: string,
): CampaignContent {
  return Object.fromEntries(
    languages.map((language) => [language, templateContent(template, type, language, eventName)]),
  );
}

/** The gallery of a type: every template in every language given. */
export function templateGallery(type: CampaignType, languages: readonly Language[], eventName: string) {
  return campaignTemplateIds.map((id) => ({ id, content: templateContents(id, type, languages, eventName) }));
}
