import type { Language } from "../../platform/language.js";
import { type MailContent, transactionalFooter } from "../../platform/mail-layout.js";

type LocalizedMail = { subject: string; content: MailContent };

/** The transactional mails of sign-in, in fr, en and es. */
export function passwordResetMail(language: Language, url: string): LocalizedMail {
  const text = {
    en: {
      subject: "Reset your password",
      intro: "Someone asked to reset the password of your organizer account.",
      expiry:
        "The link below works once and for one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
      action: "Choose a new password",
    },
    fr: {
      subject: "Réinitialisez votre mot de passe",
      intro: "Une demande de réinitialisation du mot de passe de votre compte organisateur a été faite.",
      expiry:
        "Le lien ci-dessous fonctionne une seule fois, pendant une heure. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.",
      action: "Choisir un nouveau mot de passe",
    },
    es: {
      subject: "Restablezca su contraseña",
      intro: "Se ha solicitado restablecer la contraseña de su cuenta de organizador.",
      expiry:
        "El enlace siguiente funciona una sola vez, durante una hora. Si no lo ha solicitado, ignore este correo: su contraseña no cambia.",
      action: "Elegir una nueva contraseña",
    },
  }[language];
  return actionMail(text, url, language);
}

export function invitationMail(
  language: Language,
  details: { url: string; accountName: string; inviterName: string },
): LocalizedMail {
  const { accountName, inviterName } = details;
  const text = {
    en: {
      subject: `You are invited to organize events with ${accountName}`,
      intro: `${inviterName} invites you to join the organizer team of ${accountName}.`,
      expiry: "Complete your registration within 7 days by choosing your password.",
      action: "Complete my registration",
    },
    fr: {
      subject: `Vous êtes invité à organiser des événements avec ${accountName}`,
      intro: `${inviterName} vous invite à rejoindre l'équipe d'organisation de ${accountName}.`,
      expiry: "Finalisez votre inscription sous 7 jours en choisissant votre mot de passe.",
      action: "Finaliser mon inscription",
    },
    es: {
      subject: `Le invitan a organizar eventos con ${accountName}`,
      intro: `${inviterName} le invita a unirse al equipo organizador de ${accountName}.`,
      expiry: "Complete su registro en un plazo de 7 días eligiendo su contraseña.",
      action: "Completar mi registro",
    },
  }[language];
  return actionMail(text, details.url, language);
}

export function loginLinkMail(language: Language, url: string): LocalizedMail {
  const text = {
    en: {
      subject: "Your sign-in link",
      intro: "Your account uses two-step sign-in. Open the link below to finish signing in.",
      expiry: "It works once and for 15 minutes. If you did not try to sign in, change your password.",
      action: "Sign in",
    },
    fr: {
      subject: "Votre lien de connexion",
      intro: "Votre compte utilise la connexion en deux étapes. Ouvrez le lien ci-dessous pour terminer la connexion.",
      expiry:
        "Il fonctionne une seule fois, pendant 15 minutes. Si vous n'avez pas essayé de vous connecter, changez votre mot de passe.",
      action: "Me connecter",
    },
    es: {
      subject: "Su enlace de inicio de sesión",
      intro:
        "Su cuenta usa el inicio de sesión en dos pasos. Abra el enlace siguiente para terminar de iniciar sesión.",
      expiry: "Funciona una sola vez, durante 15 minutos. Si no ha intentado iniciar sesión, cambie su contraseña.",
      action: "Iniciar sesión",
    },
  }[language];
  return actionMail(text, url, language);
}

type ActionMailText = { subject: string; intro: string; expiry: string; action: string };

/** Every sign-in mail has the same shape: why it came, how long the link works, and the link. */
function actionMail(text: ActionMailText, url: string, language: Language): LocalizedMail {
  return {
    subject: text.subject,
    content: {
      title: text.subject,
      paragraphs: [text.intro, text.expiry],
      action: { label: text.action, url },
      footer: transactionalFooter(language),
    },
  };
}
